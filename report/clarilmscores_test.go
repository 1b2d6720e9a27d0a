package report_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// The demo's ClariLM datasets come with scores on first run, and they are
// what a plain reading of the demo files gives: the majority of the three
// demo annotators per request, against the demo model's labels.
func TestDemoClariLMScores(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	votes := map[string]map[string]int{} // item unit -> label -> votes
	for _, l := range strings.Split(strings.TrimSpace(datatest.DemoFile(t, "demo/clarilm/demo-necessity-labels.tsv")), "\n")[1:] {
		f := strings.Split(l, "\t")
		key := f[0] + " " + f[1]
		if votes[key] == nil {
			votes[key] = map[string]int{}
		}
		votes[key][f[3]]++
	}
	majority := func(key string) string {
		for label, n := range votes[key] {
			if n >= 2 {
				return label
			}
		}
		return ""
	}
	right, n := 0, 0
	for _, l := range strings.Split(strings.TrimSpace(datatest.DemoFile(t, "demo/clarilm/demo-necessity.run")), "\n")[1:] {
		f := strings.Fields(l)
		if f[1] != "necessity" {
			continue
		}
		if g := majority(f[0] + " necessity"); g != "" {
			n++
			if g == f[2] {
				right++
			}
		}
	}
	d, _ := st.DatasetByName(ctx, data.DemoNecessity)
	scores, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil || len(scores) != 2 || n == 0 {
		t.Fatalf("demo necessity scores %+v %v", scores, err)
	}
	nec := scores[0].ByType[0]
	if nec.Type != "necessity" || nec.N != n || nec.Accuracy.X != float64(right)/float64(n) {
		t.Errorf("demo necessity accuracy %+v, want %d of %d", nec, right, n)
	}
	p, _ := st.DatasetByName(ctx, data.DemoPairs)
	c, err := report.CompareGold(ctx, storetest.ReadGold(t, st, p.ID), p, report.ScoreOptions{})
	if err != nil || c.Items != 4 || c.Total != 8 || len(c.Pairs) != 1 {
		t.Fatalf("demo comparison %+v %v", c, err)
	}
}
