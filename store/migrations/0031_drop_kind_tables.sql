-- 0031: the typed tables ClariMM and necessity items were read from,
-- moved to item_rows and item_images by 0030. context_turns stays: a
-- compare item's conversation is still read from it; a necessity
-- item's rows there go, copies of the context its line now holds.
DELETE FROM context_turns WHERE item_id IN
	(SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.kind = 'necessity');
DROP TABLE images;
DROP TABLE turns;
DROP TABLE facets;
