-- 0011: agreement kept, not recomputed.
--
-- Every agreement coefficient is a sum over count patterns: how many units
-- have each vector of per-category counts. agreement_patterns keeps, per
-- dataset and unit type, how many units have each pattern of settled labels
-- (store/gold.go says which labels are settled), so the side pane and
-- `claritty agree` read a few dozen rows instead of every label. A pattern
-- is the counts per value 0 … 5 (store.VoteSlots), space-separated; the
-- scale says which values are its categories.
--
-- items.patterns is the item's own part of the table, "unit pattern" per
-- unit with settled labels, comma-separated: a change to the item takes its
-- old part out and puts the new one in (store/patterns.go), in the
-- transaction that made the change.
CREATE TABLE agreement_patterns (
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    unit_type  TEXT NOT NULL,
    pattern    TEXT NOT NULL,
    units      INTEGER NOT NULL CHECK (units > 0),
    PRIMARY KEY (dataset_id, unit_type, pattern)
) WITHOUT ROWID;
ALTER TABLE items ADD COLUMN patterns TEXT NOT NULL DEFAULT '';

-- The work done before this migration, counted once here (the Go code that
-- keeps it is checked against a recount by `claritty check` and the tests).
CREATE TEMP TABLE unit_counts AS
SELECT l.item_id, l.unit,
    sum(l.value = 0) || ' ' || sum(l.value = 1) || ' ' || sum(l.value = 2) || ' ' ||
    sum(l.value = 3) || ' ' || sum(l.value = 4) || ' ' || sum(l.value = 5) AS pattern
FROM labels l LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
WHERE h.item_id IS NULL OR h.finished_at IS NOT NULL
GROUP BY l.item_id, l.unit;
UPDATE items SET patterns = (SELECT group_concat(u.unit || ' ' || u.pattern, ',') FROM unit_counts u WHERE u.item_id = items.id)
WHERE id IN (SELECT item_id FROM unit_counts);
INSERT INTO agreement_patterns (dataset_id, unit_type, pattern, units)
SELECT i.dataset_id,
    CASE WHEN rtrim(u.unit, '0123456789') GLOB '*_' AND rtrim(u.unit, '0123456789') != u.unit
         THEN substr(u.unit, 1, length(rtrim(u.unit, '0123456789')) - 1) ELSE u.unit END,
    u.pattern, count(*)
FROM unit_counts u JOIN items i ON i.id = u.item_id
GROUP BY 1, 2, 3;
DROP TABLE unit_counts;
