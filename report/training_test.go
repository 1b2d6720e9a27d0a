package report_test

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

var paneUnits = []string{"question", "answer_set", "landing_1", "landing_2"}

// team is a task of two-answer panes whose true labels the test knows,
// with gold checks beside it, and what each annotator keyed.
type team struct {
	st    *store.Store
	ds    int64
	truth map[int64]int // item → the value every unit of it truly has
	check map[int64]bool
	// keyed: every label the test keyed on task HITs (first answers),
	// seconds: each finished task HIT's seconds, second: repeat answers.
	keyed   map[string]map[[2]any]int
	seconds map[string][]float64
	second  map[string]map[[2]any]int
	checkOK map[string][2]int // units, matched on gold checks
	clock   time.Time         // the store's: work moves it on as annotators spend time
}

type exportRow struct {
	uid, unit, annotator string
	value                int
}

func newTeam(t *testing.T, tasks, checks int) *team {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	tm := &team{st: st, truth: map[int64]int{}, check: map[int64]bool{},
		keyed: map[string]map[[2]any]int{}, seconds: map[string][]float64{}, second: map[string]map[[2]any]int{},
		checkOK: map[string][2]int{}, clock: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)}
	st.Now = func() time.Time { return tm.clock }
	im, err := st.BeginImport(ctx, lead, "task", "mimics", data.FormatManual)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tasks {
		if _, err := im.AddPane(store.Pane{Query: fmt.Sprintf("task %d", i), Question: "Which?", Options: [5]string{"a", "b"}}); err != nil {
			t.Fatal(err)
		}
	}
	tm.ds = im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	err = st.EachItem(ctx, tm.ds, func(it store.Item) error { tm.truth[it.ID] = int(it.ID % 3); return nil })
	if err != nil {
		t.Fatal(err)
	}
	im, err = st.BeginKnownImport(ctx, lead, "task", store.PurposeCheck, "mimics", data.FormatManual)
	if err != nil {
		t.Fatal(err)
	}
	for i := range checks {
		var answers []store.UnitLabel
		for _, u := range paneUnits {
			answers = append(answers, store.UnitLabel{Unit: u, Value: i % 3})
		}
		if _, err := im.AddPane(store.Pane{Query: fmt.Sprintf("goldcheck %d", i), Question: "Which?", Options: [5]string{"a", "b"}}, answers...); err != nil {
			t.Fatal(err)
		}
	}
	side := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	err = st.EachItem(ctx, side, func(it store.Item) error {
		tm.check[it.ID], tm.truth[it.ID] = true, int((it.Seq-1)%3)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tm
}

// work has an annotator take n HITs, each unit right with chance acc
// (else another value, drawn), each step (the SERP review too) taking secs
// seconds on the store's clock, the steps entered and left as the screen
// records them; it returns how many HITs were gold checks and repeats.
func (tm *team) work(t *testing.T, who store.Annotator, n int, acc, secs float64, rng *rand.Rand, gap int) (checks, repeats int) {
	t.Helper()
	ctx := context.Background()
	var order []int64 // the annotator's finished task HITs, in order
	done := map[int64]int{}
	if tm.keyed[who.Name] == nil {
		tm.keyed[who.Name], tm.second[who.Name] = map[[2]any]int{}, map[[2]any]int{}
	}
	for range n {
		id, ok, nw, err := tm.st.NextHIT(ctx, tm.ds, who.ID, 0)
		if err != nil || !ok {
			t.Fatalf("%s: no HIT (%+v, %v)", who.Name, nw, err)
		}
		at, repeat := done[id]
		switch {
		case tm.check[id]:
			checks++
		case repeat:
			repeats++
			if len(order)-at < gap {
				t.Fatalf("%s: item %d came back after %d HITs, gap %d", who.Name, id, len(order)-at, gap)
			}
		}
		advance := func() { tm.clock = tm.clock.Add(time.Duration(secs * float64(time.Second))) }
		if err := tm.st.MoveStep(ctx, id, who.ID, store.StepMove{Enter: "serp"}); err != nil {
			t.Fatal(err)
		}
		advance()
		if err := tm.st.MarkSERPReviewed(ctx, id, who.ID, store.StepMove{Leave: "serp", Enter: paneUnits[0]}); err != nil {
			t.Fatal(err)
		}
		right := 0
		for i, u := range paneUnits {
			advance()
			move := store.StepMove{Leave: u}
			if i+1 < len(paneUnits) {
				move.Enter = paneUnits[i+1]
			}
			v := tm.truth[id]
			if rng.Float64() >= acc {
				v = (v + 1 + rng.IntN(2)) % 3
			}
			if v == tm.truth[id] {
				right++
			}
			ch := store.LabelChange{ItemID: id, AnnotatorID: who.ID, Unit: u, Value: &v, Seconds: secs, Finish: i == len(paneUnits)-1,
				Move: move}
			if _, err := tm.st.SetLabel(ctx, ch); err != nil {
				t.Fatal(err)
			}
			switch {
			case tm.check[id]:
			case repeat:
				tm.second[who.Name][[2]any{id, u}] = v
			default:
				tm.keyed[who.Name][[2]any{id, u}] = v
			}
		}
		switch {
		case tm.check[id]:
			c := tm.checkOK[who.Name]
			tm.checkOK[who.Name] = [2]int{c[0] + len(paneUnits), c[1] + right}
		case !repeat:
			done[id] = len(order)
			order = append(order, id)
			tm.seconds[who.Name] = append(tm.seconds[who.Name], secs*float64(len(paneUnits)+1)) // Step I too
		}
	}
	return checks, repeats
}

// TestChecksAndRepeatsOverAThousandHITs hands out 1,000 HITs to one
// annotator at a check rate of 5% and a repeat rate of 10%: each HIT is a
// check with chance 0.05 and a repeat with chance 0.10 (once one is due),
// so the counts are binomial; the test allows four standard deviations,
// √(n p (1 − p)), either side. The draws are seeded, so the test is the same
// on every run; it fails if the rates are not applied (0 or all HITs).
func TestChecksAndRepeatsOverAThousandHITs(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a thousand HITs")
	}
	tm := newTeam(t, 1200, 120)
	tm.st.Draws = rand.New(rand.NewPCG(19, 79))
	const n, checkRate, repeatRate, gap = 1000, 0.05, 0.10, 10
	err := tm.st.SetTraining(context.Background(), storetest.Lead(t, tm.st), tm.ds,
		store.Training{Pass: 0.7, CheckRate: checkRate, RepeatRate: repeatRate, RepeatGap: gap, PauseAfter: 5, Fast: 3 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	ana := storetest.Person(t, tm.st, "ana", store.RoleAnnotator)
	checks, repeats := tm.work(t, ana, n, 0.8, 0.5, rand.New(rand.NewPCG(1, 1)), gap)
	within := func(what string, got int, p float64, n int) {
		mean, sd := p*float64(n), math.Sqrt(float64(n)*p*(1-p))
		if math.Abs(float64(got)-mean) > 4*sd {
			t.Errorf("%s: %d of %d HITs, want %.0f ± %.0f", what, got, n, mean, 4*sd)
		}
	}
	within("gold checks", checks, checkRate, n)
	// No repeat is due for the first gap HITs: those draws give real work.
	within("repeats", repeats, repeatRate, n-gap)
	t.Logf("%d gold checks, %d repeats in %d HITs", checks, repeats, n)

	// Two more annotators, for majorities and kappas; a lead reads it all.
	bo := storetest.Person(t, tm.st, "bo", store.RoleAnnotator)
	cy := storetest.Person(t, tm.st, "cy", store.RoleAnnotator)
	tm.work(t, bo, 300, 0.6, 1, rand.New(rand.NewPCG(2, 2)), gap)
	tm.work(t, cy, 300, 0.95, 2, rand.New(rand.NewPCG(3, 3)), gap)
	tm.neverReachTheTask(t)
	tm.qualityMatches(t)
	tm.dawidSkeneGold(t)
}

// dawidSkeneGold sets the gold rule to dawid-skene and checks the gold
// export's posteriors against a fit of the labels the test keyed, indexed
// here, and each label against its posterior's best class.
func (tm *team) dawidSkeneGold(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	lead := storetest.Lead(t, tm.st)
	pol, err := tm.st.DatasetPolicy(ctx, tm.ds)
	if err != nil {
		t.Fatal(err)
	}
	pol.Gold = store.GoldDawidSkene
	if err := tm.st.SetPolicy(ctx, lead, tm.ds, pol); err != nil {
		t.Fatal(err)
	}
	// The fit, from the test's own records.
	names := slices.Sorted(maps.Keys(tm.keyed))
	unitIndex := map[[2]any]int{}
	var labels []agreement.DSLabel
	for a, name := range names {
		for _, k := range slices.SortedFunc(maps.Keys(tm.keyed[name]), func(x, y [2]any) int {
			return cmp.Or(cmp.Compare(x[0].(int64), y[0].(int64)), cmp.Compare(x[1].(string), y[1].(string)))
		}) {
			u, ok := unitIndex[k]
			if !ok {
				u = len(unitIndex)
				unitIndex[k] = u
			}
			labels = append(labels, agreement.DSLabel{Unit: u, Annotator: a, Class: tm.keyed[name][k]})
		}
	}
	fit, err := agreement.FitDawidSkene(labels, len(unitIndex), len(names), 3, agreement.DSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := tm.st.ReadGold(ctx, lead, tm.ds)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var gold bytes.Buffer
	if _, err := data.WriteGold(ctx, r, &gold, report.ReleaseOptions{IncludeIncomplete: true}); err != nil {
		t.Fatal(err)
	}
	uids := map[string]int64{}
	tm.st.EachItem(ctx, tm.ds, func(it store.Item) error { uids[it.UID] = it.ID; return nil })
	lines := strings.Split(strings.TrimSpace(gold.String()), "\n")
	if lines[0] != data.GoldHeader+"\tposterior\tby_vote\tfit" {
		t.Fatalf("gold header %q", lines[0])
	}
	model := 0
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		u := unitIndex[[2]any{uids[f[0]], f[1]}]
		post := fit.Posterior[u]
		best, _ := fit.Best(u)
		if f[2] != strconv.Itoa(best) || (f[3] != "model" && f[3] != "insufficient") {
			t.Fatalf("gold row %q: want label %d (posterior %v), provenance model", l, best, post)
		}
		if f[3] == "insufficient" {
			if f[6] != "" {
				t.Fatalf("gold row %q: an insufficient unit carries a posterior", l)
			}
			continue
		}
		model++
		if want := map[bool]string{true: "converged", false: "not converged"}[fit.Converged]; f[8] != want {
			t.Fatalf("gold row %q: fit %q, want %q", l, f[8], want)
		}
		if want := byVote(f[4]); f[7] != want {
			t.Fatalf("gold row %q: by_vote %q, want %q from its votes", l, f[7], want)
		}
		for _, cell := range strings.Split(f[6], ",") {
			v, p, _ := strings.Cut(cell, ":")
			k, _ := strconv.Atoi(v)
			got, _ := strconv.ParseFloat(p, 64)
			if math.Abs(got-post[k]) > 1e-5 { // the cell has six significant digits
				t.Fatalf("gold row %q: posterior of %d is %v", l, k, post[k])
			}
		}
	}
	if model == 0 {
		t.Fatal("no unit rests on enough annotators for the model's gold")
	}
}

// byVote is what a gold row's votes ("0:1,2:2") say by themselves:
// unanimous, majority, or unresolved on a tie for the most.
func byVote(votes string) string {
	cells := strings.Split(votes, ",")
	if len(cells) == 1 {
		return "unanimous"
	}
	var counts []int
	for _, c := range cells {
		_, n, _ := strings.Cut(c, ":")
		k, _ := strconv.Atoi(n)
		counts = append(counts, k)
	}
	slices.Sort(counts)
	if counts[len(counts)-1] == counts[len(counts)-2] {
		return "unresolved"
	}
	return "majority"
}

// neverReachTheTask: the agreement study, the gold and the labels export
// hold the first answers of task HITs and nothing else.
func (tm *team) neverReachTheTask(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	r := storetest.ReadGold(t, tm.st, tm.ds)
	study, err := report.DatasetStudy(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	want := 0
	for _, k := range tm.keyed {
		want += len(k)
	}
	got := 0
	for _, s := range study.Subjects {
		got += len(s.Ratings)
	}
	if got != want {
		t.Errorf("the agreement study has %d labels, the task HITs keyed %d", got, want)
	}
	var labels, gold bytes.Buffer
	if err := data.WriteLabels(ctx, r, &labels, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := data.WriteGold(ctx, r, &gold, report.ReleaseOptions{IncludeIncomplete: true}); err != nil {
		t.Fatal(err)
	}
	rows := exportRows(t, labels.String())
	if len(rows) != want {
		t.Errorf("the labels export has %d rows, want %d", len(rows), want)
	}
	uids := map[string]int64{}
	tm.st.EachItem(ctx, tm.ds, func(it store.Item) error { uids[it.UID] = it.ID; return nil })
	for _, row := range rows {
		id, ok := uids[row.uid]
		if !ok {
			t.Fatalf("the export has an item that is not the task's: %+v", row)
		}
		if v := tm.keyed[row.annotator][[2]any{id, row.unit}]; v != row.value {
			t.Fatalf("%s %d %s exported %d, first answer %d (a repeat's answer leaked?)", row.annotator, id, row.unit, row.value, v)
		}
	}
	if strings.Contains(gold.String(), "goldcheck") || strings.Contains(labels.String(), "goldcheck") {
		t.Error("a gold check reached an export")
	}
}

// qualityMatches recomputes the quality report from what the test keyed.
func (tm *team) qualityMatches(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	d, err := tm.st.DatasetByName(ctx, "task")
	if err != nil {
		t.Fatal(err)
	}
	q, err := report.ReadQuality(ctx, tm.st, storetest.Lead(t, tm.st), d)
	if err != nil {
		t.Fatal(err)
	}
	const tol = 1e-9
	near := func(what string, got agreement.Value, want float64) {
		t.Helper()
		if !got.Defined || math.Abs(got.V-want) > tol {
			t.Errorf("%s: %+v, want %v", what, got, want)
		}
	}
	for _, a := range q.Annotators {
		name := a.Annotator
		secs := tm.seconds[name]
		if a.HITs != len(secs) {
			t.Errorf("%s: %d HITs, keyed %d", name, a.HITs, len(secs))
		}
		s := slices.Sorted(slices.Values(secs))
		near(name+" median HIT time", a.MedianHITSeconds, (s[(len(s)-1)/2]+s[len(s)/2])/2)
		fast := 0.0
		if secs[0] < 3 { // every HIT of one annotator took the same time
			fast = 1
		}
		near(name+" too fast", a.TooFastShare, fast)
		if c := tm.checkOK[name]; c[0] > 0 {
			near(name+" gold checks", a.CheckAccuracy, float64(c[1])/float64(c[0]))
		}
		if sec := tm.second[name]; len(sec) > 0 {
			var first, second []int
			for k, v := range sec {
				first, second = append(first, tm.keyed[name][k]), append(second, v)
			}
			same := 0
			for i := range first {
				if first[i] == second[i] {
					same++
				}
			}
			near(name+" self agreement", a.SelfAgreement, float64(same)/float64(len(first)))
			near(name+" self kappa", a.SelfKappa, datatest.CohenKappa(first, second))
		}
		agree, units := tm.vsMajority(name)
		near(name+" vs others' majority", a.OthersAgreement, float64(agree)/float64(units))
		if a.OthersUnits != units {
			t.Errorf("%s: vs others over %d units, want %d", name, a.OthersUnits, units)
		}
		near(name+" mean kappa", a.MeanPairKappa, tm.meanKappa(name))
		for _, ds := range a.DawidSkene {
			m := q.Models[0]
			acc := 0.0
			for k := range m.Priors {
				acc += m.Priors[k] * ds.Confusion[k][k]
			}
			if math.Abs(acc-ds.Accuracy.V) > tol {
				t.Errorf("%s: DS accuracy %v, Σ p_k π_kk %v", name, ds.Accuracy, acc)
			}
		}
	}
	// Dawid–Skene ranks the three as they were made: cy (95%), ana (80%), bo (60%).
	acc := map[string]float64{}
	for _, a := range q.Annotators {
		acc[a.Annotator] = a.DawidSkene[0].Accuracy.V
	}
	if !(acc["cy"] > acc["ana"] && acc["ana"] > acc["bo"]) || math.Abs(acc["cy"]-0.95) > 0.05 {
		t.Errorf("Dawid–Skene accuracies %v, want cy ≈ 0.95 > ana > bo", acc)
	}
}

// vsMajority counts the annotator's units where the others have a unique
// majority, and those where the annotator's label is it.
func (tm *team) vsMajority(name string) (agree, units int) {
	for k, v := range tm.keyed[name] {
		votes, others := map[int]int{}, 0
		for other, labels := range tm.keyed {
			if w, ok := labels[k]; ok && other != name {
				votes[w]++
				others++
			}
		}
		if others < 2 { // one other label is no majority
			continue
		}
		best, ok := plurality(votes)
		if !ok {
			continue
		}
		units++
		if best == v {
			agree++
		}
	}
	return agree, units
}

// meanKappa averages Cohen's kappa with each other annotator over the
// units both labelled.
func (tm *team) meanKappa(name string) float64 {
	sum, n := 0.0, 0
	for other, labels := range tm.keyed {
		if other == name {
			continue
		}
		var a, b []int
		for k, v := range tm.keyed[name] {
			if w, ok := labels[k]; ok {
				a, b = append(a, v), append(b, w)
			}
		}
		if len(a) < 2 {
			continue
		}
		sum += datatest.CohenKappa(a, b)
		n++
	}
	return sum / float64(n)
}

// exportRows reads a labels export's rows: item, unit, annotator, label.
func exportRows(t *testing.T, text string) []exportRow {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if lines[0] != data.LabelsHeader {
		t.Fatalf("labels export header %q", lines[0])
	}
	var out []exportRow
	for _, l := range lines[1:] {
		f := strings.Split(l, "\t")
		v, err := strconv.Atoi(f[3])
		if err != nil {
			t.Fatalf("labels export row %q: %v", l, err)
		}
		out = append(out, exportRow{f[0], f[1], f[2], v})
	}
	return out
}
