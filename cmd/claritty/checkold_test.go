package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// check runs no migration: on a file an older claritty left (here one from
// before migration 0025, so before arms and triage too), with settled
// labels and an agreement table to recount, every check runs and passes.
func TestCheckAFileFromBeforeArms(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, bin, db, "import", writePanes(t, dir, "panes.tsv", jaguarRow)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	old := filepath.Join(dir, "old.db")
	beforeArenaRule(t, db, old)
	r := runBin(t, bin, old, "check")
	if r.code != 0 || !strings.Contains(r.stdout+r.stderr, "agreement table") {
		t.Fatalf("check of a file from before arms: %+v", r)
	}
}
