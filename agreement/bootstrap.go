package agreement

import (
	"math"
	"math/rand/v2"
	"slices"
)

// bootstrap gives percentile 95% intervals for Fleiss' kappa and ordinal
// alpha from reps replicates, each drawing as many subjects as there are,
// with replacement. Drawing subjects with replacement is drawing a
// multinomial count for each pattern, so a replicate costs one binomial per
// pattern however many subjects there are. Replicates where a coefficient
// is undefined are left out of its interval.
func bootstrap(ps *patternSet, reps int, seed uint64, stop <-chan struct{}) (kappa, alphaOrd Interval) {
	if reps < 2 {
		return Interval{}, Interval{}
	}
	reps = min(reps, MaxBootstrap)                       // whoever asks: the bound holds here, not only in agree's flag
	rng := rand.New(rand.NewPCG(seed, 0x636c6172697474)) // "claritt"
	// Patterns come in the order they were met, which differs between a
	// report from ratings and one from a kept table of the same patterns;
	// in a canonical order the same seed gives both the same intervals.
	ps = ps.sorted()
	w := make([]float64, len(ps.weights))
	var ks, as []float64
	for r := range reps {
		if r%64 == 0 && Stopped(stop) {
			return Interval{}, Interval{}
		}
		multinomial(rng, ps.weights, w)
		s := sumKappa(ps, w)
		if _, _, k := s.fleiss(); k.Defined {
			ks = append(ks, k.V)
		}
		if a := alpha(coincidences(ps, w), s.n2, ordinal); a.Defined {
			as = append(as, a.V)
		}
	}
	return percentile95(ks), percentile95(as)
}

// multinomial fills out with a draw of n = Σ weights subjects spread over
// the patterns in proportion to weights.
func multinomial(rng *rand.Rand, weights, out []float64) {
	n, mass := 0, 0.0
	for _, w := range weights {
		n += int(w)
		mass += w
	}
	for i, w := range weights {
		if i == len(weights)-1 || mass <= 0 {
			out[i] = float64(n)
			n = 0
			continue
		}
		c := binomial(rng, n, w/mass)
		out[i] = float64(c)
		n -= c
		mass -= w
	}
}

// binomial draws from Binomial(n, p) exactly, by Devroye's recursion on the
// median order statistic of n uniforms (which is Beta distributed): the
// uniforms below it are uniform below it, those above uniform above.
func binomial(rng *rand.Rand, n int, p float64) int {
	switch {
	case n <= 0 || p <= 0:
		return 0
	case p >= 1:
		return n
	case n < 64:
		k := 0
		for range n {
			if rng.Float64() < p {
				k++
			}
		}
		return k
	}
	i := (n + 1) / 2
	x := beta(rng, float64(i), float64(n+1-i))
	if x >= p {
		return binomial(rng, i-1, p/x)
	}
	return i + binomial(rng, n-i, (p-x)/(1-x))
}

func beta(rng *rand.Rand, a, b float64) float64 {
	x := gamma(rng, a)
	return x / (x + gamma(rng, b))
}

// gamma draws from Gamma(a, 1) for a ≥ 1 (Marsaglia and Tsang 2000).
func gamma(rng *rand.Rand, a float64) float64 {
	d := a - 1.0/3
	c := 1 / math.Sqrt(9*d)
	for {
		x := rng.NormFloat64()
		v := 1 + c*x
		if v <= 0 {
			continue
		}
		v = v * v * v
		u := rng.Float64()
		if u < 1-0.0331*x*x*x*x || math.Log(u) < x*x/2+d*(1-v+math.Log(v)) {
			return d * v
		}
	}
}

// percentile95 is the 2.5th and 97.5th percentiles, interpolating between
// closest ranks (the default of R and numpy).
func percentile95(xs []float64) Interval {
	if len(xs) < 2 {
		return Interval{Used: len(xs)}
	}
	slices.Sort(xs)
	return Interval{Lo: quantile(xs, 0.025), Hi: quantile(xs, 0.975), Defined: true, Used: len(xs)}
}

func quantile(sorted []float64, p float64) float64 {
	h := p * float64(len(sorted)-1)
	lo := int(math.Floor(h))
	if lo+1 >= len(sorted) {
		return sorted[lo]
	}
	return sorted[lo] + (h-float64(lo))*(sorted[lo+1]-sorted[lo])
}

// Percentile95 is the percentile 95% interval of replicates (2.5th and
// 97.5th percentiles, as every interval of a report): for a caller's own
// bootstrap. It sorts xs.
func Percentile95(xs []float64) Interval { return percentile95(xs) }
