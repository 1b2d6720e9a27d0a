package agreement

// People gathers, one unit at a time, what a report says about the
// annotators rather than the units: each one's labels per category and,
// for each pair who labelled a unit together, a q × q table of their joint
// labels. Its memory grows with the annotators, not the units, so figures
// over millions of labels can be read as a stream (report.PeopleOf).
type People struct {
	q      int
	names  []string
	labels [][]int
	tables map[[2]int][]float64 // raters a < b
}

// NewPeople gathers figures on a scale of q categories.
func NewPeople(q int) *People { return &People{q: q, tables: map[[2]int][]float64{}} }

// AddRater adds a rater and gives its index, for the ratings Add takes.
func (p *People) AddRater(name string) int {
	p.names = append(p.names, name)
	p.labels = append(p.labels, make([]int, p.q))
	return len(p.names) - 1
}

// Add counts one unit's ratings.
func (p *People) Add(rs []Rating) {
	for i, first := range rs {
		p.labels[first.Rater][first.Category]++
		for _, second := range rs[i+1:] {
			x, y := first, second
			if x.Rater > y.Rater {
				x, y = y, x
			}
			key := [2]int{x.Rater, y.Rater}
			t := p.tables[key]
			if t == nil {
				t = make([]float64, p.q*p.q)
				p.tables[key] = t
			}
			t[x.Category*p.q+y.Category]++
		}
	}
}

// Labels is each rater's labels per category, in rater order.
func (p *People) Labels() []LabelCount {
	out := make([]LabelCount, len(p.names))
	for i, n := range p.names {
		out[i] = LabelCount{Name: n, Labels: p.labels[i]}
	}
	return out
}

// Pairs is Cohen's kappa for every pair who share a unit, in rater order,
// and the quadratic-weighted kappa when the scale has interval values.
func (p *People) Pairs(values []float64) []Pair { return p.pairsUntil(values, nil) }

// pairsUntil is Pairs, ending early once stop is closed.
func (p *People) pairsUntil(values []float64, stop <-chan struct{}) []Pair {
	var out []Pair
	for a := range p.names {
		if Stopped(stop) {
			return out
		}
		for b := a + 1; b < len(p.names); b++ {
			t := p.tables[[2]int{a, b}]
			if t == nil {
				continue
			}
			n, k := cohen(t, p.q)
			w := undefined
			if values != nil {
				w = QuadraticKappa(t, values)
			}
			pair := Pair{A: p.names[a], B: p.names[b], Items: n, Kappa: k, Weighted: w}
			switch {
			case k.Defined:
			case n < 2:
				pair.Undefined = "one shared unit: kappa needs two or more"
			default:
				pair.Undefined = "no variation: both gave one label throughout, so chance agreement is 1"
			}
			out = append(out, pair)
		}
	}
	return out
}

// CohenKappa is Cohen's kappa of a q × q table of two raters' joint
// labels (row-major, rows the first rater's); undefined for fewer than
// two units or chance agreement of 1.
func CohenKappa(t []float64, q int) Value {
	_, k := cohen(t, q)
	return k
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
