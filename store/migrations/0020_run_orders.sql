-- 0020: a judge run that judged each pair in both orders (arena-hard-auto's
-- judgments: the baseline first, then the model first). Its labels are the
-- two verdicts together; how many pairs it judged both ways, and in how
-- many of them the verdict changed with the order, are kept with the run,
-- for its flip rate. NULL for every other run.
ALTER TABLE runs ADD COLUMN order_pairs INTEGER CHECK (order_pairs IS NULL OR order_pairs >= 0);
ALTER TABLE runs ADD COLUMN order_flips INTEGER CHECK (order_flips IS NULL OR order_flips BETWEEN 0 AND order_pairs);
