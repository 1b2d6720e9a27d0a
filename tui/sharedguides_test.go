package tui

import (
	"image/color"
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/data/demotest"
)

// Two sessions of one process on the same step at the same width share
// one laying out of its guidance, not a copy each (hundreds of sessions of
// a server each kept theirs); a session in other colours has its own.
func TestSessionsShareLaidOutGuidance(t *testing.T) {
	st := demotest.Store(t)
	a := startHarness(t, st, "ana", 80, 24)
	b := startHarness(t, st, "bob", 80, 24)
	shared := 0
	for id, la := range a.m.guides {
		lb, ok := b.m.guides[id]
		if !ok || len(la) == 0 {
			continue
		}
		if !slices.Equal(la, lb) {
			t.Fatalf("step %q: two sessions laid out its guidance differently", id)
		}
		if &la[0] == &lb[0] {
			shared++
		}
	}
	if shared == 0 {
		t.Fatalf("no step's guidance shared between two sessions (%d and %d laid out)", len(a.m.guides), len(b.m.guides))
	}

	c := startHarness(t, st, "cy", 80, 24)
	c.send(tea.BackgroundColorMsg{Color: color.White}) // light: other colours
	c.screen()
	if len(c.m.guides) == 0 {
		t.Fatal("the light terminal's session laid out no guidance")
	}
	for id, lc := range c.m.guides {
		if la, ok := a.m.guides[id]; ok && len(la) > 0 && len(lc) > 0 && la[0] == lc[0] {
			t.Fatalf("step %q: a light terminal's session has the dark one's guidance %q", id, la[0])
		}
	}
}
