-- 0017: attention questions (a protocol file's [attention]).
--
-- MIMICS-Duo asked its workers how many panes (or candidate answers) they
-- had been shown. A dataset whose kind declares such a question asks it on
-- a share of the HITs handed out (attention_rate), after their last step;
-- the HIT finishes with the answer. The question, its right answer (counted
-- from the item as shown when it was asked) and the answer are kept here,
-- apart from labels: an answer is no label of the item, so no gold,
-- agreement, statistic or export ever meets it. It counts in the
-- annotator's quality, beside their gold checks.
ALTER TABLE datasets ADD COLUMN attention_rate REAL NOT NULL DEFAULT 0 CHECK (attention_rate BETWEEN 0 AND 1);

CREATE TABLE attention (
    item_id      INTEGER NOT NULL REFERENCES items(id),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    expected     INTEGER NOT NULL CHECK (expected >= 0),
    answer       INTEGER CHECK (answer BETWEEN 0 AND 999),
    asked_at     TEXT NOT NULL,
    answered_at  TEXT,
    PRIMARY KEY (item_id, annotator_id),
    CHECK ((answer IS NULL) = (answered_at IS NULL))
) WITHOUT ROWID;
CREATE INDEX attention_annotator ON attention (annotator_id, answered_at);
