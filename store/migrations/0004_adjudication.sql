-- 0004: adjudication, referrals and settings. A unit's gold label is its
-- adjudicated label if it has one, else its majority (agreement.Gold).

-- The current decision on a unit. Like labels, the table refuses a value
-- off the scale or a unit MIMICS does not have.
CREATE TABLE adjudications (
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL CHECK (unit IN ('question', 'answer_set', 'landing_1',
                       'landing_2', 'landing_3', 'landing_4', 'landing_5')),
    value          INTEGER NOT NULL CHECK (value IN (0, 1, 2)),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;

-- Append-only: every decision and every change of one (new_value NULL: the
-- decision was withdrawn).
CREATE TABLE adjudication_history (
    id             INTEGER PRIMARY KEY,
    item_id        INTEGER NOT NULL REFERENCES items(id),
    unit           TEXT NOT NULL,
    old_value      INTEGER CHECK (old_value IS NULL OR old_value IN (0, 1, 2)),
    new_value      INTEGER CHECK (new_value IS NULL OR new_value IN (0, 1, 2)),
    adjudicator_id INTEGER NOT NULL REFERENCES annotators(id),
    reason         TEXT NOT NULL DEFAULT '',
    at             TEXT NOT NULL
);
CREATE INDEX adjudication_history_item ON adjudication_history (item_id, unit);

-- Units a lead sent to adjudication whatever their votes (for instance every
-- unit of a pane below an agreement threshold).
CREATE TABLE referrals (
    item_id INTEGER NOT NULL REFERENCES items(id),
    unit    TEXT NOT NULL,
    sent_by INTEGER NOT NULL REFERENCES annotators(id),
    reason  TEXT NOT NULL DEFAULT '',
    at      TEXT NOT NULL,
    PRIMARY KEY (item_id, unit)
) WITHOUT ROWID;

-- Database-wide settings (the salt of stable pseudonyms, whether adjudicators
-- see annotators' names).
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
