package bench

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Rank correlation of paired values with ties (offline labels against
// online engagement, MIMICS-Duo): Spearman's rho and Kendall's tau-b, each
// with a 95% bootstrap interval over the pairs. Both are read off the pairs'
// contingency table (x's distinct values by y's), so a resample costs its
// pairs plus the table, not the square of its pairs.

// Correlation is rho and tau-b over N pairs, with their intervals.
type Correlation struct {
	N          int   `json:"n"`
	Rho        Value `json:"spearman_rho"`
	RhoLow     Value `json:"spearman_rho_low"`
	RhoHigh    Value `json:"spearman_rho_high"`
	Tau        Value `json:"kendall_tau_b"`
	TauLow     Value `json:"kendall_tau_b_low"`
	TauHigh    Value `json:"kendall_tau_b_high"`
	Replicates int   `json:"replicates"`
	Used       int   `json:"replicates_used"` // those with both defined
}

// CorrelationReplicates is how many resamples the intervals use, drawn as
// the ranking's are: resample r with rand.New(rand.NewPCG(BootstrapSeed, r)).
const CorrelationReplicates = 1000

// Correlate is rho and tau-b of x against y, with their intervals.
func Correlate(x, y []float64) Correlation {
	c := Correlation{N: len(x), Replicates: CorrelationReplicates}
	xi, nx := levels(x)
	yi, ny := levels(y)
	t := make([]float64, nx*ny)
	for i := range xi {
		t[xi[i]*ny+yi[i]]++
	}
	c.Rho, c.Tau = tableCorrelation(t, nx, ny)
	if len(x) == 0 {
		return c
	}
	var rhos, taus []float64
	for r := range CorrelationReplicates {
		rng := rand.New(rand.NewPCG(BootstrapSeed, uint64(r)))
		clear(t)
		for range xi {
			i := rng.IntN(len(xi))
			t[xi[i]*ny+yi[i]]++
		}
		rho, tau := tableCorrelation(t, nx, ny)
		if rho.Defined && tau.Defined {
			rhos, taus = append(rhos, rho.X), append(taus, tau.X)
		}
	}
	c.Used = len(rhos)
	if c.Used > 0 {
		slices.Sort(rhos)
		slices.Sort(taus)
		c.RhoLow, c.RhoHigh = Of(Percentile(rhos, 2.5)), Of(Percentile(rhos, 97.5))
		c.TauLow, c.TauHigh = Of(Percentile(taus, 2.5)), Of(Percentile(taus, 97.5))
	}
	return c
}

// levels maps each value to the index of its distinct value, in order.
func levels(xs []float64) ([]int, int) {
	distinct := slices.Clone(xs)
	slices.Sort(distinct)
	distinct = slices.Compact(distinct)
	out := make([]int, len(xs))
	for i, x := range xs {
		out[i], _ = slices.BinarySearch(distinct, x)
	}
	return out, len(distinct)
}

// tableCorrelation is rho and tau-b from an nx × ny table of pair counts
// (rows x's levels, columns y's, both ascending). Rho is Pearson's r of
// the pairs' mid-ranks (a tied value's rank the mean of the ranks it
// spans); tau-b is (concordant − discordant) / √((n0 − n1)(n0 − n2)), n0
// the pairs, n1 and n2 those tied in x and in y. Either is undefined when
// x or y does not vary.
func tableCorrelation(t []float64, nx, ny int) (rho, tau Value) {
	rows, cols := make([]float64, nx), make([]float64, ny)
	n := 0.0
	for a := range nx {
		for b := range ny {
			rows[a] += t[a*ny+b]
			cols[b] += t[a*ny+b]
			n += t[a*ny+b]
		}
	}
	rank := func(m []float64) []float64 {
		out, below := make([]float64, len(m)), 0.0
		for i, k := range m {
			out[i] = below + (k+1)/2
			below += k
		}
		return out
	}
	rx, ry, mid := rank(rows), rank(cols), (n+1)/2
	var sxy, sxx, syy float64
	for a := range nx {
		sxx += rows[a] * (rx[a] - mid) * (rx[a] - mid)
		for b := range ny {
			sxy += t[a*ny+b] * (rx[a] - mid) * (ry[b] - mid)
		}
	}
	for b := range ny {
		syy += cols[b] * (ry[b] - mid) * (ry[b] - mid)
	}
	if sxx > 0 && syy > 0 {
		rho = Of(sxy / math.Sqrt(sxx*syy))
	}
	// above[a][b]: the pairs' counts in rows > a and columns > b; left:
	// rows > a and columns < b.
	above := make([]float64, (nx+1)*(ny+1))
	for a := nx - 1; a >= 0; a-- {
		for b := ny - 1; b >= 0; b-- {
			above[a*(ny+1)+b] = t[a*ny+b] + above[(a+1)*(ny+1)+b] + above[a*(ny+1)+b+1] - above[(a+1)*(ny+1)+b+1]
		}
	}
	var concordant, discordant, laterRows float64 // laterRows: the pairs in rows > a
	for a := nx - 1; a >= 0; a-- {
		for b := range ny {
			k := t[a*ny+b]
			if k == 0 {
				continue
			}
			higher := above[(a+1)*(ny+1)+b+1]          // rows > a, columns > b
			lower := laterRows - above[(a+1)*(ny+1)+b] // rows > a, columns < b
			concordant += k * higher
			discordant += k * lower
		}
		laterRows += rows[a]
	}
	n0 := n * (n - 1) / 2
	var n1, n2 float64
	for _, r := range rows {
		n1 += r * (r - 1) / 2
	}
	for _, c := range cols {
		n2 += c * (c - 1) / 2
	}
	if d := (n0 - n1) * (n0 - n2); d > 0 {
		tau = Of((concordant - discordant) / math.Sqrt(d))
	}
	return rho, tau
}
