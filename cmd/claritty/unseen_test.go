package main

import (
	"context"
	"crypto/sha256"
	"database/sql"
	beuint "encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
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

// workArms has each of names (annotators already) take and finish every
// HIT the dataset gives them, as the HIT screen does: NextHIT draws their
// arm, then a label per unit, the last finishing the HIT.
func workArms(t *testing.T, db, dataset string, names ...string) {
	t.Helper()
	workArmsWith(t, db, dataset, func(k, arm, seq, unit int) int { return (seq + k*(unit%2)) % 3 }, names...)
}

// workArmsWith is workArms with each label value(k, arm, seq, unit): the
// annotator's place in names, their arm, the item's seq and the unit's
// place in the HIT.
func workArmsWith(t *testing.T, db, dataset string, value func(k, arm, seq, unit int) int, names ...string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	items := map[int64]store.Item{}
	if err := st.EachItem(ctx, ds.ID, func(it store.Item) error { items[it.ID] = it; return nil }); err != nil {
		t.Fatal(err)
	}
	for k, name := range names {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for {
			id, ok, _, err := st.NextHIT(ctx, ds.ID, an.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			var arm int
			if err := conn.QueryRowContext(ctx, `SELECT arm_seq FROM annotator_arms WHERE annotator_id = ?`, an.ID).Scan(&arm); err != nil {
				t.Fatal(err)
			}
			it := items[id]
			units := guidelines.MIMICS.Units(it.Shape(0))
			for i, u := range units {
				v := value(k, arm, it.Seq, i)
				if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: an.ID, Unit: u, Value: &v,
					Seconds: 2, Finish: i == len(units)-1}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// On a dataset with arms (gold from the blind arm), agree --pairs and
// agree --json list no annotator or pair below the lead, as another OS
// user, an adjudicator or over SSH: their rows were the blind arm's, which
// told anyone that there are arms and who is in which. They say the
// figures are withheld; the lead's list them.
func TestAgreeListsNoAnnotatorBelowTheLeadWithArms(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := armsPlace(t, "blind=2, after:"+armsRunName+"=2")
	signer, pub := sshKey(t, dir, "sam")
	for _, p := range [][]string{{"games", "annotator"}, {"sam", "annotator", "--key-file", pub}, {"wren", "annotator"},
		{"heron", "annotator"}, {"eve", "adjudicator"}} {
		if r := runBin(t, bin, db, append([]string{"annotators", p[0], "--role"}, p[1:]...)...); r.code != 0 {
			t.Fatalf("add %s: %+v", p[0], r)
		}
	}
	workArms(t, db, "study", "games", "sam", "wren", "heron")
	shareDB(db)
	names := []string{"games", "sam", "wren", "heron"}
	lead := runBin(t, bin, db, "agree", "--dataset", "study", "--json")
	if pairs, _ := jsonAt(decodeJSON(t, "lead", lead.stdout), "pairs"); lead.code != 0 || pairs == nil || len(pairs.([]any)) == 0 {
		t.Fatalf("the lead's agree --json lists no pairs: %+v", lead)
	}
	check := func(who string, text, js result) {
		t.Helper()
		doc := decodeJSON(t, who, js.stdout)
		for _, key := range []string{"pairs", "annotators"} {
			if v, ok := jsonAt(doc, key); ok && v != nil && len(v.([]any)) > 0 {
				t.Errorf("%s's agree --json lists %s: %v", who, key, v)
			}
		}
		if w, _ := jsonAt(doc, "withheld"); !strings.Contains(fmt.Sprint(w), "each annotator's figures") {
			t.Errorf("%s's agree --json does not say the annotators' figures are withheld: %v", who, w)
		}
		for _, name := range names {
			if strings.Contains(text.stdout, name) {
				t.Errorf("%s's agree --pairs names %s:\n%s", who, name, text.stdout)
			}
		}
		if text.code != 0 || js.code != 0 || !strings.Contains(text.stdout, "each annotator's figures") {
			t.Errorf("%s: agree --pairs %+v, --json code %d", who, text, js.code)
		}
	}
	as := func(args ...string) result {
		return run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
	}
	before := dbBytes(t, db)
	check("games", as("agree", "--dataset", "study", "--pairs"), as("agree", "--dataset", "study", "--json"))
	check("eve", runBin(t, bin, db, "--as", "eve", "agree", "--dataset", "study", "--pairs"),
		runBin(t, bin, db, "--as", "eve", "agree", "--dataset", "study", "--json"))
	// The quality report (an adjudicator's too) lists no annotator either:
	// a row's gold checks and agreement with gold tell its arm; a lead's
	// lists them all.
	for _, args := range [][]string{{"annotators", "--quality", "--dataset", "study"}, {"annotators", "--quality", "--dataset", "study", "--json"}} {
		q := runBin(t, bin, db, append([]string{"--as", "eve"}, args...)...)
		if q.code != 0 || !strings.Contains(q.stdout, "each annotator's figures") {
			t.Errorf("eve's %v: %+v", args, q)
		}
		for _, name := range names {
			if strings.Contains(q.stdout, name) {
				t.Errorf("eve's %v names %s:\n%s", args, name, q.stdout)
			}
		}
		if l := runBin(t, bin, db, args...); l.code != 0 || !strings.Contains(l.stdout, "heron") {
			t.Errorf("the lead's %v: %+v", args, l)
		}
	}
	srv := startServe(t, db)
	c, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	check("sam over SSH", sshRun(t, c, "", "agree --dataset study --pairs"), sshRun(t, c, "", "agree --dataset study --json"))
	if dbBytes(t, db) != before {
		t.Error("reading figures changed the database")
	}
}

// seedInStats is the seed the lead's stats --json gives the dataset's triage.
func seedInStats(t *testing.T, bin, db string) string {
	t.Helper()
	j := runBin(t, bin, db, "stats", "--dataset", "p", "--json")
	var doc struct {
		Triage struct{ Seed json.Number }
	}
	dec := json.NewDecoder(strings.NewReader(j.stdout))
	dec.UseNumber() // a 63-bit seed is past a float64's exact integers
	if err := dec.Decode(&doc); err != nil || j.code != 0 || doc.Triage.Seed == "" {
		t.Fatalf("stats --json has no triage/seed (%v): %+v", err, j)
	}
	return doc.Triage.Seed.String()
}

// Without --seed, triage's audit draw takes a random seed, a new one each
// time (it was 1, so anyone knowing the judge items could redo the
// documented draw and find the audits); policy and stats --json show it to
// the lead; --seed N still gives N.
func TestTriageSeedIsRandomByDefault(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	var seeds []string
	for i := range 2 {
		dir := t.TempDir()
		db := filepath.Join(dir, "c.db")
		uids := triageDB(t, bin, dir, db)
		r := runBin(t, bin, db, "policy", "--dataset", "p", "--triage", "judge", "--confidence", "0.9", "--audit", "0.5")
		if r.code != 0 {
			t.Fatalf("policy --triage: %+v", r)
		}
		seed := seedInStats(t, bin, db)
		// The draw is the documented one under the seed drawn: the four
		// sure panes audited where SHA-256 of "SEED:UID" falls below 0.5.
		audited := 0
		for _, uid := range uids[:4] {
			h := sha256.Sum256([]byte(seed + ":" + uid))
			if float64(beuint.BigEndian.Uint64(h[:8]))/math.Pow(2, 64) < 0.5 {
				audited++
			}
		}
		j := runBin(t, bin, db, "stats", "--dataset", "p", "--json")
		if got, _ := jsonAt(decodeJSON(t, "lead", j.stdout), "triage/audited_items"); got != float64(audited) {
			t.Errorf("seed %s: stats --json audits %v panes, the seed's draw %d", seed, got, audited)
		}
		if p := runBin(t, bin, db, "policy", "--dataset", "p"); !strings.Contains(p.stdout, "seed "+seed+")") {
			t.Errorf("policy does not show the seed %s: %+v", seed, p)
		}
		seeds = append(seeds, seed)
		if i == 1 {
			if r := runBin(t, bin, db, triageArgs...); r.code != 0 || seedInStats(t, bin, db) != triageSeed {
				t.Errorf("--seed %s gave seed %s (%+v)", triageSeed, seedInStats(t, bin, db), r)
			}
		}
	}
	if seeds[0] == "1" || seeds[1] == "1" || seeds[0] == seeds[1] {
		t.Errorf("seeds without --seed: %v, want two random ones", seeds)
	}
}

// An annotator's labels file (another OS user's, their own name) with a
// row on a judge item is refused at that row as on any item with no room
// for them, saying nothing of the judge or triage; the database unchanged.
func TestMergeRefusesJudgeItemBelowTheLead(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	triageDB(t, bin, dir, db)
	args := append([]string(nil), triageArgs...)
	args[len(args)-3] = "0"
	if r := runBin(t, bin, db, args...); r.code != 0 {
		t.Fatalf("policy --triage: %+v", r)
	}
	judged := judgeUIDs(t, bin, db)
	if r := runBin(t, bin, db, "annotators", "games", "--role", "annotator"); r.code != 0 {
		t.Fatalf("games: %+v", r)
	}
	path := filepath.Join(dir, "mine.tsv")
	if err := os.WriteFile(path, []byte("item\tunit\tannotator\tlabel\n"+judged[0]+"\tquestion\tgames\t1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o644)
	shareDB(db)
	before := dbBytes(t, db)
	r := run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, "import", "--format", "labels", path))
	if low := strings.ToLower(r.stderr + r.stdout); r.code == 0 || !strings.Contains(r.stderr, path+":2: ") ||
		strings.Contains(low, "judge") || strings.Contains(low, "triage") {
		t.Errorf("an annotator's label on a judge item: want a refusal at line 2 naming no judge, got %+v", r)
	}
	if dbBytes(t, db) != before {
		t.Error("refused, yet the database changed")
	}
}

// An adjudicator's adjudication session over SSH lists, on a unit the
// blind arm ties, the blind arm's annotators only, never the after arm's
// (who saw the run's label).
func TestSSHAdjudicationListsTheBlindArm(t *testing.T) {
	t.Parallel()
	dir, bin, db := armsPlace(t, "blind=2, after:"+armsRunName+"=2")
	names := []string{"wren", "heron", "finch", "plover"}
	for _, name := range names {
		if r := runBin(t, bin, db, "annotators", name, "--role", "annotator"); r.code != 0 {
			t.Fatalf("add %s: %+v", name, r)
		}
	}
	byArm := map[int][]string{}
	workArmsWith(t, db, "study", func(k, arm, seq, unit int) int {
		if !slices.Contains(byArm[arm], names[k]) {
			byArm[arm] = append(byArm[arm], names[k])
		}
		if arm == 0 && byArm[0][0] == names[k] {
			return 0 // the blind arm ties: 0 against 2
		}
		return 2
	}, names...)
	if len(byArm[0]) != 2 || len(byArm[1]) != 2 {
		t.Fatalf("arms %v", byArm)
	}
	signer, pub := sshKey(t, dir, "adam")
	if r := runBin(t, bin, db, "annotators", "adam", "--role", "adjudicator", "--key-file", pub); r.code != 0 {
		t.Fatalf("adam: %+v", r)
	}
	srv := startServe(t, db)
	c, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	term := terminalRunning(t, c, 120, 40, "adjudicate --dataset study")
	term.waitFor(t, "label 2") // the blind arm's two labels, unnamed
	s := ansi.Strip(term.screen.String())
	// As many labels listed as the tally counts (the gold voters': the
	// blind arm's, and a release's): the after arm's would be more.
	tally := 0
	for _, m := range regexp.MustCompile(`(\d+)× `).FindAllStringSubmatch(s, -1) {
		n, _ := strconv.Atoi(m[1])
		tally += n
	}
	if listed := len(regexp.MustCompile(`label \d+ `).FindAllString(s, -1)); tally == 0 || listed != tally {
		t.Errorf("the adjudicator's session lists %d labels on a unit whose tally counts %d:\n%s", listed, tally, s)
	}
	for _, name := range append(byArm[0], byArm[1]...) {
		if strings.Contains(s, name) {
			t.Errorf("the adjudicator's session names annotator %s:\n%s", name, s)
		}
	}

}

// policy --triage routes an item whose only HIT was given back with no
// label, as the HIT screen gives it back: it is no one's work, and
// claritty check stays clean after.
func TestTriageCLIRoutesAGivenBackItem(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin, db := binary(t), filepath.Join(dir, "c.db")
	triageDB(t, bin, dir, db)
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "p")
	if err == nil {
		var ana store.Annotator
		if ana, err = st.EnsureAnnotator(ctx, "ana"); err == nil {
			var id int64
			if id, _, _, err = st.NextHIT(ctx, d.ID, ana.ID, 0); err == nil {
				err = st.SkipHIT(ctx, id, ana.ID, store.SkipGiveBack)
			}
		}
	}
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	r := runBin(t, bin, db, triageArgs...)
	if r.code != 0 || !strings.Contains(r.stdout, "triage routed the 6 items nobody had: ") || !strings.Contains(r.stdout, "0 items someone had kept") {
		t.Errorf("policy --triage: %+v", r)
	}
	if c := runBin(t, bin, db, "check"); c.code != 0 {
		t.Errorf("check: %+v", c)
	}
}
