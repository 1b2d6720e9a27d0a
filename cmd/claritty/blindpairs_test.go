package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// trioPairs is a pairs file of n requests, each with three systems' outputs:
// every request makes three pairs, req-K/alpha/beta, req-K/alpha/gamma and
// req-K/beta/gamma. "req-" appears nowhere but in their ids.
func trioPairs(n int) string {
	var b strings.Builder
	for k := range n {
		fmt.Fprintf(&b, `{"id": "req-%d", "request": "question %d", "outputs": {"alpha": "alpha says %d", "beta": "beta says %d", "gamma": "gamma says %d"}}`+"\n",
			k, k, k, k, k)
	}
	return b.String()
}

// blindID is a pair's id as an export below the lead writes it.
var blindID = regexp.MustCompile(`^pair-[0-9a-f]{16}$`)

// judged is what the test keyed on a trio dataset: per annotator, how many
// of each side they chose as they saw it (A, tie, B), and per pair uid the
// label stored (from the first system's side).
type judged struct {
	seen   map[string]map[string]int
	stored map[string]map[string]int
}

// importTrio imports n requests of three systems as the lead, into the
// dataset trio.
func (tm team) importTrio(t *testing.T, n int) {
	t.Helper()
	if r := tm.run(t, "", "", "import", "--dataset", "trio", tm.file(t, "trio.jsonl", trioPairs(n))); r.code != 0 {
		t.Fatalf("import the trio: %+v", r)
	}
}

// judgeTrio has each of who finish a HIT on every pair of trio, choosing A,
// tie and B in turn as the screen would show them, and flag the first.
func judgeTrio(t *testing.T, db string, who ...string) judged {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ds, err := st.DatasetByName(ctx, "trio")
	if err != nil {
		t.Fatal(err)
	}
	var items []store.Item
	st.EachItem(ctx, ds.ID, func(it store.Item) error { items = append(items, it); return nil })
	j := judged{seen: map[string]map[string]int{}, stored: map[string]map[string]int{}}
	for _, name := range who {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		j.seen[name], j.stored[name] = map[string]int{}, map[string]int{}
		for i, it := range items {
			sides, err := st.PairSides(ctx, it.ID)
			if err != nil {
				t.Fatal(err)
			}
			seen := []int{guidelines.PreferWin, guidelines.PreferTie, guidelines.PreferLose}[i%3] // A, tie, B
			v := seen
			if !sides.FirstIsA { // A is the second system's: A better is a loss for the first
				v = guidelines.PreferWin - seen
			}
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: "preference",
				Value: &v, Seconds: 3, Finish: true}); err != nil {
				t.Fatal(err)
			}
			j.seen[name][[]string{"B", "tie", "A"}[seen]]++
			j.stored[name][it.UID] = v
		}
		if err := st.AddFlag(ctx, items[0].ID, an.ID, "other", "odd pair"); err != nil {
			t.Fatal(err)
		}
	}
	return j
}

// labelHash hashes a database's labels and their history.
func labelHash(t *testing.T, db string) string {
	t.Helper()
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	return storetest.Fingerprint(t, storetest.DB(t, st), "labels", "label_history")
}

// checkBlindLabels checks a labels export made below the lead: each trio
// row names its pair by a blind id and gives the side seen, as many of each
// as who keyed; the request ids (which name the systems) appear nowhere.
func checkBlindLabels(t *testing.T, what, who, out string, j judged) {
	t.Helper()
	if strings.Contains(out, "req-") {
		t.Errorf("%s: %s's export names pairs by their systems:\n%s", what, who, out)
	}
	got := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Split(line, "\t")
		if len(f) < 7 || f[2] != who || f[1] != "preference" {
			continue
		}
		if !blindID.MatchString(f[0]) {
			t.Errorf("%s: %s's row names its pair %q, not by a blind id", what, who, f[0])
		}
		got[f[3]]++
	}
	if fmt.Sprint(got) != fmt.Sprint(j.seen[who]) {
		t.Errorf("%s: %s's export gives the sides %v, keyed as seen %v:\n%s", what, who, got, j.seen[who], out)
	}
}

// checkFullLabels checks a lead's labels export: each pair by its uid,
// each label from the first system's side, as stored.
func checkFullLabels(t *testing.T, what, out string, j judged) {
	t.Helper()
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n")[1:] {
		f := strings.Split(line, "\t")
		want, ok := j.stored[f[2]][f[0]]
		if !ok {
			continue
		}
		n++
		if f[3] != guidelines.Compare.LabelName(want) {
			t.Errorf("%s: the lead's row %q, want the label %s", what, line, guidelines.Compare.LabelName(want))
		}
	}
	want := 0
	for _, labels := range j.stored {
		want += len(labels)
	}
	if n != want {
		t.Errorf("%s: the lead's export has %d rows by pair uid, want %d:\n%s", what, n, want, out)
	}
}

// Below the lead, nothing names a compare item by its systems or gives a
// label from the first system's side: an annotator's and an adjudicator's
// labels export (with and without texts), their flags list, and every
// figure they may read (stats, agree --json, bench, the HTML report). The
// lead's export keeps the full ids and the stored labels.
func TestPairsStayBlindBelowLead(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	tm.importTrio(t, 4)
	j := judgeTrio(t, tm.db, "ana", "eve")
	for _, who := range []string{"ana", "eve"} {
		for _, args := range [][]string{{"export", "--dataset", "trio"}, {"export", "--format", "labels", "--with-text"}} {
			r := tm.run(t, who, "", args...)
			if r.code != 0 {
				t.Fatalf("%s %v: %+v", who, args, r)
			}
			checkBlindLabels(t, strings.Join(args, " "), who, r.stdout, j)
		}
		r := tm.run(t, who, "", "flags")
		if r.code != 0 || strings.Contains(r.stdout, "req-") || !strings.Contains(r.stdout, "pair-") {
			t.Errorf("%s's flags name a pair by its systems: %+v", who, r)
		}
		for _, args := range [][]string{{"stats", "--json", "--dataset", "trio"}, {"agree", "--json", "--bootstrap", "0", "--dataset", "trio"},
			{"agree", "--pairs", "--bootstrap", "0", "--dataset", "trio"}, {"export", "--format", "bench"}, {"bench", "--json"},
			{"report", "--dataset", "trio"}} {
			if r := tm.run(t, who, "", args...); r.code != 0 || strings.Contains(r.stdout+r.stderr, "req-") {
				t.Errorf("%s %v names a pair by its systems: %+v", who, args, r)
			}
		}
	}
	r := tm.run(t, "", "", "export", "--dataset", "trio")
	if r.code != 0 || strings.Contains(r.stdout, "pair-") {
		t.Fatalf("the lead's export: %+v", r)
	}
	checkFullLabels(t, "export", r.stdout, j)
	if r := tm.run(t, "", "", "flags"); r.code != 0 || !strings.Contains(r.stdout, "req-") {
		t.Errorf("the lead's flags: %+v", r)
	}
}

// An annotator's export merges back: into the database it came from it
// changes nothing, and into a copy taken before they judged it gives
// exactly the labels the database holds (the lead's exports of both are
// the same). A pair named by its systems, or a label from the first
// system's side, is refused to them with the database unchanged; a
// database that imported the same pairs itself (its own sides, its own key)
// refuses the file and says why.
func TestAnnotatorsPairExportMergesBack(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	tm.importTrio(t, 3)
	laptop := filepath.Join(tm.dir, "laptop.db")
	if r := tm.run(t, "", "", "backup", "--out", laptop); r.code != 0 {
		t.Fatalf("backup: %+v", r)
	}
	j := judgeTrio(t, tm.db, "ana")
	r := tm.run(t, "ana", "", "export", "--dataset", "trio")
	if r.code != 0 {
		t.Fatalf("ana's export: %+v", r)
	}
	mine := r.stdout
	checkBlindLabels(t, "export", "ana", mine, j)
	file := tm.file(t, "ana.tsv", mine)

	before := labelHash(t, tm.db)
	r = tm.run(t, "ana", "", "import", "--format", "labels", file)
	if r.code != 0 || !strings.Contains(r.stderr, fmt.Sprintf("0 added, 0 changed, %d already present", len(j.stored["ana"]))) {
		t.Errorf("ana's export merged back: %+v", r)
	}
	if labelHash(t, tm.db) != before {
		t.Error("merging ana's own export back changed the labels")
	}

	r = run(t, exec.Command(binary(t), "--db", laptop, "import", "--format", "labels", file))
	if r.code != 0 || !strings.Contains(r.stderr, fmt.Sprintf("%d added", len(j.stored["ana"]))) {
		t.Fatalf("ana's export into the copy: %+v", r)
	}
	team := tm.run(t, "", "", "export", "--dataset", "trio")
	copied := run(t, exec.Command(binary(t), "--db", laptop, "export", "--dataset", "trio"))
	if team.code != 0 || copied.code != 0 || team.stdout != copied.stdout {
		t.Errorf("the copy's labels after the merge differ from the database's:\n%s\nthe copy:\n%s", team.stdout, copied.stdout)
	}
	checkFullLabels(t, "the copy's export", copied.stdout, j)

	rows := strings.Split(strings.TrimSpace(mine), "\n")
	first := strings.Split(rows[1], "\t")
	var uid string
	for u := range j.stored["ana"] {
		uid = u
	}
	for _, c := range []struct{ row, want string }{
		{strings.Join(append([]string{uid}, first[1:]...), "\t"), "names a pair by its systems"},
		{strings.Join(append(first[:3:3], "win"), "\t") + "\t" + strings.Join(first[4:], "\t"), "the first system's side is for leads"},
		{strings.Join(append(first[:3:3], "lose"), "\t") + "\t" + strings.Join(first[4:], "\t"), "the first system's side is for leads"},
	} {
		bad := tm.file(t, "bad.tsv", rows[0]+"\n"+c.row+"\n")
		before := tm.fingerprint(t)
		r := tm.run(t, "ana", "", "import", "--format", "labels", bad)
		if r.code == 0 || !strings.Contains(r.stderr, bad+":2:") || !strings.Contains(r.stderr, c.want) {
			t.Errorf("ana merging %q: %+v", c.row, r)
		}
		if tm.fingerprint(t) != before {
			t.Errorf("ana merging %q: refused, yet the database changed", c.row)
		}
	}

	other := filepath.Join(tm.dir, "other.db")
	if r := run(t, exec.Command(binary(t), "--db", other, "import", "--dataset", "trio", tm.file(t, "trio.jsonl", trioPairs(3)))); r.code != 0 {
		t.Fatalf("another database's import: %+v", r)
	}
	held := dbBytes(t, other)
	r = run(t, exec.Command(binary(t), "--db", other, "import", "--format", "labels", file))
	if r.code == 0 || !strings.Contains(r.stderr, file+":2: no pair here has the blind id pair-") ||
		!strings.Contains(r.stderr, "a lead's export names pairs in full") {
		t.Errorf("ana's export into a database that drew its own sides: %+v", r)
	}
	if dbBytes(t, other) != held {
		t.Error("a refused merge changed the other database")
	}
}

// Over SSH with an annotator's key: the labels export and the flags name
// pairs by blind ids with the sides seen, the export merges back, and a
// pair named by its systems is refused; the lead's key sees full ids.
func TestPairsStayBlindOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	tm.importTrio(t, 3)
	j := judgeTrio(t, tm.db, "ana")
	ana, lead := tm.keyFor(t, "ana"), tm.keyFor(t, tm.lead)
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := sshRun(t, c, "", "export --format labels --dataset trio")
	if r.code != 0 {
		t.Fatalf("ana's export over SSH: %+v", r)
	}
	checkBlindLabels(t, "ssh export", "ana", r.stdout, j)
	if f := sshRun(t, c, "", "flags"); f.code != 0 || strings.Contains(f.stdout, "req-") || !strings.Contains(f.stdout, "pair-") {
		t.Errorf("ana's flags over SSH: %+v", f)
	}
	if m := sshRun(t, c, r.stdout, "import --format labels -"); m.code != 0 || !strings.Contains(m.stderr, "0 added, 0 changed") {
		t.Errorf("ana's export merged back over SSH: %+v", m)
	}
	rows := strings.Split(r.stdout, "\n")
	var uid string
	for u := range j.stored["ana"] {
		uid = u
	}
	byName := rows[0] + "\n" + uid + "\t" + strings.SplitN(rows[1], "\t", 2)[1] + "\n"
	if m := sshRun(t, c, byName, "import --format labels -"); m.code == 0 || !strings.Contains(m.stderr, "names a pair by its systems") {
		t.Errorf("ana naming a pair by its systems over SSH: %+v", m)
	}
	lc, err := sshDial(t, srv.addr, lead)
	if err != nil {
		t.Fatal(err)
	}
	defer lc.Close()
	full := sshRun(t, lc, "", "export --format labels --dataset trio")
	if full.code != 0 || strings.Contains(full.stdout, "pair-") {
		t.Fatalf("the lead's export over SSH: %+v", full)
	}
	checkFullLabels(t, "ssh export", full.stdout, j)
}

// As another OS user, an annotator on a shared local database: their
// export names pairs by blind ids with the sides seen, their flags too,
// and the export merges back with nothing changed.
func TestPairsStayBlindForAnotherOSUser(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	pairs := filepath.Join(dir, "trio.jsonl")
	if err := os.WriteFile(pairs, []byte(trioPairs(3)), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, bin, db, "import", "--dataset", "trio", pairs); r.code != 0 {
		t.Fatalf("the lead's import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "games", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add games: %+v", r)
	}
	j := judgeTrio(t, db, "games")
	shareDB(db)
	as := func(stdin string, args ...string) result {
		t.Helper()
		cmd := asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...)
		cmd.Stdin = strings.NewReader(stdin)
		return run(t, cmd)
	}
	r := as("", "export", "--format", "labels")
	if r.code != 0 {
		t.Fatalf("games's export: %+v", r)
	}
	checkBlindLabels(t, "export", "games", r.stdout, j)
	if f := as("", "flags"); f.code != 0 || strings.Contains(f.stdout, "req-") || !strings.Contains(f.stdout, "pair-") {
		t.Errorf("games's flags: %+v", f)
	}
	before := labelHash(t, db)
	if m := as(r.stdout, "import", "--format", "labels", "-"); m.code != 0 || !strings.Contains(m.stderr, "0 added, 0 changed") {
		t.Errorf("games's export merged back: %+v", m)
	}
	if labelHash(t, db) != before {
		t.Error("merging games's own export back changed the labels")
	}
	checkFullLabels(t, "the lead's export", runBin(t, bin, db, "export", "--dataset", "trio").stdout, j)
}

// Below the lead, no table of the systems' wins rests on pairs the reader
// judged: ana knows the side she chose on each, so "alpha vs gamma: win
// 1/3" over her own three would tell her which system wrote A. After
// judging every pair, her stats, bench and report show no system's share;
// the lead's do.
func TestSystemTablesLeaveOutPairsOneJudged(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	tm.importTrio(t, 3)
	if r := tm.run(t, "", "", "policy", "--dataset", "trio", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	judgeTrio(t, tm.db, "ana")
	type table struct {
		Items int
		Pairs []struct {
			First, Second string
			Comparisons   int
		}
	}
	for _, who := range []string{"ana", ""} {
		var s table
		r := tm.run(t, who, "", "stats", "--json", "--dataset", "trio")
		if err := json.Unmarshal([]byte(r.stdout), &s); err != nil || r.code != 0 {
			t.Fatalf("%q stats: %v %+v", who, err, r)
		}
		n := 0
		for _, p := range s.Pairs {
			n += p.Comparisons
		}
		if who == "ana" && (n != 0 || s.Items != 0) || who == "" && (n == 0 || n != s.Items) {
			t.Errorf("%q's system tables rest on %d judgements of %d items: %.1500s", who, n, s.Items, r.stdout)
		}
	}
}
