-- 0024: figures below the lead count only the items their reader can no
-- longer be given (store/hidden.go): finished by them, or wanting nobody
-- more. What they leave out is kept, as agreement is (0011), so a reading
-- takes it from a few rows rather than a walk of the dataset:
--
-- open_parts holds, per task dataset, the open items' parts of
-- agreement_patterns (annotator 0), and per annotator the parts of the open
-- items they finished, with how many such items (unit_type and pattern
-- ''). items.parts_by names the rows that hold an item's stored part
-- ("0 3 5": annotator 0, then the annotators who finished it; '' once the
-- item is closed). items_open lists a dataset's open items, for the walk a
-- reading of every item still makes.
CREATE INDEX items_open ON items (dataset_id) WHERE open = 1;
CREATE TABLE open_parts (
    dataset_id   INTEGER NOT NULL REFERENCES datasets(id),
    annotator_id INTEGER NOT NULL,
    unit_type    TEXT NOT NULL,
    pattern      TEXT NOT NULL,
    units        INTEGER NOT NULL CHECK (units > 0),
    PRIMARY KEY (dataset_id, annotator_id, unit_type, pattern)
) WITHOUT ROWID;
ALTER TABLE items ADD COLUMN parts_by TEXT NOT NULL DEFAULT '';

-- The work done before this migration, counted once here (store/openparts.go
-- keeps it after, and `claritty check` holds it to a recount).
CREATE TEMP TABLE open_by AS
SELECT i.id AS item_id, i.dataset_id, 0 AS annotator_id FROM items i JOIN datasets d ON d.id = i.dataset_id
WHERE d.purpose = 'task' AND i.open = 1 AND i.patterns != ''
UNION ALL
SELECT i.id, i.dataset_id, h.annotator_id FROM items i JOIN datasets d ON d.id = i.dataset_id JOIN hits h ON h.item_id = i.id
WHERE d.purpose = 'task' AND i.open = 1 AND h.finished_at IS NOT NULL;
UPDATE items SET parts_by = (SELECT group_concat(o.annotator_id, ' ' ORDER BY o.annotator_id) FROM open_by o WHERE o.item_id = items.id)
WHERE id IN (SELECT item_id FROM open_by);
CREATE TEMP TABLE item_parts AS
WITH RECURSIVE split (item_id, rest, part) AS (
    SELECT id, patterns || ',', NULL FROM items WHERE id IN (SELECT item_id FROM open_by) AND patterns != ''
    UNION ALL
    SELECT item_id, substr(rest, instr(rest, ',') + 1), substr(rest, 1, instr(rest, ',') - 1) FROM split WHERE rest != ''
)
SELECT item_id, substr(part, 1, instr(part, ' ') - 1) AS unit, substr(part, instr(part, ' ') + 1) AS pattern
FROM split WHERE part IS NOT NULL;
INSERT INTO open_parts (dataset_id, annotator_id, unit_type, pattern, units)
SELECT o.dataset_id, o.annotator_id,
    CASE WHEN rtrim(p.unit, '0123456789') GLOB '*_' AND rtrim(p.unit, '0123456789') != p.unit
         THEN substr(p.unit, 1, length(rtrim(p.unit, '0123456789')) - 1) ELSE p.unit END,
    p.pattern, count(*)
FROM open_by o JOIN item_parts p ON p.item_id = o.item_id
GROUP BY 1, 2, 3, 4;
INSERT INTO open_parts (dataset_id, annotator_id, unit_type, pattern, units)
SELECT dataset_id, annotator_id, '', '', count(*) FROM open_by WHERE annotator_id > 0 GROUP BY 1, 2;
DROP TABLE open_by;
DROP TABLE item_parts;
