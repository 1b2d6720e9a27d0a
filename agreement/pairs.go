package agreement

// pairTable holds, for each pair of raters who rated a subject together, a
// q × q table of their joint labels.
type pairTable struct {
	raters, q int
	tables    map[int][]float64 // a*raters + b, a < b
}

func newPairTable(raters, q int) *pairTable {
	return &pairTable{raters: raters, q: q, tables: map[int][]float64{}}
}

func (pt *pairTable) add(rs []Rating) {
	for i, first := range rs {
		for _, second := range rs[i+1:] {
			x, y := first, second
			if x.Rater > y.Rater {
				x, y = y, x
			}
			key := x.Rater*pt.raters + y.Rater
			t := pt.tables[key]
			if t == nil {
				t = make([]float64, pt.q*pt.q)
				pt.tables[key] = t
			}
			t[x.Category*pt.q+y.Category]++
		}
	}
}

// kappas lists Cohen's kappa for every pair, in rater order, and the
// quadratic-weighted kappa when the scale has interval values.
func (pt *pairTable) kappas(names []string, values []float64) []Pair {
	var out []Pair
	for a := range pt.raters {
		for b := a + 1; b < pt.raters; b++ {
			t := pt.tables[a*pt.raters+b]
			if t == nil {
				continue
			}
			n, k := cohen(t, pt.q)
			w := undefined
			if values != nil {
				w = QuadraticKappa(t, values)
			}
			out = append(out, Pair{A: names[a], B: names[b], Items: n, Kappa: k, Weighted: w})
		}
	}
	return out
}

// cohen is Cohen's kappa of a q × q table of two raters' joint labels:
// chance agreement is Σ_k p_a(k) p_b(k) from each rater's own marginals.
func cohen(t []float64, q int) (int, Value) {
	rows := make([]float64, q)
	cols := make([]float64, q)
	var n, diag float64
	for a := range q {
		for b := range q {
			v := t[a*q+b]
			rows[a] += v
			cols[b] += v
			n += v
		}
		diag += t[a*q+a]
	}
	if n < 2 {
		return int(n), undefined
	}
	pe := 0.0
	for k := range q {
		pe += rows[k] / n * cols[k] / n
	}
	return int(n), ratio(diag/n, pe)
}

// QuadraticKappa is Cohen's weighted kappa with quadratic weights for two
// raters' joint table t (q × q, rows the first rater, category order of
// values): 1 − Σ o_ab d_ab / Σ e_ab d_ab with disagreement d_ab = (v_a −
// v_b)², o the observed shares and e the products of each rater's
// marginals. On equally spaced categories it is the usual
// 1 − (a−b)²/(q−1)² weighting (Cohen 1968). Undefined for fewer than two
// units, or when no disagreement is expected (both raters used one value).
func QuadraticKappa(t []float64, values []float64) Value {
	q := len(values)
	rows := make([]float64, q)
	cols := make([]float64, q)
	var n float64
	for a := range q {
		for b := range q {
			rows[a] += t[a*q+b]
			cols[b] += t[a*q+b]
			n += t[a*q+b]
		}
	}
	if n < 2 {
		return undefined
	}
	var obs, exp float64
	for a := range q {
		for b := range q {
			d := (values[a] - values[b]) * (values[a] - values[b])
			obs += d * t[a*q+b] / n
			exp += d * rows[a] / n * cols[b] / n
		}
	}
	if exp < epsilon {
		return undefined
	}
	return defined(1 - obs/exp)
}
