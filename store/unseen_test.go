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
	seen := func(who Annotator) (out []string, values []int) {
		t.Helper()
		ls, err := st.UnitLabels(ctx, item, "question", who)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ls {
			out, values = append(out, l.Annotator), append(values, l.Value)
		}
		return out, values
	}
	adj, err := st.SetRole(ctx, lead, "adj", RoleAdjudicator)
	if err != nil {
		t.Fatal(err)
	}
	// The blind arm's two labels, 0 and 2, by value and unnamed: their
	// names would say who is blind.
	if got, values := seen(adj); !slices.Equal(got, []string{"label 1", "label 2"}) || !slices.Equal(values, []int{0, 2}) {
		t.Errorf("the adjudicator sees %v's labels %v, want the blind arm's two (0, 2), unnamed", got, values)
	}
	for _, name := range names(append(byArm[0], byArm[1]...)) {
		if got, _ := seen(adj); slices.Contains(got, name) {
			t.Errorf("the adjudicator sees %s named", name)
		}
	}
	if got, _ := seen(lead); !slices.Equal(got, names(append(byArm[0], byArm[1]...))) {
		want := names(append(byArm[0], byArm[1]...))
		t.Errorf("the lead sees %v's labels, want everyone's %v", got, want)
	}
}
