-- 0009: flags have an owner.
--
-- A flag stands (leaves its item out of releases and its author's queue)
-- while it is open or upheld. A lead or adjudicator upholds or clears it
-- with a reason; its author may withdraw it while it is open. Every step is
-- a flag_history row, the flag itself included, so the table alone tells
-- who flagged what, who reviewed it, when and why.
ALTER TABLE flags ADD COLUMN status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'upheld', 'cleared', 'withdrawn'));

CREATE TABLE flag_history (
    id       INTEGER PRIMARY KEY,
    flag_id  INTEGER NOT NULL REFERENCES flags(id),
    action   TEXT NOT NULL CHECK (action IN ('flag', 'uphold', 'clear', 'withdraw')),
    actor_id INTEGER NOT NULL REFERENCES annotators(id),
    reason   TEXT NOT NULL DEFAULT '',
    at       TEXT NOT NULL
);
CREATE INDEX flag_history_flag ON flag_history (flag_id);
INSERT INTO flag_history (flag_id, action, actor_id, reason, at)
    SELECT id, 'flag', annotator_id, note, at FROM flags;
CREATE INDEX flags_status ON flags (status, item_id);
