package report_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// quadraticKappa is the weighted kappa from its pairwise form, not the
// joint table: 1 − mean (x−y)² over the pairs / mean (x−y')² over every
// x with every y' (the disagreement chance would give).
func quadraticKappa(xs, ys []int) float64 {
	var obs, exp float64
	for i := range xs {
		obs += float64((xs[i] - ys[i]) * (xs[i] - ys[i]))
		for j := range ys {
			exp += float64((xs[i] - ys[j]) * (xs[i] - ys[j]))
		}
	}
	n := float64(len(xs))
	return 1 - (obs/n)/(exp/(n*n))
}

// A labels run beside the people: its quadratic-weighted kappa with the
// gold, each person's with the unique majority of the other three, their
// mean, lowest and highest, and the difference's bootstrap interval, all
// worked here from the labels the test keyed (the gold the majority of
// all four), with the same documented draws; repeated, to the bit. An
// annotator's reading gets no baseline.
func TestHumanBaseline(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	const n = 40
	var panes strings.Builder
	panes.WriteString(data.ManualHeader() + "\n")
	for i := range n {
		fmt.Fprintf(&panes, "query %d\tWhich %d?\ta\tb%s\n", i, i, strings.Repeat("\t", 10))
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(panes.String()), "p.tsv", data.Options{Dataset: "p"}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "p")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(17, 3))
	people := []string{"ana", "bo", "cy", "di"}
	care := map[string]float64{"ana": 0.9, "bo": 0.7, "cy": 0.5, "di": 0.8}
	truth := make([]int, n)
	said := map[string][]int{}
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	items := make([]store.Item, n)
	for i := range n {
		items[i] = storetest.ItemAt(t, st, d.ID, i+1)
		truth[i] = rng.IntN(3)
		for _, p := range people {
			v := truth[i]
			if rng.Float64() > care[p] {
				v = rng.IntN(3)
			}
			said[p] = append(said[p], v)
			// The whole HIT, so it is finished and its labels settled.
			fmt.Fprintf(&labels, "%s\tanswer_set\t%s\t%d\n", items[i].UID, p, v)
			for _, u := range []string{"question", "landing_1", "landing_2"} {
				fmt.Fprintf(&labels, "%s\t%s\t%s\t%d\n", items[i].UID, u, p, rng.IntN(3))
			}
		}
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(labels.String()), "l.tsv", data.Options{Format: data.FormatLabels}); err != nil {
		t.Fatal(err)
	}
	var run strings.Builder
	predicted := make([]int, n)
	for i := range n {
		predicted[i] = truth[i]
		if rng.Float64() > 0.75 {
			predicted[i] = rng.IntN(3)
		}
		fmt.Fprintf(&run, "%s answer_set %d\n", items[i].UID, predicted[i])
	}
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run.String()), "run.tsv", data.RunOptions{Kind: store.RunLabels, Name: "judge", RunKinds: runKinds(t, st)}); err != nil {
		t.Fatal(err)
	}

	// The same figures, from the labels the test keyed.
	majority := func(vs []int) int {
		c := make([]int, 3)
		for _, v := range vs {
			c[v]++
		}
		best, ties := -1, 0
		for v, k := range c {
			switch {
			case best < 0 || k > c[best]:
				best, ties = v, 0
			case k == c[best]:
				ties++
			}
		}
		if ties > 0 {
			return -1
		}
		return best
	}
	type figures struct {
		run   float64
		kappa map[string]float64
		items int
	}
	work := func(pick []int) figures {
		var rx, ry []int
		px, py := map[string][]int{}, map[string][]int{}
		used := map[int]bool{}
		for _, i := range pick {
			var all []int
			for _, p := range people {
				all = append(all, said[p][i])
			}
			gold := majority(all)
			if gold < 0 {
				continue
			}
			used[i] = true
			rx, ry = append(rx, predicted[i]), append(ry, gold)
			for k, p := range people {
				others := slices.Delete(slices.Clone(all), k, k+1)
				if m := majority(others); m >= 0 {
					px[p], py[p] = append(px[p], said[p][i]), append(py[p], m)
				}
			}
		}
		f := figures{run: quadraticKappa(rx, ry), kappa: map[string]float64{}, items: len(used)}
		for _, p := range people {
			f.kappa[p] = quadraticKappa(px[p], py[p])
		}
		return f
	}
	all := make([]int, n)
	for i := range all {
		all[i] = i
	}
	want := work(all)
	var ks []float64
	for _, p := range people {
		ks = append(ks, want.kappa[p])
	}
	mean := (ks[0] + ks[1] + ks[2] + ks[3]) / 4
	// The bootstrap over the items with gold, in import order, drawn as documented.
	var withGold []int
	for i := range n {
		var vs []int
		for _, p := range people {
			vs = append(vs, said[p][i])
		}
		if majority(vs) >= 0 {
			withGold = append(withGold, i)
		}
	}
	var diffs []float64
	for r := range report.BaselineReplicates {
		pick := rand.New(rand.NewPCG(bench.BootstrapSeed, uint64(r)))
		var sample []int
		for range withGold {
			sample = append(sample, withGold[pick.IntN(len(withGold))])
		}
		f := work(sample)
		m := 0.0
		for _, p := range people {
			m += f.kappa[p] / 4
		}
		if !math.IsNaN(f.run) && !math.IsNaN(m) {
			diffs = append(diffs, f.run-m)
		}
	}
	slices.Sort(diffs)

	score := func(who store.Annotator) report.RunScore {
		t.Helper()
		r, err := st.ReadFigures(ctx, who, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		scores, err := report.ScoreRuns(ctx, r, d, benchRuns(t, st, d), report.ScoreOptions{})
		if err != nil || len(scores) != 1 {
			t.Fatalf("scores %+v %v", scores, err)
		}
		return scores[0]
	}
	s := score(lead)
	if len(s.Baseline) != 1 {
		t.Fatalf("baseline %+v", s.Baseline)
	}
	b := s.Baseline[0]
	near := func(what string, got bench.Value, want float64) {
		t.Helper()
		if !got.Defined || math.Abs(got.X-want) > 1e-9 {
			t.Errorf("%s: %+v, want %v", what, got, want)
		}
	}
	if b.Type != "answer_set" || !b.Weighted || b.Items != want.items || b.People != 4 {
		t.Errorf("baseline %+v, want %d items, 4 people", b, want.items)
	}
	near("run κ", b.Run, want.run)
	near("people's mean", b.Mean, mean)
	near("people's lowest", b.Lowest, slices.Min(ks))
	near("people's highest", b.Highest, slices.Max(ks))
	near("run − people", b.Diff, want.run-mean)
	near("interval low", b.DiffLow, bench.Percentile(diffs, 2.5))
	near("interval high", b.DiffHigh, bench.Percentile(diffs, 97.5))
	standing := "within"
	if want.run < slices.Min(ks) {
		standing = "below"
	} else if want.run > slices.Max(ks) {
		standing = "above"
	}
	if b.Standing != standing {
		t.Errorf("standing %q, want %q", b.Standing, standing)
	}
	if again := score(lead).Baseline[0]; again != b {
		t.Errorf("scored again: %+v then %+v", b, again)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	if s := score(ana); s.Baseline != nil {
		t.Errorf("an annotator sees the people's kappas: %+v", s.Baseline)
	}
}
