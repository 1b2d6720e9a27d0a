package bench

import (
	"math"
	"math/rand/v2"
	"testing"
)

// nuggetizer's README example: two vital nuggets supported, an okay one
// partly, an okay one not: strict_vital 1, strict_all 2/4, vital 1, all
// (2 + 0.5)/4.
func TestScoreRAGHandWorked(t *testing.T) {
	got := ScoreRAG([]RAGNugget{{true, Full}, {true, Full}, {false, Partial}, {false, None}})
	if want := (RAGScores{1, 0.5, 1, 0.625}); got != want {
		t.Errorf("README example: %+v, want %+v", got, want)
	}
	// No vital nugget: nuggetizer scores both vital figures 0.
	if got := ScoreRAG([]RAGNugget{{false, Full}, {false, Partial}}); got != (RAGScores{0, 0.5, 0, 0.75}) {
		t.Errorf("no vital nugget: %+v", got)
	}
	if got := ScoreRAG(nil); got != (RAGScores{}) {
		t.Errorf("no nugget: %+v", got)
	}
}

// ScoreRAG and MeanRAG against nuggetizer's calculate_nugget_scores and
// calculate_global_metrics, written out again here as the Python reads:
// filter the vital nuggets, count support, add 0.5 per partial_support,
// divide by the count (0.0 when there is none); the global line is each
// score's mean.
func TestScoreRAGAgainstNuggetizer(t *testing.T) {
	type nugget struct{ importance, assignment string }
	python := func(ns []nugget) [4]float64 {
		var vital []nugget
		for _, n := range ns {
			if n.importance == "vital" {
				vital = append(vital, n)
			}
		}
		count := func(xs []nugget, a string) float64 {
			c := 0.0
			for _, x := range xs {
				if x.assignment == a {
					c++
				}
			}
			return c
		}
		div := func(a float64, xs []nugget) float64 {
			if len(xs) == 0 {
				return 0.0
			}
			return a / float64(len(xs))
		}
		sv, sa := count(vital, "support"), count(ns, "support")
		return [4]float64{div(sv, vital), div(sa, ns), div(sv+0.5*count(vital, "partial_support"), vital),
			div(sa+0.5*count(ns, "partial_support"), ns)}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	names := map[Coverage]string{Full: "support", Partial: "partial_support", None: "not_support"}
	var all []RAGScores
	var sum [4]float64
	for range 500 {
		var ours []RAGNugget
		var theirs []nugget
		for range rng.IntN(12) {
			n := RAGNugget{Vital: rng.IntN(3) == 0, Coverage: Coverage(rng.IntN(3))}
			ours = append(ours, n)
			theirs = append(theirs, nugget{map[bool]string{true: "vital", false: "okay"}[n.Vital], names[n.Coverage]})
		}
		got, want := ScoreRAG(ours), python(theirs)
		if got != (RAGScores{want[0], want[1], want[2], want[3]}) {
			t.Fatalf("%+v: %+v, nuggetizer %v", theirs, got, want)
		}
		all = append(all, got)
		for i := range sum {
			sum[i] += want[i]
		}
	}
	m, ok := MeanRAG(all)
	for i, v := range []float64{m.StrictVital, m.StrictAll, m.Vital, m.All} {
		if !ok || math.Abs(v-sum[i]/500) > 1e-12 {
			t.Errorf("mean %d: %v, want %v", i, v, sum[i]/500)
		}
	}
	if _, ok := MeanRAG(nil); ok {
		t.Error("a mean over no answer is defined")
	}
}
