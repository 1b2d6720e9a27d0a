-- The images of a protocol file's item, one row per image a turn (an
-- element of the item's list) names: as its file writes it, where the
-- import found it, and a preview made at the import. ClariMM's images
-- table did this for one kind; a conversation file's images are any
-- file's now (issue 47).
CREATE TABLE item_images (
    item_id  INTEGER NOT NULL REFERENCES items(id),
    element  INTEGER NOT NULL CHECK (element >= 1), -- the turn, from 1
    pos      INTEGER NOT NULL CHECK (pos >= 1),     -- its place among the turn's images
    src      TEXT NOT NULL,                         -- as written in the file
    location TEXT NOT NULL,                         -- absolute path, or the URL
    preview  BLOB,                                  -- PNG, at most 64 x 64 pixels
    problem  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (item_id, element, pos)
) WITHOUT ROWID;
