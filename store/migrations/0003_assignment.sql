-- 0003: assignment. Each dataset has a redundancy policy; each item keeps
-- counters that the assignment query reads instead of recounting labels.

ALTER TABLE datasets ADD COLUMN min_annotators INTEGER NOT NULL DEFAULT 3 CHECK (min_annotators >= 1);
ALTER TABLE datasets ADD COLUMN max_annotators INTEGER NOT NULL DEFAULT 5 CHECK (max_annotators >= 1);
-- A HIT left untouched this long is released to others (its labels stay).
ALTER TABLE datasets ADD COLUMN lease_seconds INTEGER NOT NULL DEFAULT 1800 CHECK (lease_seconds > 0);

-- finished: annotators who finished the item; tied: its units without a
-- majority among their labels; open: the policy wants more annotators
-- (finished < min, or a tie and finished < max).
ALTER TABLE items ADD COLUMN finished INTEGER NOT NULL DEFAULT 0;
ALTER TABLE items ADD COLUMN tied INTEGER NOT NULL DEFAULT 0;
ALTER TABLE items ADD COLUMN open INTEGER NOT NULL DEFAULT 1;
-- Items someone has finished that still want more: few, and found first.
-- Fresh items (finished = 0) are not in it, so imports do not pay for it.
CREATE INDEX items_partial ON items (dataset_id, seq) WHERE open = 1 AND finished > 0;

-- The last time the annotator worked on the HIT, for the lease.
ALTER TABLE hits ADD COLUMN touched_at TEXT;
UPDATE hits SET touched_at = started_at;
CREATE INDEX hits_open ON hits (item_id) WHERE finished_at IS NULL;

-- Counters for work done before this migration.
UPDATE items SET finished = (SELECT count(*) FROM hits h WHERE h.item_id = items.id AND h.finished_at IS NOT NULL);
WITH votes AS (
    SELECT l.item_id, l.unit, l.value, count(*) AS n
    FROM labels l JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
    WHERE h.finished_at IS NOT NULL GROUP BY 1, 2, 3),
top AS (SELECT item_id, unit, max(n) AS n FROM votes GROUP BY 1, 2),
tied AS (SELECT v.item_id FROM votes v JOIN top t ON t.item_id = v.item_id AND t.unit = v.unit AND t.n = v.n
    GROUP BY v.item_id, v.unit HAVING count(*) > 1)
UPDATE items SET tied = (SELECT count(*) FROM tied WHERE tied.item_id = items.id);
UPDATE items SET open = (finished < 3 OR (tied > 0 AND finished < 5));
