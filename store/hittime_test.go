package store

import (
	"context"
	"testing"
	"time"
)

// A HIT's time runs from its opening, Step I included, to its finishing
// label, from the stored step events: the annotator opens it, reviews the
// results for 5 s, quits (a leave), comes back an hour later in another
// session, and spends 3 s more on the results and 2 s on each of four
// labels. The time is 5 + 3 + 4·2 = 16 s: the hour away does not count,
// the first session's 5 s are kept, and the label's own seconds (which a
// new session's clock restarts) are not what is read.
func TestHITTimeFromStepEvents(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, _, ana := seed(t, st, 1)
	clock := time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)
	st.Now = func() time.Time { return clock }
	ctx := context.Background()
	id, ok, _ := next(t, st, ds, ana.ID)
	if !ok {
		t.Fatal("no HIT")
	}
	move := func(m StepMove) {
		t.Helper()
		if err := st.MoveStep(ctx, id, ana.ID, m); err != nil {
			t.Fatal(err)
		}
	}
	move(StepMove{Enter: "serp"})
	clock = clock.Add(5 * time.Second)
	move(StepMove{Leave: "serp"}) // the first session ends
	clock = clock.Add(time.Hour)
	move(StepMove{Enter: "serp"})
	clock = clock.Add(3 * time.Second)
	if err := st.MarkSERPReviewed(ctx, id, ana.ID, StepMove{Leave: "serp", Enter: "question"}); err != nil {
		t.Fatal(err)
	}
	units := []string{"question", "answer_set", "landing_1", "landing_2"}
	for i, u := range units {
		clock = clock.Add(2 * time.Second)
		m := StepMove{Leave: u}
		if i+1 < len(units) {
			m.Enter = units[i+1]
		}
		ch := LabelChange{ItemID: id, AnnotatorID: ana.ID, Unit: u, Value: ptr(1), Seconds: 0.5, Finish: i == len(units)-1, Move: m}
		if _, err := st.SetLabel(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	q, err := st.ReadQuality(ctx, testLead(t, st), ds)
	if err != nil || len(q.HITs) != 1 {
		t.Fatalf("quality %+v %v", q.HITs, err)
	}
	if h := q.HITs[0]; !h.Timed || h.Seconds != 16 {
		t.Errorf("HIT time %v (timed %v), want 16 s", h.Seconds, h.Timed)
	}
}
