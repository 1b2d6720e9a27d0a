package agreement

import (
	"math"
	"strconv"
	"testing"
)

// countStudy turns a subjects × categories count table into a study; each
// subject gets its own raters (the tables do not say who rated what).
func countStudy(table [][]int, scale Scale) *Study {
	st := &Study{Scale: scale, Types: []string{"t"}}
	for i, row := range table {
		s := Subject{Item: "s" + strconv.Itoa(i), Unit: "u"}
		for k, n := range row {
			for range n {
				s.Ratings = append(s.Ratings, Rating{Rater: len(st.Raters), Category: k})
				st.Raters = append(st.Raters, "r"+strconv.Itoa(len(st.Raters)))
			}
		}
		st.Subjects = append(st.Subjects, s)
	}
	return st
}

// near reports whether v is defined and rounds to the published figure,
// which is given to `places` decimals.
func near(v Value, published float64, places int) bool {
	return v.Defined && math.Abs(v.V-published) <= 0.5*math.Pow(10, -float64(places))+1e-12
}

// Fleiss (1971), Table 1: 30 patients, 6 psychiatrists each, 5 diagnoses
// (depression, personality disorder, schizophrenia, neurosis, other).
var fleiss1971 = [][]int{
	{0, 0, 0, 6, 0}, {0, 3, 0, 0, 3}, {0, 1, 4, 0, 1}, {0, 0, 0, 0, 6}, {0, 3, 0, 3, 0},
	{2, 0, 4, 0, 0}, {0, 0, 4, 0, 2}, {2, 0, 3, 1, 0}, {2, 0, 0, 4, 0}, {0, 0, 0, 0, 6},
	{1, 0, 0, 5, 0}, {1, 1, 0, 4, 0}, {0, 3, 3, 0, 0}, {1, 0, 0, 5, 0}, {0, 2, 0, 3, 1},
	{0, 0, 5, 0, 1}, {3, 0, 0, 1, 2}, {5, 1, 0, 0, 0}, {0, 2, 0, 4, 0}, {1, 0, 2, 0, 3},
	{0, 0, 0, 0, 6}, {0, 1, 0, 5, 0}, {0, 2, 0, 1, 3}, {2, 0, 0, 4, 0}, {1, 0, 0, 4, 1},
	{0, 5, 0, 1, 0}, {4, 0, 0, 0, 2}, {0, 2, 0, 4, 0}, {1, 0, 5, 0, 0}, {0, 0, 0, 0, 6},
}

func TestFleiss1971(t *testing.T) {
	t.Parallel()
	scale := Scale{Categories: []string{"depression", "personality", "schizophrenia", "neurosis", "other"}}
	rep := Analyze(countStudy(fleiss1971, scale), Options{})
	c := rep.Types[0]
	if !near(c.FleissKappa, 0.4302, 4) {
		t.Errorf("kappa %v, published 0.4302", c.FleissKappa)
	}
	// Fleiss's κ_j for each diagnosis.
	for k, want := range []float64{0.245, 0.245, 0.520, 0.471, 0.566} {
		if !near(c.PerCategory[k], want, 3) {
			t.Errorf("κ for %s = %v, published %.3f", scale.Categories[k], c.PerCategory[k], want)
		}
	}
	checkNaiveKappa(t, countStudy(fleiss1971, scale), c)
	if c.Items != 30 || c.Ratings != 180 || c.MinRaters != 6 || c.MaxRaters != 6 {
		t.Errorf("counts %+v", c.Coefficients)
	}
}

// The worked example of Wikipedia's "Fleiss' kappa" article: 10 subjects,
// 14 raters, 5 categories; P̄ = 0.378, P̄e = 0.213, κ = 0.210.
func TestWikipediaFleiss(t *testing.T) {
	t.Parallel()
	table := [][]int{
		{0, 0, 0, 0, 14}, {0, 2, 6, 4, 2}, {0, 0, 3, 5, 6}, {0, 3, 9, 2, 0}, {2, 2, 8, 1, 1},
		{7, 7, 0, 0, 0}, {3, 2, 6, 3, 0}, {2, 5, 3, 2, 2}, {6, 5, 2, 1, 0}, {0, 2, 2, 3, 7},
	}
	st := countStudy(table, Scale{Categories: []string{"1", "2", "3", "4", "5"}})
	c := Analyze(st, Options{}).Types[0]
	if !near(c.FleissKappa, 0.210, 3) || !near(c.Observed, 0.378, 3) || !near(c.Chance, 0.213, 3) {
		t.Errorf("kappa %v, P̄ %v, P̄e %v; published 0.210, 0.378, 0.213", c.FleissKappa, c.Observed, c.Chance)
	}
	if math.Abs(c.FleissKappa.V-0.210) > 1e-4 {
		t.Errorf("kappa %v is not within 1e-4 of 0.210", c.FleissKappa.V)
	}
	checkNaiveKappa(t, st, c)
}

// checkNaiveKappa holds a published example to the pairwise definitions
// (independent_test.go), to 1e-9: every digit, not just the published ones.
func checkNaiveKappa(t *testing.T, st *Study, c TypeReport) {
	t.Helper()
	var naive []naiveSubject
	for _, s := range st.Subjects {
		var ns naiveSubject
		for _, r := range s.Ratings {
			ns = append(ns, [2]int{r.Rater, r.Category})
		}
		naive = append(naive, ns)
	}
	po, pe, kappa, ac1 := naiveKappa(naive, len(st.Scale.Categories))
	close9(t, "observed", c.Observed, po)
	close9(t, "chance", c.Chance, pe)
	close9(t, "fleiss", c.FleissKappa, kappa)
	close9(t, "ac1", c.GwetAC1, ac1)
}

// Krippendorff (2011), "Computing Krippendorff's alpha-reliability": four
// observers, twelve units, values 1–5, some missing (0 here).
func TestKrippendorff2011(t *testing.T) {
	t.Parallel()
	obs := [4][12]int{
		{1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0},
		{1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3},
		{0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0},
		{1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0},
	}
	st := &Study{
		Scale:  Scale{Categories: []string{"1", "2", "3", "4", "5"}, Values: []float64{1, 2, 3, 4, 5}},
		Types:  []string{"t"},
		Raters: []string{"A", "B", "C", "D"},
	}
	var naive []naiveSubject
	for u := range 12 {
		s := Subject{Item: strconv.Itoa(u + 1), Unit: "u"}
		var ns naiveSubject
		for r := range 4 {
			if v := obs[r][u]; v > 0 {
				s.Ratings = append(s.Ratings, Rating{Rater: r, Category: v - 1})
				ns = append(ns, [2]int{r, v - 1})
			}
		}
		st.Subjects = append(st.Subjects, s)
		naive = append(naive, ns)
	}
	c := Analyze(st, Options{}).Types[0]
	for _, x := range []struct {
		name string
		got  Value
		want float64
	}{{"nominal", c.AlphaNominal, 0.743}, {"ordinal", c.AlphaOrdinal, 0.815}, {"interval", c.AlphaInterval, 0.849}} {
		if !near(x.got, x.want, 3) {
			t.Errorf("%s alpha %v, published %.3f", x.name, x.got, x.want)
		}
	}
	// The paper gives three places; beyond them, the pairwise definition
	// (independent_test.go) on the same data fixes every digit.
	close9(t, "nominal", c.AlphaNominal, naiveAlpha(naive, 5, func(a, b int, _ []float64) float64 {
		return map[bool]float64{true: 0, false: 1}[a == b]
	}))
	close9(t, "ordinal", c.AlphaOrdinal, naiveAlpha(naive, 5, naiveOrdinal))
	close9(t, "interval", c.AlphaInterval, naiveAlpha(naive, 5, func(a, b int, _ []float64) float64 {
		return float64((a - b) * (a - b))
	}))
	if c.Items != 12 || c.MinRaters != 1 || c.MaxRaters != 4 {
		t.Errorf("items %d raters %d–%d", c.Items, c.MinRaters, c.MaxRaters)
	}
}

// A nominal scale's categories have no order: ordinal alpha is left
// undefined rather than read into them, nominal alpha is the same as on an
// ordered scale of the same categories.
func TestNominalScaleHasNoOrdinalAlpha(t *testing.T) {
	table := [][]int{{3, 0, 0}, {0, 2, 1}, {1, 1, 1}, {0, 0, 3}, {2, 1, 0}}
	ordered := Analyze(countStudy(table, Scale{Categories: []string{"a", "b", "c"}}), Options{}).Pooled
	nominal := Analyze(countStudy(table, Scale{Categories: []string{"a", "b", "c"}, Nominal: true}), Options{Bootstrap: 50}).Pooled
	if nominal.AlphaOrdinal.Defined || nominal.CIAlphaOrdinal != (Interval{}) || !ordered.AlphaOrdinal.Defined {
		t.Errorf("ordinal alpha: nominal %v %v, ordered %v", nominal.AlphaOrdinal, nominal.CIAlphaOrdinal, ordered.AlphaOrdinal)
	}
	if nominal.AlphaNominal != ordered.AlphaNominal || !nominal.AlphaNominal.Defined {
		t.Errorf("nominal alpha %v, want %v", nominal.AlphaNominal, ordered.AlphaNominal)
	}
}
