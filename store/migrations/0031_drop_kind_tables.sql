-- 0031: the typed tables ClariMM and necessity items were read from,
-- moved to item_rows and item_images by 0030. context_turns stays: a
-- compare item's conversation is still read from it.
DROP TABLE images;
DROP TABLE turns;
DROP TABLE facets;
