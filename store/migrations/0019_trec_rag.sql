-- 0019: TREC RAG nugget assessment (castorini/nuggetizer).
--
-- A nugget may be graded vital or okay, as nuggetizer's create step and
-- TREC 2024 RAG grade them ('' for a Clarify-Then-Search nugget, which
-- has a weight instead); the four nuggetizer scores read it. An answer
-- keeps the response_length its answers file gave (NULL when none), which
-- nuggetizer's assign output carries.
ALTER TABLE nuggets ADD COLUMN importance TEXT NOT NULL DEFAULT '' CHECK (importance IN ('', 'vital', 'okay'));
ALTER TABLE answers ADD COLUMN response_length INTEGER CHECK (response_length IS NULL OR response_length >= 0);
