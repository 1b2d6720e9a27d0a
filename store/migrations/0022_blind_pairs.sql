-- 0022: pairs stay blind below the lead (store/pairids.go).
--
-- The pair key: a random secret under which a compare item's blind id is
-- an HMAC of its uid, so nobody without the database can work one out from
-- a request id and two system names.
INSERT INTO settings (key, value)
    SELECT 'pair_key', lower(hex(randomblob(32)))
    WHERE NOT EXISTS (SELECT 1 FROM settings WHERE key = 'pair_key');
