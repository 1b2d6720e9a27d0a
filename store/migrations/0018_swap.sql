-- 0018: swapped repeats of a blinded comparison.
--
-- Arena-Hard judges every pair twice, the sides swapped, and counts how
-- often the verdict survives the swap. A compare dataset's policy may now
-- hand a judge, at swap_rate, a pair they finished with its sides the
-- other way round, unannounced, as a repeat: the second verdict is kept in
-- repeat_labels like any repeat's, and the quality report sets the two
-- side by side (position consistency) instead of counting them as plain
-- self-consistency.
ALTER TABLE repeats ADD COLUMN swapped INTEGER NOT NULL DEFAULT 0 CHECK (swapped IN (0, 1));
ALTER TABLE datasets ADD COLUMN swap_rate REAL NOT NULL DEFAULT 0 CHECK (swap_rate BETWEEN 0 AND 1);
