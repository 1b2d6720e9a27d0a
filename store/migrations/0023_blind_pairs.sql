-- 0023: pairs stay blind below the lead (store/pairids.go).
--
-- The pair key: a random secret under which a compare item's blind id is
-- an HMAC of its uid, so nobody without the database can work one out from
-- a request id and two system names.
INSERT INTO settings (key, value)
    SELECT 'pair_key', lower(hex(randomblob(32)))
    WHERE NOT EXISTS (SELECT 1 FROM settings WHERE key = 'pair_key');

-- A pairs file lists a request's pairs in the order of their systems'
-- names, and imports numbered them in that order, so a pair's number (seq:
-- the queue, the HIT header, the order HITs are handed out in) said which
-- systems it set against each other. The pairs of each request (a compare
-- dataset's items with the same request text) now trade their numbers at
-- random; imports draw the order themselves (Importer.AddPairs).
CREATE TEMP TABLE pair_seq AS
    WITH p AS (SELECT i.id, i.dataset_id, i.query, i.seq FROM items i JOIN pairs x ON x.item_id = i.id),
    places AS (SELECT dataset_id, query, seq,
        row_number() OVER (PARTITION BY dataset_id, query ORDER BY seq) AS k FROM p),
    drawn AS (SELECT id, dataset_id, query,
        row_number() OVER (PARTITION BY dataset_id, query ORDER BY random()) AS k FROM p)
    SELECT d.id, pl.seq FROM drawn d JOIN places pl USING (dataset_id, query, k);
-- Through negative numbers: (dataset_id, seq) stays unique at every step.
UPDATE items SET seq = -seq WHERE id IN (SELECT id FROM pair_seq);
UPDATE items SET seq = (SELECT s.seq FROM pair_seq s WHERE s.id = items.id) WHERE id IN (SELECT id FROM pair_seq);
DROP TABLE pair_seq;

-- Assignment's cursors are places in the old order: start them again, as
-- an import that numbers answers again does.
DELETE FROM assign_returns WHERE dataset_id IN (SELECT id FROM datasets WHERE kind = 'compare');
DELETE FROM assign_cursors WHERE dataset_id IN (SELECT id FROM datasets WHERE kind = 'compare');
UPDATE datasets SET fresh_from = 0 WHERE kind = 'compare';
