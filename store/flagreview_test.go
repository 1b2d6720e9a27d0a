package store

import (
	"context"
	"errors"
	"testing"
)

// Flags have an owner: a lead or adjudicator lists everyone's, upholds or
// clears them with a reason; the author may withdraw an open one; an
// annotator can do neither to others' flags. A standing flag keeps the
// item out of gold and its author's queue; every step is in history.
func TestFlagReview(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 3)
	lead := testLead(t, st)
	bo, err := st.SetRole(ctx, lead, "bo", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	adj, _ := st.SetRole(ctx, lead, "jo", RoleAdjudicator)
	ana, _ = st.SetRole(ctx, lead, ana.Name, RoleAnnotator)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(st.AddFlag(ctx, items[0], ana.ID, "broken", "no answers shown"))
	must(st.AddFlag(ctx, items[1], bo.ID, "sensitive", ""))
	must(st.AddFlag(ctx, items[2], ana.ID, "other", "meant pane 2"))

	list := func(who Annotator, all bool) []FlagRow {
		t.Helper()
		fs, err := st.ListFlags(ctx, who, FlagFilter{DatasetID: ds, All: all})
		must(err)
		return fs
	}
	if fs := list(adj, false); len(fs) != 3 || fs[0].Author != "ana" || fs[0].Note != "no answers shown" || fs[0].Status != FlagOpen {
		t.Fatalf("adjudicator's list: %+v", fs)
	}
	if fs := list(bo, false); len(fs) != 1 || fs[0].Author != "bo" {
		t.Fatalf("an annotator sees others' flags: %+v", fs)
	}
	flagged := func() map[int64]bool {
		t.Helper()
		r, err := st.ReadGold(ctx, lead, ds)
		must(err)
		defer r.Close()
		out := map[int64]bool{}
		must(r.EachGoldRow(ctx, func(g *GoldRow) error { out[g.ID] = g.Flagged; return nil }))
		return out
	}
	if f := flagged(); !f[items[0]] || !f[items[1]] || !f[items[2]] {
		t.Fatalf("open flags do not stand: %v", f)
	}

	id := func(i int) int64 { return list(lead, true)[i].ID }
	refusals := []struct {
		who    Annotator
		i      int
		action string
		reason string
		want   error
	}{
		{bo, 0, "clear", "fine", ErrNotAllowed},         // an annotator cannot clear another's flag
		{bo, 0, "uphold", "bad", ErrNotAllowed},         // nor uphold it
		{bo, 0, "withdraw", "", ErrNotAllowed},          // nor withdraw it
		{adj, 0, "clear", "", ErrFlagState},             // a review needs a reason
		{ana, 0, "clear", "mine anyway", ErrNotAllowed}, // an author cannot clear their own
	}
	for _, r := range refusals {
		if err := st.ReviewFlag(ctx, r.who, id(r.i), r.action, r.reason); !errors.Is(err, r.want) {
			t.Errorf("%s %s flag %d: %v, want %v", r.who.Name, r.action, r.i, err, r.want)
		}
	}
	must(st.ReviewFlag(ctx, adj, id(0), "clear", "answers load now"))
	must(st.ReviewFlag(ctx, lead, id(1), "uphold", "personal data"))
	must(st.ReviewFlag(ctx, ana, id(2), "withdraw", ""))
	if err := st.ReviewFlag(ctx, bo, id(1), "withdraw", ""); !errors.Is(err, ErrFlagState) {
		t.Errorf("withdrawing an upheld flag: %v", err)
	}
	if err := st.ReviewFlag(ctx, lead, id(2), "uphold", "x"); !errors.Is(err, ErrFlagState) {
		t.Errorf("upholding a withdrawn flag: %v", err)
	}
	if f := flagged(); f[items[0]] || !f[items[1]] || f[items[2]] {
		t.Fatalf("after review, standing flags: %v (want only item 2's)", f)
	}
	if fs := list(lead, false); len(fs) != 1 || fs[0].Status != FlagUpheld || fs[0].Reviewer != "root" || fs[0].Review != "personal data" {
		t.Fatalf("standing flags: %+v", fs)
	}
	h, err := st.FlagHistory(ctx, lead, id(0))
	must(err)
	if len(h) != 2 || h[0].Action != "flag" || h[0].Actor != "ana" || h[1].Action != "clear" || h[1].Actor != "jo" || h[1].Reason != "answers load now" {
		t.Fatalf("history: %+v", h)
	}
	// The cleared item is back in its author's queue.
	if hit, err := st.LoadHIT(ctx, items[0], ana.ID); err != nil || hit.Flagged {
		t.Fatalf("cleared flag still stands for its author: %+v %v", hit, err)
	}
}
