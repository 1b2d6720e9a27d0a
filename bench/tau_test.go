package bench

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// KendallTauB over a few systems' figures, ties and all, against tau-b by
// its definition over the pairs (datatest), with its tied pairs counted
// here; undefined, with its reason, over fewer than two systems or when
// either order ties every pair. Hand-worked: x 1 2 3, y 3 2 1 is −1; x 1
// 2 2, y 1 2 3: pairs (1,2) c, (1,3) c, (2,3) tied in x, tau-b
// 2/√(2·3).
func TestKendallTauB(t *testing.T) {
	for _, c := range []struct {
		x, y []float64
		want Value
		why  TauUndefined
	}{
		{[]float64{1, 2, 3}, []float64{3, 2, 1}, Of(-1), ""},
		{[]float64{1, 2, 2}, []float64{1, 2, 3}, Of(2 / math.Sqrt(6)), ""},
		{[]float64{0.5}, []float64{0.25}, Undefined, TauFew},
		{nil, nil, Undefined, TauFew},
		{[]float64{1, 1, 1}, []float64{1, 2, 3}, Undefined, TauTiedX},
		{[]float64{1, 2, 3}, []float64{0, 0, 0}, Undefined, TauTiedY},
	} {
		got := KendallTauB(c.x, c.y)
		if got.Why != c.why || got.Tau.Defined != c.want.Defined || math.Abs(got.Tau.X-c.want.X) > 1e-12 || got.N != len(c.x) {
			t.Errorf("%v %v: %+v, want %v (%q)", c.x, c.y, got, c.want, c.why)
		}
	}
	rng := rand.New(rand.NewPCG(43, 1))
	for trial := range 200 {
		n := 2 + rng.IntN(12)
		x, y := make([]float64, n), make([]float64, n)
		for i := range n {
			x[i], y[i] = float64(rng.IntN(4))/4, float64(rng.IntN(5))/5
		}
		var tiedX, tiedY int
		for i := range n {
			for j := i + 1; j < n; j++ {
				if x[i] == x[j] {
					tiedX++
				}
				if y[i] == y[j] {
					tiedY++
				}
			}
		}
		got, pairs := KendallTauB(x, y), n*(n-1)/2
		if got.TiedX != tiedX || got.TiedY != tiedY {
			t.Fatalf("trial %d: tied %d %d, counted %d %d", trial, got.TiedX, got.TiedY, tiedX, tiedY)
		}
		if tiedX == pairs || tiedY == pairs {
			if got.Tau.Defined || got.Why == "" {
				t.Fatalf("trial %d: %v %v every pair tied one way: %+v", trial, x, y, got)
			}
			continue
		}
		if want := datatest.KendallTauB(x, y); !got.Tau.Defined || math.Abs(got.Tau.X-want) > 1e-12 || got.Why != "" {
			t.Fatalf("trial %d: %v %v: %+v, by definition %v", trial, x, y, got, want)
		}
	}
}
