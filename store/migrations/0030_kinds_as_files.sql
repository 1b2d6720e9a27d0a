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
-- moves a facet choice's values down by two (the file language's choice:
-- none fits 0, facet k is k; ClariLM's was none 2, facet k 2 + k), and
-- keeps the shipped files in protocols. Migration 0031 then drops the
-- typed tables it read.
INSERT OR IGNORE INTO item_images (item_id, element, pos, src, location, preview, problem)
SELECT item_id, turn, pos, src, location, preview, problem FROM images;
