package agreement

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// twoScales is a study of two types on scales of different sizes, as a
// ClariQ study's: need on 1–4 and usefulness on 1–3 (the joined scale's
// first three categories), in the given order, the first type's units
// rated by four raters from rng, each of them on its own type's scale.
func twoScales(rng *rand.Rand, needFirst bool) (*Study, map[string][]naiveSubject) {
	need := NewScale([]string{"1", "2", "3", "4"})
	use := NewScale([]string{"1", "2", "3"})
	scale := NewScale([]string{"1", "2", "3", "4"})
	scale.Unpooled = true
	types, own := []string{"need", "usefulness"}, []Scale{need, use}
	if !needFirst {
		slices.Reverse(types)
		slices.Reverse(own)
	}
	scale.OfType = own
	st := &Study{Scale: scale, Types: types, Raters: []string{"a", "b", "c", "d"}}
	naive := map[string][]naiveSubject{}
	for i := range 300 {
		typ := i % 2
		q := len(own[typ].Categories)
		truth := rng.IntN(q)
		s := Subject{Item: fmt.Sprint(i / 2), Unit: types[typ], Type: typ}
		var ns naiveSubject
		for _, r := range rng.Perm(4)[:1+rng.IntN(4)] {
			c := truth
			if rng.Float64() < 0.35 {
				c = rng.IntN(q)
			}
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: c})
			ns = append(ns, [2]int{r, c})
		}
		st.Subjects = append(st.Subjects, s)
		naive[types[typ]] = append(naive[types[typ]], ns)
	}
	return st, naive
}

// Each type's figures are on its own scale: AC1's chance agreement over
// its own q (the pairwise definition with q = 3 for usefulness, not the
// joined scale's 4), a kappa for each of its categories and no other, its
// label counts on its categories; a report from count patterns says the
// same; the annotators' figures are the first type's, on its scale.
func TestEachTypeOnItsOwnScale(t *testing.T) {
	t.Parallel()
	for _, needFirst := range []bool{true, false} {
		st, naive := twoScales(rand.New(rand.NewPCG(11, 12)), needFirst)
		_, _, _, three := naiveKappa(naive["usefulness"], 3)
		_, _, _, four := naiveKappa(naive["usefulness"], 4)
		if math.Abs(three-four) < 0.02 {
			t.Fatal("test is void: q hardly moves the usefulness AC1")
		}
		kept := map[[5]int]int{} // type, counts on the joined scale -> units
		for _, s := range st.Subjects {
			k := [5]int{s.Type}
			for _, r := range s.Ratings {
				k[1+r.Category]++
			}
			kept[k]++
		}
		var counts []PatternCount
		for k, n := range kept {
			counts = append(counts, PatternCount{Type: k[0], Counts: k[1:], Units: n})
		}
		for _, rep := range []Report{Analyze(st, Options{}), AnalyzeCounts(st.Scale, st.Types, counts, Options{})} {
			if rep.Pooled.Type != "" {
				t.Errorf("a pooled row over two scales: %+v", rep.Pooled)
			}
			for _, tr := range rep.Types {
				q := map[string]int{"need": 4, "usefulness": 3}[tr.Type]
				_, _, _, ac1 := naiveKappa(naive[tr.Type], q)
				close9(t, tr.Type+" ac1", tr.GwetAC1, ac1)
				if len(tr.Scale.Categories) != q || len(tr.PerCategory) != q || len(tr.Labels) != q {
					t.Errorf("%s: categories %v, %d per-category kappas, %d label counts; want %d each",
						tr.Type, tr.Scale.Categories, len(tr.PerCategory), len(tr.Labels), q)
				}
				for k := range q {
					binary := make([]naiveSubject, len(naive[tr.Type]))
					for i, s := range naive[tr.Type] {
						for _, r := range s {
							binary[i] = append(binary[i], [2]int{r[0], map[bool]int{true: 1, false: 0}[r[1] == k]})
						}
					}
					_, _, want, _ := naiveKappa(binary, 2)
					close9(t, fmt.Sprintf("%s κ of %d", tr.Type, k), tr.PerCategory[k], want)
				}
			}
			var b strings.Builder
			if err := rep.WriteJSON(&b); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), `"type":"usefulness","categories":["1","2","3"]`) ||
				!strings.Contains(b.String(), `"per_category_kappa":{"1":`) || strings.Contains(b.String(), `"4":null`) {
				t.Errorf("JSON does not give usefulness its own categories:\n%s", b.String())
			}
		}
		rep := Analyze(st, Options{})
		if rep.PairsOver != st.Types[0] || !slices.Equal(rep.PeopleScale().Categories, st.Scale.OfType[0].Categories) {
			t.Errorf("annotators over %q on %v", rep.PairsOver, rep.PeopleScale().Categories)
		}
		for _, a := range rep.AnnotatorLabels {
			if len(a.Labels) != len(st.Scale.OfType[0].Categories) {
				t.Errorf("%s's labels %v are not on %s's scale", a.Name, a.Labels, st.Types[0])
			}
		}
	}
}
