package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The TUI route of triage: it has no way to set triage, and an
// annotator's and an adjudicator's sessions (the HIT, the statistics view,
// the side pane) show nothing of it, nor the run's name, nor a judge item;
// the triage and the items' routes are as the lead left them.
func TestTriageNothingOnScreen(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var panes, run strings.Builder
	panes.WriteString(data.ManualHeader() + "\n")
	for i := range 12 {
		fmt.Fprintf(&panes, "query %d\tWhich %d?\ta\tb%s\n", i, i, strings.Repeat("\t", 10))
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(panes.String()), "p.tsv", data.Options{Dataset: "p"}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "p")
	if err != nil {
		t.Fatal(err)
	}
	uid := map[int64]string{}
	run.WriteString("item unit label confidence\n")
	err = st.EachItem(ctx, d.ID, func(it store.Item) error {
		uid[it.ID] = it.UID
		for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
			fmt.Fprintf(&run, "%s %s 2 0.99\n", it.UID, u)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run.String()), "oracle.run",
		data.RunOptions{Kind: store.RunLabels, Name: "oracle-xyz", Dataset: "p",
			RunKinds: func(guidelines.Kind) []store.RunKind { return []store.RunKind{store.RunLabels} }}); err != nil {
		t.Fatal(err)
	}
	routed, err := st.SetTriage(ctx, lead, d.ID, &store.Triage{Run: "oracle-xyz", Confidence: 0.9, Audit: 0.5, Seed: 2})
	if err != nil || routed.Judge == 0 || routed.Audit == 0 {
		t.Fatalf("test is void: routed %+v (%v)", routed, err)
	}
	db := storetest.DB(t, st)
	triage := func() string {
		return storetest.Fingerprint(t, db, "triage") + storetest.Fingerprint(t, db, "runs", "run_labels")
	}
	routes := func() map[int64]string {
		out := map[int64]string{}
		rows, err := db.Query(`SELECT id, coalesce(route, '') FROM items`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var r string
			if err := rows.Scan(&id, &r); err != nil {
				t.Fatal(err)
			}
			out[id] = r
		}
		return out
	}
	before, beforeRoutes := triage(), routes()
	for _, who := range []struct {
		name, role string
		adjudicate bool
	}{{"ana", store.RoleAnnotator, false}, {"adam", store.RoleAdjudicator, true}} {
		an := storetest.Person(t, st, who.name, who.role)
		h := startOn(t, st, an, "p", 120, 40, false)
		if h.m.hit == nil || h.m.hit.hit.item.ID == 0 {
			t.Fatalf("%s has no HIT", who.name)
		}
		if r := beforeRoutes[h.m.hit.hit.item.ID]; r == store.RouteJudge {
			t.Errorf("%s was given judge item %s", who.name, uid[h.m.hit.hit.item.ID])
		}
		screens := []string{h.screen()}
		msg := h.m.openStats()().(statsMsg)
		if msg.err != nil {
			t.Fatal(msg.err)
		}
		screens = append(screens, strings.Join(msg.lines, "\n"))
		h.keys("tab")
		screens = append(screens, ansi.Strip(h.m.View().Content))
		if who.adjudicate {
			a := startOn(t, st, an, "p", 120, 40, true)
			screens = append(screens, a.screen())
		}
		for _, s := range screens {
			low := strings.ToLower(s)
			for _, bad := range []string{"triage", "audit", "oracle-xyz", "judge"} {
				if strings.Contains(low, bad) {
					t.Errorf("%s's screen shows %q:\n%s", who.name, bad, s)
				}
			}
		}
	}
	if triage() != before {
		t.Error("a session below the lead changed the triage or its run")
	}
	after := routes()
	for id, r := range beforeRoutes {
		if after[id] != r {
			t.Errorf("item %s: route %q became %q", uid[id], r, after[id])
		}
	}
}
