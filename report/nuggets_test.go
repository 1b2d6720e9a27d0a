package report_test

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// Judgements by label merge, scored by hand: system a restores q1's 1937
// fully and Strauss partly, (3·1 + 2·0.5 + 0)/6; intent 2's 95 mg fully,
// 1.5/2. System b's second answer has one nugget unjudged. One annotator
// judged them all, fewer than the policy's min: the gold is provisional,
// left waiting by default and scored with Provisional.
func TestScoreNuggetRuns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, d := demotest.Nuggets(t)
	labels := "item\tunit\tannotator\tlabel\n" +
		"q1@a\tnugget_1\tann\tfull\nq1@a\tnugget_2\tann\tpartial\nq1@a\tnugget_3\tann\tnone\n" +
		"2@a\tnugget_1\tann\t0\n2@a\tnugget_2\tann\t2\n" +
		"q1@b\tnugget_1\tann\tnone\nq1@b\tnugget_2\tann\tnone\nq1@b\tnugget_3\tann\tpartial\n" +
		"2@b\tnugget_1\tann\tfull\n"
	if _, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), datatest.WriteFile(t, filepath.Join(t.TempDir(), "l.tsv"), labels), data.Options{}); err != nil {
		t.Fatal(err)
	}
	runs, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil || len(runs) != 2 {
		t.Fatalf("runs %+v %v", runs, err)
	}
	for _, r := range runs {
		if r.Items != 0 || r.Complete || r.Metric[0].Value.Defined || r.Gold.Settled != 0 || r.Gold.ProvisionalScored {
			t.Errorf("%s scored on provisional gold by default: %+v, gold %+v", r.Name, r, *r.Gold)
		}
	}
	if g := *runs[0].Gold; g.Provisional != 2 || g.Missing != 0 {
		t.Errorf("a's gold %+v, want its 2 answers provisional", g)
	}
	if g := *runs[1].Gold; g.Provisional != 1 || g.Missing != 1 {
		t.Errorf("b's gold %+v, want 1 answer provisional and 1 missing", g)
	}
	runs, err = report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{Provisional: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(runs) != 2 || runs[0].Name != "a" || runs[1].Name != "b" {
		t.Fatalf("runs %+v", runs)
	}
	a, b := runs[0], runs[1]
	s1, s2 := 100*4.0/6, 100*1.5/2
	wantA := map[string]float64{"restore_mean": (s1 + s2) / 2, "restore_p50": (s1 + s2) / 2, "restore_p90": s1 + 0.9*(s2-s1)}
	for _, m := range a.Metric {
		if math.Abs(m.Value.X-wantA[m.Name]) > 1e-9 {
			t.Errorf("a %s = %v, want %v", m.Name, m.Value.X, wantA[m.Name])
		}
	}
	if a.Items != 2 || !a.Complete || a.K != "1" {
		t.Errorf("a: %d items, complete %v, k %s", a.Items, a.Complete, a.K)
	}
	if b.Items != 1 || b.Total != 2 || b.Complete || b.K != "–" || math.Abs(b.Metric[0].Value.X-100*0.5/6) > 1e-9 {
		t.Errorf("b: %+v", b)
	}
	// Hiding b's judged answer (an annotator's open item) leaves b unscored.
	var hidden []int64
	for id := range b.Scores {
		hidden = append(hidden, id)
	}
	runs, _ = report.ScoreRuns(ctx, storetest.ReadFigures(t, st, "newcomer", d.ID, hidden...), d, benchRuns(t, st, d), report.ScoreOptions{Provisional: true})
	if runs[1].Items != 0 || runs[1].Metric[0].Value.Defined {
		t.Errorf("b with its answer hidden: %+v", runs[1])
	}
}
