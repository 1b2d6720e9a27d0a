package report_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// ratingsFile makes a labels TSV of random ratings by several annotators,
// and keeps them per unit for an independent computation.
func ratingsFile(turns []int, raters int, seed uint64) (string, map[string][]float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString(data.RatingsHeader + "\n")
	per := map[string][]float64{}
	for i, n := range turns {
		for _, u := range clariMM().Units(guidelines.Shape{Answers: n}) {
			for r := range raters {
				v := 1 + rng.IntN(5)
				fmt.Fprintf(&b, "c%d\t%s\trater%d\t%d\n", i+1, u, r, v)
				per[u] = append(per[u], float64(v))
			}
		}
	}
	return b.String(), per
}

// naiveStats is the textbook computation, written apart from the code under
// test: the mean by summing, the population variance as E[x²] − E[x]², the
// median by counting how many ratings lie at or below each point.
func naiveStats(xs []float64) (mean, std, med float64) {
	var s, s2 float64
	for _, x := range xs {
		s += x
		s2 += x * x
	}
	n := float64(len(xs))
	mean = s / n
	std = math.Sqrt(s2/n - mean*mean)
	// The k-th smallest rating (from 0) is the least point with more than
	// k ratings at or below it.
	kth := func(k int) float64 {
		for v := 1.0; v <= 5; v++ {
			atOrBelow := 0
			for _, x := range xs {
				if x <= v {
					atOrBelow++
				}
			}
			if atOrBelow > k {
				return v
			}
		}
		return math.NaN()
	}
	return mean, std, (kth((len(xs)-1)/2) + kth(len(xs)/2)) / 2
}

func TestClariMMStatsIndependently(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	turns := []int{1, 2, 3, 4, 4, 3, 2, 4}
	ds := demotest.Conversations(t, st, turns)
	body, per := ratingsFile(turns, 3, 7)
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(body), "r.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	rs, err := report.RatingsTable(ctx, storetest.ReadGold(t, st, ds.ID), st.Protocol("clarimm"))
	if err != nil {
		t.Fatal(err)
	}
	if len(rs.Metrics) != 7 {
		t.Fatalf("%d metrics", len(rs.Metrics))
	}
	for _, m := range rs.Metrics {
		xs := per[m.Metric]
		mean, std, med := naiveStats(xs)
		if m.N != len(xs) || math.Abs(*m.Mean-mean) > 1e-12 || math.Abs(*m.Std-std) > 1e-9 || *m.Median != med {
			t.Errorf("%s: n %d mean %v std %v median %v; want %d %v %v %v", m.Metric, m.N, *m.Mean, *m.Std, *m.Median, len(xs), mean, std, med)
		}
	}
	// Turn 1 exists in all 8 conversations, turn 4 in 3 of them.
	if rs.Metrics[0].N != 24 || rs.Metrics[3].N != 9 {
		t.Fatalf("n per turn %d %d", rs.Metrics[0].N, rs.Metrics[3].N)
	}
}

// Under the median rule a conversation's gold is the median rating, and an
// even split goes to one more annotator.
func TestMedianGold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	ds := demotest.Conversations(t, st, []int{1})
	pol, _ := st.DatasetPolicy(ctx, ds.ID)
	pol.Min, pol.Max, pol.Gold = 3, 4, agreement.RuleMedian
	if err := st.SetPolicy(ctx, storetest.Lead(t, st), ds.ID, pol); err != nil {
		t.Fatal(err)
	}
	rows := data.RatingsHeader + "\n"
	for _, r := range []struct {
		who string
		v   [4]int // relevance_1, coherence, diversity, intent_reveal
	}{{"a", [4]int{1, 2, 5, 3}}, {"b", [4]int{4, 2, 5, 3}}, {"c", [4]int{5, 4, 1, 3}}} {
		for i, u := range clariMM().Units(guidelines.Shape{Answers: 1}) {
			rows += fmt.Sprintf("c1\t%s\t%s\t%d\n", u, r.who, r.v[i])
		}
	}
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(rows), "r.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	var got *report.PaneGold
	report.EachPaneGold(ctx, storetest.ReadGold(t, st, ds.ID), func(p *report.PaneGold) error { c := *p; got = &c; return nil })
	want := map[string]struct {
		label int
		prov  agreement.Provenance
	}{
		"relevance_1": {4, agreement.ByMedian}, "coherence": {2, agreement.ByMedian},
		"diversity": {5, agreement.ByMedian}, "intent_reveal": {3, agreement.Unanimous},
	}
	for _, u := range got.Units {
		if w := want[u.Unit]; u.Label != w.label || u.Provenance != w.prov {
			t.Errorf("%s: %d %s, want %d %s", u.Unit, u.Label, u.Provenance, w.label, w.prov)
		}
	}
	// Median settles every unit, so three annotators are enough.
	var out bytes.Buffer
	sum, err := data.WriteGoldTable("clarimm")(ctx, storetest.ReadGold(t, st, ds.ID), &out, report.ReleaseOptions{})
	if err != nil || sum.Written != 1 || sum.Unresolved != 0 {
		t.Fatalf("gold export %+v %v", sum, err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if want := "c1\ttopic of c1\tfacet of c1\t1\t4\t\t\t\t2\t5\t3"; lines[1] != want {
		t.Fatalf("gold row %q, want %q", lines[1], want)
	}
	if !slices.Equal(strings.Split(lines[0], "\t")[4:], []string{"relevance_1", "relevance_2", "relevance_3", "relevance_4", "coherence", "diversity", "intent_reveal"}) {
		t.Fatalf("header %q", lines[0])
	}
}

// clariMM is ClariMM's kind, as its shipped protocol file makes it.
func clariMM() guidelines.Protocol {
	pt, err := guidelines.FindShipped("clarimm")
	if err != nil {
		panic(err)
	}
	return pt.File.Protocol()
}
