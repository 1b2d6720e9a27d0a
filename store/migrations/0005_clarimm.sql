-- 0005: ClariMM conversations. Their units (relevance per turn, coherence,
-- diversity, intent reveal) are rated 1-5, so the tables that hold labels
-- and decisions are rebuilt with constraints that know both scales: a
-- MIMICS unit still takes 0-2 only, a ClariMM unit 1-5 only. SQLite cannot
-- change a CHECK in place, hence new table, copy, drop, rename (migrations
-- run with foreign keys off and checked before commit).

CREATE TABLE labels_new (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    value        INTEGER NOT NULL,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    seconds      REAL CHECK (seconds IS NULL OR seconds >= 0),
    PRIMARY KEY (item_id, unit, annotator_id),
    CHECK ((unit IN ('question', 'answer_set', 'landing_1', 'landing_2', 'landing_3', 'landing_4', 'landing_5')
                AND value IN (0, 1, 2))
        OR (unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence', 'diversity',
                'intent_reveal') AND value BETWEEN 1 AND 5))
) WITHOUT ROWID;
INSERT INTO labels_new SELECT item_id, unit, annotator_id, value, created_at, updated_at, seconds FROM labels;
DROP TABLE labels;
ALTER TABLE labels_new RENAME TO labels;

CREATE TABLE label_history_new (
    id           INTEGER PRIMARY KEY,
    item_id      INTEGER NOT NULL REFERENCES items(id),
    unit         TEXT NOT NULL,
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    old_value    INTEGER CHECK (old_value IS NULL OR old_value BETWEEN 0 AND 5),
    new_value    INTEGER CHECK (new_value IS NULL OR new_value BETWEEN 0 AND 5),
    actor_id     INTEGER NOT NULL REFERENCES annotators(id),
    at           TEXT NOT NULL,
    source       TEXT NOT NULL DEFAULT 'tui'   -- tui, import, undo, merge
);
INSERT INTO label_history_new SELECT id, item_id, unit, annotator_id, old_value, new_value, actor_id, at, source
    FROM label_history;
DROP TABLE label_history;
ALTER TABLE label_history_new RENAME TO label_history;
CREATE INDEX label_history_item ON label_history (item_id, unit);

CREATE TABLE adjudications_new (
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    value          INTEGER NOT NULL,
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL,
    PRIMARY KEY (item_id, unit),
    CHECK ((unit IN ('question', 'answer_set', 'landing_1', 'landing_2', 'landing_3', 'landing_4', 'landing_5')
                AND value IN (0, 1, 2))
        OR (unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence', 'diversity',
                'intent_reveal') AND value BETWEEN 1 AND 5))
) WITHOUT ROWID;
INSERT INTO adjudications_new SELECT item_id, unit, value, adjudicator_id, reason, at FROM adjudications;
DROP TABLE adjudications;
ALTER TABLE adjudications_new RENAME TO adjudications;

CREATE TABLE adjudication_history_new (
    id             INTEGER PRIMARY KEY,
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    old_value      INTEGER CHECK (old_value IS NULL OR old_value BETWEEN 0 AND 5),
    new_value      INTEGER CHECK (new_value IS NULL OR new_value BETWEEN 0 AND 5),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL
);
INSERT INTO adjudication_history_new SELECT id, item_id, unit, old_value, new_value, adjudicator_id, reason, at
    FROM adjudication_history;
DROP TABLE adjudication_history;
ALTER TABLE adjudication_history_new RENAME TO adjudication_history;
CREATE INDEX adjudication_history_item ON adjudication_history (item_id, unit);

-- How a unit's gold label is chosen from its votes: the majority (MIMICS),
-- or for rating scales the median (see agreement.MedianGold).
ALTER TABLE datasets ADD COLUMN gold_rule TEXT NOT NULL DEFAULT 'majority'
    CHECK (gold_rule IN ('majority', 'median'));

-- A conversation is an item: its topic in items.query, its facet (the
-- user's hidden intent) in items.question, its id in items.uid; its turns
-- and their images live here.
CREATE TABLE turns (
    item_id  INTEGER NOT NULL REFERENCES items(id),
    turn     INTEGER NOT NULL CHECK (turn BETWEEN 1 AND 4),
    question TEXT NOT NULL,
    answer   TEXT NOT NULL,
    PRIMARY KEY (item_id, turn)
) WITHOUT ROWID;

-- An image of a turn: a local file (its absolute path when imported, and a
-- small preview made then, so the screen never decodes a large file) or a
-- URL (no preview: claritty fetches nothing). problem says why a local
-- file has no preview.
CREATE TABLE images (
    item_id  INTEGER NOT NULL REFERENCES items(id),
    turn     INTEGER NOT NULL,
    pos      INTEGER NOT NULL CHECK (pos >= 1),
    src      TEXT NOT NULL,              -- as written in the file
    location TEXT NOT NULL,              -- absolute path, or the URL
    preview  BLOB,                       -- PNG, at most 64 x 64 pixels
    problem  TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (item_id, turn, pos),
    FOREIGN KEY (item_id, turn) REFERENCES turns (item_id, turn)
) WITHOUT ROWID;

-- A unit must belong to its item's task kind: a MIMICS pane has no
-- coherence, a conversation no landing page. One primary-key lookup per
-- insert; labels' units never change, so inserts are all there is to check.
CREATE TRIGGER labels_kind BEFORE INSERT ON labels
WHEN (SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = NEW.item_id)
    IS NOT (CASE WHEN NEW.unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence',
        'diversity', 'intent_reveal') THEN 'clarimm' ELSE 'mimics' END)
BEGIN
    SELECT RAISE(ABORT, 'unit does not belong to the item''s task kind');
END;
CREATE TRIGGER adjudications_kind BEFORE INSERT ON adjudications
WHEN (SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = NEW.item_id)
    IS NOT (CASE WHEN NEW.unit IN ('relevance_1', 'relevance_2', 'relevance_3', 'relevance_4', 'coherence',
        'diversity', 'intent_reveal') THEN 'clarimm' ELSE 'mimics' END)
BEGIN
    SELECT RAISE(ABORT, 'unit does not belong to the item''s task kind');
END;
