-- 0016: a kind's units and their values are rows, not a CHECK.
--
-- A protocol file (a task kind written as data) brings units no CHECK in a
-- migration could list. So each kind's units, and the values each takes,
-- are rows of kind_units; labels and adjudications keep only the range
-- every scale falls in (0-11), and the triggers that keep a unit to its
-- item's kind look the (kind, unit, value) up, on insert and now also when
-- a value or unit changes (the CHECK held updates too). The tables are
-- rebuilt (new table, copy, drop, rename, as in 0013), in legacy mode for
-- the same reason. The protocol files a database's datasets use are kept
-- in protocols, so every session and process reads them the same.

PRAGMA legacy_alter_table = ON;

CREATE TABLE kind_units (
    kind TEXT NOT NULL,
    unit TEXT NOT NULL,
    low  INTEGER NOT NULL CHECK (low BETWEEN 0 AND 11),
    high INTEGER NOT NULL CHECK (high BETWEEN low AND 11),
    PRIMARY KEY (kind, unit)
) WITHOUT ROWID;

INSERT INTO kind_units (kind, unit, low, high) VALUES
    ('mimics', 'question', 0, 2), ('mimics', 'answer_set', 0, 2),
    ('mimics', 'landing_1', 0, 2), ('mimics', 'landing_2', 0, 2), ('mimics', 'landing_3', 0, 2),
    ('mimics', 'landing_4', 0, 2), ('mimics', 'landing_5', 0, 2),
    ('clarimm', 'relevance_1', 1, 5), ('clarimm', 'relevance_2', 1, 5), ('clarimm', 'relevance_3', 1, 5),
    ('clarimm', 'relevance_4', 1, 5), ('clarimm', 'coherence', 1, 5), ('clarimm', 'diversity', 1, 5),
    ('clarimm', 'intent_reveal', 1, 5),
    ('necessity', 'necessity', 0, 1), ('necessity', 'facet', 2, 11),
    ('compare', 'preference', 0, 2);
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30)
INSERT INTO kind_units (kind, unit, low, high) SELECT 'nuggets', 'nugget_' || i, 0, 2 FROM n;

-- A protocol file's item keeps its file's rows as they were, each line
-- with its line end ('' for a last line without one): the screen reads
-- its columns from them, and an export in the file's shape writes them
-- back byte for byte. An item that is one row has one; a grouped item
-- (every pane of a query) has each, in file order.
CREATE TABLE item_rows (
    item_id INTEGER NOT NULL REFERENCES items(id),
    pos     INTEGER NOT NULL CHECK (pos >= 1),
    line    TEXT NOT NULL,
    PRIMARY KEY (item_id, pos)
) WITHOUT ROWID;

CREATE TABLE protocols (
    name     TEXT PRIMARY KEY,
    text     TEXT NOT NULL,
    added_by INTEGER REFERENCES annotators(id),
    added_at TEXT NOT NULL
) WITHOUT ROWID;

DROP TRIGGER IF EXISTS labels_kind;
DROP TRIGGER IF EXISTS adjudications_kind;

CREATE TABLE labels_new (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    value        INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11),
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    seconds      REAL CHECK (seconds IS NULL OR seconds >= 0),
    PRIMARY KEY (item_id, unit, annotator_id)
) WITHOUT ROWID;
INSERT INTO labels_new SELECT item_id, unit, annotator_id, value, created_at, updated_at, seconds FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;

CREATE TABLE adjudications_new (
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    value          INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;
INSERT INTO adjudications_new SELECT item_id, unit, value, adjudicator_id, reason, at FROM adjudications;
DROP TABLE adjudications;
ALTER TABLE adjudications_new RENAME TO adjudications;

PRAGMA legacy_alter_table = OFF;

CREATE TRIGGER labels_kind BEFORE INSERT ON labels
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER labels_kind_update BEFORE UPDATE OF unit, value ON labels
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_kind BEFORE INSERT ON adjudications
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_kind_update BEFORE UPDATE OF unit, value ON adjudications
WHEN NOT EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND NEW.value BETWEEN k.low AND k.high)
BEGIN
    SELECT RAISE(ABORT, 'unit or value does not belong to the item''s task kind');
END;
