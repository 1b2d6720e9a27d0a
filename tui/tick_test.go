package tui

import (
	"strings"
	"testing"
	"time"
)

// The clock's tick moves the time on the HIT in the header and nothing
// else, so it lays out no frame: the header is drawn anew into the last
// frame, which is then what laying it all out gives, on the HIT, under a
// pager, with the side pane, and where the header is cut at the edge.
func TestClockTickDrawsOnlyTheHeader(t *testing.T) {
	for _, c := range []struct {
		name string
		w, h int
		keys []string
	}{
		{"hit", 100, 30, []string{"enter", "2"}},
		{"help", 100, 30, []string{"enter", "?"}},
		{"pane", 120, 30, []string{"enter", "tab"}},
		{"narrow", 40, 12, []string{"enter", "2", "1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, c.w, c.h)
			h.keys(c.keys...)
			h.m.cfg.Clock = time.Second // the harness runs no ticks: each is sent by hand
			opened := h.m.hit.hit.opened
			for _, secs := range []int{75, 76, 3725} {
				h.m.cfg.Now = func() time.Time { return opened.Add(time.Duration(secs) * time.Second) }
				layouts := h.m.layouts
				h.m.Update(clockMsg{}) // not h.send: its command is the next tick, a second's sleep
				if h.m.layouts != layouts {
					t.Fatalf("a tick laid out %d frames", h.m.layouts-layouts)
				}
				ticked, cuts := h.m.View().Content, h.m.cuts
				h.m.frame()
				if whole := h.m.View().Content; ticked != whole {
					t.Fatalf("after %ds the tick drew\n%s\nbut the frame is\n%s", secs, ticked, whole)
				}
				if cuts != h.m.cuts {
					t.Fatalf("after %ds the tick counted %d lines cut, the frame %d", secs, cuts, h.m.cuts)
				}
				if c.w >= 100 && !strings.Contains(h.screen(), clockText(time.Duration(secs)*time.Second)) {
					t.Fatalf("after %ds the header shows no time:\n%s", secs, h.screen())
				}
			}
		})
	}
}
