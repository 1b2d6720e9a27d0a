package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// An annotator's side pane counts neither complete nor in all the panes
// triage gave the judge: "3 / 5 complete" before anyone had keyed a label
// told them triage had taken three.
func TestPaneLeavesOutJudgeItems(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var tsv strings.Builder
	tsv.WriteString(data.ManualHeader() + "\n")
	for i := range 5 {
		fmt.Fprintf(&tsv, "query %d\tWhich %d?\ta\tb%s\n", i, i, strings.Repeat("\t", 10))
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(tsv.String()), "p.tsv", data.Options{Dataset: "p"}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "p")
	if err != nil {
		t.Fatal(err)
	}
	var run strings.Builder
	run.WriteString("item unit label confidence\n")
	for seq := 1; seq <= 5; seq++ {
		it := storetest.ItemAt(t, st, ds.ID, seq)
		conf := "0.99" // the first three go to the judge
		if seq > 3 {
			conf = "0.2"
		}
		for _, u := range guidelines.MIMICS.Units(it.Shape(0)) {
			fmt.Fprintf(&run, "%s %s 1 %s\n", it.UID, u, conf)
		}
	}
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run.String()), "judge.tsv",
		data.RunOptions{Kind: "labels", Name: "judge", RunKinds: runKindsOf}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetTriage(ctx, lead, ds.ID, &store.Triage{Run: "judge", Confidence: 0.9, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	h := startHarness(t, st, "ana", 120, 40)
	h.keys("tab")
	h.expect("agreement · live")
	h.expect("panes complete 0 / 2")
	h.expect("HITs done      0 / 2")
}

// An adjudicator's adjudication screen lists, on a unit the blind arm
// disputes, the blind arm's labels only: the after arm's annotators (and
// their run-shown labels) never show, nor that there are arms. A lead's
// screen lists all four.
func TestAdjudicationListsTheBlindArmBelowTheLead(t *testing.T) {
	ctx := context.Background()
	st := armsStore(t, "blind=2, after:"+armsRun+"=2")
	lead := storetest.Lead(t, st)
	ds, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	one := storetest.ItemAt(t, st, ds.ID, 1)
	var byArm [2][]string
	for _, name := range []string{"wren", "heron", "finch", "plover"} {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		if id, ok, _, err := st.NextHIT(ctx, ds.ID, an.ID, 0); err != nil || !ok || id != one.ID {
			t.Fatalf("%s given %d %v %v, want pane 1", name, id, ok, err)
		}
		var seq int
		if err := storetest.DB(t, st).QueryRow(`SELECT arm_seq FROM annotator_arms WHERE annotator_id = ?`, an.ID).Scan(&seq); err != nil {
			t.Fatal(err)
		}
		byArm[seq] = append(byArm[seq], name)
	}
	if len(byArm[0]) != 2 {
		t.Fatalf("arms drawn %v", byArm)
	}
	for _, name := range append(byArm[0], byArm[1]...) {
		v := 2
		if name == byArm[0][0] {
			v = 0 // the blind arm ties: 0 and 2
		}
		keyAll(t, st, one, name, v)
	}
	adj, err := st.SetRole(ctx, lead, "adj", store.RoleAdjudicator)
	if err != nil {
		t.Fatal(err)
	}
	h := startAs(t, st, adj, 100, 40, true)
	h.expect("pane 1 · question")
	// The blind arm's two labels, unnamed (their names would be the blind
	// arm's), and nobody's name.
	h.expect("label 1")
	h.expect("label 2")
	for _, name := range append(byArm[0], byArm[1]...) {
		if strings.Contains(h.screen(), name) {
			t.Errorf("the adjudicator sees annotator %s named:\n%s", name, h.screen())
		}
	}
	if strings.Contains(h.screen(), "label 3") {
		t.Errorf("the adjudicator sees a third label, another arm's:\n%s", h.screen())
	}
	h = startAs(t, st, lead, 100, 40, true)
	h.expect("pane 1 · question")
	for _, name := range append(byArm[0], byArm[1]...) {
		h.expect(name)
	}
}

// The statistics view of an annotator of a dataset with arms lists no
// annotator's labels or pair: with gold from the blind arm its rows were
// the blind arm's members, which told them there are arms and who is in
// theirs. It says they are withheld; the lead's view lists them.
func TestStatsViewListsNoAnnotatorWithArms(t *testing.T) {
	ctx := context.Background()
	st := armsStore(t, "blind=2, after:"+armsRun+"=2")
	lead := storetest.Lead(t, st)
	ds, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	var blind []store.Annotator
	for k, name := range []string{"wren", "heron", "finch", "plover"} {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for {
			id, ok, _, err := st.NextHIT(ctx, ds.ID, an.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			for seq := 1; seq <= 2; seq++ {
				if it := storetest.ItemAt(t, st, ds.ID, seq); it.ID == id {
					keyAll(t, st, it, name, (seq+k)%3)
				}
			}
		}
		var seq int
		if err := storetest.DB(t, st).QueryRow(`SELECT arm_seq FROM annotator_arms WHERE annotator_id = ?`, an.ID).Scan(&seq); err != nil {
			t.Fatal(err)
		}
		if seq == 0 {
			blind = append(blind, an)
		}
	}
	if len(blind) != 2 {
		t.Fatalf("blind arm %v", blind)
	}
	h := startAs(t, st, blind[0], 120, 40, false)
	h.keys("s")
	h.expect("Statistics · study")
	if rep := h.m.statsRep; rep == nil || len(rep.AnnotatorLabels)+len(rep.Pairs)+len(rep.Annotators) > 0 {
		t.Errorf("the annotator's statistics list annotators: %+v", rep)
	}
	if strings.Contains(h.screen(), blind[1].Name) {
		t.Errorf("the annotator's statistics name %s:\n%s", blind[1].Name, h.screen())
	}
	h.expect("each annotator's figures")
	h = startAs(t, st, lead, 120, 40, false)
	h.keys("s")
	h.expect("Statistics · study")
	if rep := h.m.statsRep; rep == nil || len(rep.AnnotatorLabels) == 0 {
		t.Errorf("the lead's statistics list no annotator: %+v", rep)
	}
}
