package report_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Below the lead, the items triage gave the judge are as if nobody had
// labelled them: a reading holds no judge gold (no figure rests on the
// run's labels), and neither the dataset's progress (the side pane's
// "panes complete") nor an annotator's total counts them. A lead's reading
// and progress count them as before.
func TestJudgeItemsUnseenBelowTheLead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	d, uids := triagePanes(t, st, 10)
	var run strings.Builder
	for i, uid := range uids {
		conf := "0.99"
		if i >= 6 {
			conf = "0.2"
		}
		for _, u := range paneUnits {
			fmt.Fprintf(&run, "%s %s 1 %s\n", uid, u, conf)
		}
	}
	addRun(t, st, "judge", run.String())
	if _, err := st.SetTriage(ctx, lead, d.ID, &store.Triage{Run: "judge", Confidence: 0.9, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	goldItems := func(r *store.Reading) (n int) {
		t.Helper()
		err := report.EachPaneGold(ctx, r, func(p *report.PaneGold) error {
			if len(p.Units) > 0 {
				n++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	leadRead, err := st.ReadFigures(ctx, lead, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer leadRead.Close()
	if n := goldItems(leadRead); n != 6 {
		t.Errorf("the lead's figures have gold on %d items, want the 6 judge items", n)
	}
	if p, err := st.DatasetProgress(ctx, d.ID, lead.ID); err != nil || p.Items != 10 || p.Complete != 6 {
		t.Errorf("the lead's progress %+v (%v), want 10 items, 6 complete", p, err)
	}
	for _, role := range []string{store.RoleAnnotator, store.RoleAdjudicator} {
		who := storetest.Person(t, st, "someone-"+role, role)
		r, err := st.ReadFigures(ctx, who, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		if g, err := r.JudgeGold(ctx); err != nil || len(g) != 0 {
			t.Errorf("%s: judge gold on %d items (%v), want none", role, len(g), err)
		}
		if n := goldItems(r); n != 0 {
			t.Errorf("%s: figures have gold on %d items, want none: nobody labelled any", role, n)
		}
		r.Close()
		if p, err := st.DatasetProgress(ctx, d.ID, who.ID); err != nil || p.Items != 4 || p.Complete != 0 {
			t.Errorf("%s: progress %+v (%v), want 4 items, none complete", role, p, err)
		}
		if done, total, err := st.Progress(ctx, d.ID, who.ID); err != nil || done != 0 || total != 4 {
			t.Errorf("%s: own progress %d of %d (%v), want 0 of 4", role, done, total, err)
		}
	}
}

// An item whose only HIT was given back with no label is one nobody has
// had: triage routes it (to the judge here) and the HIT goes, so check
// stays clean; an item whose HIT is still held keeps its route. (Counted
// as had, claiming and giving back kept items from triage.)
func TestTriageRoutesAnItemGivenBackUnlabelled(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	d, uids := triagePanes(t, st, 6)
	ana := storetest.Person(t, st, "ana", store.RoleAnnotator)
	back, ok, _, err := st.NextHIT(ctx, d.ID, ana.ID, 0)
	if err != nil || !ok {
		t.Fatalf("first HIT %v %v", ok, err)
	}
	if err := st.SkipHIT(ctx, back, ana.ID, store.SkipGiveBack); err != nil {
		t.Fatal(err)
	}
	held, ok, _, err := st.NextHIT(ctx, d.ID, ana.ID, 0)
	if err != nil || !ok || held == back {
		t.Fatalf("second HIT %d (given back %d) %v %v", held, back, ok, err)
	}
	var run strings.Builder
	for _, uid := range uids {
		for _, u := range paneUnits {
			fmt.Fprintf(&run, "%s %s 1 0.99\n", uid, u)
		}
	}
	addRun(t, st, "judge", run.String())
	routed, err := st.SetTriage(ctx, lead, d.ID, &store.Triage{Run: "judge", Confidence: 0.9, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if routed.Kept != 1 || routed.Judge != 5 {
		t.Errorf("routed %+v: want the held item kept, the other 5 (the one given back among them) to the judge", routed)
	}
	r := storetest.ReadGold(t, st, d.ID)
	_, routes, _, err := r.Triage(ctx)
	if err != nil || routes[back] != store.RouteJudge || routes[held] != "" {
		t.Errorf("routes %v (%v): want item %d the judge's, %d people's", routes, err, back, held)
	}
	storetest.CheckClean(t, st)
}

// When triage gave every item to the judge, an annotator's "no work"
// counts none of them complete (it said 3 complete before anyone had
// keyed a label); a lead's counts them.
func TestNoWorkCountsNoJudgeItemBelowTheLead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	d, uids := triagePanes(t, st, 3)
	var run strings.Builder
	for _, uid := range uids {
		for _, u := range paneUnits {
			fmt.Fprintf(&run, "%s %s 1 0.99\n", uid, u)
		}
	}
	addRun(t, st, "judge", run.String())
	if _, err := st.SetTriage(ctx, lead, d.ID, &store.Triage{Run: "judge", Confidence: 0.9, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	for who, want := range map[store.Annotator]int{storetest.Person(t, st, "ana", store.RoleAnnotator): 0, lead: 3} {
		if _, ok, nw, err := st.NextHIT(ctx, d.ID, who.ID, 0); ok || err != nil || nw.Complete != want {
			t.Errorf("%s: given %v, no work %+v (%v); want %d complete", who.Name, ok, nw, err, want)
		}
	}
}
