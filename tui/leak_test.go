package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Below the lead, a ranking built from withheld pair tables goes with
// them: ana judged p1–p3 and bob p4–p5 of three systems, so her tables
// rest on bob's six pairs, two per pair of systems, each withheld; the
// statistics view and the side pane give her no Bradley–Terry ranking,
// groups or position bias (a system's wins and games, or who won all
// games against whom, would give each table back), only the rows' note.
func TestRankingWithheldOnScreen(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	var pairs, labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for k := 1; k <= 5; k++ {
		fmt.Fprintf(&pairs, `{"id": "p%d", "request": "request %d", "outputs": {"a": "A%d", "b": "B%d", "c": "C%d"}}`+"\n", k, k, k, k, k)
		who := "ana"
		if k > 3 {
			who = "bob"
		}
		for _, sys := range []string{"a/b", "a/c", "b/c"} {
			fmt.Fprintf(&labels, "p%d/%s\tpreference\t%s\twin\n", k, sys, who)
		}
	}
	importPairs(t, st, "pairs", pairs.String(), labels.String(), &store.Policy{Min: 1, Max: 1, Lease: time.Hour})
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, ana, "pairs", 120, 40, false)
	msg := h.m.openStats()().(statsMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	stats := strings.Join(msg.lines, "\n")
	if strings.Count(stats, "< 5 pairs") < 3 {
		t.Fatalf("test is void: ana's pair tables are not withheld:\n%s", stats)
	}
	for _, bad := range []string{"won all", "group 1", "separable", "left output won", "strengths"} {
		if strings.Contains(stats, bad) {
			t.Errorf("ana's statistics view shows %q over withheld tables:\n%s", bad, stats)
		}
	}
	if !strings.Contains(stats, "Bradley–Terry: < 5 pairs") {
		t.Errorf("ana's statistics view does not say why the ranking is withheld:\n%s", stats)
	}
	h = startOn(t, st, ana, "pairs", 120, 40, false)
	h.keys("tab")
	h.expect("systems · gold so far")
	pane := ansi.Strip(h.m.View().Content)
	if !strings.Contains(pane, "left-side share < 5 pairs") {
		t.Errorf("ana's side pane does not withhold the position bias:\n%s", pane)
	}
	for _, bad := range []string{"Bradley–Terry", "won all", "separable", "resamples"} {
		if strings.Contains(pane, bad) {
			t.Errorf("ana's side pane shows %q over withheld tables:\n%s", bad, pane)
		}
	}
}
