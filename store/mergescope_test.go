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
