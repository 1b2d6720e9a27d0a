-- 0008: assignment that finds a free item without walking held ones.
--
-- items.free is NULL until an item's first HIT (nobody has it, so it is
-- free: an import writes nothing more), then 1 while the item is open and
-- wants more annotators than it has HITs in progress (expired leases
-- counted as held), else 0. The label, HIT and policy transactions keep it
-- true. NextHIT walks the index of free items in play, then the untouched
-- ones in seq order, instead of every open item, most of which, with
-- hundreds of annotators at work, are fully held. An item whose room comes
-- from an expired lease is found through hits_stale: the few HITs in
-- progress untouched since their lease began.
ALTER TABLE items ADD COLUMN free INTEGER CHECK (free IS NULL OR free IN (0, 1));
UPDATE items SET free = (open = 1 AND
    (CASE WHEN finished < (SELECT min_annotators FROM datasets d WHERE d.id = items.dataset_id)
          THEN (SELECT min_annotators FROM datasets d WHERE d.id = items.dataset_id) - finished ELSE 1 END)
    > (SELECT count(*) FROM hits h WHERE h.item_id = items.id AND h.finished_at IS NULL))
WHERE EXISTS (SELECT 1 FROM hits h WHERE h.item_id = items.id);
CREATE INDEX items_free ON items (dataset_id, seq) WHERE free = 1;
CREATE INDEX items_free_partial ON items (dataset_id, seq) WHERE free = 1 AND finished > 0;
CREATE INDEX hits_stale ON hits (touched_at) WHERE finished_at IS NULL;
-- items_free_partial does items_partial's job, for free items only.
DROP INDEX items_partial;
