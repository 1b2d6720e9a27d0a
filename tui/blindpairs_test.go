package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// importTrio imports n requests of three systems (three pairs each,
// req-K/alpha/beta …) into the dataset trio.
func importTrio(t *testing.T, st *store.Store, n int) {
	t.Helper()
	var b strings.Builder
	for k := range n {
		fmt.Fprintf(&b, `{"id": "req-%d", "request": "question %d", "outputs": {"alpha": "a%d", "beta": "b%d", "gamma": "c%d"}}`+"\n", k, k, k, k, k)
	}
	importText(t, st, "trio", data.FormatPairs, b.String())
}

// The queue's ":" takes a pair as its reader's exports name it: below the
// lead its blind id, never its uid, which names its systems (a jump to it
// would say which item sets which systems against each other); a lead
// jumps by either.
func TestQueueJumpKeepsPairsBlind(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	importTrio(t, st, 2)
	ana, _ := st.EnsureAnnotator(ctx, "ana")
	ds, _ := st.DatasetByName(ctx, "trio")
	var target store.Item // the pair req-1/beta/gamma, which ana judges and so can name
	st.EachItem(ctx, ds.ID, func(it store.Item) error {
		if it.UID == "req-1/beta/gamma" {
			target = it
		}
		return nil
	})
	tie := guidelines.PreferTie
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: target.ID, AnnotatorID: ana.ID, Unit: "preference", Value: &tie, Finish: true}); err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, ana, "trio", 100, 30, false)
	h.keys("l", ":")
	h.typeText(target.UID)
	h.keys("enter")
	h.expect(`no item "req-1/beta/gamma" in this dataset`)
	if h.m.queue.cursor == target.Seq && target.Seq != 1 {
		t.Fatalf("ana jumped to the pair by its systems")
	}
	r, err := st.ReadLabels(ctx, ana, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	var blind string
	r.EachLabel(ctx, func(l store.LabelRow) error { blind = l.Item; return nil })
	r.Close()
	if blind == target.UID || !strings.HasPrefix(blind, "pair-") {
		t.Fatalf("ana's export names the pair %q", blind)
	}

	h.keys(":")
	h.typeText(blind)
	h.keys("enter")
	if h.m.queue.cursor != target.Seq {
		t.Fatalf("after :%s the cursor is on %d, want %d\n%s", blind, h.m.queue.cursor, target.Seq, h.screen())
	}

	lead := storetest.Lead(t, st)
	for _, id := range []string{target.UID, blind} {
		h := startOn(t, st, lead, "trio", 100, 30, false)
		h.keys("l", ":")
		h.typeText(id)
		h.keys("enter")
		if h.m.queue.cursor != target.Seq {
			t.Fatalf("the lead's :%s put the cursor on %d, want %d\n%s", id, h.m.queue.cursor, target.Seq, h.screen())
		}
	}
}

// Deciding a pair and then giving a reason, from the next pair, names the
// decision as it was keyed (the side seen), not by the next pair's sides;
// a label whose pair's sides are not loaded yet is named by neither win
// nor loss (which beside the side shown a moment later would say which
// system wrote A).
func TestAdjudicationNamesPairsBySides(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	_, err := demotest.Import(ctx, st, lead, strings.NewReader(
		`{"id": "q1", "request": "Book a table", "outputs": {"zebrasys": "zeta one", "quokkasys": "kappa one"}}`+"\n"+
			`{"id": "q2", "request": "Find a flight", "outputs": {"zebrasys": "zeta two", "quokkasys": "kappa two"}}`+"\n"),
		"cmp.jsonl", data.Options{Dataset: "cmp", Policy: &store.Policy{Min: 2, Max: 2, Lease: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "cmp")
	var items []store.Item
	st.EachItem(ctx, ds.ID, func(x store.Item) error { items = append(items, x); return nil })
	var firstIsA []bool
	for _, it := range items {
		s, _ := st.PairSides(ctx, it.ID)
		firstIsA = append(firstIsA, s.FirstIsA)
		for i, who := range []string{"ana", "bo"} {
			an, _ := st.EnsureAnnotator(ctx, who)
			v := []int{guidelines.PreferWin, guidelines.PreferLose}[i]
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: "preference", Value: &v, Finish: true}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if firstIsA[0] == firstIsA[1] {
		t.Fatalf("two pairs of two systems, both with the first system as A: %v", firstIsA)
	}
	eve, err := st.SetRole(ctx, lead, "eve", store.RoleAdjudicator)
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, eve, "cmp", 120, 30, true)
	h.expect("decision: none yet")
	h.keys("1") // A better; the screen moves on to the other pair
	h.expect("1 A better (r adds a reason)")
	h.keys("r")
	h.expect("why 1 A better for preference")
	if s := h.screen(); strings.Contains(s, " win") || strings.Contains(s, " lose") {
		t.Errorf("adjudication names a side from the first system's:\n%s", s)
	}
	for _, v := range []int{guidelines.PreferWin, guidelines.PreferLose} {
		if name := (&compareKind{}).adjLabel(nil, v); name == guidelines.Compare.LabelName(v) {
			t.Errorf("with the sides not loaded, %d is named %q", v, name)
		}
	}
}
