package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// A system that never lost has no finite Bradley–Terry strength: the
// statistics view and the side pane say there is no finite fit and give
// x none, while y and z, who beat each other (3–2), keep theirs within
// their group, 3/5 and 2/5 by definition; neither shows a degenerate
// 1.00 or .00.
func TestUnbeatenSystemOnScreen(t *testing.T) {
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var pairs, gold strings.Builder
	gold.WriteString("item\tunit\tannotator\tlabel\n")
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"x": "X%d", "y": "Y%d", "z": "Z%d"}}`+"\n", i, i, i, i, i)
		yz := "win"
		if i > 3 {
			yz = "lose"
		}
		fmt.Fprintf(&gold, "q%d/x/y\tpreference\tann\twin\nq%d/x/z\tpreference\tann\twin\nq%d/y/z\tpreference\tann\t%s\n", i, i, i, yz)
	}
	importPairs(t, st, "pairs", pairs.String(), gold.String(), &store.Policy{Min: 1, Max: 1, Lease: time.Hour})
	h := startOn(t, st, lead, "pairs", 120, 40, false)
	msg := h.m.openStats()().(statsMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	stats := strings.Join(strings.Fields(strings.Join(msg.lines, " ")), " ")
	for _, want := range []string{"NO FINITE FIT for all 3 systems together: x lost none of its 10 games",
		"x no finite strength: lost none of its 10 games", "y 0.600 [", "z 0.400 [", "group 1 won all 10 games against group 2"} {
		if !strings.Contains(stats, want) {
			t.Errorf("the statistics view lacks %q:\n%s", want, strings.Join(msg.lines, "\n"))
		}
	}
	h = startOn(t, st, lead, "pairs", 120, 40, false)
	h.keys("tab")
	h.expect("systems · gold so far")
	pane := ansi.Strip(h.m.View().Content)
	for _, want := range []string{"NO FINITE FIT: by group", "1 x", "won all", "2 y", ".60 ", "2 z", ".40 "} {
		if !strings.Contains(pane, want) {
			t.Errorf("the side pane lacks %q:\n%s", want, pane)
		}
	}
	for _, bad := range []string{"1.000 [1.000, 1.000]", "1.00 1.00–1.00", ".00 .00–.00"} {
		if strings.Contains(stats+pane, bad) {
			t.Errorf("a degenerate strength %q on screen:\n%s\n%s", bad, stats, pane)
		}
	}
}

// The side pane names a weighted kappa apart from the leaderboard's: the
// demo judge's kappa is Cohen's (κ), its baseline beside the people on the
// ordinal preference scale quadratic (κw), two figures that differ.
func TestPaneNamesTheKappaWeighting(t *testing.T) {
	st := demotest.Store(t)
	h := startOn(t, st, storetest.Lead(t, st), data.DemoPairs, 120, 50, false)
	h.keys("tab")
	for i := 0; i < 8 && !strings.Contains(h.screen(), "vs people"); i++ {
		h.keys("2") // the lead's own pairs first: the scores show once none is left
	}
	h.expect("vs people")
	screen := h.screen()
	if !regexp.MustCompile(`κw -?\.\d\d, people`).MatchString(screen) || !regexp.MustCompile(`κ\s+-?[01]?\.\d{3}`).MatchString(screen) {
		t.Errorf("the pane does not tell the unweighted κ from the weighted κw:\n%s", screen)
	}
}
