-- 0014: trained annotators. Practice and hidden gold checks, repeats, a
-- speed mark, pauses, and each annotator's standing.
--
-- Practice items and gold-check items live in datasets of their own, tied
-- to the task's dataset (parent_id) and hidden from every list and name
-- lookup: whatever reads a task's items, labels or HITs by its dataset
-- (gold, agreement, exports, counters, assignment) never meets them. Their
-- known answers are in known_labels, never in labels.
ALTER TABLE datasets ADD COLUMN purpose TEXT NOT NULL DEFAULT 'task'
    CHECK (purpose IN ('task', 'practice', 'check'));
ALTER TABLE datasets ADD COLUMN parent_id INTEGER REFERENCES datasets(id);
CREATE UNIQUE INDEX datasets_side ON datasets (parent_id, purpose) WHERE parent_id IS NOT NULL;

-- The training policy, per task dataset (store.Training).
ALTER TABLE datasets ADD COLUMN qualify_hits INTEGER NOT NULL DEFAULT 0 CHECK (qualify_hits >= 0);
ALTER TABLE datasets ADD COLUMN qualify_pass REAL NOT NULL DEFAULT 0.7 CHECK (qualify_pass BETWEEN 0 AND 1);
ALTER TABLE datasets ADD COLUMN check_rate REAL NOT NULL DEFAULT 0 CHECK (check_rate BETWEEN 0 AND 1);
ALTER TABLE datasets ADD COLUMN repeat_rate REAL NOT NULL DEFAULT 0 CHECK (repeat_rate BETWEEN 0 AND 1);
ALTER TABLE datasets ADD COLUMN repeat_gap INTEGER NOT NULL DEFAULT 20 CHECK (repeat_gap >= 1);
ALTER TABLE datasets ADD COLUMN fast_seconds REAL NOT NULL DEFAULT 0 CHECK (fast_seconds >= 0);
ALTER TABLE datasets ADD COLUMN pause_below REAL NOT NULL DEFAULT 0 CHECK (pause_below BETWEEN 0 AND 1);
ALTER TABLE datasets ADD COLUMN pause_after INTEGER NOT NULL DEFAULT 5 CHECK (pause_after >= 1);
-- A model's gold: '' leaves the gold to gold_rule; 'dawid-skene' takes each
-- unit's most probable class after EM over every label. Counters and ties
-- still follow gold_rule, since a model of the whole dataset cannot be
-- refitted in each label's transaction.
ALTER TABLE datasets ADD COLUMN gold_model TEXT NOT NULL DEFAULT ''
    CHECK (gold_model IN ('', 'dawid-skene'));

-- The answers of practice and gold-check items, by unit.
CREATE TABLE known_labels (
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    value   INTEGER NOT NULL,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;

-- A practice HIT the annotator is taking again after seeing its answers
-- (r): its attempt is a retry and does not count toward qualification.
ALTER TABLE hits ADD COLUMN retry INTEGER NOT NULL DEFAULT 0 CHECK (retry IN (0, 1));
-- A HIT finished faster than the dataset's fast_seconds.
ALTER TABLE hits ADD COLUMN too_fast INTEGER NOT NULL DEFAULT 0 CHECK (too_fast IN (0, 1));
-- The annotator's count of finished HITs in the dataset when this one
-- finished: a repeat waits until the count is repeat_gap past it.
ALTER TABLE hits ADD COLUMN done_no INTEGER;
CREATE INDEX hits_done_no ON hits (annotator_id, done_no) WHERE done_no IS NOT NULL;

-- Every finished practice HIT, scored against the known answers.
CREATE TABLE practice_attempts (
    id           INTEGER PRIMARY KEY,
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),  -- the task's
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    item_id      INTEGER NOT NULL REFERENCES items(id),
    units        INTEGER NOT NULL CHECK (units >= 0),
    matched      INTEGER NOT NULL CHECK (matched BETWEEN 0 AND units),
    retry        INTEGER NOT NULL CHECK (retry IN (0, 1)),
    at           TEXT NOT NULL
);
CREATE INDEX practice_attempts_annotator ON practice_attempts (dataset_id, annotator_id, id);

-- An annotator's standing in a task dataset: qualified ('passed' or
-- 'waived'; NULL not yet), the first practice attempt that counts (a
-- reset moves it past the others), whether they are paused, and since when
-- their gold checks count toward a pause (a resume starts them afresh).
CREATE TABLE standing (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    qualified    TEXT CHECK (qualified IN ('passed', 'waived')),
    counts_from  INTEGER NOT NULL DEFAULT 0,
    paused_at    TEXT,
    checks_since TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;

-- Append-only: every change of standing, with who made it.
CREATE TABLE standing_history (
    id           INTEGER PRIMARY KEY,
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    event        TEXT NOT NULL CHECK (event IN ('passed', 'failed', 'waived', 'reset', 'paused', 'resumed')),
    detail       TEXT NOT NULL DEFAULT '',
    actor_id     INTEGER NOT NULL REFERENCES annotators(id),
    at           TEXT NOT NULL
);
CREATE INDEX standing_history_annotator ON standing_history (dataset_id, annotator_id, id);

-- An item shown again to an annotator who finished it. While it is open
-- (finished_at NULL) their labels on the item go to repeat_labels, so the
-- first answer stays as it was and the second is kept apart.
CREATE TABLE repeats (
    id            INTEGER PRIMARY KEY,
    item_id       INTEGER NOT NULL REFERENCES items(id),
    annotator_id  INTEGER NOT NULL REFERENCES annotators(id),
    started_at    TEXT NOT NULL,
    serp_reviewed TEXT,
    finished_at   TEXT,
    too_fast      INTEGER NOT NULL DEFAULT 0 CHECK (too_fast IN (0, 1)),
    UNIQUE (item_id, annotator_id)
);
CREATE INDEX repeats_open ON repeats (annotator_id) WHERE finished_at IS NULL;
CREATE TABLE repeat_labels (
    repeat_id INTEGER NOT NULL REFERENCES repeats(id),
    unit      TEXT NOT NULL,
    value     INTEGER NOT NULL,
    seconds   REAL,
    at        TEXT NOT NULL,
    PRIMARY KEY (repeat_id, unit)
) WITHOUT ROWID;
