package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// A merge that names more than scopeFirst panes of datasets at most
// scopeShare times as large reads them all at once (readScope); every
// pane is then found as the one probe a uid found it before (findItem):
// the same ref, a uid of two datasets ambiguous, an unknown uid not found.
func TestMergeFindsPanesAfterReadingThemAll(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	n := scopeFirst + 100
	_, items, _ := seed(t, st, n)
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "e", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	// The last pane of d is in e too: its uid names two panes.
	if _, err := im.AddPane(Pane{Query: fmt.Sprintf("q%d", n-1), Question: "Which?", Options: [5]string{"a", "b"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	uids := map[int64]string{}
	for _, id := range items {
		var uid string
		if err := st.db.QueryRow(`SELECT uid FROM items WHERE id = ?`, id).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		uids[id] = uid
	}
	m, err := st.BeginMerge(ctx, lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	for i, id := range items {
		got, err := m.Item(uids[id])
		if i == n-1 {
			if !errors.Is(err, ErrAmbiguous) {
				t.Errorf("a uid of two datasets: %+v %v, want ErrAmbiguous", got, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("pane %d: %v", i, err)
		}
		want, err := m.findItem(uids[id])
		if err != nil {
			t.Fatal(err)
		}
		if want = want.withUnits(); fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) {
			t.Errorf("pane %d: found %+v, want %+v", i, got, want)
		}
	}
	if !m.scope.read {
		t.Errorf("after %d panes of %d the merge did not read them all", len(items), n+1)
	}
	if _, err := m.Item("no-such-pane"); !errors.Is(err, ErrNotFound) {
		t.Errorf("an unknown uid: %v, want ErrNotFound", err)
	}
}

// After the one read, a pair is still found as its probe finds it: by its
// blind id below the lead, and by its systems' uid only for a lead; below
// the lead that uid is refused as naming the pair by its systems, however
// many panes the merge has looked up.
func TestMergeFindsPairsAfterReadingThemAll(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	n := 2 * scopeFirst
	ds, ana := seedPairs(t, st, n)
	blind, err := blindPairs(ctx, st.db, ds)
	if err != nil {
		t.Fatal(err)
	}
	byItem := map[int64]string{}
	for id, items := range blind {
		for _, item := range items {
			byItem[item] = id
		}
	}
	for _, who := range []Annotator{testLead(t, st), ana} {
		m, err := st.BeginMerge(ctx, who, "")
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			uid := fmt.Sprint(i)
			got, err := m.Item(uid)
			if who.ID == ana.ID {
				if !errors.Is(err, ErrNotAllowed) {
					t.Fatalf("%s, pane %d by its systems' uid: %+v %v, want ErrNotAllowed", who.Name, i, got, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s, pane %d: %v", who.Name, i, err)
			}
			if byItem[got.ID] == "" {
				t.Fatalf("%s, pane %d: item %d has no blind id", who.Name, i, got.ID)
			}
		}
		for id, items := range blind {
			if got, err := m.Item(id); err != nil || got.ID != items[0] {
				t.Fatalf("%s, the blind id %q: %+v %v, want item %d", who.Name, id, got, err, items[0])
			}
		}
		if !m.scope.read {
			t.Errorf("%s: after %d pairs the merge did not read them all", who.Name, n)
		}
		m.Rollback()
	}
}

// A pane read with the merge's panes and blank (scopeBlank) needs no read
// at its first label; one with a label (its HIT open, so nothing else
// stored) still has it read: merged again, the stored label is the same,
// not added twice (the merge would refuse its key), and every other is
// added.
func TestMergeAfterReadingThemAllKeepsStoredLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	n := 2 * scopeFirst
	_, items, _ := seed(t, st, n)
	lead := testLead(t, st)
	ana := annotators(t, st, "ana")[0]
	stored := 0
	for i, id := range items {
		if i > scopeFirst && i%3 == 0 {
			// One label, its HIT open: the pane has no stored part.
			ch := LabelChange{ItemID: id, AnnotatorID: ana, Unit: "question", Value: ptr(1)}
			if _, err := st.SetLabel(ctx, ch); err != nil {
				t.Fatal(err)
			}
			stored++
		}
	}
	m, err := st.BeginMerge(ctx, lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	units := []string{"question", "answer_set", "landing_1", "landing_2"}
	for _, id := range items {
		var uid string
		if err := st.db.QueryRow(`SELECT uid FROM items WHERE id = ?`, id).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		ref, err := m.Item(uid)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range units {
			if err := m.Add(MergedLabel{Item: ref, Unit: u, Annotator: "ana", Value: 1}); err != nil {
				t.Fatalf("pane %d, %s: %v", id, u, err)
			}
		}
	}
	if !m.scope.read || len(m.scope.blank) != 0 {
		t.Errorf("read %v, %d blank panes never labelled; want read, none", m.scope.read, len(m.scope.blank))
	}
	stats, err := m.Commit(func(ItemRef, map[string]int) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if stats.Same != stored || stats.Added != 4*n-stored {
		t.Errorf("merged %+v, want %d the same and %d added", stats, stored, 4*n-stored)
	}
}
