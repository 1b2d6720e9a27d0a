-- 0026: a protocol file's grouped item may gather its rows into elements
-- (item.element: ClariQ's facet rows of one question are one question). A
-- row's element is the one it is part of, numbered from 1 within its item
-- in order of first appearance; NULL for a file without item.element,
-- whose rows are each their own. A HIT asks a unit per element, so an
-- item's count of rows is its count of distinct elements.
ALTER TABLE item_rows ADD COLUMN element INTEGER CHECK (element IS NULL OR element >= 1);
-- An item of a protocol file whose list (item.list) has more than the five
-- elements options hold keeps how many it has: its HIT asks a unit per
-- element. NULL for every other item, whose options say it.
ALTER TABLE items ADD COLUMN list_len INTEGER CHECK (list_len IS NULL OR list_len > 5);
