package report_test

import (
	"bytes"
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store/storetest"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
)

// The fast study straight from the store and the study read back from the
// exported labels TSV (the general path agree --ratings takes) give the
// same report: same units, same votes, same figures, same people.
func TestDatasetStudyMatchesTheExportedLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	demotest.KeyHIT(t, st, "zed", 1, storetest.All2) // a late name: the two paths order people differently
	demotest.KeyHIT(t, st, "ana", 1, map[string]int{"question": 0, "answer_set": 1, "landing_1": 2, "landing_2": 0, "landing_3": 1, "landing_4": 2})
	ds, _ := st.DatasetByName(ctx, data.DemoDataset)
	fast, err := report.DatasetStudy(ctx, storetest.ReadGold(t, st, ds.ID))
	if err != nil {
		t.Fatal(err)
	}
	var tsv bytes.Buffer
	if err := data.WriteLabels(ctx, storetest.ReadLabels(t, st, ds.ID), &tsv, nil); err != nil {
		t.Fatal(err)
	}
	// The study of the exported file, read as agree --ratings reads one.
	slow, _, err := data.ReadRatingsStudy(&tsv, "labels.tsv", 0, data.RatingScales{Shared: []string{"0", "1", "2"}})
	if err != nil {
		t.Fatal(err)
	}
	a, b := agreement.Analyze(fast, agreement.DefaultOptions), agreement.Analyze(slow, agreement.DefaultOptions)
	if !reflect.DeepEqual(a.Types, b.Types) || !reflect.DeepEqual(a.Pooled, b.Pooled) || !reflect.DeepEqual(a.Majority, b.Majority) {
		t.Fatalf("reports differ:\nstore  %+v\nexport %+v", a.Pooled, b.Pooled)
	}
	people := func(r agreement.Report) map[string]agreement.AnnotatorAgreement {
		m := map[string]agreement.AnnotatorAgreement{}
		for _, x := range r.Annotators {
			m[x.Annotator] = x
		}
		return m
	}
	pairs := func(r agreement.Report) map[[2]string]agreement.Pair {
		m := map[[2]string]agreement.Pair{}
		for _, p := range r.Pairs {
			k := [2]string{min(p.A, p.B), max(p.A, p.B)}
			p.A, p.B = k[0], k[1]
			m[k] = p
		}
		return m
	}
	if !reflect.DeepEqual(people(a), people(b)) || !reflect.DeepEqual(pairs(a), pairs(b)) || len(a.Pairs) < 10 {
		t.Fatalf("people differ: %v / %v", people(a), people(b))
	}
	// Hiding pane 1 leaves exactly its units out.
	hidden, err := report.DatasetStudy(ctx, storetest.ReadFigures(t, st, "newcomer", ds.ID, storetest.ItemAt(t, st, ds.ID, 1).ID))
	if err != nil || len(hidden.Subjects) != len(fast.Subjects)-6 {
		t.Fatalf("hidden: %d subjects of %d (%v)", len(hidden.Subjects), len(fast.Subjects), err)
	}
}

// Only settled labels count for agreement, as for gold: one annotator's
// half-done HIT changes nothing in the report until it is finished.
func TestHalfDoneHITLeavesAgreementAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	ds, _ := st.DatasetByName(ctx, data.DemoDataset)
	demotest.KeyHIT(t, st, "ana", 5, storetest.All2)
	demotest.KeyHIT(t, st, "bo", 5, storetest.All2)
	report := func() agreement.Report {
		study, err := report.DatasetStudy(ctx, storetest.ReadGold(t, st, ds.ID))
		if err != nil {
			t.Fatal(err)
		}
		return agreement.Analyze(study, agreement.Options{})
	}
	before := report()
	demotest.KeyHIT(t, st, "cy", 5, map[string]int{"question": 0, "answer_set": 0}) // two of its units: open
	if after := report(); !reflect.DeepEqual(after.Pooled, before.Pooled) {
		t.Fatalf("a half-done HIT moved agreement: observed %v → %v, α %v → %v",
			before.Pooled.Observed, after.Pooled.Observed, before.Pooled.AlphaNominal, after.Pooled.AlphaNominal)
	}
	// Finished, it counts.
	it := storetest.ItemAt(t, st, ds.ID, 5)
	units := guidelines.MIMICS.Units(it.Shape(0))
	zeros := map[string]int{}
	for _, u := range units {
		zeros[u] = 0
	}
	demotest.KeyHIT(t, st, "cy", 5, zeros)
	if after := report(); after.Pooled.Ratings != before.Pooled.Ratings+len(units) {
		t.Fatalf("a finished HIT: %d ratings, want %d", after.Pooled.Ratings, before.Pooled.Ratings+len(units))
	}
}
