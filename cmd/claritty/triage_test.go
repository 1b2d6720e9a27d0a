package main

import (
	"context"
	"crypto/sha256"
	beuint "encoding/binary"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// triageDB is a database of six panes, p, with a labels run, judge, whose
// confidence the file gives: sure of every unit of the first four panes,
// not of the last two. It gives the panes' uids in import order.
func triageDB(t *testing.T, bin, dir, db string) []string {
	t.Helper()
	var rows []string
	for i := range 6 {
		rows = append(rows, fmt.Sprintf("query %d\tWhich %d?\ta\tb\t\t\t\t\t\t\t\t\t\t", i, i))
	}
	if r := runBin(t, bin, db, "import", "--dataset", "p", writePanes(t, dir, "p.tsv", rows...)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	st, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(context.Background(), "p")
	if err != nil {
		t.Fatal(err)
	}
	var uids []string
	err = st.EachItem(context.Background(), d.ID, func(it store.Item) error { uids = append(uids, it.UID); return nil })
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	var run strings.Builder
	run.WriteString("item unit label confidence\n")
	for i, uid := range uids {
		conf := "0.97"
		if i >= 4 {
			conf = "0.4"
		}
		for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
			fmt.Fprintf(&run, "%s %s 1 %s\n", uid, u, conf)
		}
	}
	path := filepath.Join(dir, "judge.run")
	if err := os.WriteFile(path, []byte(run.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", "judge", "--dataset", "p", path); r.code != 0 {
		t.Fatalf("bench add: %+v", r)
	}
	return uids
}

// labelTriageDB has the named annotators label every pane they are given
// until none is left, mostly alike: each unit has a truth, 1 (the run's
// label) two times in three, and each annotator keys it but for one label
// in eight.
func labelTriageDB(t *testing.T, db string, names ...string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := st.DatasetByName(ctx, "p")
	if err != nil {
		t.Fatal(err)
	}
	items := map[int64]store.Item{}
	if err := st.EachItem(ctx, d.ID, func(it store.Item) error { items[it.ID] = it; return nil }); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(46, 10))
	truth := map[itemUnit]int{}
	for _, id := range slices.Sorted(maps.Keys(items)) {
		for _, u := range guidelines.MIMICS.Units(items[id].Shape(0)) {
			truth[itemUnit{id, u}] = 1
			if rng.IntN(3) == 0 {
				truth[itemUnit{id, u}] = 2
			}
		}
	}
	lead := leadOf(t, st)
	for _, name := range names {
		a, err := st.SetRole(ctx, lead, name, store.RoleAnnotator)
		if err != nil {
			t.Fatal(err)
		}
		for {
			id, ok, _, err := st.NextHIT(ctx, d.ID, a.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			units := guidelines.MIMICS.Units(items[id].Shape(0))
			for i, u := range units {
				v := truth[itemUnit{id, u}]
				if rng.IntN(8) == 0 {
					v = rng.IntN(3)
				}
				if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: a.ID, Unit: u, Value: &v,
					Finish: i == len(units)-1}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// checkAuditError recomputes the judge's audit error from the gold export
// and the run (label 1 on every unit of every pane), with the audited
// panes drawn here by the documented rule (triageSeed, audit 0.5, among the
// first four panes, the sure ones), and holds stats --json's triage to it:
// per item (wrong when any compared unit is), with its Wilson interval,
// per unit, and the judge items expected wrong.
func checkAuditError(t *testing.T, uids []string, stats any, gold result) {
	t.Helper()
	if gold.code != 0 {
		t.Fatalf("gold export: %+v", gold)
	}
	audited := map[string]bool{}
	for _, uid := range uids[:4] {
		h := sha256.Sum256([]byte(triageSeed + ":" + uid))
		audited[uid] = float64(beuint.BigEndian.Uint64(h[:8]))/math.Pow(2, 64) < 0.5
	}
	wrongUnits, comparedUnits := map[string]int{}, map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(gold.stdout), "\n")[1:] {
		f := strings.Split(l, "\t") // item unit label provenance …
		switch f[3] {
		case "insufficient", "unresolved", "judge":
			continue
		}
		if !audited[f[0]] || f[2] == "" {
			continue
		}
		comparedUnits[f[0]]++
		if f[2] != "1" {
			wrongUnits[f[0]]++
		}
	}
	judgeItems, itemsWrong, unitsWrong, unitsCompared := 0, 0, 0, 0
	for _, uid := range uids[:4] {
		if !audited[uid] {
			judgeItems++
		}
		if wrongUnits[uid] > 0 {
			itemsWrong++
		}
		unitsWrong += wrongUnits[uid]
		unitsCompared += comparedUnits[uid]
	}
	items := len(comparedUnits)
	if items == 0 || judgeItems == 0 {
		t.Fatalf("%d audited items compared, %d judge items: the test needs some of each", items, judgeItems)
	}
	const z = 1.959963984540054
	n, p := float64(items), float64(itemsWrong)/float64(items)
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	lo, hi := max(0, centre-half), min(1, centre+half)
	for path, want := range map[string]float64{
		"audited_items": float64(4 - judgeItems), "judge_items": float64(judgeItems),
		"audit_item_error/wrong": float64(itemsWrong), "audit_item_error/compared": n, "audit_item_error/share": p,
		"audit_item_error/low": lo, "audit_item_error/high": hi,
		"audit_unit_error/wrong": float64(unitsWrong), "audit_unit_error/compared": float64(unitsCompared),
		"audit_unit_error/share":       float64(unitsWrong) / float64(unitsCompared),
		"implied_wrong_items/expected": p * float64(judgeItems),
		"implied_wrong_items/low":      lo * float64(judgeItems), "implied_wrong_items/high": hi * float64(judgeItems),
	} {
		got, ok := jsonAt(stats, "triage/"+path)
		if g, isNum := got.(float64); !ok || !isNum || math.Abs(g-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Errorf("stats --json triage/%s: %v, the gold export gives %v", path, got, want)
		}
	}
}

// triageSeed is the seed of triageArgs' audit draw: it audits two of the
// four sure panes.
const triageSeed = "8"

// triageArgs sets triage on p: the four sure panes, audit one in two.
var triageArgs = []string{"policy", "--dataset", "p", "--triage", "judge", "--confidence", "0.9", "--audit", "0.5", "--seed", triageSeed}

// A labels run's confidence out of 0-1, or not a number, is refused at
// its line, the database unchanged; the lead's policy --triage routes the
// four sure panes, and policy and stats (text and --json) say so to the
// lead; bench --json counts the labels with a confidence.
func TestTriageCLI(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin, db := binary(t), filepath.Join(dir, "c.db")
	uids := triageDB(t, bin, dir, db)
	for _, bad := range []string{"1.5", "-0.1", "sure", "NaN"} {
		path := filepath.Join(dir, "bad.run")
		body := fmt.Sprintf("item unit label confidence\n%s question 1 0.5\n%s answer_set 1 %s\n", uids[0], uids[0], bad)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		before := dbBytes(t, db)
		r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", "bad", "--dataset", "p", path)
		want := fmt.Sprintf("%s:3: confidence %q: want a number from 0 to 1", path, bad)
		if r.code == 0 || !strings.Contains(r.stderr, want) {
			t.Errorf("confidence %s: want %q, got %+v", bad, want, r)
		}
		if dbBytes(t, db) != before {
			t.Errorf("confidence %s: refused, yet the database changed", bad)
		}
	}

	r := runBin(t, bin, db, triageArgs...)
	if r.code != 0 || !strings.Contains(r.stdout, "triage routed the 6 items nobody had: ") ||
		!strings.Contains(r.stdout, "triage: run judge at confidence ≥ 0.9 settles") {
		t.Fatalf("policy --triage: %+v", r)
	}
	labelTriageDB(t, db, "ana", "bo", "cy")
	j := runBin(t, bin, db, "stats", "--dataset", "p", "--json")
	if j.code != 0 || !strings.Contains(j.stdout, `"triage": {`) || !strings.Contains(j.stdout, `"people_items": 2`) {
		t.Errorf("stats --json: %+v", j)
	}
	checkAuditError(t, uids, decodeJSON(t, "stats", j.stdout), runBin(t, bin, db, "export", "--dataset", "p", "--format", "gold", "--include-incomplete"))
	// The gold export gives each judge item's units the run's label, provenance judge.
	judged, _ := jsonAt(decodeJSON(t, "stats", j.stdout), "triage/judge_items")
	if g := runBin(t, bin, db, "export", "--dataset", "p", "--format", "gold"); judged == nil || judged.(float64) == 0 ||
		strings.Count(g.stdout, "\t1\tjudge\t") != 4*int(judged.(float64)) || strings.Count(g.stdout, "judge") != 4*int(judged.(float64)) {
		t.Errorf("gold export with %v judge items: %+v", judged, g)
	}
	if s := runBin(t, bin, db, "stats", "--dataset", "p"); !strings.Contains(s.stdout, "Judge-first triage (run judge") {
		t.Errorf("stats: %+v", s)
	}
	// The HTML report's triage figures are stats --json's.
	out := filepath.Join(dir, "report.html")
	if r := runBin(t, bin, db, "report", "--dataset", "p", "--out", out); r.code != 0 {
		t.Fatalf("report: %+v", r)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(page), `<h2 id="triage">`)
	if n := checkFigures(t, "report", section, map[string]any{"stats": decodeJSON(t, "stats", j.stdout)}); !ok || n["stats"] != 16 {
		t.Errorf("the report's triage section holds %d figures of stats --json, want 16 (section found: %v)", n["stats"], ok)
	}
	if b := runBin(t, bin, db, "bench", "--dataset", "p", "--json"); !strings.Contains(b.stdout, `"labels_with_confidence": 24`) {
		t.Errorf("bench --json: %+v", b)
	}
	if n := runBin(t, bin, db, "policy", "--dataset", "p", "--triage", "none"); n.code != 0 || !strings.Contains(n.stdout, "triage ended") ||
		strings.Contains(n.stdout, "triage:") {
		t.Errorf("policy --triage none: %+v", n)
	}
	for args, want := range map[*[]string]string{
		{"policy", "--dataset", "p", "--confidence", "0.9"}:                                     "--confidence goes with --triage RUN",
		{"policy", "--dataset", "p", "--triage", "judge"}:                                       "say --confidence C and --audit P",
		{"policy", "--dataset", "p", "--triage", "judge", "--confidence", "2", "--audit", "0"}:  "--confidence 2: want a number from 0 to 1",
		{"policy", "--dataset", "p", "--triage", "nobody", "--confidence", "1", "--audit", "0"}: `--triage: the dataset has no run "nobody"`,
		// Refused whole: the new min is not made either.
		{"policy", "--dataset", "p", "--min", "1", "--max", "1", "--triage", "judge", "--confidence", "1", "--audit", "0", "--agree-with", "none2"}: `--agree-with: the dataset has no run "none2"`,
	} {
		before := dbBytes(t, db)
		if r := runBin(t, bin, db, *args...); r.code == 0 || !strings.Contains(r.stderr, want) {
			t.Errorf("%v: want %q, got %+v", *args, want, r)
		}
		if dbBytes(t, db) != before {
			t.Errorf("%v: refused, yet the database changed", *args)
		}
	}
}

// An annotator and an adjudicator, each another OS user, are refused
// --triage (and --triage none), the database unchanged, and their policy
// and stats say nothing of triage.
// guessRun names a run the dataset lacks: refused as any change below the
// lead, never with an answer that says whether the run is there.
var guessRun = []string{"policy", "--dataset", "p", "--triage", "guess", "--confidence", "0.5", "--audit", "0"}

func TestTriageRefusedOtherUsers(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	triageDB(t, bin, dir, db)
	if r := runBin(t, bin, db, triageArgs...); r.code != 0 {
		t.Fatalf("the lead's triage: %+v", r)
	}
	for _, role := range []string{"annotator", "adjudicator"} {
		if r := runBin(t, bin, db, "annotators", "games", "--role", role); r.code != 0 {
			t.Fatalf("games %s: %+v", role, r)
		}
		shareDB(db)
		before := dbBytes(t, db)
		for _, args := range [][]string{triageArgs, {"policy", "--dataset", "p", "--triage", "none"}, guessRun} {
			r := run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
			if r.code == 0 || !strings.Contains(r.stderr, "not allowed") || strings.Contains(r.stdout, "triage") {
				t.Errorf("%s %v: want a refusal, got %+v", role, args, r)
			}
		}
		page := filepath.Join(dir, role+".html")
		for _, args := range [][]string{{"policy", "--dataset", "p"}, {"stats", "--dataset", "p"}, {"stats", "--dataset", "p", "--json"},
			{"report", "--dataset", "p", "--out", page}} {
			r := run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
			if b, err := os.ReadFile(page); err == nil {
				r.stdout += string(b)
			}
			if low := strings.ToLower(r.stdout + r.stderr); r.code != 0 || r.stdout == "" || strings.Contains(low, "triage") || strings.Contains(low, "audit") {
				t.Errorf("%s %v shows triage: %+v", role, args, r)
			}
		}
		if dbBytes(t, db) != before {
			t.Errorf("%s: refused, yet the database changed", role)
		}
	}
}

// Over SSH, an annotator's and an adjudicator's --triage is refused, the
// database unchanged, and their policy and stats say nothing of triage.
func TestTriageRefusedOverSSH(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	bin, db := binary(t), filepath.Join(dir, "c.db")
	triageDB(t, bin, dir, db)
	if r := runBin(t, bin, db, triageArgs...); r.code != 0 {
		t.Fatalf("the lead's triage: %+v", r)
	}
	signers := map[string]gossh.Signer{}
	for name, role := range map[string]string{"ana": "annotator", "adam": "adjudicator"} {
		signer, pub := sshKey(t, dir, name)
		if r := runBin(t, bin, db, "annotators", name, "--role", role, "--key-file", pub); r.code != 0 {
			t.Fatalf("add %s: %+v", name, r)
		}
		signers[name] = signer
	}
	srv := startServe(t, db)
	for name, signer := range signers {
		c, err := sshDial(t, srv.addr, signer)
		if err != nil {
			t.Fatal(err)
		}
		before := dbBytes(t, db)
		for _, args := range [][]string{triageArgs, {"policy", "--dataset", "p", "--triage", "none"}, guessRun} {
			r := sshRun(t, c, "", strings.Join(args, " "))
			if r.code == 0 || !strings.Contains(r.stderr, "not allowed") || strings.Contains(r.stdout, "triage") {
				t.Errorf("%s over SSH %v: want a refusal, got %+v", name, args, r)
			}
		}
		for _, args := range []string{"policy --dataset p", "stats --dataset p", "stats --dataset p --json"} {
			r := sshRun(t, c, "", args)
			if low := strings.ToLower(r.stdout + r.stderr); r.code != 0 || r.stdout == "" || strings.Contains(low, "triage") || strings.Contains(low, "audit") {
				t.Errorf("%s over SSH %s shows triage: %+v", name, args, r)
			}
		}
		if dbBytes(t, db) != before {
			t.Errorf("%s over SSH: refused, yet the database changed", name)
		}
		c.Close()
	}
}
