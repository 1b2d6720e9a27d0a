package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestPolicyAtImportAndLater(t *testing.T) {
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	panes := writePanes(t, dir, "m.tsv", jaguarRow)
	if r := runBin(t, bin, db, "import", "--min", "2", "--max", "4", panes); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runBin(t, bin, db, "policy"); !strings.Contains(r.stdout, `"m": min 2, max 4 annotators per pane; lease 30m0s`) {
		t.Fatalf("policy after import: %q %q", r.stdout, r.stderr)
	}
	// A re-import without policy flags keeps the policy.
	runBin(t, bin, db, "import", panes)
	if r := runBin(t, bin, db, "policy", "--lease", "5m"); !strings.Contains(r.stdout, "min 2, max 4 annotators per pane; lease 5m0s") {
		t.Fatalf("policy after a lease change: %q", r.stdout)
	}
	r := runBin(t, bin, db, "policy", "--max", "1")
	if r.code == 0 || !strings.Contains(r.stderr, "max 1 is below min 2") {
		t.Fatalf("bad policy: exit %d %q", r.code, r.stderr)
	}
	if r := runBin(t, bin, db, "import", "--min", "0", panes); r.code == 0 || !strings.Contains(r.stderr, "min is 0") {
		t.Fatalf("bad policy at import: exit %d %q", r.code, r.stderr)
	}
}
