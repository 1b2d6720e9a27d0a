package store

import (
	"context"
	"slices"
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
