package agreement

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sort"
	"strings"
	"testing"
)

func TestMajority(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		votes []int
		want  int
	}{{[]int{0, 2, 1}, 1}, {[]int{1, 1, 0}, -1}, {[]int{0, 0, 0}, -1}, {[]int{0, 0, 1}, 2}, {[]int{2, 0, 2}, -1}, {[]int{3, 0, 2}, 0}} {
		if got := Majority(c.votes); got != c.want {
			t.Errorf("Majority(%v) = %d, want %d", c.votes, got, c.want)
		}
	}
}

var mimicsScale = Scale{Categories: []string{"0", "1", "2"}, Values: []float64{0, 1, 2}}

var mimicsScale5 = Scale{Categories: []string{"a", "b", "c", "d", "e"}, Nominal: true}

func TestUndefinedIsNeverANumber(t *testing.T) {
	t.Parallel()
	cases := map[string][][]int{
		"everyone says Good":   {{0, 0, 3}, {0, 0, 3}, {0, 0, 2}},
		"one rated item":       {{1, 0, 2}},
		"only single ratings":  {{1, 0, 0}, {0, 1, 0}},
		"no subjects whatever": {},
	}
	for name, table := range cases {
		c := Analyze(countStudy(table, mimicsScale), DefaultOptions).Types[0]
		values := []Value{c.FleissKappa, c.AlphaNominal, c.AlphaOrdinal, c.AlphaInterval}
		if name != "everyone says Good" {
			values = append(values, c.GwetAC1)
		}
		for _, v := range values {
			if v.Defined {
				t.Errorf("%s: a coefficient is %v, want undefined", name, v)
			}
		}
		if c.CIKappa.Defined || c.CIAlphaOrdinal.Defined {
			t.Errorf("%s: an interval is defined", name)
		}
		if want := map[string]string{"everyone says Good": "no variation", "one rated item": "one unit",
			"only single ratings": "one label per unit", "no subjects whatever": "no labels"}[name]; !strings.HasPrefix(c.Undefined, want) {
			t.Errorf("%s: undefined because %q, want %q", name, c.Undefined, want)
		}
	}
	if c := Analyze(countStudy(fleiss1971, mimicsScale5), Options{}).Types[0]; c.Undefined != "" {
		t.Errorf("Fleiss (1971) is defined, yet undefined because %q", c.Undefined)
	}
	// A pair sharing one unit, and a pair who never vary.
	people := NewPeople(3)
	ra, rb, rc := people.AddRater("a"), people.AddRater("b"), people.AddRater("c")
	people.Add([]Rating{{ra, 0}, {rb, 1}})
	people.Add([]Rating{{ra, 2}, {rc, 2}})
	people.Add([]Rating{{ra, 2}, {rc, 2}})
	for _, p := range people.Pairs(nil) {
		want := map[string]string{"ab": "one shared unit", "ac": "no variation"}[p.A+p.B]
		if p.Kappa.Defined || !strings.HasPrefix(p.Undefined, want) {
			t.Errorf("pair %s–%s: kappa %v, undefined because %q, want %q", p.A, p.B, p.Kappa, p.Undefined, want)
		}
	}
	// All Good: AC1 over the declared scale is defined (its chance agreement
	// is 0, as Good is one of three categories), Fleiss' kappa is not.
	c := Analyze(countStudy(cases["everyone says Good"], mimicsScale), Options{}).Types[0]
	if c.FleissKappa.Defined || c.Observed.V != 1 || !c.GwetAC1.Defined || c.GwetAC1.V != 1 {
		t.Errorf("all Good: kappa %v observed %v AC1 %v", c.FleissKappa, c.Observed, c.GwetAC1)
	}
}

// keys lists an object's keys, sorted.
func keys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func TestJSONShape(t *testing.T) {
	t.Parallel()
	// Raters A, B, C label three units: (1, 2, 2), (0, 1, 2), (2, 2, 2).
	st := &Study{Scale: mimicsScale, Types: []string{"question"}, Raters: []string{"A", "B", "C"}}
	for i, labels := range [][]int{{1, 2, 2}, {0, 1, 2}, {2, 2, 2}} {
		s := Subject{Item: "i" + string(rune('0'+i)), Unit: "question"}
		for r, l := range labels {
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: l})
		}
		st.Subjects = append(st.Subjects, s)
	}
	st.Subjects[1].Item = "tab\there \"quoted\""
	var buf bytes.Buffer
	if err := Analyze(st, Options{Bootstrap: 50, Seed: 1}).WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var top map[string]any
	if err := json.Unmarshal(buf.Bytes(), &top); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	if got := keys(top); !reflect.DeepEqual(got, []string{"annotators", "majority", "min_raters", "pairs", "pooled", "types"}) {
		t.Fatalf("top-level keys %v", got)
	}
	typ := top["types"].([]any)[0].(map[string]any)
	want := []string{"categories", "chance_agreement", "ci95", "ci95_replicates_used", "fleiss_kappa", "gwet_ac1", "items", "items_with_2plus_ratings", "krippendorff_alpha",
		"observed_agreement", "per_category_kappa", "raters_per_item", "ratings", "type", "warnings"}
	if !reflect.DeepEqual(keys(typ), want) || !reflect.DeepEqual(keys(top["pooled"].(map[string]any)), want) {
		t.Fatalf("type keys %v", keys(typ))
	}
	if got := keys(typ["krippendorff_alpha"].(map[string]any)); !reflect.DeepEqual(got, []string{"interval", "nominal", "ordinal"}) {
		t.Errorf("alpha keys %v", got)
	}
	if got := keys(typ["ci95"].(map[string]any)); !reflect.DeepEqual(got, []string{"fleiss_kappa", "krippendorff_alpha_ordinal"}) {
		t.Errorf("ci95 keys %v", got)
	}
	if got := keys(typ["raters_per_item"].(map[string]any)); !reflect.DeepEqual(got, []string{"max", "min"}) {
		t.Errorf("raters_per_item keys %v", got)
	}
	if got := keys(typ["per_category_kappa"].(map[string]any)); !reflect.DeepEqual(got, []string{"0", "1", "2"}) {
		t.Errorf("per_category_kappa keys %v", got)
	}
	maj := top["majority"].([]any)
	if len(maj) != 3 {
		t.Fatalf("%d majority rows", len(maj))
	}
	tie := maj[1].(map[string]any)
	if tie["item"] != "tab\there \"quoted\"" || tie["label"] != nil || !reflect.DeepEqual(keys(tie), []string{"item", "label", "unit", "votes"}) {
		t.Errorf("tied unit %v", tie)
	}
	if maj[2].(map[string]any)["label"] != "2" || maj[2].(map[string]any)["votes"].(map[string]any)["2"] != 3.0 {
		t.Errorf("unanimous unit %v", maj[2])
	}
	pairs := top["pairs"].([]any)
	if len(pairs) != 3 {
		t.Fatalf("%d pairs, want 3", len(pairs))
	}
	if got := keys(pairs[0].(map[string]any)); !reflect.DeepEqual(got, []string{"a", "b", "cohen_kappa", "cohen_kappa_quadratic", "items"}) {
		t.Errorf("pair keys %v", got)
	}
	ann := top["annotators"].([]any)[0].(map[string]any)
	if got := keys(ann); !reflect.DeepEqual(got, []string{"annotator", "in_majority", "items"}) {
		t.Errorf("annotator keys %v", got)
	}
}

func TestUnitTypeAndScales(t *testing.T) {
	t.Parallel()
	for unit, want := range map[string]string{"landing_3": "landing", "question": "question",
		"answer_set": "answer_set", "relevance_12": "relevance", "x_": "x_", "_1": "_1"} {
		if got := UnitType(unit); got != want {
			t.Errorf("UnitType(%q) = %q, want %q", unit, got, want)
		}
	}
	if s := InferScale([]string{"10", "2", "2", "1.5"}); !reflect.DeepEqual(s.Categories, []string{"1.5", "2", "10"}) || s.Values[2] != 10 {
		t.Errorf("numeric scale %+v", s)
	}
	if s := InferScale([]string{"none", "full", "partial"}); !reflect.DeepEqual(s.Categories, []string{"full", "none", "partial"}) || s.Values != nil {
		t.Errorf("named scale %+v", s)
	}
	b := NewBuilder(NewScale([]string{"0", "1", "2"}))
	if err := b.Add("i", "landing_1", "ana", "2"); err != nil {
		t.Fatal(err)
	}
	if err := b.Add("i", "landing_1", "ana", "1"); err == nil {
		t.Error("a second label by the same rater was accepted")
	}
	if err := b.Add("i", "landing_2", "ana", "3"); err == nil {
		t.Error("a label off the scale was accepted")
	}
	if st := b.Study(); len(st.Subjects) != 1 || st.Types[0] != "landing" {
		t.Errorf("study %+v", st)
	}
}
