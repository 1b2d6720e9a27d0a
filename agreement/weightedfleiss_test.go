package agreement

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// WeightedFleiss with whole weights is Analyze's Fleiss' κ over the units
// repeated that many times (a bootstrap replicate drawn by hand), a unit
// weighted 0 left out; one label, or none, has no κ.
func TestWeightedFleissIsAnalyzeOverRepeatedUnits(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(46, 1))
	st := &Study{Scale: NewScale([]string{"0", "1", "2"}), Types: []string{"a"}, Raters: []string{"r0", "r1", "r2", "r3"}}
	var counts [][]int
	var weights []float64
	for i := range 200 {
		c := make([]int, 3)
		s := Subject{Item: fmt.Sprint(i), Unit: "u"}
		for _, r := range rng.Perm(4)[:1+rng.IntN(4)] {
			k := rng.IntN(3)
			if rng.IntN(2) == 0 {
				k = i % 3 // some agreement
			}
			c[k]++
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: k})
		}
		w := rng.IntN(3)
		counts, weights = append(counts, c), append(weights, float64(w))
		for range w {
			st.Subjects = append(st.Subjects, s)
		}
	}
	want := Analyze(st, Options{}).Types[0].FleissKappa
	got := WeightedFleiss(counts, weights)
	if !want.Defined || !got.Defined || math.Abs(got.V-want.V) > 1e-12 {
		t.Errorf("WeightedFleiss %v, Analyze over the repeated units %v", got, want)
	}
	if k := WeightedFleiss([][]int{{1, 0, 0}}, []float64{3}); k.Defined {
		t.Errorf("one label a unit: κ %v", k)
	}
	if k := WeightedFleiss(nil, nil); k.Defined {
		t.Errorf("no units: κ %v", k)
	}
}
