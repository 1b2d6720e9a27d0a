package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// check holds after every documented command: what it reports as a
// failure is only ever claritty's own fault. A merge of whole HITs copied
// from another annotator (twice over), which leaves panes past their
// policy's max, is merged work the merge and check report, and so is a
// max a lead lowers below what was finished.
func TestCheckHoldsAfterEveryCommand(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	mustRun := func(stdin string, args ...string) result {
		t.Helper()
		r := tm.run(t, "", stdin, args...)
		if r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		return r
	}
	check := func(after string) string {
		t.Helper()
		r := tm.run(t, "", "", "check")
		if r.code != 0 || strings.Contains(r.stdout, "FAIL") {
			t.Fatalf("check after %s: %+v", after, r)
		}
		return r.stdout
	}
	check("the demo")

	// Every HIT of one demo annotator, copied under two new names.
	labels := mustRun("", "export", "--format", "labels", "--dataset", data.DemoDataset).stdout
	lines := strings.Split(strings.TrimSpace(labels), "\n")
	rows := map[string]int{}
	who := ""
	for _, l := range lines[1:] {
		a := strings.Split(l, "\t")[2]
		if rows[a]++; rows[a] > rows[who] {
			who = a
		}
	}
	var copied strings.Builder
	copied.WriteString(lines[0] + "\n")
	for _, name := range []string{"nia", "noor"} {
		for _, l := range lines[1:] {
			if f := strings.Split(l, "\t"); f[2] == who {
				f[2] = name
				copied.WriteString(strings.Join(f, "\t") + "\n")
			}
		}
	}
	r := mustRun(copied.String(), "import", "--format", "labels", "--dataset", data.DemoDataset, "-")
	if !strings.Contains(r.stderr, "more finished HITs than their policy's max") {
		t.Fatalf("the merge does not say it left items past their max: %s", r.stderr)
	}
	out := check("a merge past the max")
	if !strings.Contains(out, "past their policy's max, which is no fault") {
		t.Fatalf("check does not note the merged work:\n%s", out)
	}
	mustRun("", "policy", "--dataset", data.DemoDataset, "--min", "1", "--max", "2")
	check("a max lowered below what was finished")
	mustRun("", "policy", "--dataset", data.DemoDataset, "--min", "3", "--max", "5", "--gold", "dawid-skene")

	dir := tm.dir
	panes := writePanes(t, dir, "more.tsv", jaguarRow, "puma\tWhich puma?\tshoes\tcat\t\t\t\t2\t1\t2\t0\t\t\t")
	for _, args := range [][]string{
		{"import", "--dataset", "extra", panes},
		{"import", "--dataset", "extra", panes}, // again: nothing added
		{"import", "--practice", "--dataset", data.DemoDataset, panes},
		{"import", "--gold-check", "--dataset", data.DemoDataset, writePanes(t, dir, "checks.tsv", jaguarRow)},
		{"policy", "--dataset", data.DemoDataset, "--qualify", "1", "--pass", "0.5", "--check-rate", "0.1", "--repeat-rate", "0.1"},
		{"annotators", "ana", "--waive", "--dataset", data.DemoDataset},
		{"annotators", "bo", "--reset", "--dataset", data.DemoDataset},
		{"annotators", "cy", "--role", "adjudicator"},
		{"annotators", "nia", "--role", "annotator", "--key-file", writeKey(t, dir, "nia")},
		{"adjudicate", "--refer-below", "0.9"},
		{"flags"},
		{"stats"},
		{"agree", "--bootstrap", "0", "--pairs"},
		{"annotators", "--quality"},
		{"bench"},
		{"export", "--format", "gold", "--out", filepath.Join(dir, "gold.tsv")},
		{"export", "--format", "mimics-manual", "--out", filepath.Join(dir, "release.tsv")},
		{"backup", "--out", filepath.Join(dir, "backup.db")},
	} {
		mustRun("", args...)
		check(strings.Join(args, " "))
	}
	// The backup checks too.
	if r := runBin(t, binary(t), filepath.Join(dir, "backup.db"), "check"); r.code != 0 {
		t.Fatalf("check of the backup: %+v", r)
	}
}

// writeKey writes a new public key file for name.
func writeKey(t *testing.T, dir, name string) string {
	t.Helper()
	_, pub := sshKey(t, dir, name)
	return pub
}
