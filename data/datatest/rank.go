package datatest

import (
	"math"
	"sort"
)

// Rank correlations by their definitions, for tests to hold claritty's
// (bench.Correlate, which reads them off a contingency table) to.

// MidRanks ranks xs from 1, tied values sharing the mean of their ranks.
func MidRanks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return xs[idx[a]] < xs[idx[b]] })
	out := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			out[idx[k]] = float64(i+j+1) / 2
		}
		i = j
	}
	return out
}

// SpearmanRho is Pearson's r of the mid-ranks.
func SpearmanRho(x, y []float64) float64 {
	rx, ry := MidRanks(x), MidRanks(y)
	var mx, my float64
	for i := range rx {
		mx += rx[i] / float64(len(rx))
		my += ry[i] / float64(len(ry))
	}
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// KendallTauB counts every pair of pairs: concordant, discordant, tied in
// x, tied in y; (nc − nd) / √((n0 − tx)(n0 − ty)).
func KendallTauB(x, y []float64) float64 {
	var nc, nd, tx, ty float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx*dy > 0:
				nc++
			case dx*dy < 0:
				nd++
			}
			if dx == 0 {
				tx++
			}
			if dy == 0 {
				ty++
			}
		}
	}
	n0 := float64(len(x)*(len(x)-1)) / 2
	return (nc - nd) / math.Sqrt((n0-tx)*(n0-ty))
}
