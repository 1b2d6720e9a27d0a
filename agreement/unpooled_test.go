package agreement

import "testing"

// Two types with scales of their own (categories y, n for the first; a,
// b for the second): no pooled row, and the pairs' kappas are the first
// type's alone, as a study of its units only gives them.
func TestUnpooledScale(t *testing.T) {
	scale := Scale{Categories: []string{"y", "n", "a", "b"}, Nominal: true, Unpooled: true}
	st := &Study{Scale: scale, Types: []string{"first", "second"}, Raters: []string{"p", "q"}}
	first := &Study{Scale: Scale{Categories: scale.Categories, Nominal: true}, Types: []string{"first"}, Raters: st.Raters}
	rows := [][2]int{{0, 0}, {0, 1}, {1, 1}, {0, 0}, {1, 0}}
	for i, r := range rows {
		s := Subject{Item: string(rune('A' + i)), Unit: "first", Type: 0,
			Ratings: []Rating{{Rater: 0, Category: r[0]}, {Rater: 1, Category: r[1]}}}
		st.Subjects = append(st.Subjects, s)
		first.Subjects = append(first.Subjects, s)
		st.Subjects = append(st.Subjects, Subject{Item: s.Item, Unit: "second", Type: 1,
			Ratings: []Rating{{Rater: 0, Category: 2 + r[1]}, {Rater: 1, Category: 2}}})
	}
	rep := Analyze(st, Options{})
	if rep.Pooled.Type != "" || len(rep.Rows()) != 2 || rep.PairsOver != "first" {
		t.Fatalf("unpooled report: pooled %q, %d rows, pairs over %q", rep.Pooled.Type, len(rep.Rows()), rep.PairsOver)
	}
	want := Analyze(first, Options{}).Pairs
	if len(rep.Pairs) != 1 || rep.Pairs[0] != want[0] {
		t.Errorf("pairs %+v, want the first type's %+v", rep.Pairs, want)
	}
	counts := AnalyzeCounts(scale, st.Types, []PatternCount{{Type: 0, Counts: []int{1, 1, 0, 0}, Units: 3}}, Options{})
	if counts.Pooled.Type != "" {
		t.Errorf("a report from counts pools an unpooled scale: %+v", counts.Pooled)
	}
	st.Scale.Unpooled = false
	if rep := Analyze(st, Options{}); rep.Pooled.Type != "pooled" || len(rep.Rows()) != 3 || rep.PairsOver != "" {
		t.Errorf("one scale: pooled %q, %d rows", rep.Pooled.Type, len(rep.Rows()))
	}
}
