-- 0012: progress from counters, not counts.
--
-- The HIT header and the side pane counted, for every HIT shown, the
-- dataset's items, its complete items and the annotator's finished HITs:
-- a walk over hundreds of thousands of rows each time at MIMICS-Click scale.
-- They are kept instead: items_count by each import at its commit,
-- complete_count by the trigger below, annotator_done by the two places a
-- HIT finishes or reopens (store.SetLabel and a merge's commit: a trigger
-- per HIT was a fifth of a merge), in the transactions that change them.
-- `claritty check` recounts all three.
ALTER TABLE datasets ADD COLUMN items_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE datasets ADD COLUMN complete_count INTEGER NOT NULL DEFAULT 0;
UPDATE datasets SET
    items_count = (SELECT count(*) FROM items i WHERE i.dataset_id = datasets.id),
    complete_count = (SELECT count(*) FROM items i WHERE i.dataset_id = datasets.id AND i.open = 0 AND i.tied = 0);

CREATE TRIGGER items_complete AFTER UPDATE OF open, tied ON items
WHEN (old.open = 0 AND old.tied = 0) != (new.open = 0 AND new.tied = 0)
BEGIN
    UPDATE datasets SET complete_count = complete_count + iif(new.open = 0 AND new.tied = 0, 1, -1)
    WHERE id = new.dataset_id;
END;

-- Finished HITs per annotator and dataset.
CREATE TABLE annotator_done (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    done         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;
INSERT INTO annotator_done (dataset_id, annotator_id, done)
SELECT i.dataset_id, h.annotator_id, count(*) FROM hits h JOIN items i ON i.id = h.item_id
WHERE h.finished_at IS NOT NULL GROUP BY 1, 2;

-- Closed items with tied units: the units waiting for adjudication.
CREATE INDEX items_waiting ON items (dataset_id) WHERE open = 0 AND tied > 0;
