package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestPolicyAtImportAndLater(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	panes := writePanes(t, dir, "m.tsv", jaguarRow)
	if r := runBin(t, bin, db, "import", "--min", "2", "--max", "4", panes); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runBin(t, bin, db, "policy"); !strings.Contains(r.stdout, `"m": min 2, max 4 annotators per item; lease 30m0s; gold label by majority`) {
		t.Fatalf("policy after import: %q %q", r.stdout, r.stderr)
	}
	// A re-import without policy flags keeps the policy.
	runBin(t, bin, db, "import", panes)
	if r := runBin(t, bin, db, "policy", "--lease", "5m"); !strings.Contains(r.stdout, "min 2, max 4 annotators per item; lease 5m0s") {
		t.Fatalf("policy after a lease change: %q", r.stdout)
	}
	r := runBin(t, bin, db, "policy", "--max", "1")
	if r.code == 0 || !strings.Contains(r.stderr, "max 1 is below min 2") {
		t.Fatalf("bad policy: exit %d %q", r.code, r.stderr)
	}
	if r := runBin(t, bin, db, "import", "--min", "0", panes); r.code == 0 || !strings.Contains(r.stderr, "min is 0") {
		t.Fatalf("bad policy at import: exit %d %q", r.code, r.stderr)
	}
	// The median suits rating scales only; the refusal changes nothing.
	if r := runBin(t, bin, db, "policy", "--gold", "median"); r.code == 0 || !strings.Contains(r.stderr, "median rule is for rating scales") {
		t.Fatalf("median on MIMICS: exit %d %q", r.code, r.stderr)
	}
	if r := runBin(t, bin, db, "policy", "--gold", "mode"); r.code == 0 || !strings.Contains(r.stderr, `gold rule "mode"`) {
		t.Fatalf("unknown rule: exit %d %q", r.code, r.stderr)
	}
	if r := runBin(t, bin, db, "policy"); !strings.Contains(r.stdout, "lease 5m0s; gold label by majority") {
		t.Fatalf("policy after refusals: %q", r.stdout)
	}
}

// Roles from the command line: the first user of a new database is a lead,
// who may give roles; an annotator is refused adjudication before any
// screen opens.
func TestAnnotatorsAndAdjudicateCommands(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	db := filepath.Join(t.TempDir(), "c.db")
	me := osUser()
	if r := runBin(t, bin, db, "import", writePanes(t, t.TempDir(), "panes.tsv", jaguarRow)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	r := runBin(t, bin, db, "annotators")
	if r.code != 0 || !strings.Contains(r.stdout, me) || !strings.Contains(r.stdout, "lead") {
		t.Fatalf("list: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "adjudicator"); r.code != 0 || !strings.Contains(r.stderr, "ana is now adjudicator") {
		t.Fatalf("set role: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "boss"); r.code == 0 || !strings.Contains(r.stderr, "boss") {
		t.Fatalf("bad role: %+v", r)
	}
	if r := runBin(t, bin, db, "--as", "bo", "adjudicate"); r.code == 0 || !strings.Contains(r.stderr, "bo is not an annotator yet") {
		t.Fatalf("--as someone not yet an annotator: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "bo", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add bo: %+v", r)
	}
	r = runBin(t, bin, db, "--as", "bo", "adjudicate")
	if r.code == 0 || !strings.Contains(r.stderr, "adjudication is for adjudicators and leads; bo's role is annotator") {
		t.Fatalf("an annotator adjudicating: %+v", r)
	}
	r = runBin(t, bin, db, "annotators")
	roles := map[string]string{}
	for _, l := range strings.Split(r.stdout, "\n") {
		if f := strings.Fields(l); len(f) == 3 {
			roles[f[0]] = f[1]
		}
	}
	if roles["ana"] != "adjudicator" || roles["bo"] != "annotator" || roles[me] != "lead" {
		t.Fatalf("roles after: %v", roles)
	}
}

// The median rule is a ratings kind's: every scale step on an ordered
// scale of three or more points. A file whose first step rates 1-5 but
// whose second is an ordered yes/no is refused it (before, the first step
// alone decided), and the database is unchanged; with the 1-5 step alone
// it is taken.
func TestMedianNeedsEveryStepRated(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	rated := `name = "use"
title = "Usefulness"
items = "questions"

[item]
header = ["query", "question"]
id = ["query", "question"]
text = ["query", "question"]

[[scale]]
name = "use"
values = [1, 2, 3, 4, 5]
keys = ["1", "2", "3", "4", "5"]
names = ["useless", "poor", "fair", "good", "very useful"]

[[step]]
title = "Usefulness"
unit = "usefulness"
show = ["query", "question"]
scale = "use"
`
	mixed := strings.Replace(rated, `name = "use"`+"\ntitle", `name = "use-ok"`+"\ntitle", 1) + `
[[scale]]
name = "ok"
values = [0, 1]
keys = ["0", "1"]
names = ["not ok", "ok"]

[[step]]
title = "Acceptable"
unit = "acceptable"
show = ["query", "question"]
scale = "ok"
`
	rows := "query\tquestion\njaguar\tThe car or the cat?\n"
	for _, c := range []struct{ name, toml string }{{"use", rated}, {"use-ok", mixed}} {
		if r := tm.run(t, "", "", "import", "--protocol", tm.file(t, c.name+".toml", c.toml), "--dataset", c.name, tm.file(t, c.name+".tsv", rows)); r.code != 0 {
			t.Fatalf("import %s: %+v", c.name, r)
		}
	}
	before := tm.fingerprint(t)
	if r := tm.run(t, "", "", "policy", "--dataset", "use-ok", "--gold", "median"); r.code == 0 || !strings.Contains(r.stderr, "median rule is for rating scales") {
		t.Errorf("median on a 1-5 step and an ordered yes/no: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused policy changed the database")
	}
	if r := tm.run(t, "", "", "policy", "--dataset", "use", "--gold", "median"); r.code != 0 {
		t.Errorf("median on a 1-5 step: %+v", r)
	}
}
