package agreement

import (
	"math"
	"testing"
)

// jointTable counts two raters' paired ratings (values 1…q) into a q × q table.
func jointTable(a, b []int, q int) []float64 {
	t := make([]float64, q*q)
	for i := range a {
		t[(a[i]-1)*q+b[i]-1]++
	}
	return t
}

// concordance is Lin's concordance correlation with population moments,
// 2·cov / (var_a + var_b + (mean_a − mean_b)²), which for two raters is
// exactly the quadratic-weighted kappa with chance from the marginals
// (Schuster 2004): an independent route to the same number.
func concordance(a, b []int) float64 {
	n := float64(len(a))
	var ma, mb float64
	for i := range a {
		ma += float64(a[i]) / n
		mb += float64(b[i]) / n
	}
	var va, vb, cov float64
	for i := range a {
		x, y := float64(a[i])-ma, float64(b[i])-mb
		va += x * x / n
		vb += y * y / n
		cov += x * y / n
	}
	return 2 * cov / (va + vb + (ma-mb)*(ma-mb))
}

var likert = []float64{1, 2, 3, 4, 5}

func TestQuadraticKappaHandWorked(t *testing.T) {
	// A: 1 2 3 4 5, B: 1 2 3 5 4. Observed mean squared difference
	// (0+0+0+1+1)/5 = 0.4; both marginals uniform on 1…5, so the expected
	// one is 2·var = 4; κw = 1 − 0.4/4 = 0.9.
	a, b := []int{1, 2, 3, 4, 5}, []int{1, 2, 3, 5, 4}
	got := QuadraticKappa(jointTable(a, b, 5), likert)
	if !got.Defined || math.Abs(got.V-0.9) > 1e-12 {
		t.Fatalf("κw = %v, want 0.9", got)
	}
	// Perfect agreement is 1; one rater always one point higher is not,
	// although an unweighted view would call every pair "different".
	same := QuadraticKappa(jointTable(a, a, 5), likert)
	if math.Abs(same.V-1) > 1e-12 {
		t.Fatalf("identical ratings κw = %v", same)
	}
	// A: 1 1 2 2, B: 2 2 3 3 (B one higher): means 1.5 and 2.5, variances
	// 0.25, cov 0.25, so κw = 0.5 / (0.25+0.25+1) = 1/3.
	shifted := QuadraticKappa(jointTable([]int{1, 1, 2, 2}, []int{2, 2, 3, 3}, 5), likert)
	if math.Abs(shifted.V-1.0/3) > 1e-12 {
		t.Fatalf("shifted κw = %v, want 1/3", shifted)
	}
}

func TestQuadraticKappaIsConcordance(t *testing.T) {
	a := []int{5, 4, 4, 3, 5, 2, 1, 3, 4, 5, 3, 2, 4, 4, 5, 1, 2, 3, 5, 4}
	b := []int{4, 4, 5, 3, 5, 1, 2, 2, 4, 4, 3, 3, 5, 3, 5, 2, 2, 4, 4, 4}
	got := QuadraticKappa(jointTable(a, b, 5), likert)
	if want := concordance(a, b); math.Abs(got.V-want) > 1e-12 {
		t.Fatalf("κw = %.15f, concordance %.15f", got.V, want)
	}
}

func TestQuadraticKappaUndefined(t *testing.T) {
	// Both raters gave every unit 4: no disagreement is expected, so the
	// ratio is 0/0 and says nothing.
	if v := QuadraticKappa(jointTable([]int{4, 4, 4}, []int{4, 4, 4}, 5), likert); v.Defined {
		t.Fatalf("constant ratings κw = %v, want undefined", v)
	}
	if v := QuadraticKappa(jointTable([]int{4}, []int{5}, 5), likert); v.Defined {
		t.Fatalf("one unit κw = %v, want undefined", v)
	}
}

// The report carries the weighted kappa of every pair on a numeric scale.
func TestReportPairsWeighted(t *testing.T) {
	b := NewBuilder(NewScale([]string{"1", "2", "3", "4", "5"}))
	a, c := []int{1, 2, 3, 4, 5}, []int{1, 2, 3, 5, 4}
	for i := range a {
		unit := string(rune('a' + i))
		b.Add("x", unit, "ana", itoa(a[i]))
		b.Add("x", unit, "bo", itoa(c[i]))
	}
	rep := Analyze(b.Study(), Options{})
	if len(rep.Pairs) != 1 || math.Abs(rep.Pairs[0].Weighted.V-0.9) > 1e-12 {
		t.Fatalf("pairs %+v", rep.Pairs)
	}
}

func itoa(n int) string { return string(rune('0' + n)) }

func TestMedianRule(t *testing.T) {
	for _, c := range []struct {
		votes []int // per value 0…5
		want  int
	}{
		{[]int{0, 1, 0, 1, 0, 1}, 3},  // 1 3 5: the middle one
		{[]int{0, 0, 0, 2, 0, 0}, 3},  // 3 3
		{[]int{0, 0, 0, 1, 1, 0}, -1}, // 3 4: even split, no median on the scale
		{[]int{0, 1, 0, 1, 1, 1}, -1}, // 1 3 4 5: middle 3 and 4
		{[]int{0, 1, 0, 2, 0, 1}, 3},  // 1 3 3 5: middle 3 and 3
		{[]int{0, 2, 0, 0, 0, 3}, 5},  // 1 1 5 5 5: majority and median agree
		{[]int{0, 2, 1, 0, 0, 2}, 2},  // 1 1 2 5 5: no majority, median 2
		{[]int{0, 0, 0, 0, 0, 0}, -1}, // nothing
	} {
		if got := Median(c.votes); got != c.want {
			t.Errorf("Median(%v) = %d, want %d", c.votes, got, c.want)
		}
	}
	label, prov := RuleMedian.Gold([]int{0, 2, 1, 0, 0, 2}, -1)
	if label != 2 || prov != ByMedian {
		t.Errorf("median gold %d %s", label, prov)
	}
	if _, prov := RuleMajority.Gold([]int{0, 2, 1, 0, 0, 2}, -1); prov != Unresolved {
		t.Errorf("majority of a 2-2 tie is %s", prov)
	}
	if label, prov := RuleMedian.Gold([]int{0, 0, 0, 0, 3, 0}, -1); label != 4 || prov != Unanimous {
		t.Errorf("unanimous median %d %s", label, prov)
	}
}
