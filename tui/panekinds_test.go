package tui

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// runsWithout are a database's kinds whose every kind takes no runs of
// one kind.
type runsWithout struct {
	testKinds
	kind store.RunKind
}

func (k runsWithout) Runs(kind guidelines.Kind) []report.BenchRun {
	var out []report.BenchRun
	for _, r := range k.testKinds.Runs(kind) {
		if r.Kind != k.kind {
			out = append(out, r)
		}
	}
	return out
}

// The side pane scores a dataset's runs by the runs its kind takes as the
// config's kinds say (kinds.Set.Runs), and by nothing of its own: kinds
// whose MIMICS takes no trec runs refuse the demo's trec run, and the
// database's own kinds score it (the pane shows progress only while the
// lead has a HIT open, so only the refusal is seen).
func TestPaneScoresByTheConfigsKinds(t *testing.T) {
	st := demotest.Store(t)
	ctx := context.Background()
	lead, err := st.EnsureAnnotator(ctx, "lead")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kinds Kinds
		want  string // in the pane's error; "": none
	}{
		{testKinds{st}, ""},
		{runsWithout{testKinds{st}, store.RunTREC}, `score run "demo-rerank": a mimics dataset takes no trec runs`},
	} {
		m, err := New(ctx, Config{Store: st, Dataset: ds, Annotator: lead, Kinds: c.kinds})
		if err != nil {
			t.Fatal(err)
		}
		h := &harness{t: t, st: st, m: m}
		h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
		h.run(m.Init())
		h.keys("tab") // the side pane
		p := m.pane.stats
		switch {
		case p == nil:
			t.Fatal("no pane figures")
		case c.want == "" && p.err != nil:
			t.Errorf("the database's kinds: %v", p.err)
		case c.want != "" && (p.err == nil || !strings.Contains(p.err.Error(), c.want)):
			t.Errorf("kinds without trec runs: err = %v, want %s", p.err, c.want)
		}
	}
}
