package agreement

import (
	"reflect"
	"strings"
	"testing"
)

// sparseStudy is shaped like a release with a few HITs on top: 30 units
// with one label each, 6 units with three (raters A, B, C).
func sparseStudy() *Study {
	st := &Study{Scale: mimicsScale, Types: []string{"landing"}, Raters: []string{"R", "A", "B", "C"}}
	for i := range 30 {
		st.Subjects = append(st.Subjects, Subject{Item: "single", Unit: "landing",
			Ratings: []Rating{{Rater: 0, Category: i % 3}}})
	}
	for i, labels := range [][]int{{2, 2, 2}, {0, 0, 1}, {1, 1, 1}, {2, 2, 1}, {0, 0, 0}, {2, 1, 2}} {
		s := Subject{Item: "triple" + string(rune('a'+i)), Unit: "landing"}
		for r, l := range labels {
			s.Ratings = append(s.Ratings, Rating{Rater: r + 1, Category: l})
		}
		st.Subjects = append(st.Subjects, s)
	}
	return st
}

// The report counts the units with two or more labels and says in words
// when there are fewer than 20 of them and when most units have one label.
func TestWarningsOnSparseLabels(t *testing.T) {
	t.Parallel()
	rep := Analyze(sparseStudy(), Options{})
	tr := rep.Types[0]
	if tr.Items != 36 || tr.Paired != 6 {
		t.Fatalf("items %d, with two or more %d; want 36 and 6", tr.Items, tr.Paired)
	}
	w := strings.Join(tr.Warnings(), "\n")
	if !strings.Contains(w, "rest on 6 units with two or more labels (fewer than 20)") ||
		!strings.Contains(w, "30 of 36 units have a single label") {
		t.Fatalf("warnings:\n%s", w)
	}
	// A study where every unit has three labels, 20 of them, warns of nothing.
	full := &Study{Scale: mimicsScale, Types: []string{"landing"}, Raters: []string{"A", "B", "C"}}
	for range 20 {
		full.Subjects = append(full.Subjects, sparseStudy().Subjects[30:31]...)
	}
	for i := range full.Subjects {
		for j := range full.Subjects[i].Ratings {
			full.Subjects[i].Ratings[j].Rater = j
		}
	}
	if w := Analyze(full, Options{}).Types[0].Warnings(); len(w) != 0 {
		t.Fatalf("warnings on 20 full units: %v", w)
	}
}

// --min-raters 2 gives exactly the report of the study with the
// single-label units taken out by hand.
func TestMinRatersIsTheFilteredStudy(t *testing.T) {
	t.Parallel()
	st := sparseStudy()
	byHand := *st
	byHand.Subjects = st.Subjects[30:]
	got := Analyze(st, Options{MinRaters: 2, Bootstrap: 200, Seed: 7})
	want := Analyze(&byHand, Options{Bootstrap: 200, Seed: 7})
	if got.MinRaters != 2 || want.MinRaters != 1 {
		t.Fatalf("min raters recorded as %d and %d", got.MinRaters, want.MinRaters)
	}
	got.MinRaters = 1
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("--min-raters 2:\n%+v\nby hand:\n%+v", got.Types, want.Types)
	}
	// Chance agreement no longer comes from the 30 single labels.
	all := Analyze(st, Options{})
	if all.Types[0].Chance == got.Types[0].Chance {
		t.Fatalf("chance agreement unchanged by leaving out single labels: %v", all.Types[0].Chance)
	}
}
