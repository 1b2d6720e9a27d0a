package tui

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// A frame handed out as its lines (FrameLines, what a served session's
// screen compares) is View's content split at its newlines, after every
// kind of frame: keys through a whole HIT, the clock's tick (which draws
// only the header), a window too small and back, a resize. And lines once
// handed out never change: the screen's drawer reads them on its own
// goroutine while the next frames are laid out, and a tick that drew its
// header into the last frame's lines would change the lines the screen
// holds as on the terminal.
func TestFrameLinesAreTheViewsLines(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.m.cfg.Clock = time.Second // the harness runs no ticks: each is sent by hand; its clock moves 1.5 s a read
	var handed, asHanded [][]string
	check := func(after string) {
		t.Helper()
		got := h.m.FrameLines()
		if want := strings.Split(h.m.View().Content, "\n"); !slices.Equal(got, want) {
			t.Fatalf("after %s: the frame's lines are not its view's:\n%q\n----\n%q", after, got, want)
		}
		for i, l := range handed {
			if !slices.Equal(l, asHanded[i]) {
				t.Fatalf("after %s: lines handed out %d frames before changed:\n%q\n----\n%q", after, len(handed)-i, l, asHanded[i])
			}
		}
		handed, asHanded = append(handed, got), append(asHanded, slices.Clone(got))
	}
	tick := func() {
		t.Helper()
		layouts, header := h.m.layouts, h.m.FrameLines()[0]
		h.m.Update(clockMsg{}) // not h.send: its command is the next tick, a second's sleep
		if h.m.layouts != layouts || h.m.FrameLines()[0] == header {
			t.Fatal("a tick laid out a whole frame or left the header as it was: this test's ticks would not be the header's alone")
		}
		check("a tick")
	}
	check("the first HIT")
	for _, k := range []string{"enter", "2", "1", "0", "2", "1", "enter", "2"} {
		h.keys(k)
		check(k)
		tick()
		tick()
	}
	h.send(tea.WindowSizeMsg{Width: 20, Height: 5}) // too small: a frame with no kept lines
	check("a window too small")
	h.m.Update(clockMsg{})
	check("a tick in a window too small")
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	check("a larger window")
	tick()
	h.keys("1")
	check("a label in the larger window")
}
