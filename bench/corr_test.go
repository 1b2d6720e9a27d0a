package bench

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// A hand-worked case with ties: x 1 2 2 3, y 1 3 2 3. Pairs: (1,2) c,
// (1,3) c, (1,4) c, (2,3) tied in x, (2,4) tied in y, (3,4) c: nc 4, nd 0,
// n0 6, one tie each way, tau-b 4/√(5·5) = 0.8. Mid-ranks x 1 2.5 2.5 4,
// y 1 3.5 2 3.5: rho worked below.
func TestCorrelationHandWorked(t *testing.T) {
	c := Correlate([]float64{1, 2, 2, 3}, []float64{1, 3, 2, 3})
	if !c.Tau.Defined || math.Abs(c.Tau.X-0.8) > 1e-12 {
		t.Errorf("tau-b %+v, want 0.8", c.Tau)
	}
	// Σ(rx−2.5)(ry−2.5) = (−1.5)(−1.5) + 0·1 + 0·(−0.5) + 1.5·1 = 3.75;
	// Σ(rx−2.5)² = 4.5, Σ(ry−2.5)² = 2.25+1+0.25+1 = 4.5: rho 3.75/4.5.
	if !c.Rho.Defined || math.Abs(c.Rho.X-3.75/4.5) > 1e-12 {
		t.Errorf("rho %+v, want %v", c.Rho, 3.75/4.5)
	}
	if c := Correlate([]float64{1, 1, 1}, []float64{1, 2, 3}); c.Rho.Defined || c.Tau.Defined {
		t.Errorf("x constant: %+v", c)
	}
}

// Against the definitions, on data as MIMICS-Duo's: ratings 1-5 and
// engagement 0-10, full of ties, and pane means with more distinct
// values; the intervals hold their estimate and repeat to the bit.
func TestCorrelationAgainstDefinitions(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	for trial := range 30 {
		n := 5 + rng.IntN(200)
		x, y := make([]float64, n), make([]float64, n)
		for i := range n {
			x[i] = float64(1 + rng.IntN(5))
			if trial%3 == 0 {
				x[i] += float64(rng.IntN(4)) / 4 // a pane's mean over its answers
			}
			y[i] = math.Min(10, math.Max(0, x[i]+float64(rng.IntN(7))-3))
		}
		c := Correlate(x, y)
		if math.Abs(c.Tau.X-datatest.KendallTauB(x, y)) > 1e-12 || math.Abs(c.Rho.X-datatest.SpearmanRho(x, y)) > 1e-12 {
			t.Fatalf("trial %d: tau-b %v rho %v, by definition %v %v", trial, c.Tau.X, c.Rho.X, datatest.KendallTauB(x, y), datatest.SpearmanRho(x, y))
		}
		if c.Used == 0 || !(c.RhoLow.X <= c.Rho.X && c.Rho.X <= c.RhoHigh.X) || !(c.TauLow.X <= c.Tau.X && c.Tau.X <= c.TauHigh.X) {
			t.Errorf("trial %d: intervals %+v", trial, c)
		}
		if again := Correlate(x, y); again != c {
			t.Errorf("trial %d: drawn again, %+v then %+v", trial, c, again)
		}
	}
}

// The intervals against the same resamples worked by the definitions.
func TestCorrelationIntervalsAgainstDefinitions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	x, y := make([]float64, 60), make([]float64, 60)
	for i := range x {
		x[i], y[i] = float64(rng.IntN(5)), float64(rng.IntN(11))
	}
	c := Correlate(x, y)
	var rhos, taus []float64
	for r := range CorrelationReplicates {
		pick := rand.New(rand.NewPCG(BootstrapSeed, uint64(r)))
		sx, sy := make([]float64, len(x)), make([]float64, len(x))
		for i := range sx {
			j := pick.IntN(len(x))
			sx[i], sy[i] = x[j], y[j]
		}
		rh, ta := datatest.SpearmanRho(sx, sy), datatest.KendallTauB(sx, sy)
		if !math.IsNaN(rh) && !math.IsNaN(ta) {
			rhos, taus = append(rhos, rh), append(taus, ta)
		}
	}
	sort.Float64s(rhos)
	sort.Float64s(taus)
	for _, w := range []struct {
		what      string
		got, want float64
	}{{"rho low", c.RhoLow.X, Percentile(rhos, 2.5)}, {"rho high", c.RhoHigh.X, Percentile(rhos, 97.5)},
		{"tau low", c.TauLow.X, Percentile(taus, 2.5)}, {"tau high", c.TauHigh.X, Percentile(taus, 97.5)}} {
		if math.Abs(w.got-w.want) > 1e-9 {
			t.Errorf("%s: %v, by definition %v", w.what, w.got, w.want)
		}
	}
}
