package bench

// Kendall's tau between two rankings of the same systems (TREC 2024 RAG
// set the automatic nugget assignments' ranking of the runs beside the
// assessors' by it).

// Tau is Kendall's tau-b of x against y over N systems, or why it is
// undefined: fewer than two systems (TauFew), or every system tied in x
// (TauTiedX) or in y (TauTiedY), when tau-b's denominator is 0. Tau-b
// counts a pair tied in either ranking as neither concordant nor
// discordant and scales by the pairs each ranking orders; with no ties it
// is tau-a.
type Tau struct {
	N   int
	Tau Value
	Why TauUndefined
	// TiedX and TiedY count the pairs of systems tied in x and in y.
	TiedX, TiedY int
}

// TauUndefined says why a tau is undefined ("" when it is defined).
type TauUndefined string

// Why a tau is undefined.
const (
	TauFew   TauUndefined = "few"
	TauTiedX TauUndefined = "tied-x"
	TauTiedY TauUndefined = "tied-y"
)

// KendallTauB is Kendall's tau-b of x against y, read as Correlate reads
// it, from the pairs' table of x's levels by y's.
func KendallTauB(x, y []float64) Tau {
	t := Tau{N: len(x)}
	xi, nx := levels(x)
	yi, ny := levels(y)
	table := make([]float64, nx*ny)
	for i := range xi {
		table[xi[i]*ny+yi[i]]++
	}
	_, t.Tau = tableCorrelation(table, nx, ny)
	t.TiedX, t.TiedY = tiedPairs(xi, nx), tiedPairs(yi, ny)
	pairs := t.N * (t.N - 1) / 2
	switch {
	case t.N < 2:
		t.Why = TauFew
	case t.TiedX == pairs:
		t.Why = TauTiedX
	case t.TiedY == pairs:
		t.Why = TauTiedY
	}
	return t
}

// tiedPairs counts the pairs of values sharing a level.
func tiedPairs(idx []int, levels int) int {
	counts := make([]int, levels)
	for _, i := range idx {
		counts[i]++
	}
	n := 0
	for _, c := range counts {
		n += c * (c - 1) / 2
	}
	return n
}
