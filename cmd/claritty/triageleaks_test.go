package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// judgeUIDs are the items the gold export says the judge settles.
func judgeUIDs(t *testing.T, bin, db string) []string {
	t.Helper()
	g := runBin(t, bin, db, "export", "--dataset", "p", "--format", "gold")
	if g.code != 0 {
		t.Fatalf("export gold: %+v", g)
	}
	seen := map[string]bool{}
	var uids []string
	for _, line := range strings.Split(g.stdout, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 3 && strings.Contains(line, "\tjudge") && !seen[f[0]] {
			seen[f[0]] = true
			uids = append(uids, f[0])
		}
	}
	return uids
}

// A lead's labels file with a row on an item triage gave the judge is
// refused at that row's line, the database unchanged; claritty check
// stays clean. (It was merged, and check then found a HIT on a judge item.)
func TestMergeRefusesJudgeItem(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin, db := binary(t), filepath.Join(dir, "c.db")
	uids := triageDB(t, bin, dir, db)
	args := append([]string(nil), triageArgs...)
	args[len(args)-3] = "0" // --audit 0: every sure pane goes to the judge
	if r := runBin(t, bin, db, args...); r.code != 0 {
		t.Fatalf("policy --triage: %+v", r)
	}
	judged := judgeUIDs(t, bin, db)
	if len(judged) != 4 {
		t.Fatalf("judge items %v, want the 4 sure panes", judged)
	}
	body := "item\tunit\tannotator\tlabel\n" + uids[5] + "\tquestion\tana\t1\n" + judged[0] + "\tquestion\tana\t1\n"
	path := filepath.Join(dir, "labels.tsv")
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	before := dbBytes(t, db)
	r := runBin(t, bin, db, "import", "--format", "labels", path)
	want := path + ":3: item " + judged[0] + " is settled by the judge (policy --triage)"
	if r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("import a label on a judge item: want %q, got %+v", want, r)
	}
	if dbBytes(t, db) != before {
		t.Error("refused, yet the database changed")
	}
	if c := runBin(t, bin, db, "check"); c.code != 0 {
		t.Errorf("check: %+v", c)
	}
}
