-- 0001: the first schema. Every table a label touches refuses bad values itself
-- (CHECK constraints), so no code path can store a label outside its scale.

CREATE TABLE datasets (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL,               -- task kind: mimics
    format     TEXT NOT NULL,               -- source format of the first import
    created_at TEXT NOT NULL
);

-- One row per clarification pane. Fields are the raw bytes of the source file
-- (CSV quoting and all) so an export can reproduce them exactly; uid is derived
-- from those bytes, so the same pane has the same uid in every database.
CREATE TABLE items (
    id         INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    uid        TEXT NOT NULL,
    seq        INTEGER NOT NULL,            -- import order within the dataset
    query      TEXT NOT NULL,
    question   TEXT NOT NULL,
    option_1   TEXT NOT NULL DEFAULT '',
    option_2   TEXT NOT NULL DEFAULT '',
    option_3   TEXT NOT NULL DEFAULT '',
    option_4   TEXT NOT NULL DEFAULT '',
    option_5   TEXT NOT NULL DEFAULT '',
    meta       TEXT NOT NULL DEFAULT '{}',  -- JSON: click signals and the like
    UNIQUE (dataset_id, uid),
    UNIQUE (dataset_id, seq)
);

CREATE TABLE annotators (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
    role       TEXT NOT NULL DEFAULT 'annotator'
               CHECK (role IN ('annotator', 'adjudicator', 'lead')),
    created_at TEXT NOT NULL
);

-- The current label of each (item, unit, annotator). Units of a MIMICS pane and
-- their 2/1/0 scale are fixed here.
CREATE TABLE labels (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL CHECK (unit IN ('question', 'answer_set', 'landing_1',
                     'landing_2', 'landing_3', 'landing_4', 'landing_5')),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    value        INTEGER NOT NULL CHECK (value IN (0, 1, 2)),
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    seconds      REAL CHECK (seconds IS NULL OR seconds >= 0),
    PRIMARY KEY (item_id, unit, annotator_id)
) WITHOUT ROWID;

-- Append-only: every change to labels, including the first and an undo
-- (new_value NULL). The table alone can rebuild any past state.
CREATE TABLE label_history (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    old_value    INTEGER CHECK (old_value IS NULL OR old_value IN (0, 1, 2)),
    new_value    INTEGER CHECK (new_value IS NULL OR new_value IN (0, 1, 2)),
    actor_id     INTEGER NOT NULL REFERENCES annotators(id),
    at           TEXT NOT NULL,
    source       TEXT NOT NULL DEFAULT 'tui'   -- tui, import, undo
);
CREATE INDEX label_history_item ON label_history (item_id, unit);

-- One row per (item, annotator) once the annotator has opened the HIT.
CREATE TABLE hits (
    item_id       INTEGER NOT NULL REFERENCES items(id),
    annotator_id  INTEGER NOT NULL REFERENCES annotators(id),
    started_at    TEXT NOT NULL,
    serp_reviewed TEXT,                     -- when Step I was marked reviewed
    finished_at   TEXT,                     -- NULL while in progress
    PRIMARY KEY (item_id, annotator_id)
) WITHOUT ROWID;
CREATE INDEX hits_annotator ON hits (annotator_id, finished_at);

-- Entering and leaving steps, for time spent per step and per HIT.
CREATE TABLE step_events (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    step         TEXT NOT NULL,
    event        TEXT NOT NULL CHECK (event IN ('enter', 'leave')),
    at           TEXT NOT NULL
);
CREATE INDEX step_events_hit ON step_events (item_id, annotator_id, id);

CREATE TABLE flags (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason       TEXT NOT NULL CHECK (reason IN ('sensitive', 'inappropriate', 'broken', 'other')),
    note         TEXT NOT NULL DEFAULT '',
    at           TEXT NOT NULL
);
CREATE INDEX flags_item ON flags (item_id);

CREATE TABLE notes (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    step         TEXT NOT NULL,
    body         TEXT NOT NULL CHECK (length(body) > 0),
    at           TEXT NOT NULL
);
CREATE INDEX notes_item ON notes (item_id);

-- Bing Web Search API results, keyed by the query they answer. A query with no
-- webPages has a serp_queries row and no results.
CREATE TABLE serp_queries (
    query       TEXT PRIMARY KEY,
    imported_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE serp_results (
    query   TEXT NOT NULL REFERENCES serp_queries(query),
    rank    INTEGER NOT NULL CHECK (rank >= 1),
    name    TEXT NOT NULL,
    url     TEXT NOT NULL,
    snippet TEXT NOT NULL,
    PRIMARY KEY (query, rank)
) WITHOUT ROWID;
