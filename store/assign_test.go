package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

// clock is a settable Now for lease tests.
type clock struct{ t time.Time }

func (c *clock) now() time.Time { return c.t }

// label finishes an annotator's HIT on a seeded pane (two answers) with the
// same value for every unit.
func label(t *testing.T, st *Store, item, annotator int64, v int) {
	t.Helper()
	units := []string{"question", "answer_set", "landing_1", "landing_2"}
	for i, u := range units {
		ch := LabelChange{ItemID: item, AnnotatorID: annotator, Unit: u, Value: ptr(v), Finish: i == len(units)-1}
		if _, err := st.SetLabel(context.Background(), ch); err != nil {
			t.Fatal(err)
		}
	}
}

func annotators(t *testing.T, st *Store, names ...string) []int64 {
	t.Helper()
	var ids []int64
	for _, n := range names {
		a, err := st.EnsureAnnotator(context.Background(), n)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, a.ID)
	}
	return ids
}

func next(t *testing.T, st *Store, ds, who int64) (int64, bool, NoWork) {
	t.Helper()
	id, ok, nw, err := st.NextHIT(context.Background(), ds, who, 0)
	if err != nil {
		t.Fatal(err)
	}
	return id, ok, nw
}

func TestThreeAnnotatorsThenTheNextItem(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 2)
	who := annotators(t, st, "a", "b", "c", "d")
	for _, w := range who[:3] {
		if id, ok, _ := next(t, st, ds, w); !ok || id != items[0] {
			t.Fatalf("annotator %d got %d %v, want the first item", w, id, ok)
		}
	}
	// The first item is held three times: the fourth annotator gets the second.
	if id, _, _ := next(t, st, ds, who[3]); id != items[1] {
		t.Fatalf("fourth annotator got %d, want %d", id, items[1])
	}
	// Asking again gives the HIT one already holds, not another.
	if id, _, _ := next(t, st, ds, who[0]); id != items[0] {
		t.Fatalf("resume gave %d", id)
	}
	for _, w := range who[:3] {
		label(t, st, items[0], w, 2)
	}
	// Finished and unanimous: nobody gets the first item again.
	if id, _, _ := next(t, st, ds, who[0]); id != items[1] {
		t.Fatalf("after finishing, a got %d, want %d", id, items[1])
	}
	var finished, open int
	st.db.QueryRow(`SELECT finished, open FROM items WHERE id = ?`, items[0]).Scan(&finished, &open)
	if finished != 3 || open != 0 {
		t.Fatalf("first item: finished %d open %d", finished, open)
	}
	// a and d hold the second item, b takes the last place, c has no work.
	next(t, st, ds, who[1])
	if _, ok, nw := next(t, st, ds, who[2]); ok || nw.Done != 1 || nw.Complete != 1 || nw.HeldByOthers != 1 {
		t.Fatalf("c: ok %v, %+v", ok, nw)
	}
	checkFree(t, st)
}

func TestTiesGoToMoreAnnotatorsThenAdjudication(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, items, _ := seed(t, st, 1)
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: 2, Max: 3, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	who := annotators(t, st, "a", "b", "c", "d")
	for i, w := range who[:2] {
		next(t, st, ds, w)
		label(t, st, items[0], w, i) // 0 and 1: a tie on every unit
	}
	id, ok, _ := next(t, st, ds, who[2])
	if !ok || id != items[0] {
		t.Fatalf("tied at min: the third annotator got %d %v", id, ok)
	}
	label(t, st, items[0], who[2], 2) // 0, 1, 2: still no majority
	// Max reached and still tied: nobody more, it waits for adjudication.
	_, ok, nw := next(t, st, ds, who[3])
	if ok || nw.Adjudication != 4 || nw.Complete != 0 { // four units, all tied
		t.Fatalf("after max: ok %v %+v", ok, nw)
	}
	var tied int
	st.db.QueryRow(`SELECT tied FROM items WHERE id = ?`, items[0]).Scan(&tied)
	if tied != 4 {
		t.Fatalf("%d tied units, want 4", tied)
	}
	// Raising max sends it out again at once; the fourth label breaks the tie.
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: 2, Max: 4, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := next(t, st, ds, who[3]); !ok {
		t.Fatal("max raised to 4, but the fourth annotator got nothing")
	}
	label(t, st, items[0], who[3], 2)
	st.db.QueryRow(`SELECT tied FROM items WHERE id = ?`, items[0]).Scan(&tied)
	if _, ok, nw := next(t, st, ds, who[3]); ok || tied != 0 || nw.Complete != 1 {
		t.Fatalf("after the tie broke: tied %d, %+v", tied, nw)
	}
	checkFree(t, st)
}

func TestLeaseReleasesAStaleHIT(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	c := &clock{t: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
	st.Now = c.now
	ctx := context.Background()
	ds, items, _ := seed(t, st, 1)
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: 1, Max: 1, Lease: 30 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	who := annotators(t, st, "a", "b")
	next(t, st, ds, who[0])
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: who[0], Unit: "question", Value: ptr(2)}); err != nil {
		t.Fatal(err)
	}
	c.t = c.t.Add(29 * time.Minute)
	if _, ok, nw := next(t, st, ds, who[1]); ok || nw.HeldByOthers != 1 {
		t.Fatalf("within the lease b got work: %+v", nw)
	}
	c.t = c.t.Add(31 * time.Minute) // 31 minutes after a's last label
	if id, ok, _ := next(t, st, ds, who[1]); !ok || id != items[0] {
		t.Fatal("the stale HIT was not released")
	}
	// a's label is kept; a cannot go on with the item b now holds.
	if got, _ := st.Labels(ctx, items[0], who[0]); got["question"] != 2 {
		t.Fatalf("a's labels %v", got)
	}
	_, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: who[0], Unit: "answer_set", Value: ptr(1)})
	if !errors.Is(err, ErrNoRoom) {
		t.Fatalf("a labelled a released HIT: %v", err)
	}
	if err := st.ClaimHIT(ctx, items[0], who[0]); !errors.Is(err, ErrNoRoom) {
		t.Fatalf("a claimed it back: %v", err)
	}
	checkFree(t, st)
}

func TestNeverTheSameAnnotatorTwice(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 3)
	who := annotators(t, st, "a")
	seen := map[int64]bool{}
	for range items {
		id, ok, _ := next(t, st, ds, who[0])
		if !ok || seen[id] {
			t.Fatalf("got %d (ok %v) again", id, ok)
		}
		seen[id] = true
		label(t, st, id, who[0], 1)
	}
	if _, ok, nw := next(t, st, ds, who[0]); ok || nw.Done != 3 {
		t.Fatalf("after all three: ok %v %+v", ok, nw)
	}
	checkFree(t, st)
}

func TestPolicyIsChecked(t *testing.T) {
	t.Parallel()
	for _, p := range []Policy{{Min: 0, Max: 3, Lease: time.Hour}, {Min: 3, Max: 2, Lease: time.Hour}, {Min: 1, Max: 1}} {
		if p.Check() == nil {
			t.Errorf("%+v accepted", p)
		}
	}
}
