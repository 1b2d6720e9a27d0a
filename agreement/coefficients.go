package agreement

import "slices"

// Scale is what a label type's categories are: their names in ordinal
// order (lowest first) and, if the names are numbers, their interval values.
type Scale struct {
	Categories []string
	Values     []float64 // nil: the categories have no interval values
	// Nominal says the categories have no order (yes, no, a facet): ordinal
	// alpha, which reads an order into them, is left undefined.
	Nominal bool
	// Unpooled says the categories join several types' own scales (a
	// request's yes/no and its facet's number): no figure pools the
	// types, so a report has no pooled row and its pairs' kappas are over
	// the first type alone (PairsOver).
	Unpooled bool
	// OfType are those scales, one per type of the study in its order,
	// each some of these categories in this order: every figure of a
	// type is on its own (AC1's chance agreement over its q, a kappa for
	// each of its categories only). nil: every type is on this scale.
	OfType []Scale
	// Inferred says the categories are those the labels use, not a
	// protocol's or a reader's (a ratings file's types): a category nobody
	// used is not counted, so AC1's q may be smaller than the scale's.
	Inferred bool
}

// ofType is the scale of the i-th type: its own, or this one.
func (s Scale) ofType(i int) Scale {
	if i < len(s.OfType) && s.OfType[i].Categories != nil {
		return s.OfType[i]
	}
	return s
}

// People is the scale the annotators' figures (pairs, share in the
// majority) are on, and the type they cover: every type's units when the
// types pool (typ -1), else the first type's alone, on its own scale. One
// rule for the report's figures and for those computed from every label.
func (s Scale) People() (typ int, own Scale) {
	if s.pools() {
		return -1, s
	}
	return 0, s.ofType(0)
}

// pools says whether a figure may pool the types: they share this one
// scale.
func (s Scale) pools() bool {
	if s.Unpooled {
		return false
	}
	for i := range s.OfType {
		if !slices.Equal(s.ofType(i).Categories, s.Categories) {
			return false
		}
	}
	return true
}

// IndexIn maps each category of s to its index in sub (-1 where sub has
// none), so a unit's counts on s become counts on its type's own scale.
func (s Scale) IndexIn(sub Scale) []int {
	out := make([]int, len(s.Categories))
	for i, c := range s.Categories {
		out[i] = slices.Index(sub.Categories, c)
	}
	return out
}

// Coefficients are the agreement figures of one set of subjects.
type Coefficients struct {
	Items, Ratings       int // subjects with at least one rating, and their ratings
	Paired               int // subjects with two or more ratings: all observed agreement rests on them
	MinRaters, MaxRaters int // raters per subject
	Observed, Chance     Value
	FleissKappa, GwetAC1 Value
	AlphaNominal         Value
	AlphaOrdinal         Value
	AlphaInterval        Value
	PerCategory          []Value // kappa of each category against the rest
	// Undefined says why Fleiss' kappa or nominal alpha is undefined
	// ("" while both are defined): no labels, no unit with two labels,
	// one unit, or no variation.
	Undefined string
	// PerCategoryUndefined says why each undefined PerCategory kappa is
	// ("" for a defined one); nil while every one is defined.
	PerCategoryUndefined []string
}

// Why a category's kappa against the rest is undefined when there are
// units enough: its share of the labels is 0 or 1, so the chance
// agreement of "this category or not" is 1.
const (
	categoryNeverGiven = "never given, so chance agreement is 1"
	categoryOnlyGiven  = "the only label given, so chance agreement is 1"
)

// whyCategoriesUndefined says why each undefined per-category kappa of c
// is: the coefficients' own reason where too few units have two labels
// for any, else its category's share of the labels.
func whyCategoriesUndefined(s kappaSums, c Coefficients) []string {
	var out []string
	for k, v := range c.PerCategory {
		if v.Defined {
			continue
		}
		if out == nil {
			out = make([]string, len(c.PerCategory))
		}
		switch {
		case s.n2 < 2 && c.Undefined != "":
			out[k] = c.Undefined
		case s.n2 < 2:
			out[k] = "fewer than two units with two or more labels"
		case s.pi[k] < s.n1/2:
			out[k] = categoryNeverGiven
		default:
			out[k] = categoryOnlyGiven
		}
	}
	return out
}

// whyUndefined is the reason the coefficients give no kappa or alpha.
func whyUndefined(c Coefficients) string {
	switch {
	case c.FleissKappa.Defined && c.AlphaNominal.Defined:
		return ""
	case c.Items == 0:
		return "no labels"
	case c.Paired == 0:
		return "one label per unit: agreement needs units labelled by two or more annotators"
	case c.Paired == 1:
		return "one unit with two or more labels: the coefficients need two or more"
	}
	return "no variation: every label is the same, so chance agreement is 1"
}

// kappaSums are the sufficient statistics of the kappa family.
type kappaSums struct {
	n1, n2 float64   // subjects with at least one / two ratings
	pa     float64   // Σ over n2 subjects of the share of agreeing rater pairs
	pi     []float64 // Σ over n1 subjects of the share of ratings in each category
	paCat  []float64 // pa with every category but one merged
}

func sumKappa(ps *patternSet, w []float64) kappaSums {
	s := kappaSums{pi: make([]float64, ps.q), paCat: make([]float64, ps.q)}
	for i, p := range ps.patterns {
		r := float64(p.raters)
		if w[i] == 0 || p.raters == 0 {
			continue
		}
		s.n1 += w[i]
		for k, c := range p.counts {
			s.pi[k] += w[i] * float64(c) / r
		}
		if p.raters < 2 {
			continue
		}
		s.n2 += w[i]
		pairs := r * (r - 1)
		agree := 0.0
		for k, c := range p.counts {
			cf := float64(c)
			agree += cf * (cf - 1)
			s.paCat[k] += w[i] * (cf*(cf-1) + (r-cf)*(r-cf-1)) / pairs
		}
		s.pa += w[i] * agree / pairs
	}
	return s
}

// fleiss is Fleiss' kappa in Gwet's form for a varying number of raters:
// observed agreement is the mean share of agreeing pairs over subjects with
// two or more ratings; chance agreement is Σ π_k², where π_k is the mean
// share of category k over subjects with one or more. With the same number
// of raters everywhere this is Fleiss (1971) exactly.
func (s kappaSums) fleiss() (po, pe, kappa Value) {
	if s.n2 < 2 {
		return undefined, undefined, undefined
	}
	a := s.pa / s.n2
	e := 0.0
	for _, v := range s.pi {
		e += (v / s.n1) * (v / s.n1)
	}
	return defined(a), defined(e), ratio(a, e)
}

// ac1 is Gwet's AC1 over the q categories of the type's own scale, used
// or not: chance agreement is Σ π_k(1 − π_k) / (q − 1). A category of
// another type's scale is no category of this one: counted in q, it would
// lower chance agreement and raise AC1.
func (s kappaSums) ac1(q int) Value {
	if s.n2 < 2 || q < 2 {
		return undefined
	}
	e := 0.0
	for _, v := range s.pi {
		p := v / s.n1
		e += p * (1 - p)
	}
	return ratio(s.pa/s.n2, e/float64(q-1))
}

// perCategory is each category's kappa against all the others merged
// (Fleiss 1971's κ_j, generalised the same way as the overall kappa).
func (s kappaSums) perCategory() []Value {
	out := make([]Value, len(s.pi))
	for k, v := range s.pi {
		if s.n2 < 2 {
			continue
		}
		p := v / s.n1
		out[k] = ratio(s.paCat[k]/s.n2, p*p+(1-p)*(1-p))
	}
	return out
}

// coincidences is Krippendorff's coincidence matrix: every ordered pair of
// ratings of one subject, weighted 1/(m − 1) for a subject with m ratings.
// Subjects with one rating are not pairable and drop out.
func coincidences(ps *patternSet, w []float64) [][]float64 {
	o := make([][]float64, ps.q)
	for c := range o {
		o[c] = make([]float64, ps.q)
	}
	for i, p := range ps.patterns {
		if w[i] == 0 || p.raters < 2 {
			continue
		}
		m := float64(p.raters - 1)
		for c, nc := range p.counts {
			if nc == 0 {
				continue
			}
			for k, nk := range p.counts {
				pairs := float64(nc) * float64(nk)
				if c == k {
					pairs = float64(nc) * float64(nc-1)
				}
				o[c][k] += w[i] * pairs / m
			}
		}
	}
	return o
}

// metric is a squared difference function δ²(c, k) between categories;
// marginals are the coincidence totals n_c, which the ordinal metric needs.
type metric func(c, k int, marginals []float64) float64

func nominal(c, k int, _ []float64) float64 {
	if c == k {
		return 0
	}
	return 1
}

// ordinal is Krippendorff's ordinal metric: (Σ_{g=c..k} n_g − (n_c + n_k)/2)².
func ordinal(c, k int, n []float64) float64 {
	if c > k {
		c, k = k, c
	}
	s := 0.0
	for g := c; g <= k; g++ {
		s += n[g]
	}
	d := s - (n[c]+n[k])/2
	return d * d
}

func interval(values []float64) metric {
	return func(c, k int, _ []float64) float64 {
		d := values[c] - values[k]
		return d * d
	}
}

// alpha is Krippendorff's alpha, 1 − D_o / D_e, from the coincidences. It is
// undefined with fewer than two pairable subjects or when all pairable
// values are alike (D_e = 0: chance agreement of 1).
func alpha(o [][]float64, pairable float64, d metric) Value {
	if pairable < 2 {
		return undefined
	}
	q := len(o)
	n := make([]float64, q)
	total := 0.0
	for c := range o {
		for k := range o[c] {
			n[c] += o[c][k]
		}
		total += n[c]
	}
	var do, de float64
	for c := 0; c < q; c++ {
		for k := 0; k < q; k++ {
			if c == k {
				continue
			}
			dd := d(c, k, n)
			do += o[c][k] * dd
			de += n[c] * n[k] * dd
		}
	}
	if de <= epsilon*total*total {
		return undefined
	}
	return defined(1 - (total-1)*do/de)
}

// compute gives every coefficient of a pattern set with the given weights.
func compute(ps *patternSet, w []float64, scale Scale) Coefficients {
	s := sumKappa(ps, w)
	var c Coefficients
	c.Observed, c.Chance, c.FleissKappa = s.fleiss()
	c.GwetAC1 = s.ac1(len(scale.Categories))
	c.PerCategory = s.perCategory()
	o := coincidences(ps, w)
	c.AlphaNominal = alpha(o, s.n2, nominal)
	if !scale.Nominal {
		c.AlphaOrdinal = alpha(o, s.n2, ordinal)
	}
	if scale.Values != nil {
		c.AlphaInterval = alpha(o, s.n2, interval(scale.Values))
	}
	c.MinRaters = -1
	for i, p := range ps.patterns {
		if w[i] == 0 || p.raters == 0 {
			continue
		}
		c.Items += int(w[i])
		c.Ratings += int(w[i]) * p.raters
		if p.raters >= 2 {
			c.Paired += int(w[i])
		}
		if c.MinRaters < 0 || p.raters < c.MinRaters {
			c.MinRaters = p.raters
		}
		c.MaxRaters = max(c.MaxRaters, p.raters)
	}
	c.MinRaters = max(c.MinRaters, 0)
	c.Undefined = whyUndefined(c)
	c.PerCategoryUndefined = whyCategoriesUndefined(s, c)
	return c
}

// WeightedFleiss is Fleiss' κ in Gwet's form, as Analyze gives it, of
// units with the category counts counts[i], each counted weights[i] times
// (a bootstrap replicate's draws): the coefficient alone, without the rest
// of a report, for callers that resample by their own unit (an item).
func WeightedFleiss(counts [][]int, weights []float64) Value {
	if len(counts) == 0 {
		return undefined
	}
	ps := &patternSet{q: len(counts[0]), patterns: make([]pattern, len(counts))}
	for i, c := range counts {
		r := 0
		for _, k := range c {
			r += k
		}
		ps.patterns[i] = pattern{counts: c, raters: r}
	}
	_, _, k := sumKappa(ps, weights).fleiss()
	return k
}
