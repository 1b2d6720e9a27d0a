package agreement

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Issue 43 point 6: a per-category kappa that is undefined says why, and
// a defined one says nothing. By definition κ_j of category j against the
// rest is undefined where its chance agreement p_j² + (1 − p_j)² is 1,
// that is where p_j, its share of the labels, is 0 or 1; and everywhere
// when fewer than two units have two labels.
func TestPerCategoryKappaSaysWhyUndefined(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		table [][]int
		want  []string // the reason's start per category, "" for a defined kappa
	}{
		{"a category never given", [][]int{{1, 1, 0}, {0, 2, 0}, {2, 0, 0}},
			[]string{"", "", "never given"}},
		{"one category only", [][]int{{0, 0, 3}, {0, 0, 2}},
			[]string{"never given", "never given", "the only label given"}},
		{"one label per unit", [][]int{{1, 0, 0}, {0, 1, 0}},
			[]string{"one label per unit", "one label per unit", "one label per unit"}},
		{"one unit with two labels", [][]int{{1, 1, 0}, {0, 1, 0}},
			[]string{"one unit with two or more labels", "one unit with two or more labels", "one unit with two or more labels"}},
	} {
		var labels [3]float64
		total := 0.0
		for _, row := range c.table {
			for k, n := range row {
				labels[k] += float64(n)
				total += float64(n)
			}
		}
		r := Analyze(countStudy(c.table, mimicsScale), Options{})
		tr := r.Types[0]
		for k, want := range c.want {
			p := labels[k] / total
			if byDefinition := p > 0 && p < 1 && want == ""; tr.PerCategory[k].Defined != byDefinition {
				t.Errorf("%s: category %d (share %.2f) defined %v", c.name, k, p, tr.PerCategory[k].Defined)
			}
			got := ""
			if tr.PerCategoryUndefined != nil {
				got = tr.PerCategoryUndefined[k]
			}
			if want == "" && got != "" || !strings.HasPrefix(got, want) {
				t.Errorf("%s: category %d undefined because %q, want %q", c.name, k, got, want)
			}
		}
		var out bytes.Buffer
		if err := r.WriteJSON(&out); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Types []struct {
				Why map[string]string `json:"per_category_kappa_undefined"`
			}
		}
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		for k, want := range c.want {
			got, ok := doc.Types[0].Why[mimicsScale.Categories[k]]
			if ok != (want != "") || !strings.HasPrefix(got, want) {
				t.Errorf("%s: JSON's reason for category %d is %q (%v), want %q", c.name, k, got, ok, want)
			}
		}
	}
}
