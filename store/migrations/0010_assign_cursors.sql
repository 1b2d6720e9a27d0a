-- 0010: assignment whose cost does not grow with the items or labels.
--
-- NextHIT walks the free items (items_free, items_free_partial) in seq
-- order and skips those the annotator already has. After weeks of work most
-- free items are an annotator's own (tied panes they finished that want a
-- fourth annotator), so the walk crossed all of them for every HIT. Each
-- annotator now keeps, per dataset, how far those walks have got:
--   partial_from: every free item with finished > 0 and seq below it is
--                 theirs, but those listed in assign_returns (kind 'partial');
--   free_from:    the same for every free item (kind 'free').
-- A walk looks at the listed items and from the cursor on, and moves the
-- cursor to what it found. When an item becomes free (or free and partly
-- done) below someone's cursor and is not theirs, the trigger below lists
-- it for them, so the rule stays true and their cursor stays where it is:
-- moving it back would send their next walk across everything they have.
CREATE TABLE assign_cursors (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    partial_from INTEGER NOT NULL DEFAULT 0,
    free_from    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (dataset_id, annotator_id)
) WITHOUT ROWID;

-- Items behind an annotator's cursor that may be theirs to take again.
CREATE TABLE assign_returns (
    dataset_id   INTEGER NOT NULL,
    annotator_id INTEGER NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('partial', 'free')),
    seq          INTEGER NOT NULL,
    PRIMARY KEY (dataset_id, annotator_id, kind, seq),
    FOREIGN KEY (dataset_id, annotator_id) REFERENCES assign_cursors (dataset_id, annotator_id) ON DELETE CASCADE
) WITHOUT ROWID;

-- Items nobody has had (free IS NULL) are walked through items_seq; every
-- item of the dataset below fresh_from has been had, so the walk starts there.
ALTER TABLE datasets ADD COLUMN fresh_from INTEGER NOT NULL DEFAULT 0;

-- A list is kept short: past 64 items an annotator's cursor moves back to
-- the item instead (so a merge that frees a hundred thousand panes for a
-- hundred annotators writes a few thousand rows, not ten million); with that
-- many free items behind it that are not theirs, their next walk is short.
CREATE TRIGGER items_free_returns AFTER UPDATE OF free, finished ON items
WHEN new.free = 1 AND (old.free IS NOT 1 OR (old.finished = 0 AND new.finished > 0))
    AND EXISTS (SELECT 1 FROM assign_cursors c WHERE c.dataset_id = new.dataset_id)
BEGIN
    INSERT INTO assign_returns (dataset_id, annotator_id, kind, seq)
    SELECT c.dataset_id, c.annotator_id, k.kind, new.seq
    FROM assign_cursors c, (SELECT 'free' AS kind UNION ALL SELECT 'partial' WHERE new.finished > 0) k
    WHERE c.dataset_id = new.dataset_id
        AND iif(k.kind = 'free', c.free_from, c.partial_from) > new.seq
        AND (SELECT count(*) FROM assign_returns r WHERE r.dataset_id = c.dataset_id
            AND r.annotator_id = c.annotator_id AND r.kind = k.kind) < 64
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = c.annotator_id
            AND f.status IN ('open', 'upheld'))
    ON CONFLICT DO NOTHING;
    UPDATE assign_cursors SET
        free_from = iif(free_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'free' AND r.seq = new.seq), new.seq, free_from),
        partial_from = iif(new.finished > 0 AND partial_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'partial' AND r.seq = new.seq), new.seq, partial_from)
    WHERE dataset_id = new.dataset_id AND (free_from > new.seq OR (new.finished > 0 AND partial_from > new.seq))
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = assign_cursors.annotator_id
            AND f.status IN ('open', 'upheld'));
END;
