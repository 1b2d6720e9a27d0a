-- 0025: a judge run read from arena-hard-auto's judgment files keeps the
-- rule it was read by: 'both-games' (a judgment counts only with both
-- games scored, as arena-hard-auto reads them since v2.0) or 'one-game'
-- (bench add --one-game: one game scored counts by that game), and of the
-- file's lines how many the rule dropped, with no game scored and with one
-- (none with one under 'one-game'). The four are set together. NULL for
-- every other run, and for an arena run registered before this migration:
-- its rule and dropped lines were not recorded, and are said to be so.
ALTER TABLE runs ADD COLUMN arena_rule TEXT CHECK (arena_rule IS NULL OR arena_rule IN ('both-games', 'one-game'));
ALTER TABLE runs ADD COLUMN arena_lines INTEGER CHECK (arena_lines IS NULL OR arena_lines > 0);
ALTER TABLE runs ADD COLUMN arena_dropped_no_game INTEGER CHECK (arena_dropped_no_game IS NULL OR arena_dropped_no_game >= 0);
-- Its CHECK names every column, so none can be NULL alone (a comparison
-- with NULL would pass a CHECK).
ALTER TABLE runs ADD COLUMN arena_dropped_one_game INTEGER CHECK (
    arena_rule IS NULL AND arena_lines IS NULL AND arena_dropped_no_game IS NULL AND arena_dropped_one_game IS NULL
    OR arena_rule IS NOT NULL AND arena_lines IS NOT NULL AND arena_dropped_no_game IS NOT NULL AND arena_dropped_one_game IS NOT NULL
        AND arena_dropped_one_game >= 0 AND arena_dropped_no_game + arena_dropped_one_game <= arena_lines
        AND (arena_rule = 'both-games' OR arena_dropped_one_game = 0));
