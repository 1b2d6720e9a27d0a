-- 0013: ClariLM's kinds. A necessity item is a user request (items.query;
-- items.question holds its reference clarifying question, if any) with the
-- conversation before it and candidate facets; it is labelled necessity
-- (1 yes, 0 no) and, after a yes, facet (none fits 2, facet k 2 + k: every
-- value of a kind is its own category). A compare item is a request and two
-- systems' outputs, labelled preference from the first system's side
-- (0 lose, 1 tie, 2 win). The tables that hold labels, decisions, their
-- histories and run labels are rebuilt so their CHECKs know these units and
-- values (new table, copy, drop, rename, as in 0005 and 0006), and the
-- triggers that keep a unit to its item's kind are made again. The renames
-- run in legacy mode: the assignment trigger (0010) names labels, which
-- does not exist between the drop and the rename.

PRAGMA legacy_alter_table = ON;

CREATE TABLE labels_new (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    value        INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    seconds      REAL CHECK (seconds IS NULL OR seconds >= 0),
    PRIMARY KEY (item_id, unit, annotator_id),
    CHECK ((unit IN ('question', 'answer_set', 'landing_1', 'landing_2', 'landing_3', 'landing_4', 'landing_5')
                AND value IN (0, 1, 2))
        OR (unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence', 'diversity',
                'intent_reveal') AND value BETWEEN 1 AND 5)
        OR ((unit GLOB 'nugget_[1-9]' OR unit GLOB 'nugget_[12][0-9]' OR unit = 'nugget_30')
                AND value IN (0, 1, 2))
        OR (unit = 'necessity' AND value IN (0, 1))
        OR (unit = 'facet' AND value BETWEEN 2 AND 11)
        OR (unit = 'preference' AND value IN (0, 1, 2)))
) WITHOUT ROWID;
INSERT INTO labels_new SELECT item_id, unit, annotator_id, value, created_at, updated_at, seconds FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;

CREATE TABLE adjudications_new (
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    value          INTEGER NOT NULL,
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL,
    PRIMARY KEY (item_id, unit),
    CHECK ((unit IN ('question', 'answer_set', 'landing_1', 'landing_2', 'landing_3', 'landing_4', 'landing_5')
                AND value IN (0, 1, 2))
        OR (unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence', 'diversity',
                'intent_reveal') AND value BETWEEN 1 AND 5)
        OR ((unit GLOB 'nugget_[1-9]' OR unit GLOB 'nugget_[12][0-9]' OR unit = 'nugget_30')
                AND value IN (0, 1, 2))
        OR (unit = 'necessity' AND value IN (0, 1))
        OR (unit = 'facet' AND value BETWEEN 2 AND 11)
        OR (unit = 'preference' AND value IN (0, 1, 2)))
) WITHOUT ROWID;
INSERT INTO adjudications_new SELECT item_id, unit, value, adjudicator_id, reason, at FROM adjudications;
DROP TABLE adjudications;
ALTER TABLE adjudications_new RENAME TO adjudications;

CREATE TABLE label_history_new (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    old_value    INTEGER CHECK (old_value IS NULL OR old_value BETWEEN 0 AND 11),
    new_value    INTEGER CHECK (new_value IS NULL OR new_value BETWEEN 0 AND 11),
    actor_id     INTEGER NOT NULL REFERENCES annotators(id),
    at           TEXT NOT NULL,
    source       TEXT NOT NULL DEFAULT 'tui'
);
INSERT INTO label_history_new SELECT id, item_id, unit, annotator_id, old_value, new_value, actor_id, at, source
    FROM label_history;
DROP TABLE label_history;
ALTER TABLE label_history_new RENAME TO label_history;
CREATE INDEX label_history_item ON label_history (item_id, unit);

CREATE TABLE adjudication_history_new (
    id             INTEGER PRIMARY KEY,
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    old_value      INTEGER CHECK (old_value IS NULL OR old_value BETWEEN 0 AND 11),
    new_value      INTEGER CHECK (new_value IS NULL OR new_value BETWEEN 0 AND 11),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL,
    actor_id       INTEGER REFERENCES annotators(id)
);
INSERT INTO adjudication_history_new SELECT id, item_id, unit, old_value, new_value, adjudicator_id, reason, at,
    actor_id FROM adjudication_history;
DROP TABLE adjudication_history;
ALTER TABLE adjudication_history_new RENAME TO adjudication_history;
CREATE INDEX adjudication_history_item ON adjudication_history (item_id, unit);

CREATE TABLE run_labels_new (
    run_id  INTEGER NOT NULL REFERENCES runs(id),
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    value   INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11),
    PRIMARY KEY (run_id, item_id, unit)
) WITHOUT ROWID;
INSERT INTO run_labels_new SELECT run_id, item_id, unit, value FROM run_labels;
DROP TABLE run_labels;
ALTER TABLE run_labels_new RENAME TO run_labels;

-- A questions run: a system's generated clarifying question per item,
-- scored by token F1 against the item's reference question.
CREATE TABLE runs_new (
    id          INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id),
    name        TEXT NOT NULL CHECK (length(name) > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('nuggets', 'trec', 'labels', 'questions')),
    target      TEXT NOT NULL DEFAULT '' CHECK (target IN ('', 'landing', 'answer_set')),
    fingerprint TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    UNIQUE (dataset_id, name)
);
INSERT INTO runs_new SELECT id, dataset_id, name, kind, target, fingerprint, created_at FROM runs;
DROP TABLE runs;
ALTER TABLE runs_new RENAME TO runs;

CREATE TABLE run_questions (
    run_id  INTEGER NOT NULL REFERENCES runs(id),
    item_id INTEGER NOT NULL REFERENCES items(id),
    text    TEXT NOT NULL,
    PRIMARY KEY (run_id, item_id)
) WITHOUT ROWID;

PRAGMA legacy_alter_table = OFF;

CREATE TRIGGER labels_kind BEFORE INSERT ON labels
WHEN (SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = NEW.item_id)
    IS NOT (CASE WHEN NEW.unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence',
        'diversity', 'intent_reveal') THEN 'clarimm' WHEN NEW.unit GLOB 'nugget_*' THEN 'nuggets'
        WHEN NEW.unit IN ('necessity', 'facet') THEN 'necessity' WHEN NEW.unit = 'preference' THEN 'compare'
        ELSE 'mimics' END)
BEGIN
    SELECT RAISE(ABORT, 'unit does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_kind BEFORE INSERT ON adjudications
WHEN (SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = NEW.item_id)
    IS NOT (CASE WHEN NEW.unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence',
        'diversity', 'intent_reveal') THEN 'clarimm' WHEN NEW.unit GLOB 'nugget_*' THEN 'nuggets'
        WHEN NEW.unit IN ('necessity', 'facet') THEN 'necessity' WHEN NEW.unit = 'preference' THEN 'compare'
        ELSE 'mimics' END)
BEGIN
    SELECT RAISE(ABORT, 'unit does not belong to the item''s task kind');
END;

-- The conversation before a request (necessity and compare items), in order.
CREATE TABLE context_turns (
    item_id INTEGER NOT NULL REFERENCES items(id),
    pos     INTEGER NOT NULL CHECK (pos >= 1),
    role    TEXT NOT NULL,
    text    TEXT NOT NULL,
    PRIMARY KEY (item_id, pos)
) WITHOUT ROWID;

-- A necessity item's candidate facets; facet k is the label 2 + k.
CREATE TABLE facets (
    item_id INTEGER NOT NULL REFERENCES items(id),
    pos     INTEGER NOT NULL CHECK (pos BETWEEN 1 AND 9),
    text    TEXT NOT NULL,
    PRIMARY KEY (item_id, pos)
) WITHOUT ROWID;

-- A compare item's two systems and outputs, apart from the item, so the
-- judging screen cannot show who wrote what. first is the side preference
-- labels speak for; first_left is the order drawn for the screen (A is the
-- first system's output when 1).
CREATE TABLE pairs (
    item_id       INTEGER PRIMARY KEY REFERENCES items(id),
    first         TEXT NOT NULL CHECK (length(first) > 0),
    second        TEXT NOT NULL CHECK (length(second) > 0 AND second != first),
    first_output  TEXT NOT NULL,
    second_output TEXT NOT NULL,
    first_left    INTEGER NOT NULL CHECK (first_left IN (0, 1))
);
CREATE INDEX pairs_systems ON pairs (first, second);
