package store

import (
	"context"
	"testing"
)

// Items nobody had, taken by someone, turn free behind every cursor that
// had walked past them: they are not listed for each such annotator (a row
// each on every claim, growing with the annotators; migration 0032), since
// their walks start at the mark, where items nobody had began. What each
// NextHIT gives is still what a full walk gives.
func TestFreshItemsTakenAreWalkedToNotListed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 60)
	others := annotators(t, st, "bo", "cy", "dee")
	// Their walks find nothing free and take the first items nobody had:
	// their free cursors go past every item.
	for _, who := range others {
		id, _, _ := next(t, st, ds, who)
		label(t, st, id, who, 1)
	}
	// ana takes 20 items nobody had: each turns free (it wants more).
	for _, it := range items[10:30] {
		if err := st.ClaimHIT(ctx, it, ana.ID); err != nil {
			t.Fatal(err)
		}
	}
	var listed int
	if err := st.db.QueryRow(`SELECT count(*) FROM assign_returns WHERE kind = 'free'`).Scan(&listed); err != nil {
		t.Fatal(err)
	}
	if listed != 0 {
		t.Fatalf("%d items nobody had listed as free for the annotators past them, want none", listed)
	}
	for range 40 {
		for _, who := range others {
			want := fullWalk(t, st, ds, who, 0)
			got, ok, _ := next(t, st, ds, who)
			if !ok {
				got = 0
			}
			if got != want {
				t.Fatalf("annotator %d got item %d, a full walk gives %d", who, got, want)
			}
			if ok {
				label(t, st, got, who, 0)
			}
		}
	}
}
