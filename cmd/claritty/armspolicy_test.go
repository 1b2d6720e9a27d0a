package main

import (
	"context"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
)

// armsStudy imports the demo panes as dataset "study" into db, with the
// labels run "gpt" of one label, as the lead (lead runs the binary as
// them); a dataset nobody has had a HIT on, so arms may be set.
func armsStudy(t *testing.T, dir, db string, lead func(args ...string) result) {
	t.Helper()
	write := fileWriter(t, dir)
	if r := lead("import", "--dataset", "study", write("study.tsv", datatest.DemoFile(t, "demo/demo.tsv"))); r.code != 0 {
		t.Fatalf("import the study: %+v", r)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(context.Background(), "study")
	if err != nil {
		t.Fatal(err)
	}
	var uid string
	st.EachItem(context.Background(), d.ID, func(it store.Item) error {
		if uid == "" {
			uid = it.UID
		}
		return nil
	})
	st.Close()
	if r := lead("bench", "add", "--kind", "labels", "--name", "gpt", "--dataset", "study", write("gpt.run", uid+" question 2\n")); r.code != 0 {
		t.Fatalf("add the run: %+v", r)
	}
}

// noArms fails when what a reader below the lead was shown names the
// arms, the run or the blind arm.
func noArms(t *testing.T, what, out string) {
	t.Helper()
	for _, w := range []string{"arm", "blind", "gpt", "after:", "before:"} {
		if strings.Contains(strings.ToLower(out), w) {
			t.Errorf("%s names %q:\n%s", what, w, out)
		}
	}
}

// A lead sets a study's arms and whose labels its gold comes from, and
// sees them; --min beside arms, or on a dataset with arms, is refused with
// the reason, and the arms are fixed once a HIT is handed out (clearing
// them refused then), the database unchanged each time; gold-from may
// still change. An annotator's view of the policy says nothing of arms.
func TestPolicyArmsByTheLead(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	lead := func(args ...string) result { t.Helper(); return tm.run(t, "", "", args...) }
	armsStudy(t, tm.dir, tm.db, lead)
	r := lead("policy", "--dataset", "study", "--arms", "blind=3, after:gpt=2")
	if r.code != 0 || !strings.Contains(r.stdout, `"study": min 5, max 5 annotators per item`) ||
		!strings.Contains(r.stdout, "arms: blind=3, after:gpt=2 (each item exactly 5 annotators); gold from the blind arm") {
		t.Fatalf("the lead sets arms: %+v", r)
	}
	refusedWith := func(msg string, args ...string) {
		t.Helper()
		before := dbBytes(t, tm.db)
		r := lead(args...)
		if r.code == 0 || !strings.Contains(r.stderr, msg) {
			t.Errorf("%v: want a refusal saying %q, got %+v", args, msg, r)
		}
		if dbBytes(t, tm.db) != before {
			t.Errorf("%v: refused, yet the database changed", args)
		}
	}
	refusedWith("the dataset's arms decide its min and max: each item gets exactly 5 annotators",
		"policy", "--dataset", "study", "--min", "2")
	refusedWith("the dataset's arms decide its min and max", "import", "--dataset", "study", "--min", "2", "--max", "2",
		fileWriter(t, t.TempDir())("again.tsv", datatest.DemoFile(t, "demo/demo.tsv")))
	refusedWith("--min and --max cannot go with --arms", "policy", "--dataset", "study", "--arms", "blind=2", "--max", "2")
	refusedWith(`the dataset has no run "nope"`, "policy", "--dataset", "study", "--arms", "blind=1, before:nope=1")
	refusedWith(`arm "blind" is named twice`, "policy", "--dataset", "study", "--arms", "blind=1, blind=2")
	refusedWith(`--gold-from "most": want blind or all`, "policy", "--dataset", "study", "--gold-from", "most")
	if r := tm.run(t, "ana", "", "policy", "--dataset", "study"); r.code != 0 || !strings.Contains(r.stdout, "min 5, max 5") {
		t.Errorf("ana's view of the policy: %+v", r)
	} else {
		noArms(t, "ana's view of the policy", r.stdout)
	}

	st, err := store.Open(context.Background(), tm.db)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := st.DatasetByName(context.Background(), "study")
	ana, _ := st.Actor(context.Background(), "ana", "")
	if _, ok, _, err := st.NextHIT(context.Background(), d.ID, ana.ID, 0); err != nil || !ok {
		t.Fatalf("ana's first HIT: %v %v", ok, err)
	}
	st.Close()
	refusedWith("the dataset's arms are fixed once its first HIT is handed out", "policy", "--dataset", "study", "--arms", "none")
	refusedWith("the dataset's arms are fixed once its first HIT is handed out", "policy", "--dataset", "study", "--arms", "blind=5")
	if r := lead("policy", "--dataset", "study", "--gold-from", "all"); r.code != 0 ||
		!strings.Contains(r.stdout, "arms: blind=3, after:gpt=2 (each item exactly 5 annotators); gold from every arm") {
		t.Errorf("gold from every arm: %+v", r)
	}
	// Before any HIT, --arms none ends the arms, and --min works again.
	if r := lead("policy", "--dataset", data2(t, tm, lead), "--arms", "none"); r.code != 0 || !strings.Contains(r.stdout, "arms: none") {
		t.Errorf("arms ended: %+v", r)
	}
	if r := lead("policy", "--dataset", "study2", "--min", "2", "--max", "2"); r.code != 0 {
		t.Errorf("--min after the arms ended: %+v", r)
	}
	// '' ends them too.
	if r := lead("policy", "--dataset", "study2", "--arms", "blind=1, after:gpt=1"); r.code == 0 {
		t.Errorf("an arm of a run study2 does not have: %+v", r)
	}
	if r := lead("policy", "--dataset", "study2", "--arms", "blind=4"); r.code != 0 || !strings.Contains(r.stdout, "min 4, max 4") {
		t.Errorf("study2's arms again: %+v", r)
	}
	if r := lead("policy", "--dataset", "study2", "--arms", ""); r.code != 0 || !strings.Contains(r.stdout, "arms: none") {
		t.Errorf("arms ended by '': %+v", r)
	}
}

// data2 is a second study, "study2", with arms set: for ending them
// before its first HIT.
func data2(t *testing.T, tm team, lead func(args ...string) result) string {
	t.Helper()
	write := fileWriter(t, t.TempDir())
	if r := lead("import", "--dataset", "study2", write("s2.tsv", datatest.DemoFile(t, "demo/demo.tsv"))); r.code != 0 {
		t.Fatalf("import study2: %+v", r)
	}
	if r := lead("policy", "--dataset", "study2", "--arms", "blind=3"); r.code != 0 || !strings.Contains(r.stdout, "arms: blind=3") {
		t.Fatalf("study2's arms: %+v", r)
	}
	return "study2"
}

// Setting arms or whose labels gold comes from is a lead's: games, run as
// that OS user, is refused as an annotator and as an adjudicator, with the
// database byte for byte unchanged, and their view of the policy says
// nothing of arms.
func TestArmsRefusedForAnotherOSUser(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	lead := func(args ...string) result { t.Helper(); return runBin(t, bin, db, args...) }
	armsStudy(t, dir, db, lead)
	if r := lead("policy", "--dataset", "study", "--arms", "blind=2, after:gpt=1"); r.code != 0 {
		t.Fatalf("the lead's arms: %+v", r)
	}
	as := func(args ...string) result {
		t.Helper()
		return run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
	}
	for _, role := range []string{"annotator", "adjudicator"} {
		if r := lead("annotators", "games", "--role", role); r.code != 0 {
			t.Fatalf("games as %s: %+v", role, r)
		}
		shareDB(db)
		for _, args := range [][]string{
			{"policy", "--dataset", "study", "--arms", "blind=3"},
			{"policy", "--dataset", "study", "--arms", "none"},
			{"policy", "--dataset", "study", "--gold-from", "all"},
			{"policy", "--dataset", "study", "--arms", "before:gpt=3", "--gold-from", "blind"},
		} {
			before := dbBytes(t, db)
			r := as(args...)
			if r.code == 0 || !strings.Contains(r.stderr, "needs the lead role") || r.stdout != "" {
				t.Errorf("games as %s: %v: %+v", role, args, r)
			}
			if dbBytes(t, db) != before {
				t.Errorf("games as %s: %v refused, yet the database changed", role, args)
			}
		}
		r := as("policy", "--dataset", "study")
		if r.code != 0 || !strings.Contains(r.stdout, "min 3, max 3") {
			t.Errorf("games's view as %s: %+v", role, r)
		}
		noArms(t, "games's view of the policy as "+role, r.stdout)
	}
	if r := lead("policy", "--dataset", "study"); !strings.Contains(r.stdout, "arms: blind=2, after:gpt=1 (each item exactly 3 annotators); gold from the blind arm") {
		t.Errorf("the arms after the refusals: %+v", r)
	}
}

// Over SSH, an annotator's key and an adjudicator's are refused arms and
// gold-from, the database unchanged, and see nothing of arms in the
// policy; the lead's key sets them.
func TestArmsRefusedOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	armsStudy(t, tm.dir, tm.db, func(args ...string) result { t.Helper(); return tm.run(t, "", "", args...) })
	keys := map[string]string{"ana": "annotator", "eve": "adjudicator"}
	signers := map[string]gossh.Signer{}
	for name := range keys {
		signers[name] = tm.keyFor(t, name)
	}
	leadKey := tm.keyFor(t, tm.lead)
	srv := startServe(t, tm.db)
	lc, err := sshDial(t, srv.addr, leadKey)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	if r := sshRun(t, lc, "", "policy --dataset study --arms 'blind=1, after:gpt=1'"); r.code != 0 ||
		!strings.Contains(r.stdout, "arms: blind=1, after:gpt=1 (each item exactly 2 annotators)") {
		t.Fatalf("the lead's arms over SSH: %+v", r)
	}
	for name, role := range keys {
		c, err := sshDial(t, srv.addr, signers[name])
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range []string{"policy --dataset study --arms blind=2", "policy --dataset study --arms none",
			"policy --dataset study --gold-from all"} {
			before := dbBytes(t, tm.db)
			r := sshRun(t, c, "", cmd)
			if r.code == 0 || !strings.Contains(r.stderr, "needs the lead role") {
				t.Errorf("%s (%s) over SSH: %s: %+v", name, role, cmd, r)
			}
			if dbBytes(t, tm.db) != before {
				t.Errorf("%s (%s) over SSH: %s refused, yet the database changed", name, role, cmd)
			}
		}
		r := sshRun(t, c, "", "policy --dataset study")
		if r.code != 0 || !strings.Contains(r.stdout, "min 2, max 2") {
			t.Errorf("%s's view over SSH: %+v", name, r)
		}
		noArms(t, name+"'s view of the policy over SSH", r.stdout)
		c.Close()
	}
}
