package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store/storetest"
)

// titleOf is the step's title line on screen: the line under the step
// indicator (and the blank line a tall window leaves).
func titleOf(t *testing.T, h *harness) string {
	t.Helper()
	lines := strings.Split(h.screen(), "\n")
	for i, l := range lines {
		if strings.Contains(l, "●") && i+1 < len(lines) {
			if strings.TrimSpace(lines[i+1]) == "" && i+2 < len(lines) {
				return lines[i+2]
			}
			return lines[i+1]
		}
	}
	t.Fatalf("no step indicator:\n%s", h.screen())
	return ""
}

// Back at a step on the item as a whole (a protocol file's need, MIMICS'
// question and answer set, a dialogue's coherence, a request's need of
// clarification, a comparison), the step shows the label it has, as a
// row's head or an answer shows its own ("· 2 poor"): the title ends
// with it, at every size, in the annotator's keys (docs/annotating.md:
// "← back a step (see or change a label)"). It used to show only as the
// choice's colour, which a terminal without colours does not show.
func TestBackShowsTheWholeStepsLabel(t *testing.T) {
	cases := []struct {
		name  string
		open  func(t *testing.T, w, h int) *harness
		keys  []string // keyed once read, then the keys back to the step
		back  []string
		title string // the step's title, and its label
		given string
	}{
		{"file_flat_need", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importProtocol(t, st, "need", datatest.NeedFirst, "request\tquestion\nplan a trip\tWhich city?\n")
			return openAs(t, st, "need", w, h)
		}, []string{"4"}, []string{"left"}, "How much does", "4 much"},
		{"file_grouped_need", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importProtocol(t, st, "grouped", groupedProtocol, "request\tquestion\nplan a trip\tWhere to?\nplan a trip\tWhen?\n")
			return openAs(t, st, "grouped", w, h)
		}, []string{"3", "2"}, []string{"left", "left"}, "How much does", "3 some"},
		{"mimics_answer_set", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) },
			[]string{"enter", "1", "2"}, []string{"left"}, "III", "2 Good"},
		{"mimics_question", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoDataset, w, h) },
			[]string{"enter", "1", "2"}, []string{"left", "left"}, "II", "1 Fair"},
		{"clarimm_coherence", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoConversations, w, h) },
			[]string{"4", "4", "4", "3"}, []string{"left"}, "Coherence", "3 Fair"},
		{"necessity", func(t *testing.T, w, h int) *harness { return demoHarness(t, data.DemoNecessity, w, h) },
			[]string{"1"}, []string{"left"}, "clarification", "1 yes"},
	}
	for _, c := range cases {
		for _, size := range hintSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size.w, size.h), func(t *testing.T) {
				h := c.open(t, size.w, size.h)
				h.readThen(c.keys...)
				h.keys(c.back...)
				title := titleOf(t, h)
				if !strings.Contains(title, c.title) && !strings.Contains(title, "…") {
					t.Fatalf("not back at the step (%q):\n%s", c.title, h.screen())
				}
				if !strings.HasSuffix(strings.TrimRight(title, " "), " · "+c.given) {
					t.Fatalf("the title does not end with the step's label %q: %q\n%s", c.given, title, h.screen())
				}
			})
		}
	}
}

// A comparison's one step shows its label, opened again from the queue,
// as this item shows A and B; and with two labels moved in config.toml,
// a step's label names the key the annotator keys it with.
func TestWholeStepsLabelInOwnWords(t *testing.T) {
	h := demoHarness(t, data.DemoPairs, 80, 24)
	h.readThen("3")
	h.keys("l")
	h.expect("Queue")
	h.keys("k", "enter") // HIT 1, above the one open
	h.expect("HIT 1 ·")
	if title := titleOf(t, h); !strings.HasSuffix(strings.TrimRight(title, " "), " · 3 B better") {
		t.Fatalf("opened again, the comparison's title is %q:\n%s", title, h.screen())
	}
	withKeys(t, parseKeys(t, remapped), remappedPress)
	d := demoHarness(t, data.DemoDataset, 80, 24)
	d.readThen("enter", "1", "2")
	d.keys("left")
	if title := titleOf(t, d); !strings.HasSuffix(strings.TrimRight(title, " "), " · f Good") {
		t.Fatalf("with 2 moved to f, the answer set's title is %q:\n%s", title, d.screen())
	}
}
