package store

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// SetLabel says what a change withdrew, in HIT order, with the values the
// labels had; a change nothing waits on, or one that keeps the condition,
// withdraws nothing; the old value is the answer's own.
func TestSetLabelSaysWhatItWithdrew(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	items, ana := seedClariQ(t, st, 1)
	keyAll(t, st, items[0], ana.ID, "need=3", "ask=1", "usefulness_1=2", "usefulness_2=3", "clear=0", "why=2")
	set := func(unit string, v int) Written {
		t.Helper()
		w, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: ana.ID, Unit: unit, Value: &v})
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	if w := set("need", 4); len(w.Withdrawn) != 0 || *w.Old != 3 {
		t.Errorf("need 3 → 4: %+v", w)
	}
	if w := set("ask", 1); len(w.Withdrawn) != 0 {
		t.Errorf("ask 1 again: %+v", w)
	}
	w := set("ask", 0)
	want := []Withdrawal{{"usefulness_1", 2}, {"usefulness_2", 3}, {"clear", 0}, {"why", 2}}
	if !slices.Equal(w.Withdrawn, want) || *w.Old != 1 {
		t.Errorf("ask 1 → 0: %+v, want %v", w, want)
	}
	if w := set("ask", 1); len(w.Withdrawn) != 0 {
		t.Errorf("ask 0 → 1: %+v", w)
	}
}

// A file's known answers where two annotators' labels each outlive their
// condition are refused at the first annotator's, every time: the refusal
// names a line, and the same file must name the same one.
func TestStandingLabelsRefusesFirstAnnotator(t *testing.T) {
	labels := []UnitLabel{
		{Unit: "facet", Annotator: "ana", Value: 1}, // no necessity at all
		{Unit: "necessity", Annotator: "bo", Value: 0},
		{Unit: "facet", Annotator: "bo", Value: 1},
	}
	for range 500 {
		err := standingLabels(necessity(t), labels)
		if err == nil || !strings.Contains(err.Error(), "the file gives no necessity") {
			t.Fatalf("want ana's facet refused (no necessity), got %v", err)
		}
	}
}
