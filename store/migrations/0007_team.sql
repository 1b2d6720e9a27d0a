-- 0007: a team on one server.
--
-- Who acted is kept apart from whose label or decision it is: a lead acting
-- as someone else (--as), merging another annotator's labels or importing a
-- release is the actor of those history rows. label_history has had its
-- actor_id from the start; adjudication_history gets one here, filled with
-- the adjudicator for the decisions made before.
ALTER TABLE adjudication_history ADD COLUMN actor_id INTEGER REFERENCES annotators(id);
UPDATE adjudication_history SET actor_id = adjudicator_id;

-- The SSH public keys that identify annotators to claritty serve: a lead
-- registers them, several per person. fingerprint is OpenSSH's SHA256 form,
-- public_key the key in authorized_keys form (type and base64).
CREATE TABLE annotator_keys (
    fingerprint  TEXT PRIMARY KEY CHECK (fingerprint GLOB 'SHA256:*'),
    annotator_id INTEGER NOT NULL REFERENCES annotators(id),
    public_key   TEXT NOT NULL,
    comment      TEXT NOT NULL DEFAULT '',
    added_by     INTEGER NOT NULL REFERENCES annotators(id),
    added_at     TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX annotator_keys_annotator ON annotator_keys (annotator_id);
