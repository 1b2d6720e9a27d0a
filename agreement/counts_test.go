package agreement

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// A report from count patterns alone is the report from the ratings they
// came from: every coefficient (to rounding: sums run in another order),
// the intervals (exactly: the bootstrap draws over patterns in a canonical
// order), the units' summary, with and without --min-raters.
func TestCountsGiveTheSameReport(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	st := &Study{Scale: NewScale([]string{"0", "1", "2"}), Types: []string{"a", "b"}, Raters: []string{"r0", "r1", "r2", "r3", "r4"}}
	for i := range 3000 {
		s := Subject{Item: fmt.Sprint(i), Unit: "u", Type: i % 2}
		for _, r := range rng.Perm(5)[:1+rng.IntN(4)] {
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: rng.IntN(3)})
		}
		st.Subjects = append(st.Subjects, s)
	}
	kept := map[[4]int]int{} // type, counts -> units
	for _, s := range st.Subjects {
		k := [4]int{s.Type}
		for _, r := range s.Ratings {
			k[1+r.Category]++
		}
		kept[k]++
	}
	var counts []PatternCount
	for k, n := range kept {
		counts = append(counts, PatternCount{Type: k[0], Counts: []int{k[1], k[2], k[3]}, Units: n})
	}
	// The units' summary, counted here straight from the ratings.
	var byHand UnitSummary
	for _, sub := range st.Subjects {
		counts := make([]int, 3)
		for _, r := range sub.Ratings {
			counts[r.Category]++
		}
		top, atTop := 0, 0
		for _, c := range counts {
			switch {
			case c > top:
				top, atTop = c, 1
			case c == top:
				atTop++
			}
		}
		byHand.Units++
		switch {
		case atTop > 1:
			byHand.Tied++
		case len(sub.Ratings) == 1:
			byHand.Single++
		}
	}
	if got := Analyze(st, Options{}).Units; got != byHand || byHand.Tied == 0 || byHand.Single == 0 {
		t.Fatalf("units %+v, counted by hand %+v", got, byHand)
	}
	for _, opt := range []Options{{Bootstrap: 200, Seed: 9}, {MinRaters: 2, Bootstrap: 200, Seed: 9}} {
		want := Analyze(st, opt)
		got := AnalyzeCounts(st.Scale, st.Types, counts, opt)
		if got.Units != want.Units || got.MinRaters != want.MinRaters {
			t.Fatalf("units %+v, want %+v", got.Units, want.Units)
		}
		for i, w := range append(want.Types, want.Pooled) {
			g := append(got.Types, got.Pooled)[i]
			if g.Items != w.Items || g.Ratings != w.Ratings || g.Paired != w.Paired || g.CIKappa != w.CIKappa || g.CIAlphaOrdinal != w.CIAlphaOrdinal {
				t.Fatalf("%s: %+v\nwant %+v", w.Type, g, w)
			}
			for j, pair := range [][2]Value{{g.FleissKappa, w.FleissKappa}, {g.AlphaOrdinal, w.AlphaOrdinal},
				{g.AlphaNominal, w.AlphaNominal}, {g.AlphaInterval, w.AlphaInterval}, {g.GwetAC1, w.GwetAC1}, {g.Observed, w.Observed}} {
				if pair[0].Defined != pair[1].Defined || math.Abs(pair[0].V-pair[1].V) > 1e-12 {
					t.Fatalf("%s: figure %d is %v, want %v", w.Type, j, pair[0], pair[1])
				}
			}
		}
	}
}

// The label counts per type (from ratings or from patterns) and per
// annotator are the ratings counted one by one.
func TestLabelCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	st := &Study{Scale: NewScale([]string{"0", "1", "2"}), Types: []string{"a", "b"}, Raters: []string{"r0", "r1", "r2"}}
	perType := [2][3]int{}
	perRater := [3][3]int{}
	kept := map[[4]int]int{}
	for i := range 500 {
		s := Subject{Item: fmt.Sprint(i), Unit: "u", Type: i % 2}
		k := [4]int{s.Type}
		for _, r := range rng.Perm(3)[:1+rng.IntN(3)] {
			c := rng.IntN(3)
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: c})
			perType[s.Type][c]++
			perRater[r][c]++
			k[1+c]++
		}
		kept[k]++
		st.Subjects = append(st.Subjects, s)
	}
	var counts []PatternCount
	for k, n := range kept {
		counts = append(counts, PatternCount{Type: k[0], Counts: []int{k[1], k[2], k[3]}, Units: n})
	}
	for _, rep := range []Report{Analyze(st, Options{}), AnalyzeCounts(st.Scale, st.Types, counts, Options{})} {
		for ti, tr := range rep.Types {
			if fmt.Sprint(tr.Labels) != fmt.Sprint(perType[ti][:]) {
				t.Errorf("type %s labels %v, counted %v", tr.Type, tr.Labels, perType[ti])
			}
		}
		pooled := [3]int{}
		for c := range 3 {
			pooled[c] = perType[0][c] + perType[1][c]
		}
		if fmt.Sprint(rep.Pooled.Labels) != fmt.Sprint(pooled[:]) {
			t.Errorf("pooled labels %v, counted %v", rep.Pooled.Labels, pooled)
		}
	}
	rep := Analyze(st, Options{})
	for ri, a := range rep.AnnotatorLabels {
		if a.Name != st.Raters[ri] || fmt.Sprint(a.Labels) != fmt.Sprint(perRater[ri][:]) {
			t.Errorf("%s labels %v, counted %v", a.Name, a.Labels, perRater[ri])
		}
	}
}
