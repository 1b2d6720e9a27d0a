package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store/storetest"
)

// What was read survives a resize mid-HIT, and the window keeps its place
// (issue 43, point 0): longfocus's three sizes and a wide window.
var resizeSizes = append(slices.Clone(readSizes), struct{ w, h int }{160, 40})

// numbered finds the numbered words of a focusWords text on a screen.
var numbered = regexp.MustCompile(`\b([a-z]z\d+)\b`)

// wordsOn are the numbered words a screen shows.
func wordsOn(screen string) []string {
	var out []string
	for _, m := range numbered.FindAllStringSubmatch(screen, -1) {
		out = append(out, m[1])
	}
	return out
}

// layout is what the content of a step is at a size, line by line (the
// numbered words of each), as an annotator paging a fresh window down
// from its start sees it: the header's shortened lines (ending "…") aside.
func layout(t *testing.T, h *harness) [][]string {
	t.Helper()
	var lines [][]string
	had := map[string]bool{}
	before := ""
	for i := 0; ; i++ {
		if i == 500 {
			t.Fatalf("500 pages and the window still moves:\n%s", h.screen())
		}
		s := h.screen()
		if s == before {
			return lines
		}
		for _, l := range strings.Split(s, "\n") {
			if w := wordsOn(l); len(w) > 0 && !strings.HasSuffix(strings.TrimSpace(l), "…") && !had[l] {
				had[l] = true
				lines = append(lines, w)
			}
		}
		before = s
		h.keys("pgdown")
	}
}

// unreadLines counts the lines of a layout holding a word never seen.
func unreadLines(lines [][]string, seen map[string]bool) int {
	n := 0
	for _, l := range lines {
		for _, w := range l {
			if !seen[w] {
				n++
				break
			}
		}
	}
	return n
}

// firstShown is the first line a scrolled window shows under its "↑"
// marker.
func firstShown(t *testing.T, screen string) []string {
	t.Helper()
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		if strings.Contains(l, "↑") && strings.Contains(l, "more") && i+1 < len(lines) {
			return wordsOn(lines[i+1])
		}
	}
	t.Fatalf("the window is not scrolled:\n%s", screen)
	return nil
}

// flatDocs opens docs/protocols.md's usefulness file on an item whose
// query is a long text (on the HIT's first line, whole in the step),
// with a question of numbered words too.
func flatDocs(t *testing.T, w, h int) *harness {
	st := storetest.Open(t)
	importProtocol(t, st, "questions", docsProtocol(t), "query\tquestion\trating\n"+focusWords("wz", 2400)+"\t"+focusWords("qz", 12)+"\t\n")
	return openAs(t, st, "questions", w, h)
}

// Read two fifths down at one size, then resized to another (larger or
// smaller, a wide window among them): the window shows first the text it
// showed first, a label key labels nothing and its note counts only the
// lines holding words never on screen (all below, as the reader read from
// the top), and read to its end the key labels.
func TestResizeKeepsWhatWasRead(t *testing.T) {
	for _, from := range resizeSizes {
		for _, to := range resizeSizes {
			if from == to {
				continue
			}
			t.Run(fmt.Sprintf("%dx%d_to_%dx%d", from.w, from.h, to.w, to.h), func(t *testing.T) {
				want := layout(t, flatDocs(t, to.w, to.h))
				h := flatDocs(t, from.w, from.h)
				seen := map[string]bool{}
				look := func() string {
					s := h.screen()
					for _, w := range wordsOn(s) {
						seen[w] = true
					}
					return s
				}
				look()
				for i := 0; i == 0 || 5*len(seen) < 2*2400; i++ {
					if i == 200 {
						t.Fatalf("200 pages and two fifths not shown:\n%s", h.screen())
					}
					h.keys("pgdown")
					look()
				}
				top := firstShown(t, h.screen())[0]
				h.send(tea.WindowSizeMsg{Width: to.w, Height: to.h})
				now := look()
				keptPlace(t, now, top)
				h.keys("4")
				if got, ok := h.labels(1)["usefulness"]; ok {
					t.Fatalf("4 labelled usefulness = %d with the text not read", got)
				}
				n := unreadLines(want, seen)
				h.expect(fmt.Sprintf("read it all first: %s below", display.Count(n, "line", "lines")))
				if strings.Contains(h.screen(), "above") {
					t.Fatalf("what was read counts as unread:\n%s", h.screen())
				}
				for i := 0; !strings.Contains(h.screen(), "qz12"); i++ {
					if i == 200 {
						t.Fatalf("200 pages and no end:\n%s", h.screen())
					}
					h.keys("pgdown")
				}
				h.keys("4")
				if got := h.labels(1)["usefulness"]; got != 4 {
					t.Fatalf("read to its end, 4 did not label: %v\n%s", h.labels(1), h.screen())
				}
			})
		}
	}
}

// moreBelow is the marker of a window that does not reach the content's
// end.
var moreBelow = regexp.MustCompile(`↓ \d+ more \(`)

// keptPlace checks that a window resized shows first the word it showed
// first before, or, where the text ends sooner, shows it.
func keptPlace(t *testing.T, screen, top string) {
	t.Helper()
	if !slices.Contains(wordsOn(screen), top) {
		t.Errorf("resized, the window lost its place: %s, first before, is not on screen:\n%s", top, screen)
	} else if moreBelow.MatchString(screen) && !slices.Contains(firstShown(t, screen), top) {
		t.Errorf("resized, %s is no longer on the window's first line:\n%s", top, screen)
	}
}

// Every kind with a long focus keeps what was read of it across a resize,
// either way and to a wide window (side by side, for a comparison): read
// two fifths down, resized, the window keeps its place, a label key's
// note counts only the focus lines holding words never on screen, and
// read on to the end, the key labels. (A protocol file's item step, whose
// focus has lines of no numbered word, is TestResizeKeepsWhatWasRead's.)
func TestResizeMidFocusEveryKind(t *testing.T) {
	type size = struct{ w, h int }
	pairs := [][2]size{{{40, 12}, {80, 24}}, {{80, 24}, {40, 12}}, {{60, 20}, {160, 24}}, {{80, 24}, {60, 20}}}
	for _, c := range longFocusKinds() {
		if c.name == "file_flat_topic" || c.name == "file_grouped_item" {
			continue
		}
		for _, p := range pairs {
			from, to := p[0], p[1]
			t.Run(fmt.Sprintf("%s_%dx%d_to_%dx%d", c.name, from.w, from.h, to.w, to.h), func(t *testing.T) {
				h := c.open(t, from.w, from.h)
				// The focus's lines at the new size, in another window on
				// the same HIT (a comparison's sides as drawn for it).
				var want [][]string
				for _, l := range layout(t, startOn(t, h.st, h.m.cfg.Annotator, h.m.cfg.Dataset.Name, to.w, to.h, false)) {
					if strings.HasPrefix(l[0], c.prefix) {
						want = append(want, l)
					}
				}
				seen := map[string]bool{}
				look := func() string {
					s := h.screen()
					for _, w := range wordsOn(s) {
						seen[w] = true
					}
					return s
				}
				look()
				for i := 0; i == 0 || 5*unseen(seen, c.prefix, c.words) > 3*c.words; i++ {
					if i == 200 {
						t.Fatalf("200 pages and two fifths not shown:\n%s", h.screen())
					}
					h.keys("pgdown")
					look()
				}
				top := firstShown(t, h.screen())[0]
				h.send(tea.WindowSizeMsg{Width: to.w, Height: to.h})
				keptPlace(t, look(), top)
				h.keys(c.key)
				if got, ok := h.labels(1)[c.unit]; ok {
					t.Fatalf("%s labelled %s = %d with the focus not read", c.key, c.unit, got)
				}
				h.expect(unreadAround(t, want, seen, h.screen()))
				for i := 0; h.unread(); i++ { // paging where the note says
					if i == 1000 {
						t.Fatalf("1000 pages and the focus not read:\n%s", h.screen())
					}
					if h.m.hit.hit.read.above > 0 {
						h.keys("pgup")
					} else {
						h.keys("pgdown")
					}
				}
				h.keys(c.key)
				if got := h.labels(1)[c.unit]; got != c.value {
					t.Fatalf("read whole, %s stored %s = %d, want %d:\n%s", c.key, c.unit, got, c.value, h.screen())
				}
			})
		}
	}
}

// unreadAround is the note a label key should give with screen on show:
// the lines of want holding a word never seen, above the window and below
// it. (Side by side, a comparison's window stands at the place read in A
// with the top of B, never read, above it.)
func unreadAround(t *testing.T, want [][]string, seen map[string]bool, screen string) string {
	t.Helper()
	first, last := -1, -1
	for _, l := range strings.Split(screen, "\n") {
		w := wordsOn(l)
		if i := slices.IndexFunc(want, func(x []string) bool { return len(w) > 0 && slices.Equal(x, w) }); i >= 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first < 0 {
		t.Fatalf("no line of the focus on screen:\n%s", screen)
	}
	above, below := unreadLines(want[:first], seen), unreadLines(want[last+1:], seen)
	switch {
	case above > 0 && below > 0:
		return fmt.Sprintf("read it all first: %d above, %d below", above, below)
	case above > 0:
		return "read it all first: " + display.Count(above, "line", "lines") + " above"
	}
	return "read it all first: " + display.Count(below, "line", "lines") + " below"
}

// unseen counts the words prefix1 … prefixN not yet seen.
func unseen(seen map[string]bool, prefix string, n int) int {
	k := 0
	for i := 1; i <= n; i++ {
		if !seen[fmt.Sprintf("%s%d", prefix, i)] {
			k++
		}
	}
	return k
}

// Text read at one step stays read at the next after a resize: the
// request read whole for its need at one size, resized, the next step
// (the request and a question; in a grouped study, a row with its
// request) has only the question left, one line below; read, the key
// labels.
func TestResizeKeepsWhatAnEarlierStepRead(t *testing.T) {
	studies := []struct {
		name       string
		open       func(t *testing.T, w, h int) *harness
		next, unit string // the next step's label key, and its unit
	}{
		{"flat", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			importProtocol(t, st, "need", datatest.NeedFirst, "request\tquestion\n"+focusWords("fz", 1200)+"\tWhich city?\n")
			return openAs(t, st, "need", w, h)
		}, "3", "usefulness"},
		{"grouped", func(t *testing.T, w, h int) *harness {
			st := storetest.Open(t)
			req := focusWords("gz", 800)
			// The request a column of every row, and not the same on
			// each (the same, it would show once, above the rows), so
			// the need step shows it with each question, and each
			// question's usefulness weighs its row's request too.
			importProtocol(t, st, "clariq", datatest.ClariQByTopic("reading-clariq"), "topic_id\tinitial_request\tquestion_id\tquestion\tclarification_need\tusefulness\n"+
				"101\t"+req+"\tQ1011\tWhich city?\t\t\n101\t"+req+" again\tQ1012\tWhen?\t\t\n")
			return openAs(t, st, "clariq", w, h)
		}, "3", "usefulness_1"},
	}
	for _, c := range studies {
		for _, from := range resizeSizes {
			for _, to := range resizeSizes {
				if from == to {
					continue
				}
				t.Run(fmt.Sprintf("%s_%dx%d_to_%dx%d", c.name, from.w, from.h, to.w, to.h), func(t *testing.T) {
					h := c.open(t, from.w, from.h)
					for i := 0; h.unread(); i++ {
						if i == 1000 {
							t.Fatalf("1000 pages and the request is not read:\n%s", h.screen())
						}
						h.keys("pgdown")
					}
					h.keys("4")
					if got := h.labels(1)["need"]; got != 4 {
						t.Fatalf("the request read, 4 did not label its need: %v\n%s", h.labels(1), h.screen())
					}
					h.send(tea.WindowSizeMsg{Width: to.w, Height: to.h})
					h.keys(c.next)
					if got, ok := h.labels(1)[c.unit]; ok {
						t.Fatalf("%s labelled %s = %d before its question was shown:\n%s", c.next, c.unit, got, h.screen())
					}
					h.expect("read it all first: 1 line below")
					for i := 0; h.unread(); i++ {
						if i == 1000 {
							t.Fatalf("1000 pages and the question is not read:\n%s", h.screen())
						}
						h.keys("pgdown")
					}
					h.keys(c.next)
					if got := h.labels(1)[c.unit]; got != 3 {
						t.Fatalf("the question read, %s did not label %s: %v\n%s", c.next, c.unit, h.labels(1), h.screen())
					}
				})
			}
		}
	}
}

// Reading is kept by place in the text at every width, so a resize of
// the window by one column, back and forth, as a terminal's edge is
// dragged, keeps the window where it was: the same first line, the same
// text on it.
func TestResizeBackAndForthKeepsThePlace(t *testing.T) {
	h := flatDocs(t, 80, 24)
	for range 12 {
		h.keys("pgdown")
	}
	first := firstShown(t, h.screen())
	for _, w := range []int{79, 78, 120, 61, 80} {
		h.send(tea.WindowSizeMsg{Width: w, Height: 24})
		if got := firstShown(t, h.screen()); !slices.Contains(got, first[0]) {
			t.Fatalf("at %d columns the window starts at %v, not at %s", w, got, first[0])
		}
	}
	if got := firstShown(t, h.screen()); !slices.Equal(got, first) {
		t.Fatalf("back at 80 columns the window starts at %v, was %v", got, first)
	}
}

// A HIT loaded again in the same session keeps what was read of it, and
// on the same step its window: opened again from the queue mid-reading,
// the window shows what it showed and the note counts what it counted;
// read whole, then refused as changed in another window and shown as
// saved, only the next step's question is left to read, and back at the
// step read the key labels at once.
func TestReloadKeepsWhatWasRead(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "need", datatest.NeedFirst, "request\tquestion\n"+focusWords("fz", 1200)+"\tWhich city?\n")
	a := openAs(t, st, "need", 60, 20)
	for range 8 {
		a.keys("pgdown")
	}
	a.keys("4")
	before, note := wordsOn(a.screen()), a.m.status
	if !strings.HasPrefix(note, "read it all first: ") || !strings.Contains(a.screen(), "↑") {
		t.Fatalf("not read half way: %q\n%s", note, a.screen())
	}
	a.keys("l", "enter") // the queue, the same HIT again
	a.expect("How much does the request need")
	if got := wordsOn(a.screen()); !slices.Equal(got, before) {
		t.Fatalf("opened again, the window moved:\n%s", a.screen())
	}
	a.keys("4")
	a.expect(note)
	for i := 0; a.unread(); i++ {
		if i == 100 {
			t.Fatalf("100 pages and the request is not read:\n%s", a.screen())
		}
		a.keys("pgdown")
	}
	// The same annotator in another window labels the need first.
	b := startOn(t, st, a.m.cfg.Annotator, "need", 60, 20, false)
	for b.unread() {
		b.keys("pgdown")
	}
	b.keys("2")
	if got := a.labels(1)["need"]; got != 2 {
		t.Fatalf("the other window's 2 was not saved: %v", a.labels(1))
	}
	a.keys("4")
	a.expect("changed in another window")
	if got := a.labels(1)["need"]; got != 2 {
		t.Fatalf("a stale key was saved: %v", a.labels(1))
	}
	a.expect("How useful is the question?")
	a.keys("3")
	a.expect("read it all first: 1 line below")
	a.keys("left")
	a.expect("How much does the request need")
	a.keys("4")
	if got := a.labels(1)["need"]; got != 4 {
		t.Fatalf("loaded again, the request read must be read again: %v\n%s", a.labels(1), a.screen())
	}
}
