package tui

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// armsTUIStudy is dataset "study" of six panes with the labels run "gpt"
// and the arms blind=1, after:gpt=1, set by the lead.
func armsTUIStudy(t *testing.T, st *store.Store) store.Dataset {
	t.Helper()
	ctx := context.Background()
	lead := storetest.Lead(t, st)
	im, err := st.BeginImport(ctx, lead, "study", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 6 {
		if _, err := im.AddPane(store.Pane{Query: fmt.Sprintf("jaguar %d", i), Question: "Which jaguar?", Options: [5]string{"car", "cat"}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	var first int64
	st.EachItem(ctx, ds.ID, func(it store.Item) error {
		if first == 0 {
			first = it.ID
		}
		return nil
	})
	if im, err = st.BeginImport(ctx, lead, "study", "mimics", "mimics-manual"); err != nil {
		t.Fatal(err)
	}
	w, err := im.AddRun("gpt", store.RunLabels, "", "fp")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Label(first, "question", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	arms, err := store.ParseArms("blind=1, after:gpt=1")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	return ds
}

// armsRows is the study's arms, gold_from and who is in which arm, as
// text: what no session below the lead may change.
func armsRows(t *testing.T, path string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var b strings.Builder
	for _, q := range []string{`SELECT dataset_id, seq, shows, coalesce(run_id, 0), per_item FROM arms ORDER BY 1, 2`,
		`SELECT dataset_id, annotator_id, arm_seq, 0, 0 FROM annotator_arms ORDER BY 1, 2`,
		`SELECT id, gold_from, min_annotators, max_annotators, 0 FROM datasets ORDER BY 1`} {
		rows, err := db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var a, b2, c, d, e any
			if err := rows.Scan(&a, &b2, &c, &d, &e); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, a, b2, c, d, e)
		}
		rows.Close()
	}
	return b.String()
}

// The TUI has no way to change arms or whose labels gold comes from, and
// shows nothing of them below the lead: an annotator of the after: arm and
// an adjudicator each open the statistics view and the side pane, which
// name no arm, the blind arm or an arm's showing, and the arms, everyone's
// arm and gold-from are as they were after the sessions.
func TestArmsNotShownInTUIBelowTheLead(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	ds := armsTUIStudy(t, st)
	bo, _ := st.EnsureAnnotator(ctx, "bo")
	ana, _ := st.EnsureAnnotator(ctx, "ana")
	lead := storetest.Lead(t, st)
	eve, err := st.SetRole(ctx, lead, "eve", store.RoleAdjudicator)
	if err != nil {
		t.Fatal(err)
	}
	// bo draws the blind arm at his first HIT, ana the after: arm at hers
	// (startOn's first search).
	if _, ok, _, err := st.NextHIT(ctx, ds.ID, bo.ID, 0); err != nil || !ok {
		t.Fatalf("bo's first HIT: %v %v", ok, err)
	}
	for _, s := range []struct {
		who        store.Annotator
		adjudicate bool
	}{{ana, false}, {eve, true}} {
		before := armsRows(t, st.Path())
		h := startOn(t, st, s.who, "study", 120, 40, s.adjudicate)
		msg := h.m.openStats()().(statsMsg)
		if msg.err != nil {
			t.Fatal(msg.err)
		}
		stats := strings.Join(msg.lines, "\n")
		h = startOn(t, st, s.who, "study", 120, 40, s.adjudicate)
		h.keys("tab")
		pane := ansi.Strip(h.m.View().Content)
		for what, text := range map[string]string{"statistics view": stats, "side pane": pane} {
			if text == "" {
				t.Fatalf("%s's %s is empty", s.who.Name, what)
			}
			low := strings.ToLower(text)
			for _, bad := range []string{"arm", "blind", "after:", "before:", "gold from"} {
				if strings.Contains(low, bad) {
					t.Errorf("%s's %s names %q:\n%s", s.who.Name, what, bad, text)
				}
			}
		}
		after := armsRows(t, st.Path())
		// ana's own arm was drawn by her first search; nothing else moved.
		if s.who.ID == ana.ID {
			before += fmt.Sprintln(ds.ID, ana.ID, 1, 0, 0)
		}
		if !sameRows(before, after) {
			t.Errorf("%s's session changed the arms:\n%s\nwas\n%s", s.who.Name, after, before)
		}
	}
}

// sameRows compares two armsRows texts as sets of lines.
func sameRows(a, b string) bool {
	la, lb := strings.Split(strings.TrimSpace(a), "\n"), strings.Split(strings.TrimSpace(b), "\n")
	if len(la) != len(lb) {
		return false
	}
	seen := map[string]int{}
	for _, l := range la {
		seen[l]++
	}
	for _, l := range lb {
		if seen[l] == 0 {
			return false
		}
		seen[l]--
	}
	return true
}
