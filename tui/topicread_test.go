package tui

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// The topic the header shortens is read before a label counts, in every
// kind: at 40×12 a ClariMM turn is not rated, nor a nugget judged, while
// the rest of the intent or query is above the window, never shown; once
// it has been, the same key labels.
func TestShortenedTopicReadBeforeALabel(t *testing.T) {
	for _, c := range []struct {
		dataset, unit, key string
		seq                int
	}{
		{data.DemoConversations, "relevance_1", "5", 1},
		{data.DemoNuggets, "nugget_1", "2", 5},
	} {
		t.Run(c.dataset, func(t *testing.T) {
			h := demoHarness(t, c.dataset, 40, 12)
			h.expect("↑")  // the topic's rest is above the window
			for range 12 { // everything below, never the topic above
				h.keys("pgdown")
			}
			h.keys(c.key)
			if _, ok := h.labels(c.seq)[c.unit]; ok {
				t.Fatalf("%s labelled with the topic never on screen:\n%s", c.unit, h.screen())
			}
			if !strings.Contains(h.screen(), "above") {
				t.Errorf("the key does not say what is left above:\n%s", h.screen())
			}
			for range 24 {
				h.keys("pgup")
			}
			h.keys(c.key)
			if _, ok := h.labels(c.seq)[c.unit]; !ok {
				t.Fatalf("%s not labelled once everything was read:\n%s", c.unit, h.screen())
			}
		})
	}
}
