-- 0006: Clarify-Then-Search nugget judging and benchmark runs.
--
-- A nugget judgement is a label like any other: unit nugget_N is the N-th
-- gold nugget of the answer's intent, judged 2 full / 1 partial / 0 none.
-- The tables that hold labels and decisions are rebuilt once more so their
-- CHECKs know these units (new table, copy, drop, rename, as in 0005; the
-- history tables already take any value 0-5), and the triggers that keep a
-- unit to its item's task kind are made again with the new kind.

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
                AND value IN (0, 1, 2)))
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
                AND value IN (0, 1, 2)))
) WITHOUT ROWID;
INSERT INTO adjudications_new SELECT item_id, unit, value, adjudicator_id, reason, at FROM adjudications;
DROP TABLE adjudications;
ALTER TABLE adjudications_new RENAME TO adjudications;

-- Dropping the old tables dropped their triggers; these replace them.
CREATE TRIGGER labels_kind BEFORE INSERT ON labels
WHEN (SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = NEW.item_id)
    IS NOT (CASE WHEN NEW.unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence',
        'diversity', 'intent_reveal') THEN 'clarimm' WHEN NEW.unit GLOB 'nugget_*' THEN 'nuggets' ELSE 'mimics' END)
BEGIN
    SELECT RAISE(ABORT, 'unit does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_kind BEFORE INSERT ON adjudications
WHEN (SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = NEW.item_id)
    IS NOT (CASE WHEN NEW.unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence',
        'diversity', 'intent_reveal') THEN 'clarimm' WHEN NEW.unit GLOB 'nugget_*' THEN 'nuggets' ELSE 'mimics' END)
BEGIN
    SELECT RAISE(ABORT, 'unit does not belong to the item''s task kind');
END;

-- An intent query of a nuggets dataset with its gold nuggets. fingerprint
-- identifies its content, so importing it again adds nothing and another
-- version of the same id is refused.
CREATE TABLE intents (
    id            INTEGER PRIMARY KEY,
    dataset_id    INTEGER NOT NULL REFERENCES datasets(id),
    uid           TEXT NOT NULL,
    seq           INTEGER NOT NULL,
    query         TEXT NOT NULL,
    blurred_query TEXT NOT NULL DEFAULT '',
    fingerprint   TEXT NOT NULL,
    UNIQUE (dataset_id, uid)
);

CREATE TABLE nuggets (
    intent_id INTEGER NOT NULL REFERENCES intents(id),
    pos       INTEGER NOT NULL CHECK (pos BETWEEN 1 AND 30),  -- unit nugget_<pos>
    nugget    TEXT NOT NULL,                                  -- its id in the gold file
    text      TEXT NOT NULL,
    weight    REAL NOT NULL CHECK (weight >= 0),
    PRIMARY KEY (intent_id, pos),
    UNIQUE (intent_id, nugget)
) WITHOUT ROWID;

-- A benchmark run. A nuggets run is a system's answers (its items below); a
-- trec run ranks documents, scored against gold landing labels (target
-- landing: query = item, document = answer position) or answer-set labels
-- (target answer_set: query = query text, document = item); a labels run
-- predicts labels of units. fingerprint is the file's content.
CREATE TABLE runs (
    id          INTEGER PRIMARY KEY,
    dataset_id  INTEGER NOT NULL REFERENCES datasets(id),
    name        TEXT NOT NULL CHECK (length(name) > 0),
    kind        TEXT NOT NULL CHECK (kind IN ('nuggets', 'trec', 'labels')),
    target      TEXT NOT NULL DEFAULT '' CHECK (target IN ('', 'landing', 'answer_set')),
    fingerprint TEXT NOT NULL DEFAULT '',
    created_at  TEXT NOT NULL,
    UNIQUE (dataset_id, name)
);

-- A system's answer to an intent is an item (query = the intent's query,
-- question = the answer); which system wrote it lives only here, so the
-- judging screen cannot show it. shuffle orders the systems' answers to
-- one intent differently for every intent.
CREATE TABLE answers (
    item_id   INTEGER PRIMARY KEY REFERENCES items(id),
    intent_id INTEGER NOT NULL REFERENCES intents(id),
    run_id    INTEGER NOT NULL REFERENCES runs(id),
    k         INTEGER CHECK (k IS NULL OR k >= 0),  -- clarification turns asked
    shuffle   INTEGER NOT NULL,
    UNIQUE (intent_id, run_id)
);
CREATE INDEX answers_run ON answers (run_id);

CREATE TABLE run_docs (
    run_id INTEGER NOT NULL REFERENCES runs(id),
    query  TEXT NOT NULL,
    doc    TEXT NOT NULL,
    score  REAL NOT NULL,
    PRIMARY KEY (run_id, query, doc)
) WITHOUT ROWID;

CREATE TABLE run_labels (
    run_id  INTEGER NOT NULL REFERENCES runs(id),
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    value   INTEGER NOT NULL CHECK (value BETWEEN 0 AND 5),
    PRIMARY KEY (run_id, item_id, unit)
) WITHOUT ROWID;
