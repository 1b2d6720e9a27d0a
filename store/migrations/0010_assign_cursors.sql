-- 0010: assignment whose cost does not grow with the items or labels.
--
-- NextHIT walks the free items (items_free, items_free_partial) in seq
-- order and skips those the annotator already has. After weeks of work most
-- free items are an annotator's own (tied panes they finished that want a
-- fourth annotator), so the walk crossed all of them for every HIT. Each
-- annotator now keeps, per dataset, how far those walks have got:
--   partial_from: every free item with finished > 0 and seq below it is theirs;
--   free_from:    every free item with seq below it is theirs.
-- A walk starts there and moves the cursor to what it found. When an item
-- becomes free (or free and partly done), the trigger below moves back the
-- cursor of every annotator it is not theirs, so the rule stays true.
CREATE TABLE assign_cursors (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    partial_from INTEGER NOT NULL DEFAULT 0,
    free_from    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;

-- Items nobody has had (free IS NULL) are walked through items_seq; every
-- item of the dataset below fresh_from has been had, so the walk starts there.
ALTER TABLE datasets ADD COLUMN fresh_from INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER items_free_cursors AFTER UPDATE OF free, finished ON items
WHEN new.free = 1 AND (old.free IS NOT 1 OR (old.finished = 0 AND new.finished > 0))
BEGIN
    UPDATE assign_cursors SET
        free_from = min(free_from, new.seq),
        partial_from = iif(new.finished > 0, min(partial_from, new.seq), partial_from)
    WHERE dataset_id = new.dataset_id
        AND (free_from > new.seq OR (new.finished > 0 AND partial_from > new.seq))
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = assign_cursors.annotator_id
            AND f.status IN ('open', 'upheld'));
END;
