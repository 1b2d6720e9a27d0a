package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// BenchmarkArmWorkingAhead is one NextHIT (and the label that finishes
// it) of a blind annotator who has finished 3,300 of 6,000 items in a
// study blind=1, after:judge=1 whose after: arm has not started: every
// item they finished still wants its after: annotator, so it stays free.
func BenchmarkArmWorkingAhead(b *testing.B) {
	ctx := context.Background()
	syncMode = "NORMAL" // the setup keys 3,300 HITs; the search is what is measured
	defer func() { syncMode = "FULL" }()
	st, err := Open(ctx, filepath.Join(b.TempDir(), "c.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	lead := testLead(b, st)
	must := func(err error) {
		if err != nil {
			b.Fatal(err)
		}
	}
	im, err := st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	must(err)
	for i := range 6000 {
		_, err := im.AddPane(Pane{Query: fmt.Sprintf("q%d", i), Question: "Which?", Options: [5]string{"a", "b"}})
		must(err)
	}
	ds := im.DatasetID()
	_, err = im.Commit()
	must(err)
	var items []int64
	must(st.EachItem(ctx, ds, func(it Item) error { items = append(items, it.ID); return nil }))
	im, err = st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	must(err)
	run, err := im.AddRun("judge", RunLabels, "", "fp")
	must(err)
	must(run.Label(items[0], "question", 1))
	_, err = im.Commit()
	must(err)
	arms, err := ParseArms("blind=1, after:judge=1")
	must(err)
	must(st.SetArms(ctx, lead, ds, arms, GoldFromBlind))
	blind, err := st.EnsureAnnotator(ctx, "blind")
	must(err)
	finish := func(item int64) {
		_, err := st.SetLabel(ctx, LabelChange{ItemID: item, AnnotatorID: blind.ID, Unit: "question", Value: ptr(1), Finish: true})
		must(err)
	}
	for _, it := range items[:3300] {
		must(st.ClaimHIT(ctx, it, blind.ID))
		finish(it)
	}
	for b.Loop() {
		id, ok, _, err := st.NextHIT(ctx, ds, blind.ID, 0)
		if err != nil || !ok {
			b.Fatalf("NextHIT: %d %v %v (run with -benchtime of at most 2700x)", id, ok, err)
		}
		finish(id)
	}
}
