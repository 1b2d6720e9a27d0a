package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// itemUnit names one unit of one item.
type itemUnit struct {
	item int64
	unit string
}

// armStudy is a database with a MIMICS dataset of panes, a judge's labels
// run "judge", arms blind=2, after:judge=2 (gold from from), and every
// pane labelled by four annotators drawn into the arms as NextHIT draws
// them: the blind arm's labels are a pane's truth most of the time, the
// after arm's first keyed the same way and then, half the time, changed
// to the run's label. It returns the database's path and the run file.
func armStudy(t *testing.T, panes int, from store.GoldFrom) (db, runFile string) {
	t.Helper()
	dir := t.TempDir()
	db = filepath.Join(dir, "arms.db")
	return db, armStudyAt(t, binary(t), dir, db, panes, from, "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7")
}

// armStudyAt is armStudy with the database db made by bin, its files in
// dir and the annotators named.
func armStudyAt(t *testing.T, bin, dir, db string, panes int, from store.GoldFrom, names ...string) (runFile string) {
	t.Helper()
	var rows []string
	for i := range panes {
		rows = append(rows, fmt.Sprintf("q%d\tWhich %d?\tleft %d\tright %d\t\t\t\t\t\t\t\t\t\t", i, i, i, i))
	}
	if r := runBin(t, bin, db, "import", "--dataset", "study", writePanes(t, dir, "panes.tsv", rows...)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(46, 3))
	truth := map[itemUnit]int{}
	var run strings.Builder
	err = st.EachItem(ctx, d.ID, func(it store.Item) error {
		for _, u := range guidelines.MIMICS.Units(it.Shape(0)) {
			v := rng.IntN(3)
			truth[itemUnit{it.ID, u}] = v
			if rng.Float64() > 0.75 {
				v = rng.IntN(3)
			}
			fmt.Fprintf(&run, "%s\t%s\t%d\n", it.UID, u, v)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	runFile = filepath.Join(dir, "judge.tsv")
	if err := os.WriteFile(runFile, []byte(run.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", "judge", "--dataset", "study", runFile); r.code != 0 {
		t.Fatalf("bench add: %+v", r)
	}
	if st, err = store.Open(ctx, db); err != nil {
		t.Fatal(err)
	}
	// A clock of the test's: each label takes 0.7 to 6 seconds, so every
	// HIT has a time of its own (its step events').
	clock := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
	st.Now = func() time.Time { return clock }
	tick := func() { clock = clock.Add(time.Duration(700+rng.IntN(5300)) * time.Millisecond) }
	keyed := armKeyed{first: map[[3]string][2]int{}, hit: map[[2]string]float64{}}
	lead := leadOf(t, st)
	arms, err := store.ParseArms("blind=2, after:judge=2")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetArms(ctx, lead, d.ID, arms, from); err != nil {
		t.Fatal(err)
	}
	runs, err := st.Runs(ctx, d.ID)
	if err != nil || len(runs) != 1 {
		t.Fatalf("runs %v %v", runs, err)
	}
	judged := map[itemUnit]int{}
	labels, err := st.RunLabels(ctx, runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range labels {
		judged[itemUnit{l.ItemID, l.Unit}] = l.Value
	}
	var people []store.Annotator
	for _, name := range names {
		a, err := st.SetRole(ctx, lead, name, store.RoleAnnotator)
		if err != nil {
			t.Fatal(err)
		}
		people = append(people, a)
	}
	armOf := func(a store.Annotator) int {
		r, err := st.ReadFigures(ctx, lead, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		s, ok, err := r.Study(ctx)
		if err != nil || !ok {
			t.Fatalf("study: %v %v", ok, err)
		}
		return s.ArmOf[a.ID]
	}
	items := map[int64]store.Item{}
	if err := st.EachItem(ctx, d.ID, func(it store.Item) error { items[it.ID] = it; return nil }); err != nil {
		t.Fatal(err)
	}
	for busy := true; busy; {
		busy = false
		for _, a := range people {
			id, ok, _, err := st.NextHIT(ctx, d.ID, a.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				continue
			}
			busy = true
			after := armOf(a) == 1
			units := guidelines.MIMICS.Units(items[id].Shape(0))
			start := clock
			if err := st.MoveStep(ctx, id, a.ID, store.StepMove{Enter: units[0]}); err != nil {
				t.Fatal(err)
			}
			for i, u := range units {
				tick()
				v := truth[itemUnit{id, u}]
				if rng.Float64() > 0.7 {
					v = rng.IntN(3)
				}
				last := i == len(units)-1
				change := after && rng.IntN(2) == 0
				// Each step's last label leaves it for the next, as the
				// screen does, so the HIT's time is its steps'.
				move := store.StepMove{Leave: u}
				if !last {
					move.Enter = units[i+1]
				}
				first, final, firstMove := v, v, move
				if change { // the step stays for the second key
					firstMove = store.StepMove{}
				}
				if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: a.ID, Unit: u, Value: &v,
					Finish: last && !change, Move: firstMove}); err != nil {
					t.Fatal(err)
				}
				if change {
					tick()
					w := judged[itemUnit{id, u}]
					final = w
					if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: a.ID, Unit: u, Value: &w,
						Finish: last, Move: move}); err != nil {
						t.Fatal(err)
					}
				}
				keyed.first[[3]string{items[id].UID, u, a.Name}] = [2]int{first, final}
			}
			keyed.hit[[2]string{items[id].UID, a.Name}] = clock.Sub(start).Seconds()
		}
	}
	keyedMu.Lock()
	keyedIn[db] = keyed
	keyedMu.Unlock()
	return runFile
}

// armKeyed is what armStudyAt keyed, by its own hand: each label's first
// and final value (by item uid, unit, annotator) and each HIT's time on
// its clock (by item uid, annotator), for tests to hold the exports to.
type armKeyed struct {
	first map[[3]string][2]int
	hit   map[[2]string]float64
}

var (
	keyedMu sync.Mutex
	keyedIn = map[string]armKeyed{} // by database path
)

// keyedFor is what armStudyAt keyed into db.
func keyedFor(t *testing.T, db string) armKeyed {
	t.Helper()
	keyedMu.Lock()
	defer keyedMu.Unlock()
	k, ok := keyedIn[db]
	if !ok {
		t.Fatalf("armStudyAt keyed nothing into %s", db)
	}
	return k
}

// leadOf is the database's lead (the OS user who imported first).
func leadOf(t *testing.T, st *store.Store) store.Annotator {
	t.Helper()
	people, err := st.Annotators(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range people {
		if a.Role == store.RoleLead {
			return a
		}
	}
	t.Fatal("no lead")
	return store.Annotator{}
}

// exportRow is one row of a lead's labels export of a dataset with arms.
type exportRow struct {
	item, unit, annotator, arm string
	label, first, hitSeconds   string
}

func readExport(t *testing.T, body string) []exportRow {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	head := strings.Split(lines[0], "\t")
	col := map[string]int{}
	for i, h := range head {
		col[h] = i
	}
	for _, want := range []string{"item", "unit", "annotator", "label", "arm", "first_label", "hit_seconds"} {
		if _, ok := col[want]; !ok {
			t.Fatalf("labels export header %q has no %s", lines[0], want)
		}
	}
	var out []exportRow
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		out = append(out, exportRow{item: f[col["item"]], unit: f[col["unit"]], annotator: f[col["annotator"]],
			arm: f[col["arm"]], label: f[col["label"]], first: f[col["first_label"]], hitSeconds: f[col["hit_seconds"]]})
	}
	return out
}

// hitTimes is how many HITs an arm's export rows come from (one an item
// and annotator), and the median of their times (hit_seconds, the same on
// every row of a HIT).
func hitTimes(t *testing.T, rows []exportRow) (hits int, median float64) {
	t.Helper()
	times := map[[2]string]float64{}
	for _, row := range rows {
		v, err := strconv.ParseFloat(row.hitSeconds, 64)
		if err != nil {
			t.Fatalf("hit_seconds %q of %s by %s: %v", row.hitSeconds, row.item, row.annotator, err)
		}
		k := [2]string{row.item, row.annotator}
		if was, ok := times[k]; ok && was != v {
			t.Fatalf("%s by %s: hit_seconds %v and %v", row.item, row.annotator, was, v)
		}
		times[k] = v
	}
	sorted := slices.Sorted(maps.Values(times))
	n := len(sorted)
	if n == 0 {
		return 0, 0
	}
	if n%2 == 1 {
		return n, sorted[n/2]
	}
	return n, (sorted[n/2-1] + sorted[n/2]) / 2
}

// cohen is Cohen's κ of pairs of labels, quadratic-weighted (the labels
// are numbers on an ordinal scale): 1 − the mean squared difference of
// the pairs over that of every pairing of the two sides' labels; and the
// share equal.
func cohen(t *testing.T, pairs [][2]string) (kappa, exact float64) {
	t.Helper()
	num := func(s string) float64 {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("label %q is no number", s)
		}
		return float64(v)
	}
	var obs, chance, same float64
	for _, p := range pairs {
		d := num(p[0]) - num(p[1])
		obs += d * d
		if p[0] == p[1] {
			same++
		}
		for _, q := range pairs {
			d := num(p[0]) - num(q[1])
			chance += d * d
		}
	}
	n := float64(len(pairs))
	return 1 - (obs/n)/(chance/(n*n)), same / n
}

// armFleiss is Fleiss' κ as agree --help defines it, in Gwet's form for a
// varying number of labels a unit: observed agreement the mean share of
// agreeing pairs over units with two or more labels, chance agreement
// Σ π², π a label's mean share over units with one or more.
func armFleiss(units [][]string) float64 {
	pi := map[string]float64{}
	var pa, paired float64
	for _, u := range units {
		c := map[string]float64{}
		for _, l := range u {
			c[l]++
		}
		m := float64(len(u))
		for l, x := range c {
			pi[l] += x / m
		}
		if m < 2 {
			continue
		}
		agree := 0.0
		for _, x := range c {
			agree += x * (x - 1)
		}
		pa += agree / (m * (m - 1))
		paired++
	}
	pe := 0.0
	for _, x := range pi {
		pe += (x / float64(len(units))) * (x / float64(len(units)))
	}
	return (pa/paired - pe) / (1 - pe)
}

// statsArms is the per-arm part of stats --json as the test reads it.
type statsArms struct {
	Arms struct {
		GoldFrom string `json:"gold_from"`
		Arms     []struct {
			Arm              string   `json:"arm"`
			Labels           int      `json:"labels"`
			Changed          int      `json:"changed"`
			HITs             int      `json:"hits"`
			TimedHITs        int      `json:"timed_hits"`
			MedianHITSeconds *float64 `json:"median_hit_seconds"`
			ChangedShare     *float64 `json:"changed_share"`
			Annotators       int      `json:"annotators"`
			Types            []struct {
				Type         string `json:"type"`
				Distribution []struct {
					Label string `json:"label"`
					N     int    `json:"n"`
				} `json:"distribution"`
				Within struct {
					Kappa *float64 `json:"kappa"`
				} `json:"within"`
				Runs []struct {
					Run   string   `json:"run"`
					Pairs int      `json:"pairs"`
					Exact *float64 `json:"exact"`
					Kappa *float64 `json:"kappa"`
				} `json:"runs"`
				Gold *struct {
					Pairs int      `json:"pairs"`
					Exact *float64 `json:"exact"`
					Kappa *float64 `json:"kappa"`
				} `json:"blind_gold"`
				GoldWhy   string `json:"blind_gold_undefined_why"`
				Weighting string `json:"kappa_weighting"`
			} `json:"types"`
		} `json:"arms"`
		Differences []struct {
			Arm      string     `json:"arm"`
			Type     string     `json:"type"`
			RunKappa *float64   `json:"run_kappa_difference"`
			RunCI    *[]float64 `json:"run_kappa_difference_ci"`
			Within   *float64   `json:"within_kappa_difference"`
			WithinCI *[]float64 `json:"within_kappa_difference_ci"`
		} `json:"differences"`
	} `json:"arms"`
}

func near(t *testing.T, what string, got *float64, want float64) {
	t.Helper()
	if got == nil || math.Abs(*got-want) > 1e-9 {
		t.Errorf("%s: stats --json %v, recomputed from the export %v", what, deref(got), want)
	}
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// Done when (issue 46, Part C): stats --json's figures per arm equal a
// recomputation from the labels export (each label's arm, first and final
// label), the gold export and the run file: every arm's label
// distribution, its labels changed, Fleiss' κ within it, κ
// (quadratic-weighted: MIMICS is ordinal) and exact share with the run,
// and the after arm's with the blind arm's settled gold: with gold from
// the blind arm, the gold export's settled labels, decisions among them;
// the differences are the figures' differences.
func TestStatsArmFiguresEqualARecomputationFromTheExport(t *testing.T) {
	t.Parallel()
	armFiguresAgainstExports(t, store.GoldFromBlind)
}

// With gold from every arm, the after arm's agreement is with the blind
// arm's own settled gold: a decision (the gold export's adjudicated rows),
// else the unique majority of the blind arm's labels of a unit with at
// least the arm's count (2) of them, not the dataset's gold.
func TestArmFiguresWithGoldFromAllUseTheBlindArmsGold(t *testing.T) {
	t.Parallel()
	armFiguresAgainstExports(t, store.GoldFromAll)
}

// decideSome has the lead decide the question unit of every third pane,
// one step above its truth's run label, so decisions and the blind arm's
// majority part.
func decideSome(t *testing.T, db string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	lead := leadOf(t, st)
	n := 0
	err = st.EachItem(ctx, d.ID, func(it store.Item) error {
		n++
		if n%3 != 0 {
			return nil
		}
		v := n % 3
		return st.Adjudicate(ctx, it.ID, "question", &v, lead, "decided in a test")
	})
	if err != nil {
		t.Fatal(err)
	}
}

// goldOf reads a gold export: each unit's label where its provenance is
// settled people's (decided, or the rule's over enough labels), and the
// decided units alone.
func goldOf(t *testing.T, body string) (settled, decided map[[2]string]string) {
	t.Helper()
	settled, decided = map[[2]string]string{}, map[[2]string]string{}
	lines := strings.Split(strings.TrimSpace(body), "\n")
	if !strings.HasPrefix(lines[0], "item\tunit\tlabel\tprovenance\t") {
		t.Fatalf("gold export header %q", lines[0])
	}
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		k := [2]string{f[0], f[1]}
		switch f[3] {
		case "adjudicated":
			decided[k] = f[2]
			settled[k] = f[2]
		case "unanimous", "majority", "median":
			settled[k] = f[2]
		}
	}
	if len(decided) == 0 {
		t.Fatal("the gold export has no decision")
	}
	return settled, decided
}

// blindRuleGold is the unique majority of each unit's rows, where it has
// at least min of them.
func blindRuleGold(rows []exportRow, min int) map[[2]string]string {
	votes := map[[2]string]map[string]int{}
	total := map[[2]string]int{}
	for _, row := range rows {
		k := [2]string{row.item, row.unit}
		if votes[k] == nil {
			votes[k] = map[string]int{}
		}
		votes[k][row.label]++
		total[k]++
	}
	gold := map[[2]string]string{}
	for k, vs := range votes {
		best, n, unique := "", 0, false
		for l, c := range vs {
			switch {
			case c > n:
				best, n, unique = l, c, true
			case c == n:
				unique = false
			}
		}
		if unique && total[k] >= min {
			gold[k] = best
		}
	}
	return gold
}

func armFiguresAgainstExports(t *testing.T, from store.GoldFrom) {
	t.Helper()
	db, runFile := armStudy(t, 40, from)
	decideSome(t, db)
	bin := binary(t)
	r := runBin(t, bin, db, "stats", "--dataset", "study", "--json")
	if r.code != 0 {
		t.Fatalf("stats: %+v", r)
	}
	if os.Getenv("ARMS_DEBUG") != "" {
		t.Log(runBin(t, bin, db, "stats", "--dataset", "study").stdout)
	}
	var got statsArms
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("stats --json: %v\n%s", err, r.stdout)
	}
	ex := runBin(t, bin, db, "export", "--format", "labels", "--dataset", "study")
	if ex.code != 0 {
		t.Fatalf("export: %+v", ex)
	}
	rows := readExport(t, ex.stdout)
	// The export's first and final labels and HIT times are what the
	// test keyed, by its own hand and clock.
	keyed := keyedFor(t, db)
	for _, row := range rows {
		want, ok := keyed.first[[3]string{row.item, row.unit, row.annotator}]
		if !ok || row.first != strconv.Itoa(want[0]) || row.label != strconv.Itoa(want[1]) {
			t.Errorf("%s %s by %s: first %s, final %s; keyed %v", row.item, row.unit, row.annotator, row.first, row.label, want)
		}
		secs, err := strconv.ParseFloat(row.hitSeconds, 64)
		if want := keyed.hit[[2]string{row.item, row.annotator}]; err != nil || want == 0 || math.Abs(secs-want) > 0.0005 {
			t.Errorf("%s by %s: hit_seconds %s, the test's clock %v", row.item, row.annotator, row.hitSeconds, want)
		}
	}
	// The export, arm and first label and all, merges back as it is.
	back := filepath.Join(t.TempDir(), "labels.tsv")
	if err := os.WriteFile(back, []byte(ex.stdout), 0o644); err != nil {
		t.Fatal(err)
	}
	if m := runBin(t, bin, db, "import", "--format", "labels", back); m.code != 0 || !strings.Contains(m.stderr, "0 added, 0 changed") {
		t.Errorf("the export merged back: %+v", m)
	}
	body, err := os.ReadFile(runFile)
	if err != nil {
		t.Fatal(err)
	}
	run := map[[2]string]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(body)), "\n") {
		f := strings.Fields(l)
		run[[2]string{f[0], f[1]}] = f[2]
	}
	byArm := map[string][]exportRow{}
	for _, row := range rows {
		byArm[row.arm] = append(byArm[row.arm], row)
	}
	if len(got.Arms.Arms) != 2 || got.Arms.Arms[0].Arm != "blind" || got.Arms.Arms[1].Arm != "after:judge" || got.Arms.GoldFrom != string(from) {
		t.Fatalf("arms: %+v", got.Arms)
	}
	g := runBin(t, bin, db, "export", "--format", "gold", "--dataset", "study", "--include-incomplete")
	if g.code != 0 {
		t.Fatalf("gold export: %+v", g)
	}
	settled, decided := goldOf(t, g.stdout)
	gold := settled // gold from the blind arm: the dataset's settled gold
	if from == store.GoldFromAll {
		gold = blindRuleGold(byArm["blind"], 2)
		maps.Copy(gold, decided)
	}
	within := map[string]float64{} // arm/type → κ
	runK := map[string]float64{}
	for _, a := range got.Arms.Arms {
		mine := byArm[a.Arm]
		changed := 0
		for _, row := range mine {
			if row.first != row.label {
				changed++
			}
		}
		if a.Labels != len(mine) || a.Changed != changed {
			t.Errorf("%s: %d labels, %d changed; the export has %d, %d", a.Arm, a.Labels, a.Changed, len(mine), changed)
		}
		near(t, a.Arm+" changed share", a.ChangedShare, float64(changed)/float64(len(mine)))
		hits, median := hitTimes(t, mine)
		if a.HITs != hits || a.TimedHITs != hits {
			t.Errorf("%s: %d HITs, %d timed; the export's rows are %d, every one timed", a.Arm, a.HITs, a.TimedHITs, hits)
		}
		if a.MedianHITSeconds == nil || math.Abs(*a.MedianHITSeconds-median) > 1e-9 {
			t.Errorf("%s: median HIT %v s, the export's %v s", a.Arm, deref(a.MedianHITSeconds), median)
		}
		if a.Arm == "blind" && changed != 0 || a.Arm != "blind" && changed == 0 {
			t.Errorf("%s: %d labels changed", a.Arm, changed)
		}
		for _, at := range a.Types {
			var ofType []exportRow
			for _, row := range mine {
				if unitType(row.unit) == at.Type {
					ofType = append(ofType, row)
				}
			}
			count := map[string]int{}
			units := map[[2]string][]string{}
			var withRun, withGold [][2]string
			for _, row := range ofType {
				count[row.label]++
				k := [2]string{row.item, row.unit}
				units[k] = append(units[k], row.label)
				withRun = append(withRun, [2]string{row.label, run[k]})
				if g, ok := gold[k]; ok {
					withGold = append(withGold, [2]string{row.label, g})
				}
			}
			for _, c := range at.Distribution {
				if c.N != count[c.Label] {
					t.Errorf("%s %s: %d labels %s, the export has %d", a.Arm, at.Type, c.N, c.Label, count[c.Label])
				}
			}
			var all [][]string
			for _, u := range units {
				all = append(all, u)
			}
			near(t, a.Arm+" "+at.Type+" κ within", at.Within.Kappa, armFleiss(all))
			if at.Within.Kappa != nil {
				within[a.Arm+"/"+at.Type] = *at.Within.Kappa
			}
			if at.Weighting != "quadratic" {
				t.Errorf("%s %s: κ weighting %q, want quadratic (an ordinal scale)", a.Arm, at.Type, at.Weighting)
			}
			k, exact := cohen(t, withRun)
			if len(at.Runs) != 1 || at.Runs[0].Run != "judge" || at.Runs[0].Pairs != len(withRun) {
				t.Fatalf("%s %s: runs %+v, want judge over %d pairs", a.Arm, at.Type, at.Runs, len(withRun))
			}
			near(t, a.Arm+" "+at.Type+" κ with the run", at.Runs[0].Kappa, k)
			near(t, a.Arm+" "+at.Type+" exact with the run", at.Runs[0].Exact, exact)
			runK[a.Arm+"/"+at.Type] = k
			if a.Arm == "blind" {
				if at.Gold != nil || at.GoldWhy == "" {
					t.Errorf("blind %s: agreement with its own gold %+v (%q)", at.Type, at.Gold, at.GoldWhy)
				}
				continue
			}
			k, exact = cohen(t, withGold)
			if at.Gold == nil || at.Gold.Pairs != len(withGold) {
				t.Fatalf("%s %s: gold %+v, want %d pairs", a.Arm, at.Type, at.Gold, len(withGold))
			}
			near(t, a.Arm+" "+at.Type+" κ with the blind gold", at.Gold.Kappa, k)
			near(t, a.Arm+" "+at.Type+" exact with the blind gold", at.Gold.Exact, exact)
		}
	}
	if len(got.Arms.Differences) != 3 {
		t.Fatalf("differences: %+v", got.Arms.Differences)
	}
	for _, d := range got.Arms.Differences {
		near(t, d.Type+" Δ κ with the run", d.RunKappa, runK["after:judge/"+d.Type]-runK["blind/"+d.Type])
		if w, ok := within["after:judge/"+d.Type]; ok {
			near(t, d.Type+" Δ κ within", d.Within, w-within["blind/"+d.Type])
		}
		if d.RunCI == nil || d.WithinCI == nil {
			t.Errorf("%s: no bootstrap interval: %+v", d.Type, d)
		}
	}
	if slices.ContainsFunc(rows, func(r exportRow) bool { return r.arm == "" }) {
		t.Errorf("a label without an arm in the export")
	}
}

// votesOf is a gold export's votes cell of some labels: value:count, by
// value.
func votesOf(labels []string) string {
	n := map[string]int{}
	for _, l := range labels {
		n[l]++
	}
	keys := slices.Sorted(maps.Keys(n))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s:%d", k, n[k])
	}
	return strings.Join(parts, ",")
}

// Gold rests on the blind arm's labels by default and on every arm's with
// gold from all: the gold export's votes are those of the labels export's
// rows of the blind arm, then of all, its stderr says which arms, and the
// kept agreement table and ties are counted again at the change (check
// finds them matching a recount).
func TestGoldFromTheBlindArmOrEveryArm(t *testing.T) {
	t.Parallel()
	db, _ := armStudy(t, 12, store.GoldFromBlind)
	bin := binary(t)
	ex := runBin(t, bin, db, "export", "--format", "labels", "--dataset", "study")
	if ex.code != 0 {
		t.Fatalf("export: %+v", ex)
	}
	// Who is in the blind arm, as the lead's reading of the study says.
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	lead := leadOf(t, st)
	inBlind := map[string]bool{}
	r, err := st.ReadFigures(ctx, lead, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	study, _, err := r.Study(ctx)
	r.Close()
	people, err2 := st.Annotators(ctx)
	st.Close()
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	for _, p := range people {
		if seq, ok := study.ArmOf[p.ID]; ok && study.Arms[seq].Blind() {
			inBlind[p.Name] = true
		}
	}
	blind, all := map[[2]string][]string{}, map[[2]string][]string{}
	lines := strings.Split(strings.TrimSpace(ex.stdout), "\n")
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t") // item unit annotator label …
		k := [2]string{f[0], f[1]}
		all[k] = append(all[k], f[3])
		if inBlind[f[2]] {
			blind[k] = append(blind[k], f[3])
		}
	}
	if len(inBlind) != 4 {
		t.Fatalf("%d annotators in the blind arm, want 4", len(inBlind))
	}
	check := func(from string, want map[[2]string][]string, says, column string) {
		t.Helper()
		r := runBin(t, bin, db, "export", "--format", "gold", "--dataset", "study", "--include-incomplete")
		if r.code != 0 {
			t.Fatalf("gold from %s: %+v", from, r)
		}
		if !strings.Contains(r.stderr, says) {
			t.Errorf("gold from %s: stderr %q, want %q", from, r.stderr, says)
		}
		lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
		if len(lines) != 1+len(want) {
			t.Fatalf("gold from %s: %d rows, want %d", from, len(lines)-1, len(want))
		}
		if !strings.HasSuffix(lines[0], "\tgold_from") {
			t.Errorf("gold from %s: header %q, want gold_from last", from, lines[0])
		}
		insufficient := 0
		for _, l := range lines[1:] {
			f := strings.Split(l, "\t")
			if f[len(f)-1] != column {
				t.Errorf("gold from %s: row %q says gold_from %q, want %q", from, l, f[len(f)-1], column)
			}
			if got, w := f[4], votesOf(want[[2]string{f[0], f[1]}]); got != w {
				t.Errorf("gold from %s: %s %s votes %s, the export's rows give %s", from, f[0], f[1], got, w)
			}
			if f[3] == "insufficient" {
				insufficient++
			}
		}
		if insufficient > 0 {
			t.Errorf("gold from %s: %d units insufficient, though every unit has its arms' labels", from, insufficient)
		}
		if c := runBin(t, bin, db, "check"); c.code != 0 {
			t.Errorf("check after gold from %s: %+v", from, c)
		}
	}
	check("blind", blind, "gold from the arms: blind (the labels of after:judge are left out)", "blind")
	if st, err = store.Open(ctx, db); err != nil {
		t.Fatal(err)
	}
	err = st.SetArms(ctx, lead, d.ID, nil, store.GoldFromAll)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	check("all", all, "gold from the arms: blind, after:judge (every arm's labels)", "blind,after:judge")
}

// armMarks are what would tell a reader of the arms: the arm shown a
// run, the figures' key and headings, the export's columns.
var armMarks = []string{"after:judge", `"arms"`, "first_label", "Arms (gold", `id="arms"`, "gold from the arms"}

// hasArms names the first mark of the arms in out, "" for none.
func hasArms(out string) string {
	for _, m := range armMarks {
		if strings.Contains(out, m) {
			return m
		}
	}
	return ""
}

// The figures per arm, the labels export's arm columns and the release's
// note are a lead's: an annotator in the study (another OS user) and an
// adjudicator see nothing of arms in stats, agree, annotators --quality,
// report or their export, on the CLI; the lead sees them on each.
func TestArmFiguresAreALeadsOnlyOnTheCLI(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	armStudyAt(t, bin, dir, db, 8, store.GoldFromBlind, "p0", "games", "p2", "p3")
	shareDB(db)
	as := func(args ...string) result {
		t.Helper()
		return run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
	}
	routes := [][]string{{"stats", "--dataset", "study", "--json"}, {"stats", "--dataset", "study"},
		{"agree", "--dataset", "study"}, {"agree", "--dataset", "study", "--json"},
		{"export", "--format", "labels", "--dataset", "study"}, {"report", "--dataset", "study"}}
	for _, args := range append(routes, []string{"annotators", "--quality", "--dataset", "study", "--json"},
		[]string{"export", "--format", "gold", "--dataset", "study"}) {
		if r := runBin(t, bin, db, args...); r.code != 0 || hasArms(r.stdout+r.stderr) == "" {
			t.Errorf("the lead's %s shows no arms: %+v", strings.Join(args, " "), r)
		}
	}
	for _, args := range routes {
		r := as(args...)
		if m := hasArms(r.stdout + r.stderr); r.code != 0 || m != "" {
			t.Errorf("annotator games's %s: %q (exit %d): %.400s", strings.Join(args, " "), m, r.code, r.stdout+r.stderr)
		}
	}
	if r := runBin(t, bin, db, "annotators", "games", "--role", "adjudicator"); r.code != 0 {
		t.Fatalf("games to adjudicator: %+v", r)
	}
	for _, args := range append(routes, []string{"annotators", "--quality", "--dataset", "study", "--json"}) {
		r := as(args...)
		if m := hasArms(r.stdout + r.stderr); r.code != 0 || m != "" {
			t.Errorf("adjudicator games's %s: %q (exit %d): %.400s", strings.Join(args, " "), m, r.code, r.stdout+r.stderr)
		}
	}
}

// Over SSH, an annotator of the study sees nothing of arms in stats,
// agree, report or their export; the lead's key sees the figures.
func TestArmFiguresAreALeadsOnlyOverSSH(t *testing.T) {
	t.Parallel()
	db, _ := armStudy(t, 8, store.GoldFromBlind)
	bin, dir := binary(t), filepath.Dir(db)
	key := func(name string) gossh.Signer {
		signer, pub := sshKey(t, dir, name)
		if r := runBin(t, bin, db, "annotators", name, "--key-file", pub); r.code != 0 {
			t.Fatalf("register %s's key: %+v", name, r)
		}
		return signer
	}
	p1, lead := key("p1"), key(osUser())
	srv := startServe(t, db)
	commands := []string{"stats --dataset study --json", "stats --dataset study", "agree --dataset study",
		"agree --dataset study --json", "export --format labels --dataset study", "report --dataset study"}
	for who, signer := range map[string]gossh.Signer{"p1": p1, "lead": lead} {
		c, err := sshDial(t, srv.addr, signer)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		for _, command := range commands {
			r := sshRun(t, c, "", command)
			switch m := hasArms(r.stdout + r.stderr); {
			case r.code != 0:
				t.Errorf("%s's %s over SSH: %+v", who, command, r)
			case who == "lead" && m == "":
				t.Errorf("the lead's %s over SSH shows no arms: %.400s", command, r.stdout)
			case who != "lead" && m != "":
				t.Errorf("%s's %s over SSH shows %q: %.400s", who, command, m, r.stdout)
			}
		}
	}
}

// Every figure of the lead's report of a dataset with arms is the one
// agree, bench and annotators --quality --json give, the Arms section's
// among them (at quality's "arms"), and the quality JSON's arms are
// stats --json's.
func TestReportArmFiguresAreTheQualityJSON(t *testing.T) {
	t.Parallel()
	db, _ := armStudy(t, 8, store.GoldFromBlind)
	bin := binary(t)
	docs := map[string]any{}
	for src, args := range map[string][]string{
		"agree":   {"agree", "--dataset", "study", "--json"},
		"bench":   {"bench", "--dataset", "study", "--json"},
		"quality": {"annotators", "--quality", "--dataset", "study", "--json"},
		"stats":   {"stats", "--dataset", "study", "--json"},
	} {
		r := runBin(t, bin, db, args...)
		if r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
		docs[src] = decodeJSON(t, src, r.stdout)
	}
	q, _ := jsonAt(docs["quality"], "arms")
	s, _ := jsonAt(docs["stats"], "arms")
	if q == nil || fmt.Sprint(q) != fmt.Sprint(s) {
		t.Errorf("annotators --quality's arms differ from stats':\n%v\n%v", q, s)
	}
	if c := runBin(t, bin, db, "stats", "--dataset", "study", "--csv"); c.code != 0 || !strings.Contains(c.stdout, "\narms,") {
		t.Errorf("stats --csv has no arms: %+v", c)
	}
	r := runBin(t, bin, db, "report", "--dataset", "study")
	if r.code != 0 || !strings.Contains(r.stdout, `<h2 id="arms">`) {
		t.Fatalf("report: %+v", r)
	}
	arms := r.stdout[strings.Index(r.stdout, `<h2 id="arms">`):]
	if n := checkFigures(t, "report", r.stdout, docs); n["quality"] == 0 || !strings.Contains(arms, `data-path="arms/differences/0/run_kappa_difference"`) {
		t.Errorf("the report's arms section has no figures of quality's arms: %v", n)
	}
}

// withArmsJSON keeps every document's figures and adds the arms': to an
// object as its last key, an empty object's only one, and beside any
// other document, which goes under "table"; each result is JSON.
// compactJSON is raw without its spaces and line ends.
func compactJSON(t *testing.T, raw []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestWithArmsJSONKeepsTheDocument(t *testing.T) {
	t.Parallel()
	arms := &report.ArmFigures{GoldFrom: "blind"}
	for doc, want := range map[string]string{
		"{\n  \"a\": 1\n}\n": "a 1",
		"{}\n":               "",
		"null\n":             "table null",
		"[1, 2]\n":           "table [1,2]",
	} {
		var b strings.Builder
		if err := withArmsJSON(&b, []byte(doc), arms); err != nil {
			t.Fatal(err)
		}
		var v map[string]json.RawMessage
		if err := json.Unmarshal([]byte(b.String()), &v); err != nil {
			t.Fatalf("%q: %v\n%s", doc, err, b.String())
		}
		key, val, _ := strings.Cut(want, " ")
		if len(v) != 1+len(strings.Fields(want))/2 || !strings.Contains(string(v["arms"]), `"gold_from": "blind"`) ||
			(key != "" && compactJSON(t, v[key]) != val) || !strings.HasSuffix(strings.TrimSpace(b.String()), "}\n}") {
			t.Errorf("%q: %s", doc, b.String())
		}
	}
}
