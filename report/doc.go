// Package report computes what the labels say and prints it: gold labels
// and their provenance (and the gold exports), agreement studies from a
// dataset's labels or its kept table, the MIMICS paper's and ClariMM's
// tables, benchmark runs scored against the gold, referral of panes with
// low agreement, and the text renderers of these for `claritty agree`,
// `stats` and `bench`. It reads the store; it never reads a dataset file.
package report
