-- 0024: a reading for figures below the lead hides every item that still
-- wants annotators and its reader has not finished: items_open lists a
-- dataset's open items, so the walk reads them, not the whole dataset.
CREATE INDEX items_open ON items (dataset_id) WHERE open = 1;
