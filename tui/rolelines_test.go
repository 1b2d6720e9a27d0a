package tui

import (
	"fmt"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store/storetest"
)

// The conversation before a request (necessity, compare, and their
// adjudication) goes under its role's name: every word of it shows,
// paging through, and no line runs past the edge of the screen. (Its
// text was indented five cells under a seven-cell "user: ", so each
// turn's first line lost its last words at the edge.)
func TestConversationBeforeRequestShowsWhole(t *testing.T) {
	open := map[string]func(t *testing.T, w, h int) *harness{
		"necessity": func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importText(t, st, "nec", formatNecessity, `{"id": "r1", "request": "book it", "context": [{"role": "user", "text": "`+
				focusWords("cz", 60)+`"}, {"role": "assistant", "text": "`+focusWords("dz", 60)+`"}]}`+"\n")
			return openAs(t, st, "nec", w, h)
		},
		"compare": func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importText(t, st, "cmp", data.FormatPairs, `{"id": "p1", "request": "book it", "context": [{"role": "user", "text": "`+
				focusWords("cz", 60)+`"}, {"role": "assistant", "text": "`+focusWords("dz", 60)+`"}], "outputs": {"x": "done", "y": "where?"}}`+"\n")
			return openAs(t, st, "cmp", w, h)
		},
	}
	for name, o := range open {
		for _, size := range readSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", name, size.w, size.h), func(t *testing.T) {
				h := o(t, size.w, size.h)
				for range 100 { // to the top: the request shows first, the conversation above it
					h.keys("pgup")
				}
				seen := map[string]bool{}
				before := ""
				for i := 0; h.screen() != before; i++ {
					if i == 100 {
						t.Fatalf("100 pages and the window still moves:\n%s", h.screen())
					}
					before = h.screen()
					if h.m.cuts > 0 {
						t.Fatalf("%d lines cut at the screen's edge:\n%s", h.m.cuts, before)
					}
					for _, w := range wordsOn(before) {
						seen[w] = true
					}
					h.keys("pgdown")
				}
				if n := unseen(seen, "cz", 60) + unseen(seen, "dz", 60); n > 0 {
					t.Fatalf("paged through, %d words of the conversation never showed", n)
				}
			})
		}
	}
}
