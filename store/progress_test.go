package store

import (
	"context"
	"slices"
	"testing"
	"time"
)

// The side pane's counters: HIT times of finished HITs only, open HITs by
// uid, and complete and tied counts that follow the policy.
func TestProgressForThePane(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, items, ana := seed(t, st, 3)
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: 2, Max: 2, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	bo := annotators(t, st, "bo")[0]
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	st.Now = func() time.Time { return clock }
	ev := func(item int64, after time.Duration, step, event string) {
		clock = clock.Add(after)
		if err := st.StepEvent(ctx, item, ana.ID, step, event); err != nil {
			t.Fatal(err)
		}
	}
	// Item 0: ana 12 s then finished; item 1: ana 30 s, finished; item 2:
	// ana started, not finished.
	ev(items[0], 0, "serp", "enter")
	ev(items[0], 12*time.Second, "serp", "leave")
	label(t, st, items[0], ana.ID, 2)
	ev(items[1], time.Minute, "serp", "enter")
	ev(items[1], 30*time.Second, "question", "enter")
	label(t, st, items[1], ana.ID, 2)
	ev(items[1], 0, "question", "leave")
	ev(items[2], 0, "serp", "enter")
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[2], AnnotatorID: ana.ID, Unit: "question", Value: ptr(1)}); err != nil {
		t.Fatal(err)
	}
	times, err := st.HITTimes(ctx, ds, ana.ID)
	if err != nil || !slices.Equal(times, []time.Duration{12 * time.Second, 30 * time.Second}) {
		t.Fatalf("HIT times %v %v", times, err)
	}
	// bo agrees on item 0 and splits item 1 (a tie with max 2: adjudication).
	label(t, st, items[0], bo, 2)
	label(t, st, items[1], bo, 0)
	p, err := st.DatasetProgress(ctx, ds, ana.ID)
	if err != nil || p != (DatasetProgress{Items: 3, Complete: 1, Adjudication: 4}) {
		t.Fatalf("progress %+v %v", p, err)
	}
	r, err := st.ReadFigures(ctx, Annotator{ID: ana.ID}, ds)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if err := r.loadHidden(ctx); err != nil {
		t.Fatal(err)
	}
	for i, it := range items {
		if r.hides(it) != (i == 2) {
			t.Errorf("item %d hidden from ana: %v; she finished items 0 and 1 and has item 2 open", i, r.hides(it))
		}
	}
}
