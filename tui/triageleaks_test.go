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
