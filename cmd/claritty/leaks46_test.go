package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
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

// labelledPanes is stats --json's count of panes with gold labels.
func labelledPanes(t *testing.T, who, stdout string) any {
	t.Helper()
	n, ok := jsonAt(decodeJSON(t, who, stdout), "basis/labelled_panes")
	if !ok {
		t.Errorf("%s: stats --json has no basis/labelled_panes: %s", who, stdout)
	}
	return n
}

// Below the lead, stats rest on no judge gold: the four panes triage gave
// the judge have no gold for an annotator or an adjudicator, as another OS
// user or over SSH, while the lead's stats count them.
func TestStatsGiveNoJudgeGoldBelowTheLead(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	triageDB(t, bin, dir, db)
	args := append([]string(nil), triageArgs...)
	args[len(args)-3] = "0" // --audit 0: every sure pane goes to the judge
	if r := runBin(t, bin, db, args...); r.code != 0 {
		t.Fatalf("policy --triage: %+v", r)
	}
	if n := labelledPanes(t, "lead", runBin(t, bin, db, "stats", "--dataset", "p", "--json").stdout); n != 4.0 {
		t.Errorf("the lead's stats: %v labelled panes, want the 4 judge panes", n)
	}
	signers := map[string]gossh.Signer{}
	for name, role := range map[string]string{"ana": "annotator", "adam": "adjudicator"} {
		signer, pub := sshKey(t, dir, name)
		if r := runBin(t, bin, db, "annotators", name, "--role", role, "--key-file", pub); r.code != 0 {
			t.Fatalf("add %s: %+v", name, r)
		}
		signers[name] = signer
	}
	for _, role := range []string{"annotator", "adjudicator"} {
		if r := runBin(t, bin, db, "annotators", "games", "--role", role); r.code != 0 {
			t.Fatalf("games %s: %+v", role, r)
		}
		shareDB(db)
		r := run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, "stats", "--dataset", "p", "--json"))
		if n := labelledPanes(t, role, r.stdout); r.code != 0 || n != 0.0 {
			t.Errorf("%s's stats: %v labelled panes, want 0 (%+v)", role, n, r)
		}
	}
	srv := startServe(t, db)
	for name, signer := range signers {
		c, err := sshDial(t, srv.addr, signer)
		if err != nil {
			t.Fatal(err)
		}
		r := sshRun(t, c, "", "stats --dataset p --json")
		if n := labelledPanes(t, name, r.stdout); r.code != 0 || n != 0.0 {
			t.Errorf("%s over SSH: %v labelled panes, want 0 (%+v)", name, n, r)
		}
		c.Close()
	}
}
