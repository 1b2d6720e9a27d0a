-- 0027: a written answer (a protocol file's kind = "text" step).
--
-- A text unit is a row of kind_units with max_chars > 0 (the most
-- characters its answer may have) and the range 0-0: its label's value is
-- always 0, so the triggers of 0016 keep holding every label to its kind
-- unchanged, and its words are the label's text. A scale unit's label has
-- no text (NULL), a text unit's always has one; the triggers below hold
-- both, and the length, on insert and on change. History keeps the text
-- before and after each change, as it keeps the values; an adjudicator's
-- gold for a text unit is the text they picked or wrote.
ALTER TABLE kind_units ADD COLUMN max_chars INTEGER NOT NULL DEFAULT 0 CHECK (max_chars BETWEEN 0 AND 4000);
ALTER TABLE labels ADD COLUMN text TEXT;
ALTER TABLE label_history ADD COLUMN old_text TEXT;
ALTER TABLE label_history ADD COLUMN new_text TEXT;
ALTER TABLE adjudications ADD COLUMN text TEXT;
ALTER TABLE adjudication_history ADD COLUMN old_text TEXT;
ALTER TABLE adjudication_history ADD COLUMN new_text TEXT;
-- A repeat's second answer (migration 0014) keeps its words too.
ALTER TABLE repeat_labels ADD COLUMN text TEXT;

CREATE TRIGGER labels_text BEFORE INSERT ON labels
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
CREATE TRIGGER labels_text_update BEFORE UPDATE OF unit, text ON labels
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
CREATE TRIGGER adjudications_text BEFORE INSERT ON adjudications
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
CREATE TRIGGER adjudications_text_update BEFORE UPDATE OF unit, text ON adjudications
WHEN EXISTS (SELECT 1 FROM items i JOIN datasets d ON d.id = i.dataset_id
    JOIN kind_units k ON k.kind = d.kind AND k.unit = NEW.unit
    WHERE i.id = NEW.item_id AND ((NEW.text IS NULL) != (k.max_chars = 0) OR length(NEW.text) > k.max_chars))
BEGIN
    SELECT RAISE(ABORT, 'a written answer belongs to a text unit, within its max_chars');
END;
