package store

import (
	"context"
	"testing"
)

// armGold is a dataset of one pane with arms blind=2, after:judge=2 and
// four annotators drawn into them by NextHIT; it returns the dataset, the
// pane, the lead and the annotators by arm (blind first).
func armGold(t *testing.T, st *Store) (int64, int64, Annotator, [2][]int64) {
	t.Helper()
	ctx := context.Background()
	ds, items, _ := seed(t, st, 1)
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	w, err := im.AddRun("judge", RunLabels, "", "fp")
	if err == nil {
		err = w.Label(items[0], "question", 2)
	}
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	arms, err := ParseArms("blind=2, after:judge=2")
	if err == nil {
		err = st.SetArms(ctx, lead, ds, arms, GoldFromBlind)
	}
	if err != nil {
		t.Fatal(err)
	}
	var byArm [2][]int64
	for _, id := range annotators(t, st, "b1", "a1", "b2", "a2") {
		if _, _, _, err := st.NextHIT(ctx, ds, id, 0); err != nil {
			t.Fatal(err)
		}
		var seq int
		if err := st.db.QueryRow(`SELECT arm_seq FROM annotator_arms WHERE annotator_id = ?`, id).Scan(&seq); err != nil {
			t.Fatal(err)
		}
		byArm[seq] = append(byArm[seq], id)
	}
	if len(byArm[0]) != 2 || len(byArm[1]) != 2 {
		t.Fatalf("arms drawn: %v", byArm)
	}
	return ds, items[0], lead, byArm
}

// With gold from the blind arm, a unit the blind arm ties on (0 against
// 2) is disputed though the after arm's two 2s would settle it, the
// item's ties count it; with gold from all, the unit is settled (2 by
// three to one) and nothing is disputed. check's recount of the kept
// agreement table matches at both.
func TestDisputesAndTiesRestOnTheBlindArm(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, item, lead, byArm := armGold(t, st)
	for i, id := range append(byArm[0], byArm[1]...) {
		v := 2
		if i == 0 {
			v = 0 // the blind arm: 0 and 2
		}
		label(t, st, item, id, v)
	}
	state := func(from GoldFrom, tied, disputed int) {
		t.Helper()
		var gotTied int
		if err := st.db.QueryRow(`SELECT tied FROM items WHERE id = ?`, item).Scan(&gotTied); err != nil {
			t.Fatal(err)
		}
		q, err := st.AdjudicationQueue(ctx, ds, lead, false)
		if err != nil {
			t.Fatal(err)
		}
		if gotTied != tied || len(q) != disputed {
			t.Errorf("gold from %s: %d tied units, %d disputed (%+v); want %d, %d", from, gotTied, len(q), q, tied, disputed)
		}
		problems, err := recountPatterns(ctx, st.db, true)
		if err != nil || len(problems) > 0 {
			t.Errorf("gold from %s: the kept agreement table: %v %v", from, problems, err)
		}
	}
	state(GoldFromBlind, 4, 4)
	if err := st.SetArms(ctx, lead, ds, nil, GoldFromAll); err != nil {
		t.Fatal(err)
	}
	state(GoldFromAll, 0, 0)
	if err := st.SetArms(ctx, lead, ds, nil, GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	state(GoldFromBlind, 4, 4)
}
