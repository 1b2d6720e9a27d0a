package report_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The report from the kept table (KeptReport, what the side pane and
// `claritty agree` read) is the report from every settled label
// (DatasetStudy and Analyze) on every demo dataset: for a lead, and for an
// annotator with a HIT open, whose open pane both leave out.
func TestKeptReportIsTheReportFromLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC))
	every := func(v int) map[string]int {
		m := map[string]int{}
		for _, u := range guidelines.MIMICS.Units(guidelines.Shape{Question: "Which one?", Answers: 5}) {
			m[u] = v
		}
		return m
	}
	demotest.KeyHIT(t, st, "zoe", 1, every(2))
	ds, err := st.DatasetByName(ctx, data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	demotest.KeyHIT(t, st, "yan", 2, every(0))
	zoe, _ := st.EnsureAnnotator(ctx, "zoe")
	// zoe opens the pane yan finished: yan's labels on it must not reach her.
	if err := st.ClaimHIT(ctx, storetest.ItemAt(t, st, ds.ID, 2).ID, zoe.ID); err != nil {
		t.Fatal(err)
	}
	all, err := st.Datasets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Every kept counter of the demo's three kinds of dataset holds.
	storetest.CheckClean(t, st)
	opt := agreement.Options{Bootstrap: 100, Seed: 3, MinRaters: 1}
	for _, d := range all {
		units := map[string]int{}
		for _, who := range []store.Annotator{storetest.Lead(t, st), zoe} {
			r, err := st.ReadFigures(ctx, who, d.ID)
			if err != nil {
				t.Fatal(err)
			}
			// Both as the reader may see them: withheld alike.
			want, err := report.StudyReport(ctx, r, opt)
			if err != nil {
				t.Fatal(err)
			}
			got, err := report.KeptReport(ctx, r, opt)
			r.Close()
			if err != nil {
				t.Fatal(err)
			}
			units[who.Name] = want.Units.Units
			if got.Units != want.Units {
				t.Fatalf("%s as %s: units %+v, from labels %+v", d.Name, who.Name, got.Units, want.Units)
			}
			for i, w := range append(want.Types, want.Pooled) {
				g := append(got.Types, got.Pooled)[i]
				same := g.Items == w.Items && g.Ratings == w.Ratings && g.CIKappa == w.CIKappa &&
					g.FleissKappa.Defined == w.FleissKappa.Defined && math.Abs(g.FleissKappa.V-w.FleissKappa.V) < 1e-12 &&
					g.AlphaOrdinal.Defined == w.AlphaOrdinal.Defined && math.Abs(g.AlphaOrdinal.V-w.AlphaOrdinal.V) < 1e-12
				if !same {
					t.Fatalf("%s as %s, %s: kept %+v\nfrom labels %+v", d.Name, who.Name, w.Type, g, w)
				}
			}
		}
		if d.Name == data.DemoDataset && units["zoe"] >= units[storetest.Lead(t, st).Name] {
			t.Fatalf("zoe's open pane is not left out (%d units, a lead reads %d): the test does not try blindness", units["zoe"], units[storetest.Lead(t, st).Name])
		}
	}
}
