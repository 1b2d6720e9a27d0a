-- 0015: each HIT's revision.
--
-- The same annotator may have one HIT open in two windows. A key in a
-- window that still shows what the other has since changed or finished
-- wrote a label on top of it, unseen. Every write of a HIT's labels (a
-- key, an undo, a merge, a practice retry) now adds one to its rev, and a
-- screen's key says which rev it loaded: SetLabel refuses one that is
-- out of date (store.ErrStale), and the screen reloads. A repeat's
-- second answer keeps its own.
ALTER TABLE hits ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE repeats ADD COLUMN rev INTEGER NOT NULL DEFAULT 0;

-- The policy's max when claritty handed the HIT out (NULL: it did not:
-- merged from elsewhere, practice, or given before this column). Work
-- merged from another database may leave an item past its max, and a
-- lead may lower the max later; neither is claritty's fault, so `check`
-- holds claritty to the max it applied each time it gave a HIT out.
ALTER TABLE hits ADD COLUMN claimed_max INTEGER;

-- Figures shown below the lead role need this many items (or to rest on
-- the reader's own finished items only): a mean over one pane is that
-- pane's gold (store.Blind, claritty policy --withhold-below).
ALTER TABLE datasets ADD COLUMN withhold_below INTEGER NOT NULL DEFAULT 5;
