-- 0028: study arms (a judge's labels shown to some annotators, never to
-- others) and judge-first triage (issue 46).
--
-- A label keeps the value it was first keyed with (first_value; NULL on
-- labels made before this migration, read as the value): an annotator
-- shown a run's label after keying their own may change it, and both the
-- first and the final label are figures of the study.
ALTER TABLE labels ADD COLUMN first_value INTEGER CHECK (first_value IS NULL OR first_value BETWEEN 0 AND 11);
-- A judge run's confidence in each of its labels (0-1), when its file gives one.
ALTER TABLE run_labels ADD COLUMN confidence REAL CHECK (confidence IS NULL OR confidence BETWEEN 0 AND 1);

-- A dataset's arms, in the order the policy names them: how many
-- annotators of each an item gets (per_item), and whether a run's label is
-- shown to its annotators never (blind), after they key their own, or
-- before. Only a lead reads or writes these rows.
CREATE TABLE arms (
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    seq        INTEGER NOT NULL CHECK (seq >= 0),
    shows      TEXT NOT NULL CHECK (shows IN ('never', 'after', 'before')),
    run_id     INTEGER REFERENCES runs(id),
    per_item   INTEGER NOT NULL CHECK (per_item >= 1),
    PRIMARY KEY (dataset_id, seq),
    CHECK ((shows = 'never') = (run_id IS NULL))
) WITHOUT ROWID;
-- Each annotator's one arm in a dataset, drawn at their first HIT there.
CREATE TABLE annotator_arms (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    arm_seq      INTEGER NOT NULL,
    PRIMARY KEY (dataset_id, annotator_id),
    FOREIGN KEY (dataset_id, arm_seq) REFERENCES arms (dataset_id, seq)
) WITHOUT ROWID;
-- Whose labels gold (and every figure read against gold) rests on when a
-- dataset has arms: the blind arm's, or every arm's.
ALTER TABLE datasets ADD COLUMN gold_from TEXT NOT NULL DEFAULT 'blind' CHECK (gold_from IN ('blind', 'all'));

-- Judge-first triage: a run whose confident labels settle an item, with no
-- annotator, except a seeded random share audited by people.
CREATE TABLE triage (
    dataset_id   INTEGER PRIMARY KEY REFERENCES datasets(id),
    run_id       INTEGER NOT NULL REFERENCES runs(id),
    confidence   REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
    agree_run_id INTEGER REFERENCES runs(id),
    audit        REAL NOT NULL CHECK (audit BETWEEN 0 AND 1),
    seed         INTEGER NOT NULL
);
-- Where triage sent an item: 'judge' (no annotator: its gold is the run's
-- label) or 'audit' (the judge would have settled it; people label it as
-- any other). NULL: people, as without triage.
ALTER TABLE items ADD COLUMN route TEXT CHECK (route IS NULL OR route IN ('judge', 'audit'));
-- The judge's items of a dataset, counted on every progress read below
-- the lead (their items are left out of what such a reader is shown).
CREATE INDEX items_judge ON items (dataset_id) WHERE route = 'judge';
