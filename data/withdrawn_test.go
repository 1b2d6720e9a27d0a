package data

import (
	"context"
	"testing"
)

// A merge counts the labels it withdrew (import prints the count).
func TestMergeCountsWhatItWithdrew(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, it := clariqStore(t)
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	keyClariQ(t, st, it.ID, ana.ID, "need=3", "ask=1", "usefulness_1=2", "usefulness_2=3", "clear=0", "why=1")
	res, err := mergeRows(t, st, it.UID+"\task\tana\t0\t", it.UID+"\tneed\tana\t4\t")
	if err != nil {
		t.Fatal(err)
	}
	if m := res.Merge; m.Withdrawn != 4 || m.Changed != 2 {
		t.Errorf("merge stats %+v, want 4 withdrawn and 2 changed", m)
	}
}
