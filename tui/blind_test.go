package tui

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
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
			ps := computePane(ctx, st, ds, testKinds{st}, who, now)
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

// Below the lead, neither the side pane nor the statistics view moves
// when the annotator's HIT opens, is put off (z) or given back (R y): both
// drawn again after each, by keys, on HITs that carry others' finished
// labels, are the same as before.
func TestPaneAndStatsDoNotMoveWhenAHITOpens(t *testing.T) {
	ctx := context.Background()
	st := demotest.Store(t)
	ds, err := st.DatasetByName(ctx, data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	// bo and cy finish the first three panes: ana is given them next,
	// since they want a third annotator.
	for seq := 1; seq <= 3; seq++ {
		for _, who := range []string{"bo", "cy"} {
			keyAll(t, st, storetest.ItemAt(t, st, ds.ID, seq), who, seq%3)
		}
	}
	h := startHarness(t, st, "ana", 120, 40)
	seen := func() string {
		h.keys("tab", "tab") // hidden and shown again: computed afresh
		pane := strings.Join(h.m.paneLines(), "\n")
		h.keys("s")
		stats := strings.Join(h.m.stats, "\n")
		h.keys("esc")
		if h.m.pagerOpen() || !strings.Contains(pane, "pooled") || !strings.Contains(stats, "Table 6") {
			t.Fatalf("pane and statistics not read:\n%s\n%s", pane, stats)
		}
		return updatedAt.ReplaceAllString(ansi.Strip(pane+"\n"+stats), "updated TIME")
	}
	h.keys("tab")
	before := seen()
	withVotes := 0
	for _, step := range [][]string{{"z"}, {"R", "y"}, {"z"}, {"R", "y"}} {
		it := h.m.hit.hit.item
		for _, who := range []string{"bo", "cy"} {
			an, _ := st.EnsureAnnotator(ctx, who)
			if l, err := st.Labels(ctx, it.ID, an.ID); err == nil && len(l) > 0 {
				withVotes++
			}
		}
		h.keys(step...)
		if h.m.hit.hit.item.ID == it.ID {
			t.Fatalf("%v on HIT %d opened no other HIT", step, it.Seq)
		}
		if after := seen(); after != before {
			t.Errorf("after %v on HIT %d the pane or statistics moved:\n--- before\n%s\n--- after\n%s", step, it.Seq, before, after)
		}
	}
	if withVotes < 4 {
		t.Errorf("others had labels on the HITs opened %d times: the test tries too little", withVotes)
	}
}

// updatedAt is when the pane says it was computed.
var updatedAt = regexp.MustCompile(`updated \d\d:\d\d:\d\d`)
