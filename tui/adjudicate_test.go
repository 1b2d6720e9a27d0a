package tui

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// disputedDemo is the demo database with policy 3/3 and pane 1 split three
// ways on its question and answer set by ana, bo and cy: with the demo's
// pane 33 (still tied after five), three units wait for adjudication.
func disputedDemo(t *testing.T) (*store.Store, store.Annotator) {
	t.Helper()
	ctx := context.Background()
	st, lead, ds := demoForLead(t, data.DemoDataset, 3)
	var one store.Item
	st.EachItem(ctx, ds.ID, func(it store.Item) error {
		if it.Seq == 1 {
			one = it
		}
		return nil
	})
	for i, who := range []string{"ana", "bo", "cy"} {
		v := 2 - i
		keyAllWith(t, st, one, who, map[string]int{"question": v, "answer_set": v})
	}
	return st, lead
}

// demoForLead is the demo database with its first user, lee, a lead, and
// the dataset's policy set to exactly n annotators an item, so a tie among
// them goes straight to adjudication.
func demoForLead(t *testing.T, dataset string, n int) (*store.Store, store.Annotator, store.Dataset) {
	t.Helper()
	ctx := context.Background()
	st := demotest.ByLead(t, "lee")
	lead, err := st.Actor(ctx, "lee", "")
	if err != nil || lead.Role != store.RoleLead {
		t.Fatalf("lead %+v %v", lead, err)
	}
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		t.Fatal(err)
	}
	pol, err := st.DatasetPolicy(ctx, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	pol.Min, pol.Max, pol.Lease = n, n, time.Hour
	if err := st.SetPolicy(ctx, lead, ds.ID, pol); err != nil {
		t.Fatal(err)
	}
	return st, lead, ds
}

// keyAllWith labels every unit of the pane as name: the given values, 2
// for the rest.
func keyAllWith(t *testing.T, st *store.Store, it store.Item, name string, values map[string]int) {
	t.Helper()
	ctx := context.Background()
	an, _ := st.EnsureAnnotator(ctx, name)
	units := guidelines.MIMICS.Units(it.Shape(0))
	for i, u := range units {
		v, ok := values[u]
		if !ok {
			v = 2
		}
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: u, Value: &v,
			Finish: i == len(units)-1}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAnnotatorCannotAdjudicate(t *testing.T) {
	st, _ := disputedDemo(t)
	h := startHarness(t, st, "ana", 100, 30)
	h.keys("a")
	h.expect("adjudication is for adjudicators and leads")
	if strings.Contains(h.screen(), "Adjudication ·") {
		t.Fatal("an annotator reached the adjudication screen")
	}
	an, _ := st.EnsureAnnotator(context.Background(), "ana")
	h2 := startAs(t, st, an, 100, 30, true) // even when started on it
	if strings.Contains(h2.screen(), "Adjudication ·") || strings.Contains(h2.screen(), "bo ") {
		t.Fatalf("an annotator saw the queue:\n%s", h2.screen())
	}
}

// A lead settles the three units; the gold export then carries the
// decisions with provenance adjudicated.
func TestAdjudicateThreeUnits(t *testing.T) {
	st, lead := disputedDemo(t)
	h := startAs(t, st, lead, 100, 40, true)
	h.expect("Adjudication · 3 waiting")
	// Most disputed first: pane 1's three-way splits, then pane 33's 2-2-1.
	h.expect("pane 1 · question · 1× 2 Good, 1× 1 Fair, 1× 0 Bad")
	for _, who := range []string{"ana", "bo", "cy"} {
		h.expect(who)
	}
	h.keys("1")
	h.expect("pane 1 · answer_set")
	h.keys("k", "r")
	h.typeText("fair covers both readings")
	h.keys("enter")
	h.expect("reason saved")
	h.keys("j", "0")
	h.expect("pane 33 · landing_1")
	// r right after a decision gives the reason for the unit just decided,
	// not the one the screen moved on to.
	h.keys("r")
	h.typeText("dup answers")
	h.keys("enter")
	h.keys("2")
	h.expect("Adjudication · 0 waiting")
	h.expect("no unit after this one waits")

	var out bytes.Buffer
	ds, _ := st.DatasetByName(context.Background(), data.DemoDataset)
	if _, err := data.WriteGold(context.Background(), goldReading(t, st, ds.ID), &out, report.ReleaseOptions{}); err != nil {
		t.Fatal(err)
	}
	n := strings.Count(out.String(), "\tadjudicated\t")
	if n != 3 || !strings.Contains(out.String(), "\tquestion\t1\tadjudicated\t0:1,1:1,2:1\tlee\n") {
		t.Fatalf("%d adjudicated rows:\n%s", n, out.String())
	}
	var reason string
	storetest.DB(t, st).QueryRow(`SELECT reason FROM adjudications WHERE unit = 'question'`).Scan(&reason)
	if reason != "fair covers both readings" {
		t.Fatalf("reason %q", reason)
	}
	storetest.DB(t, st).QueryRow(`SELECT reason FROM adjudications WHERE unit = 'answer_set'`).Scan(&reason)
	if reason != "dup answers" {
		t.Fatalf("answer set reason %q", reason)
	}
	var unreasoned int
	storetest.DB(t, st).QueryRow(`SELECT count(*) FROM adjudications WHERE unit = 'landing_1' AND reason = ''`).Scan(&unreasoned)
	if unreasoned != 1 {
		t.Fatal("the reason went to the unit on screen")
	}
	// Revisit: d lists decided units; x withdraws one, which waits again.
	h.keys("d")
	h.expect("3 listed with decided ones")
	h.keys("x")
	h.keys("d")
	h.expect("Adjudication · 1 waiting")
}

func TestAdjudicationGolden(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {120, 40}} {
		t.Run(itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
			st, lead := disputedDemo(t)
			h := startAs(t, st, lead, size.w, size.h, true)
			h.keys("j", "j") // pane 33's landing_1: the answers, one marked
			checkFits(t, h, size.w, size.h)
			golden.RequireEqual(t, h.screen())
		})
	}
}

// The statistics are aggregate figures, open to every role, and like all
// of them leave out the pane the annotator has open: others' labels on it
// do not reach them through a table either.
func TestStatsViewLeavesOutTheOpenHIT(t *testing.T) {
	st, lead := disputedDemo(t)
	h := startHarness(t, st, "ana", 100, 40)
	open := h.m.hit.hit.item
	keyAll(t, st, open, "bo", 0)
	keyAll(t, st, open, "cy", 0)
	tables := func(who store.Annotator) []string {
		r, err := st.ReadFigures(context.Background(), who, open.DatasetID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		s, err := report.DatasetStats(context.Background(), r)
		var b bytes.Buffer
		if err == nil {
			err = s.WriteText(&b)
		}
		if err != nil {
			t.Fatal(err)
		}
		return strings.Split(b.String(), "\n")
	}
	blind, all := tables(h.m.cfg.Annotator), tables(lead)
	differs := slices.IndexFunc(blind, func(l string) bool { return !slices.Contains(all, l) })
	if differs < 0 {
		t.Fatal("test is void: the open pane changes no figure")
	}
	h.keys("s")
	h.expect("Statistics · demo")
	want := strings.TrimRight(blind[differs], " ")
	for i := 0; i < 200 && !strings.Contains(h.screen(), want); i++ {
		h.keys("down") // the tables sit under the charts
	}
	h.expect(want)
	h.keys("esc")
	h = startAs(t, st, lead, 120, 40, false)
	h.keys("s")
	h.expect("Statistics · demo")
	h.expect("Labels per annotator")
	for i := 0; i < 200 && !strings.Contains(h.screen(), "Table 6: by query length"); i++ {
		h.keys("down")
	}
	h.expect("Table 6: by query length")
	h.keys("esc")
	h.expect("Step I")
}

// x on a unit with no decision says there is nothing to withdraw and
// writes nothing (it used to say "decision withdrawn: the unit waits
// again" and add a history row of nothing to nothing); the store refuses
// it for every route, and a real decision is still withdrawn by x.
func TestWithdrawNothingWritesNothing(t *testing.T) {
	st, lead := disputedDemo(t)
	db := storetest.DB(t, st)
	var tables []string
	rows, err := db.Query(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	before := storetest.Fingerprint(t, db, tables...)
	h := startAs(t, st, lead, 100, 40, true)
	h.expect("pane 1 · question")
	h.expect("decision: none yet")
	h.keys("x")
	h.expect("nothing to withdraw: question of pane 1 has no decision")
	if strings.Contains(h.screen(), "withdrawn") {
		t.Fatalf("x withdrew a decision there was not:\n%s", h.screen())
	}
	h.expect("Adjudication · 3 waiting")
	h.expect("decision: none yet")
	if after := storetest.Fingerprint(t, db, tables...); after != before {
		t.Fatal("x with no decision wrote to the database")
	}
	item := h.m.adj.units[0].Item.ID
	if err := st.Adjudicate(context.Background(), item, "question", nil, lead, ""); !errors.Is(err, store.ErrNoDecision) {
		t.Fatalf("the store withdrew a decision there was not: %v", err)
	}
	if after := storetest.Fingerprint(t, db, tables...); after != before {
		t.Fatal("the store's refusal wrote to the database")
	}
	h.keys("1") // decided, the screen moves on; back to it, x withdraws it
	h.expect("Adjudication · 2 waiting")
	h.keys("d", "k")
	h.expect("pane 1 · question")
	h.keys("x")
	h.expect("decision withdrawn: the unit waits again")
	h.keys("d")
	h.expect("Adjudication · 3 waiting")
}

// With no unit in focus (nothing waits), the adjudication screen's help
// says a decision takes any key of the kind's scales: necessity's yes/no
// and its facet choice, 0-9 as the release before said, not the first
// scale's alone.
func TestAdjudicationWithNoUnitNamesEveryScale(t *testing.T) {
	shipped, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	keys := defaultAdjKeys().decideKeys(nil, shipped.File.Protocol(), "")
	if len(keys) != 1 || keys[0].Help().Key != "0-9" || keys[0].Help().Desc != "decide" {
		var got []string
		for _, k := range keys {
			got = append(got, k.Help().Key+" "+k.Help().Desc)
		}
		t.Fatalf("decide keys %q, want one: 0-9 decide", got)
	}
	if !slices.Contains(keys[0].Keys(), "9") || !slices.Contains(keys[0].Keys(), "0") {
		t.Errorf("keys %q: want 0 to 9", keys[0].Keys())
	}
}
