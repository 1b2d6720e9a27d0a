-- 0002: the items table's two unique keys become named indexes, so a big
-- import can drop them while it writes and build them again, sorted, at its
-- end (see store/import.go). SQLite cannot drop a table constraint, so the
-- table is rebuilt as its documentation describes: new table, copy, drop,
-- rename. Migrations run with foreign keys off and checked before commit.

CREATE TABLE items_new (
    id         INTEGER PRIMARY KEY,
    dataset_id INTEGER NOT NULL REFERENCES datasets(id),
    uid        TEXT NOT NULL,
    seq        INTEGER NOT NULL,            -- import order within the dataset
    query      TEXT NOT NULL,
    question   TEXT NOT NULL,
    option_1   TEXT NOT NULL DEFAULT '',
    option_2   TEXT NOT NULL DEFAULT '',
    option_3   TEXT NOT NULL DEFAULT '',
    option_4   TEXT NOT NULL DEFAULT '',
    option_5   TEXT NOT NULL DEFAULT '',
    meta       TEXT NOT NULL DEFAULT '{}'   -- JSON: click signals and the like
);
INSERT INTO items_new (id, dataset_id, uid, seq, query, question,
        option_1, option_2, option_3, option_4, option_5, meta)
    SELECT id, dataset_id, uid, seq, query, question,
        option_1, option_2, option_3, option_4, option_5, meta FROM items;
DROP TABLE items;
ALTER TABLE items_new RENAME TO items;
CREATE UNIQUE INDEX items_uid ON items (dataset_id, uid);
CREATE UNIQUE INDEX items_seq ON items (dataset_id, seq);
