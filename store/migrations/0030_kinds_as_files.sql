-- 0030: ClariMM's conversations and ClariLM's necessity requests become
-- protocol-file items (issue 47): the kinds are the shipped files
-- clarimm.toml and necessity.toml now, read as any protocol file's kind.
--
-- Each item moves in place (items.id, uid, seq, query and question kept,
-- so every label, history row, decision, HIT, flag, note, repeat, run
-- label and arm stays its): a conversation's images move here, to the
-- images of any file's item (0029), each turn an element; the Go step
-- (store/migrate_kinds.go) writes each item's JSONL line to item_rows,
-- its list (the turns' questions, the request's facets) to its options,
-- and keeps the shipped files in protocols. No stored value moves: the
-- necessity file's facet choice stores facet k as 2 + k and none fits as
-- 2 (its first = 3), as ClariLM's kind did. Migration 0031 then drops the
-- typed tables it read.
INSERT OR IGNORE INTO item_images (item_id, element, pos, src, location, preview, problem)
SELECT item_id, turn, pos, src, location, preview, problem FROM images;
