-- 0021: an annotator may put a HIT off ("later": it comes back after every
-- other HIT they can have) or give it back (released to others and never
-- offered to them again). Each mark stands on the HIT (or the open repeat)
-- until the annotator takes the HIT up again; hit_skips keeps every use of
-- either, and nothing clears it.
ALTER TABLE hits ADD COLUMN later_at TEXT;
ALTER TABLE hits ADD COLUMN given_back_at TEXT;
ALTER TABLE repeats ADD COLUMN later_at TEXT;
ALTER TABLE repeats ADD COLUMN given_back_at TEXT;
CREATE TABLE hit_skips (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    action       TEXT NOT NULL CHECK (action IN ('later', 'give back')),
    repeat       INTEGER NOT NULL DEFAULT 0 CHECK (repeat IN (0, 1)),
    at           TEXT NOT NULL
);
CREATE INDEX hit_skips_annotator ON hit_skips (annotator_id, item_id);
