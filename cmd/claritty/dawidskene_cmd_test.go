package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// slowFit is five requests judged by four annotators on which
// Dawid–Skene's EM has not settled after 200,000 rounds (found by search;
// the agreement package's cap is 100,000): unit, annotator, yes.
var slowFit = [][3]int{{0, 0, 1}, {0, 3, 1}, {1, 0, 0}, {1, 1, 1}, {1, 2, 0}, {1, 3, 1}, {2, 1, 1},
	{3, 0, 0}, {3, 2, 0}, {3, 3, 0}, {4, 0, 1}, {4, 1, 1}, {4, 2, 0}, {4, 3, 0}}

// A Dawid–Skene gold from a fit that did not converge cannot be made or
// exported silently: policy refuses it without --allow-unconverged, and
// the gold export marks every such label and warns on stderr.
func TestUnconvergedDawidSkeneGold(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var reqs, labels strings.Builder
	for u := range 5 {
		fmt.Fprintf(&reqs, `{"id": "r%d", "request": "request %d"}`+"\n", u, u)
	}
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for _, l := range slowFit {
		fmt.Fprintf(&labels, "r%d\tnecessity\tann%d\t%s\n", l[0], l[1], map[int]string{0: "no", 1: "yes"}[l[2]])
	}
	for _, f := range []string{write("req.jsonl", reqs.String()), write("l.tsv", labels.String())} {
		if r := runBin(t, bin, db, "import", "--dataset", "nec", f); r.code != 0 {
			t.Fatalf("import %s: %q", f, r.stderr)
		}
	}
	before := dbBytes(t, db)
	if r := runBin(t, bin, db, "import", "--dataset", "nec", "--gold", "dawid-skene", filepath.Join(dir, "req.jsonl")); r.code == 0 ||
		!strings.Contains(r.stderr, "claritty policy") {
		t.Errorf("import --gold dawid-skene skips the convergence check: %d %q", r.code, r.stderr)
	}
	r := runBin(t, bin, db, "policy", "--dataset", "nec", "--gold", "dawid-skene")
	if r.code == 0 || !strings.Contains(r.stderr, "does not converge") || !strings.Contains(r.stderr, "--allow-unconverged") {
		t.Fatalf("policy --gold dawid-skene on a fit that does not converge: %d %q", r.code, r.stderr)
	}
	if string(dbBytes(t, db)) != string(before) {
		t.Error("a refused policy changed the database")
	}
	// Over SSH, the lead's same command is refused the same way.
	signer, pub := sshKey(t, dir, "lead")
	if r := runBin(t, bin, db, "annotators", osUser(), "--key-file", pub); r.code != 0 {
		t.Fatalf("register the lead's key: %q", r.stderr)
	}
	c, err := sshDial(t, startServe(t, db).addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := sshRun(t, c, "", "policy --dataset nec --gold dawid-skene"); r.code == 0 || !strings.Contains(r.stderr, "does not converge") {
		t.Errorf("over SSH: %d %q", r.code, r.stderr)
	}
	if r := runBin(t, bin, db, "policy", "--dataset", "nec", "--gold", "dawid-skene", "--allow-unconverged"); r.code != 0 {
		t.Fatalf("--allow-unconverged: %q", r.stderr)
	}
	r = runBin(t, bin, db, "export", "--format", "gold", "--dataset", "nec", "--include-incomplete")
	if r.code != 0 || !strings.Contains(r.stderr, "WARNING: 5 units' gold comes from a Dawid–Skene fit that did not converge") {
		t.Fatalf("gold export: %d %q", r.code, r.stderr)
	}
	rows := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if rows[0] != "item\tunit\tlabel\tprovenance\tvotes\tadjudicator\tposterior\tby_vote\tfit" || len(rows) != 6 {
		t.Fatalf("gold export:\n%s", r.stdout)
	}
	for _, row := range rows[1:] {
		if !strings.HasSuffix(row, "\tnot converged") {
			t.Errorf("row %q is not marked", row)
		}
	}
	q := runBin(t, bin, db, "annotators", "--quality", "--dataset", "nec").stdout
	if !strings.Contains(q, "100000 iterations") || !strings.Contains(q, "NOT CONVERGED") {
		t.Errorf("quality report:\n%s", q)
	}
}
