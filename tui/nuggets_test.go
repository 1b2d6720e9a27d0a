package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// nuggetHarness opens the demo's nuggets dataset as ana, whose first HIT
// is the first answer to the third demo intent (the first two are judged
// by the demo annotators already).
func nuggetHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	return demoHarness(t, data.DemoNuggets, w, h)
}

func TestNuggetGolden(t *testing.T) {
	demoGoldens(t, data.DemoNuggets, []keyedScreen{
		{"first", nil},
		{"judged2", []string{"2", "1"}},
		{"pane", []string{"0", "0", "0", "0", "1", "tab"}},
		{"guideline", []string{"g"}},
	})
}

// Judging an answer: 2 1 0 judge and move on, j and k move between
// nuggets, n takes a note as on every screen, and the last judgement
// finishes the HIT. The screen never names the system.
func TestJudgeNuggets(t *testing.T) {
	h := nuggetHarness(t, 100, 30)
	h.expect("query  What are the entry requirements for a Schengen")
	h.expect("Nugget 1 of 5")
	h.expect("w 3    Stays of up to 90 days")
	first := h.item(5)
	h.keys("2")
	h.expect("Nugget 2 of 5")
	h.keys("k")
	h.expect("Nugget 1 of 5")
	h.expect("· full")
	h.keys("j", "2", "1")
	h.expect("Nugget 4 of 5")
	h.keys("n")
	h.expect("Note on this answer (at nugget_4)")
	h.keys("esc", "0")
	h.expect("Nugget 5 of 5")
	for _, sys := range []string{"orig", "clarify", "@"} {
		if strings.Contains(h.screen(), sys) {
			t.Fatalf("the judging screen shows %q:\n%s", sys, h.screen())
		}
	}
	h.keys("0")
	h.expect("HIT 5 done.")
	h.expect("HIT 6 ·")
	got := labelsOf(t, h, first)
	want := map[string]int{"nugget_1": 2, "nugget_2": 2, "nugget_3": 1, "nugget_4": 0, "nugget_5": 0}
	if !equalLabels(got, want) {
		t.Fatalf("labels %v, want %v", got, want)
	}
	if !h.hitState(5).Finished {
		t.Error("the answer's HIT is not finished")
	}
	// Out of range: k on the first nugget says so and stays.
	h.keys("k")
	h.expect("nugget 1 of 5: there is no other that way")
}

func labelsOf(t *testing.T, h *harness, it store.Item) map[string]int {
	t.Helper()
	l, err := h.st.Labels(context.Background(), it.ID, h.m.cfg.Annotator.ID)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// A judge's pane gives no system's score while they have answers open in
// the dataset; once they have none, the leaderboard shows and follows the
// gold labels, a change keyed in another process picked up by the poll.
func TestLeaderboardFollowsGold(t *testing.T) {
	h := nuggetHarness(t, 120, 40)
	h.keys("tab")
	h.expect("scores show once you can")
	h.keys("0", "0", "0", "0", "1")
	h.expect("HIT 6 ·")
	h.expect("scores show once you can")
	for i := 0; i < 100 && !h.m.hit.allDone; i++ {
		h.keys("2")
	}
	if !h.m.hit.allDone {
		t.Fatal("the judge did not finish the dataset")
	}
	h.expect("orig ")
	h.expect("clarify ")
	// Another process judges an answer of the last intent.
	ctx := context.Background()
	bo, _ := h.st.EnsureAnnotator(ctx, "bo")
	target := h.item(8)
	for i := 1; i <= 3; i++ {
		last := i == 3
		two := 2
		if _, err := h.st.SetLabel(ctx, store.LabelChange{ItemID: target.ID, AnnotatorID: bo.ID,
			Unit: fmt.Sprintf("nugget_%d", i), Value: &two, Finish: last}); err != nil {
			t.Fatal(err)
		}
	}
	mark, err := h.st.Changes(ctx)
	if err != nil {
		t.Fatal(err)
	}
	before := h.screen()
	h.run(h.m.paneMarked(paneMarkMsg{mark: mark}))
	// bo's answer is judged full throughout: its system's n grows by one.
	if h.screen() == before {
		t.Fatalf("the pane did not follow the other process's judgement:\n%s", h.screen())
	}
	// The same mark again computes nothing.
	h.m.paneMarked(paneMarkMsg{mark: mark})
	if h.m.pane.computing {
		t.Error("an unchanged mark recomputed the pane")
	}
}

// A nugget judged full, partial and none by three annotators is a tie
// the adjudicator settles with 2, 1 or 0, seeing the answer and the
// disputed nugget whole.
func TestAdjudicateNugget(t *testing.T) {
	ctx := context.Background()
	st, lead, ds := demoForLead(t, data.DemoNuggets, 3)
	var it store.Item
	st.EachItem(ctx, ds.ID, func(x store.Item) error {
		if x.Seq == 5 {
			it = x
		}
		return nil
	})
	for i, who := range []string{"ana", "bo", "cy"} {
		an, _ := st.EnsureAnnotator(ctx, who)
		for n := 1; n <= 5; n++ {
			v := 2
			if n == 2 {
				v = 2 - i
			}
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID,
				Unit: fmt.Sprintf("nugget_%d", n), Value: &v, Finish: n == 5}); err != nil {
				t.Fatal(err)
			}
		}
	}
	h := startOn(t, st, lead, data.DemoNuggets, 100, 30, true)
	h.expect("answer 5 · nugget_2 · 1× 2 full, 1× 1 partial, 1× 0 none")
	h.expect("▸  2  w 2    Travel medical insurance with at least €30,000 cover is required.")
	h.expect("2 full")
	h.keys("1")
	h.expect("decision: 1 partial")
	g := goldOfItem(t, st, ds.ID, it.ID)
	if g["nugget_2"] != 1 {
		t.Fatalf("gold after the decision: %v", g)
	}
}

func goldOfItem(t *testing.T, st *store.Store, ds, id int64) map[string]int {
	t.Helper()
	out := map[string]int{}
	err := report.EachPaneGold(context.Background(), goldReading(t, st, ds), func(p *report.PaneGold) error {
		if p.Item.ID == id {
			for _, u := range p.Units {
				out[u.Unit] = u.Label
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
