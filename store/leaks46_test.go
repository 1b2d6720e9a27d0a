package store

import (
	"context"
	"slices"
	"testing"
)

// An adjudicator opening a disputed unit of a dataset whose gold comes
// from the blind arm sees the labels the queue's tally counts, the blind
// arm's, and none of the after arm's (which would say there are arms, who
// saw the run, and carry its label); a lead sees every label.
func TestUnitLabelsAreTheGoldVotersBelowTheLead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, item, lead, byArm := armGold(t, st)
	for i, id := range append(byArm[0], byArm[1]...) {
		v := 2
		if i == 0 {
			v = 0 // the blind arm ties: 0 and 2
		}
		label(t, st, item, id, v)
	}
	if q, err := st.AdjudicationQueue(ctx, ds, lead, false); err != nil || len(q) == 0 || q[0].Unit != "question" {
		t.Fatalf("queue %+v %v: want the question disputed", q, err)
	}
	names := func(ids []int64) (out []string) {
		for _, id := range ids {
			var n string
			if err := st.db.QueryRow(`SELECT name FROM annotators WHERE id = ?`, id).Scan(&n); err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
		}
		slices.Sort(out)
		return out
	}
	seen := func(who Annotator) (out []string) {
		t.Helper()
		ls, err := st.UnitLabels(ctx, item, "question", who)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			out = append(out, l.Annotator)
		}
		return out
	}
	adj, err := st.SetRole(ctx, lead, "adj", RoleAdjudicator)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := seen(adj), names(byArm[0]); !slices.Equal(got, want) {
		t.Errorf("the adjudicator sees %v's labels, want only the blind arm's %v", got, want)
	}
	if got, want := seen(lead), names(append(byArm[0], byArm[1]...)); !slices.Equal(got, want) {
		t.Errorf("the lead sees %v's labels, want everyone's %v", got, want)
	}
}
