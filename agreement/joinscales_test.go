package agreement

import (
	"slices"
	"testing"
)

// A ratings file's types on the scales their labels use: need's 1, 2, 4
// beside usefulness's 1, 2, 3, 4 differ, so nothing pools them, AC1 of
// each is over its own categories, and the reason names each scale in
// full (both would read 1–4); types whose labels use the same categories
// share a scale and pool, inferred or not. A label off its type's scale
// is refused.
func TestJoinedScalesOfRatings(t *testing.T) {
	t.Parallel()
	b := NewOpenBuilder()
	for _, r := range [][4]string{{"a", "need", "x", "1"}, {"a", "need", "y", "2"}, {"b", "need", "x", "4"}, {"b", "need", "y", "4"},
		{"a", "usefulness_1", "x", "3"}, {"a", "usefulness_1", "y", "1"}, {"a", "usefulness_2", "x", "2"}, {"a", "usefulness_2", "y", "4"}} {
		if err := b.Add(r[0], r[1], r[2], r[3]); err != nil {
			t.Fatal(err)
		}
	}
	if !slices.Equal(b.Types(), []string{"need", "usefulness"}) || !slices.Equal(b.LabelsOf(0), []string{"1", "2", "4"}) ||
		!slices.Equal(b.LabelsOf(1), []string{"3", "1", "2", "4"}) {
		t.Fatalf("types %v, labels %v and %v", b.Types(), b.LabelsOf(0), b.LabelsOf(1))
	}
	if _, err := b.StudyOn([]Scale{NewScale([]string{"1", "2", "4"}), NewScale([]string{"1", "2", "3"})}); err == nil {
		t.Fatal("a usefulness 4 off its scale 1–3 was taken")
	}
	own := []Scale{InferScale(b.LabelsOf(0)), InferScale(b.LabelsOf(1))}
	st, err := b.StudyOn(own)
	if err != nil {
		t.Fatal(err)
	}
	if !st.Scale.Unpooled || !slices.Equal(st.Scale.Categories, []string{"1", "2", "3", "4"}) || st.Scale.pools() {
		t.Fatalf("joined scale %+v", st.Scale)
	}
	rep := Analyze(st, Options{})
	if rep.Pooled.Type != "" || rep.PairsOver != "need" || len(rep.Types[0].PerCategory) != 3 {
		t.Errorf("pooled %q, pairs over %q, need's kappas %v", rep.Pooled.Type, rep.PairsOver, rep.Types[0].PerCategory)
	}
	if got, want := rep.NotPooled(), "the unit types' scales differ: need {1, 2, 4}, usefulness {1, 2, 3, 4}"; got != want {
		t.Errorf("not pooled %q, want %q", got, want)
	}

	given, inferred := NewScale([]string{"0", "1"}), InferScale([]string{"1", "0"})
	inferred.Inferred = true
	one := JoinScales([]Scale{given, inferred})
	if one.Unpooled || !one.pools() || !one.ofType(1).Inferred || one.ofType(0).Inferred {
		t.Errorf("one scale, given and inferred: %+v", one)
	}
	if s := JoinScales([]Scale{given, given}); s.OfType != nil || !s.pools() {
		t.Errorf("one scale given twice: %+v", s)
	}
	if rep := Analyze(&Study{Scale: one, Types: []string{"p", "q"}}, Options{}); rep.Pooled.Type != "pooled" || rep.NotPooled() != "" {
		t.Errorf("one scale: pooled %q, not pooled %q", rep.Pooled.Type, rep.NotPooled())
	}
}

// Two types of the same categories, one read as nominal and one ordered,
// are not one scale: nothing pools them, and each keeps its own reading.
func TestNominalBesideOrderedDoesNotPool(t *testing.T) {
	t.Parallel()
	nominal := NewScale([]string{"1", "2", "3"})
	nominal.Nominal = true
	ordered := NewScale([]string{"1", "2", "3"})
	joined := JoinScales([]Scale{nominal, ordered})
	if joined.pools() || !joined.Unpooled || !joined.ofType(0).Nominal || joined.ofType(1).Nominal {
		t.Errorf("joined %+v", joined)
	}
	if typ, own := joined.People(); typ != 0 || !own.Nominal {
		t.Errorf("people over type %d, nominal %v", typ, own.Nominal)
	}
	if both := JoinScales([]Scale{ordered, ordered}); !both.pools() {
		t.Error("two types on one ordered scale do not pool")
	}
}
