-- 0032: items_free_returns (0010) rewrote every cursor of the dataset each
-- time an item turned free, though it moves only the cursors whose item is
-- not listed for them (their list full): the others' rows were written back
-- unchanged, a page write and a WAL frame each, on every claim of a fresh
-- item. It now updates only the cursors it moves. Its list check reads the
-- cursor's own conditions first and counts the annotator's list last, at
-- most 64 rows of it. What it lists and where it leaves each cursor are as
-- before.
-- Also: a fresh item taken turns free, and items_free_returns listed it for
-- every annotator whose free cursor was past it: a row an annotator (and a
-- walk's delete of it after) on every claim of a fresh item, growing with
-- the annotators. free_mark is where an annotator's free walk starts
-- instead when it is lower than free_from: at most the dataset's fresh_from
-- when their cursors were last written. Every item nobody had then lies at
-- or past it, so an item that turns free from nobody's (free IS NULL) at or
-- past the mark is walked to and is not listed; below the mark (an item
-- given back to nobody's, behind fresh_from) it is listed as before.
-- items_free_returns keeps every other item turning free, as before;
-- items_fresh_returns takes those that were nobody's. A cursor made before
-- this migration has no mark (beyond every item): its walks are as before.
-- Most claims of a fresh item are past every mark: the trigger's WHEN then
-- reads the dataset's cursors once and runs nothing.
-- The column itself is added by the migration's Go step (addFreeMark), only
-- where it is missing: the triggers below name it before it exists.

DROP TRIGGER items_free_returns;
CREATE TRIGGER items_free_returns AFTER UPDATE OF free, finished ON items
WHEN new.free = 1 AND old.free IS NOT NULL AND (old.free IS NOT 1 OR (old.finished = 0 AND new.finished > 0))
    AND EXISTS (SELECT 1 FROM assign_cursors c WHERE c.dataset_id = new.dataset_id)
BEGIN
    INSERT INTO assign_returns (dataset_id, annotator_id, kind, seq)
    SELECT c.dataset_id, c.annotator_id, k.kind, new.seq
    FROM assign_cursors c, (SELECT 'free' AS kind UNION ALL SELECT 'partial' WHERE new.finished > 0) k
    WHERE c.dataset_id = new.dataset_id
        AND iif(k.kind = 'free', c.free_from, c.partial_from) > new.seq
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = c.annotator_id
            AND f.status IN ('open', 'upheld'))
        AND NOT EXISTS (SELECT 1 FROM assign_returns r WHERE r.dataset_id = c.dataset_id
            AND r.annotator_id = c.annotator_id AND r.kind = k.kind LIMIT 1 OFFSET 63)
    ON CONFLICT DO NOTHING;
    UPDATE assign_cursors SET
        free_from = iif(free_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'free' AND r.seq = new.seq), new.seq, free_from),
        partial_from = iif(new.finished > 0 AND partial_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'partial' AND r.seq = new.seq), new.seq, partial_from)
    WHERE dataset_id = new.dataset_id
        AND ((free_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
                WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
                AND r.kind = 'free' AND r.seq = new.seq))
            OR (new.finished > 0 AND partial_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
                WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
                AND r.kind = 'partial' AND r.seq = new.seq)))
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = assign_cursors.annotator_id
            AND f.status IN ('open', 'upheld'));
END;

DROP TRIGGER IF EXISTS items_fresh_returns;
CREATE TRIGGER items_fresh_returns AFTER UPDATE OF free, finished ON items
WHEN new.free = 1 AND old.free IS NULL
    AND EXISTS (SELECT 1 FROM assign_cursors c WHERE c.dataset_id = new.dataset_id
        AND (new.finished > 0 OR (c.free_mark > new.seq AND c.free_from > new.seq)))
BEGIN
    INSERT INTO assign_returns (dataset_id, annotator_id, kind, seq)
    SELECT c.dataset_id, c.annotator_id, k.kind, new.seq
    FROM assign_cursors c, (SELECT 'free' AS kind UNION ALL SELECT 'partial' WHERE new.finished > 0) k
    WHERE c.dataset_id = new.dataset_id
        AND iif(k.kind = 'free', c.free_from > new.seq AND c.free_mark > new.seq, c.partial_from > new.seq)
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = c.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = c.annotator_id
            AND f.status IN ('open', 'upheld'))
        AND NOT EXISTS (SELECT 1 FROM assign_returns r WHERE r.dataset_id = c.dataset_id
            AND r.annotator_id = c.annotator_id AND r.kind = k.kind LIMIT 1 OFFSET 63)
    ON CONFLICT DO NOTHING;
    UPDATE assign_cursors SET
        free_from = iif(free_from > new.seq AND free_mark > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'free' AND r.seq = new.seq), new.seq, free_from),
        partial_from = iif(new.finished > 0 AND partial_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
            WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
            AND r.kind = 'partial' AND r.seq = new.seq), new.seq, partial_from)
    WHERE dataset_id = new.dataset_id
        AND ((free_from > new.seq AND free_mark > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
                WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
                AND r.kind = 'free' AND r.seq = new.seq))
            OR (new.finished > 0 AND partial_from > new.seq AND NOT EXISTS (SELECT 1 FROM assign_returns r
                WHERE r.dataset_id = assign_cursors.dataset_id AND r.annotator_id = assign_cursors.annotator_id
                AND r.kind = 'partial' AND r.seq = new.seq)))
        AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = new.id AND h.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = new.id AND l.annotator_id = assign_cursors.annotator_id)
        AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = new.id AND f.annotator_id = assign_cursors.annotator_id
            AND f.status IN ('open', 'upheld'));
END;
