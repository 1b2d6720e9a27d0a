package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
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
	c := leadOverSSH(t, bin, db, dir)
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

// Dawid–Skene judges an annotator by the others' labels on the same units:
// one who shares none (the only annotator, or one alone on their units)
// has no accuracy, which the quality report says instead of 100%, in text
// and --json, also over SSH; annotators who share units keep theirs, which
// is Σ_k p_k π_kk of the fit the report gives.
func TestDawidSkeneAloneHasNoAccuracy(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	reqs := `{"id": "r1", "request": "a"}` + "\n" + `{"id": "r2", "request": "b"}` + "\n" + `{"id": "r3", "request": "c"}` + "\n" +
		`{"id": "r4", "request": "d"}` + "\n"
	one := "item\tunit\tannotator\tlabel\nr1\tnecessity\tann\tyes\nr2\tnecessity\tann\tno\nr3\tnecessity\tann\tyes\n"
	for _, f := range []string{write("req.jsonl", reqs), write("one.tsv", one)} {
		if r := runBin(t, bin, db, "import", "--dataset", "nec", f); r.code != 0 {
			t.Fatalf("import %s: %q", f, r.stderr)
		}
	}
	const why = "no unit of theirs has another annotator's label: the fit has only theirs to judge them by"
	type dsJSON struct {
		Annotators []struct {
			Annotator  string
			DawidSkene []struct {
				Confusion [][]float64
				Accuracy  *float64
				Why       string `json:"accuracy_undefined_why"`
			} `json:"dawid_skene"`
		}
		Models []struct{ Priors []float64 } `json:"dawid_skene"`
	}
	quality := func() (string, dsJSON) {
		t.Helper()
		var q dsJSON
		r := runBin(t, bin, db, "annotators", "--quality", "--dataset", "nec", "--json")
		if err := json.Unmarshal([]byte(r.stdout), &q); err != nil {
			t.Fatal(err, r.stderr)
		}
		return runBin(t, bin, db, "annotators", "--quality", "--dataset", "nec").stdout, q
	}
	text, q := quality()
	if a := q.Annotators[0].DawidSkene[0]; a.Accuracy != nil || a.Confusion != nil || a.Why != why {
		t.Errorf("one annotator: %+v, want no accuracy and why", a)
	}
	if strings.Contains(text, "100%") || !strings.Contains(text, "ann: accuracy – ("+why+")") {
		t.Errorf("one annotator's quality report:\n%s", text)
	}
	// bo shares r1-r3 with ann; solo labels r4 alone.
	two := "item\tunit\tannotator\tlabel\nr1\tnecessity\tbo\tyes\nr2\tnecessity\tbo\tyes\nr3\tnecessity\tbo\tyes\nr4\tnecessity\tsolo\tno\n"
	if r := runBin(t, bin, db, "import", "--dataset", "nec", write("two.tsv", two)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	text, q = quality()
	for _, a := range q.Annotators {
		d := a.DawidSkene[0]
		if a.Annotator == "solo" {
			if d.Accuracy != nil || d.Why != why || !strings.Contains(text, "solo: accuracy – ("+why+")") {
				t.Errorf("solo, alone on r4: %+v\n%s", d, text)
			}
			continue
		}
		acc := 0.0
		for k, p := range q.Models[0].Priors {
			acc += p * d.Confusion[k][k]
		}
		if d.Accuracy == nil || math.Abs(*d.Accuracy-acc) > 1e-12 || d.Why != "" {
			t.Errorf("%s shares units: accuracy %v, Σ p_k π_kk %v", a.Annotator, d.Accuracy, acc)
		}
	}
	c := leadOverSSH(t, bin, db, dir)
	if r := sshRun(t, c, "", "annotators --quality --dataset nec"); !strings.Contains(r.stdout, "solo: accuracy – ("+why+")") {
		t.Errorf("over SSH: %+v", r)
	}
}

// leadOverSSH registers the OS user running the tests as the lead with a
// key made in dir, serves db, and returns the lead's SSH client (closed
// when the test ends).
func leadOverSSH(t *testing.T, bin, db, dir string) *gossh.Client {
	t.Helper()
	signer, pub := sshKey(t, dir, "lead")
	if r := runBin(t, bin, db, "annotators", osUser(), "--key-file", pub); r.code != 0 {
		t.Fatalf("register the lead's key: %q", r.stderr)
	}
	c, err := sshDial(t, startServe(t, db).addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}
