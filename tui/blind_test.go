package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data/demotest"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The side pane and the statistics view show an annotator no figure that
// rests on fewer than five items they have not finished, and no label
// counts or annotators' figures before their first finished work; the
// lead's show them all.
func TestScreensWithholdFiguresOverFewItems(t *testing.T) {
	ctx := context.Background()
	st := demotest.Store(t)
	lead := storetest.Lead(t, st)
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC) }
	for _, who := range []store.Annotator{ana, lead} {
		blind := who.Role != store.RoleLead
		for _, name := range []string{data.DemoConversations, data.DemoPairs} {
			ds, err := st.DatasetByName(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			ps := computePane(ctx, st, ds, who, now)
			if ps.err != nil {
				t.Fatal(ps.err)
			}
			few := 0
			for _, ty := range ps.types {
				if ty.Items == 0 || ty.Items >= 5 {
					continue
				}
				few++
				if shown := ty.Withheld == "" && ty.FleissKappa.Defined; shown == blind {
					t.Errorf("%s, %s pane: %s over %d units: %+v", who.Name, name, ty.Type, ty.Items, ty)
				}
			}
			if ps.ratings != nil {
				for _, m := range ps.ratings.Metrics {
					if m.N > 0 && blind != (m.Mean == nil) {
						t.Errorf("%s: Table 1's %s over two conversations: %+v", who.Name, m.Metric, m)
					}
				}
			}
			if c := ps.compare; c != nil {
				for _, p := range c.Pairs {
					if blind == p.Win.P.Defined {
						t.Errorf("%s: the win share of %s–%s: %+v", who.Name, p.First, p.Second, p.Win)
					}
				}
				if blind == c.PositionBias.P.Defined {
					t.Errorf("%s: the position bias: %+v", who.Name, c.PositionBias)
				}
			}
			if name == data.DemoConversations && few == 0 {
				t.Fatal("no type rests on fewer than five units: the test tries nothing")
			}
		}
		// The statistics view: its tables and its charts' figures.
		h := startAs(t, st, who, 100, 30, false)
		msg := h.m.openStats()().(statsMsg)
		if msg.err != nil {
			t.Fatal(msg.err)
		}
		rep := msg.rep
		if blind && (len(rep.AnnotatorLabels) > 0 || len(rep.Pairs) > 0) {
			t.Errorf("%s's statistics show annotators' figures before any work: %v %v", who.Name, rep.AnnotatorLabels, rep.Pairs)
		}
		if !blind && len(rep.AnnotatorLabels) == 0 {
			t.Errorf("the lead's statistics show no annotators' figures")
		}
		for _, ty := range append(rep.Types, rep.Pooled) {
			if blind && ty.Labels != nil {
				t.Errorf("%s's statistics count %s labels before any work: %v", who.Name, ty.Type, ty.Labels)
			}
		}
		withheld := false
		for _, l := range msg.lines {
			withheld = withheld || strings.Contains(l, "< 5 panes")
		}
		if withheld != blind {
			t.Errorf("%s's statistics tables withhold figures: %v, want %v", who.Name, withheld, blind)
		}
	}
}
