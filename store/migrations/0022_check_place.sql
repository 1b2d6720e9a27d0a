-- 0022: a gold check is shown as the HIT it takes the place of (issue 42).
-- Its own item's number (1, 2, … in the check dataset) would give it away,
-- and a number the screen made up was lost with the session: on the next
-- one the check read "HIT 1". The number of the task HIT it replaced is kept
-- on its HIT row when it is handed out, so every session shows the same.
-- NULL on every other HIT (and on checks handed out before this).
ALTER TABLE hits ADD COLUMN shown_seq INTEGER;
