package agreement

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestBinomialMoments(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range []struct {
		n int
		p float64
	}{{10, 0.5}, {1000, 0.3}, {400000, 0.001}, {400000, 0.62}} {
		const draws = 20000
		var sum, sq float64
		for range draws {
			x := float64(binomial(rng, c.n, c.p))
			if x < 0 || x > float64(c.n) {
				t.Fatalf("Binomial(%d, %g) gave %g", c.n, c.p, x)
			}
			sum += x
			sq += x * x
		}
		mean := sum / draws
		variance := sq/draws - mean*mean
		wantMean, wantVar := float64(c.n)*c.p, float64(c.n)*c.p*(1-c.p)
		// Five standard errors of the mean; 10% on the variance.
		if math.Abs(mean-wantMean) > 5*math.Sqrt(wantVar/draws) || math.Abs(variance-wantVar) > 0.1*wantVar {
			t.Errorf("Binomial(%d, %g): mean %.2f var %.2f, want %.2f and %.2f", c.n, c.p, mean, variance, wantMean, wantVar)
		}
	}
}

// naiveBootstrap resamples subject indexes directly, the textbook way.
func naiveBootstrap(st *Study, reps int, seed uint64) Interval {
	rng := rand.New(rand.NewPCG(seed, 1))
	q := len(st.Scale.Categories)
	var ks []float64
	counts := make([]int, q)
	for range reps {
		ps := newPatternSet(q)
		for range st.Subjects {
			s := st.Subjects[rng.IntN(len(st.Subjects))]
			clear(counts)
			for _, r := range s.Ratings {
				counts[r.Category]++
			}
			ps.add(counts)
		}
		if _, _, k := sumKappa(ps, ps.weights).fleiss(); k.Defined {
			ks = append(ks, k.V)
		}
	}
	return percentile95(ks)
}

func TestBootstrapMatchesResamplingSubjects(t *testing.T) {
	t.Parallel()
	st, _ := randomStudy(rand.New(rand.NewPCG(9, 9)), 300, 3)
	rep := Analyze(st, Options{Bootstrap: 4000, Seed: 5})
	got := rep.Types[0].CIKappa
	want := naiveBootstrap(st, 4000, 6)
	if !got.Defined || math.Abs(got.Lo-want.Lo) > 0.015 || math.Abs(got.Hi-want.Hi) > 0.015 {
		t.Fatalf("interval %v, resampling subjects gives %v", got, want)
	}
	k := rep.Types[0].FleissKappa.V
	if got.Lo >= k || got.Hi <= k {
		t.Fatalf("interval %v does not hold the estimate %.3f", got, k)
	}
	again := Analyze(st, Options{Bootstrap: 4000, Seed: 5}).Types[0]
	other := Analyze(st, Options{Bootstrap: 4000, Seed: 6}).Types[0]
	if again.CIKappa != got || again.CIAlphaOrdinal != rep.Types[0].CIAlphaOrdinal {
		t.Fatal("the same seed gave a different interval")
	}
	if other.CIKappa == got {
		t.Fatal("another seed gave the very same interval")
	}
}

func TestQuantileInterpolates(t *testing.T) {
	t.Parallel()
	// numpy.percentile([1, 2, 3, 4], [2.5, 97.5]) = [1.075, 3.925]
	iv := percentile95([]float64{4, 1, 3, 2})
	if math.Abs(iv.Lo-1.075) > 1e-12 || math.Abs(iv.Hi-3.925) > 1e-12 {
		t.Fatalf("%v", iv)
	}
}

// Any caller of Analyze, not only agree's flag, gets at most MaxBootstrap
// replicates: a request past it draws that many and says so in Used.
func TestBootstrapBoundHoldsInThePackage(t *testing.T) {
	t.Parallel()
	st, _ := randomStudy(rand.New(rand.NewPCG(2, 2)), 20, 2)
	ci := Analyze(st, Options{Bootstrap: MaxBootstrap + 50_000, Seed: 1}).Types[0].CIKappa
	if !ci.Defined || ci.Used > MaxBootstrap {
		t.Fatalf("asked for %d replicates: %+v, want at most %d used", MaxBootstrap+50_000, ci, MaxBootstrap)
	}
}
