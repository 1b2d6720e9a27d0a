package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/store/storetest"
)

// openNoted opens docs/protocols.md's usefulness file on a 400-word text
// at 60x20 and keys 3 before it is read: the status says what is left.
func openNoted(t *testing.T) *harness {
	t.Helper()
	st := storetest.Open(t)
	importProtocol(t, st, "flat", docsProtocol(t), "query\tquestion\trating\n"+focusWords("wz", 400)+"\tDo you want recipes or history?\t\n")
	h := openAs(t, st, "flat", 60, 20)
	h.keys("3")
	h.expect("read it all first: ")
	if got := h.labels(1); len(got) != 0 {
		t.Fatalf("3 labelled the text unread: %v", got)
	}
	return h
}

// The note a label key gives on a focus not yet read follows the
// reading after a resize as before one (issue 43, recount): resized to
// a larger or a smaller window, then paged to the end without a label
// key, the note goes once all is read (it used to stay, with the count
// of the old size); and at each frame on the way it says what the key
// would say then. A status given after the note is not taken for it.
func TestReadingNoteFollowsAfterResize(t *testing.T) {
	for _, to := range []struct{ w, h int }{{80, 24}, {40, 12}, {160, 40}} {
		t.Run(fmt.Sprintf("60x20_to_%dx%d", to.w, to.h), func(t *testing.T) {
			h := openNoted(t)
			h.send(tea.WindowSizeMsg{Width: to.w, Height: to.h})
			for i := 0; h.unread(); i++ {
				if i == 200 {
					t.Fatalf("200 pages and the text not read:\n%s", h.screen())
				}
				h.keys("pgdown")
			}
			if s := h.screen(); strings.Contains(s, "read it all first") {
				t.Fatalf("all read, the note stays:\n%s", s)
			}
			h.keys("3")
			if got := h.labels(1)["usefulness"]; got != 3 {
				t.Fatalf("read whole, 3 did not label: %v\n%s", h.labels(1), h.screen())
			}
		})
		t.Run(fmt.Sprintf("60x20_to_%dx%d_each_frame", to.w, to.h), func(t *testing.T) {
			h := openNoted(t)
			h.send(tea.WindowSizeMsg{Width: to.w, Height: to.h})
			for i := 0; h.unread(); i++ {
				if i == 200 {
					t.Fatalf("200 pages and the text not read:\n%s", h.screen())
				}
				shown := h.m.status
				h.keys("3") // not read: says again what is left
				if h.m.status != shown {
					t.Fatalf("frame %d after the resize: the status says %q, the key %q:\n%s", i, shown, h.m.status, h.screen())
				}
				h.keys("pgdown")
			}
			if strings.Contains(h.m.status, "read it all first") {
				t.Fatalf("all read, the note stays: %q", h.m.status)
			}
		})
	}
	t.Run("other_status", func(t *testing.T) {
		h := openNoted(t)
		h.keys("0") // no label of this scale: says which are
		hint := h.m.status
		if strings.Contains(hint, "read it all first") {
			t.Fatalf("0 gave %q", hint)
		}
		h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		h.keys("pgdown")
		if h.m.status != hint {
			t.Fatalf("a page key took %q for the reading note: %q", hint, h.m.status)
		}
	})
}
