package tui

import (
	"image/color"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

// A frame laid out again with nothing changed takes every kept piece (the
// guidance strip's window, the scale line, the step line's width, the
// status, the step's wrapped texts) from the last frame, laying none out
// anew, and is the same frame.
func TestFrameKeepsItsPieces(t *testing.T) {
	h := newHarness(t, 80, 24)
	h.keys("enter") // the question's step: a scale, guidance, the question wrapped
	if len(h.m.kept) == 0 {
		t.Fatal("a HIT's frame kept no piece")
	}
	before, laid := h.m.View().Content, h.m.keptLaid
	h.m.frame()
	if h.m.keptLaid != laid {
		t.Errorf("a frame with nothing changed laid out %d kept pieces anew", h.m.keptLaid-laid)
	}
	if got := h.m.View().Content; got != before {
		t.Errorf("the same frame laid out again differs:\n%s\n----\n%s", before, got)
	}
	// A label changes the scale line: that piece is laid out anew.
	h.keys("2")
	if h.m.keptLaid == laid {
		t.Error("a label's frame laid out nothing anew")
	}
}

// Every frame laid out from kept pieces is the frame laid out from none,
// key after key through whole HITs, at several sizes, through a change of
// background (the styles) and of colour profile (no colours: the label
// given in brackets), the guidance scrolled and a status shown.
func TestKeptFramesAreFreshFrames(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}, {60, 18}, {120, 40}, {200, 60}} {
		h := newHarness(t, size[0], size[1])
		check := func(after string) {
			t.Helper()
			kept := h.m.View().Content
			m := h.m
			saved := *m.hit.hit // the layout records scroll bounds; a fresh one records the same
			m.kept, m.painted, m.guides, m.lines = nil, nil, nil, nil
			m.frame()
			if fresh := m.View().Content; fresh != kept {
				t.Fatalf("%dx%d, after %s: the frame from kept pieces differs from a fresh one:\n%s\n----\n%s",
					size[0], size[1], after, kept, fresh)
			}
			if m.hit.hit.scroll != saved.scroll || m.hit.hit.guideTop != saved.guideTop {
				t.Fatalf("%dx%d, after %s: a fresh layout moved the scroll", size[0], size[1], after)
			}
		}
		keys := []string{"enter", "J", "J", "K", "2", "left", "1", "right", "1", "0", "J", "2", "left", "right", "left", "u", "1",
			"enter", "2", "1", "0", "2", "1"}
		for i, k := range keys {
			switch i {
			case 6:
				h.send(tea.BackgroundColorMsg{Color: color.White}) // light: other styles
				check("a light background")
			case 13: // a label given shown in colour, then without
				h.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII}) // no colours: in brackets
				check("no colours")
			}
			h.keys(k)
			if h.m.hit.hit == nil {
				break
			}
			check(k)
		}
	}
}
