package tui

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A focus is read once every line of it has been on screen, in any
// order; the note says how much is left and where. A line that shows none
// of the item's text (a heading, a row's name) is read where it shows
// again (in another colour too); a focus once read stays read.
func TestReadingAnyOrder(t *testing.T) {
	lines := func(prefix string, n int) textRows {
		var out textRows
		for i := range n {
			out.lines = append(out.lines, fmt.Sprintf("%s line %d", prefix, i))
		}
		return out
	}
	var r reading
	text, focus := lines("w40", 15), [2]int{2, 12} // lines 2–11 of 15
	for _, c := range []struct {
		shown [2]int
		note  string
	}{
		{[2]int{10, 15}, "read it all first: 8 lines above"},
		{[2]int{0, 4}, "read it all first: 6 lines below"},
		{[2]int{5, 9}, "read it all first: 1 above, 1 below"},
		{[2]int{9, 10}, "read it all first: 1 line above"},
	} {
		r.see("a", text, focus, c.shown)
		if r.read("a") {
			t.Fatalf("read whole after %v", c.shown)
		}
		if got := r.unreadNote(); got != c.note {
			t.Fatalf("after %v: %q, want %q", c.shown, got, c.note)
		}
	}
	r.see("a", text, focus, [2]int{4, 5})
	if !r.read("a") {
		t.Fatal("every line shown, the focus is not read")
	}
	// Another step shows lines 3–13 of the same text, in bold, under a
	// heading of its own: only the heading is left to read.
	other := textRows{lines: []string{"heading"}}
	for _, l := range text.lines[3:14] {
		other.lines = append(other.lines, "\x1b[1m"+l+"\x1b[0m")
	}
	r.see("b", other, [2]int{0, len(other.lines)}, [2]int{5, 8})
	if r.read("b") || r.unreadNote() != "read it all first: 1 line above" {
		t.Fatalf("what another step read does not count: %q", r.unreadNote())
	}
	r.see("c", lines("w60", 11), [2]int{0, 11}, [2]int{0, 4})
	if r.read("c") || r.unreadNote() != "read it all first: 7 lines below" {
		t.Fatalf("lines never shown counted: %q", r.unreadNote())
	}
	r.see("a", lines("w60", 11), [2]int{1, 9}, [2]int{0, 4})
	if !r.read("a") {
		t.Fatal("a focus read whole was unread by what it shows now")
	}
}

// What was read of a text is kept by its place in the text: wrapped to
// another width, or shown at another step (another colour, indent and
// label), only the lines holding words never on screen are left to read,
// and they are counted where they are now.
func TestReadingKeepsItsPlaceInTheText(t *testing.T) {
	words := focusWords("w", 300)
	at := func(width int, style, label string) textRows {
		return sourced(words, "\x1b["+style+"m"+words+"\x1b[0m", width, "     ").labelled(label)
	}
	unread := func(c textRows, r *reading) (out []string) {
		for i := range c.lines {
			if !r.readLine(c, i) {
				out = append(out, c.lines[i])
			}
		}
		return out
	}
	var r reading
	narrow := at(40, "1", " ▸ ")
	n := len(narrow.lines)
	r.see("need", narrow, [2]int{0, n}, [2]int{0, n * 2 / 5}) // the first two fifths
	shown := map[string]bool{}
	for _, l := range narrow.lines[:n*2/5] {
		for _, w := range wordsOf(l) {
			shown[w] = true
		}
	}
	for _, width := range []int{40, 60, 80, 200} {
		wide := at(width, "2", "  A  ")
		r.see("use", wide, [2]int{0, len(wide.lines)}, [2]int{0, 0}) // nothing on screen
		left := unread(wide, &r)
		if len(left) == 0 || len(left) == len(wide.lines) {
			t.Fatalf("at %d columns, %d of %d lines left to read", width, len(left), len(wide.lines))
		}
		for _, l := range wide.lines {
			all := true
			for _, w := range wordsOf(l) {
				all = all && shown[w]
			}
			if all == slices.Contains(left, l) {
				t.Fatalf("at %d columns, %q was on screen: %v, but counted otherwise", width, ansi.Strip(l), all)
			}
		}
		if r.below != len(left) || r.above != 0 {
			t.Fatalf("at %d columns: %d above, %d below, want %d below", width, r.above, r.below, len(left))
		}
	}
	// The rest, read at 60 columns, reads the text at every width.
	mid := at(60, "0", "")
	r.see("use", mid, [2]int{0, len(mid.lines)}, [2]int{len(mid.lines) / 3, len(mid.lines)})
	if !r.read("use") {
		t.Fatalf("read to its end at 60 columns, %d above, %d below", r.above, r.below)
	}
	r.see("need", at(40, "1", " ▸ "), [2]int{0, n}, [2]int{0, 1})
	if !r.read("need") {
		t.Fatalf("the rest read at 60 columns, at 40 %d above, %d below", r.above, r.below)
	}
}

// wordsOf are the numbered words (w1 … w300) a line shows.
func wordsOf(line string) (out []string) {
	for _, w := range strings.Fields(ansi.Strip(line)) {
		if strings.HasPrefix(w, "w") {
			out = append(out, w)
		}
	}
	return out
}

// Every width lays a text out in lines whose spans, in order, cover each
// of its non-space runes once: spaces of every kind, words longer than the
// line, hyphens, wide characters, a label after the text.
func TestSourcedSpansCoverTheText(t *testing.T) {
	texts := []string{
		focusWords("w", 120),
		"a  b\tc\u00a0d  " + strings.Repeat("x", 95) + " e-f-g-h " + strings.Repeat("long-hyphenated-", 9) + "end",
		strings.Repeat("日本語のテキスト ", 30) + "終",
		"",
		"one",
	}
	for _, text := range texts {
		for width := 10; width <= 130; width += 7 {
			c := sourced(text, "\x1b[1m"+text+"\x1b[0m\x1b[2m · a label given\x1b[0m", width, "   ")
			next := 0
			for i := range c.lines {
				for _, s := range c.at(i) {
					if s.text != text || s.from != next || s.to <= s.from {
						t.Fatalf("%d columns, line %d: span %d–%d, want from %d", width, i, s.from, s.to, next)
					}
					next = s.to
				}
			}
			if next != nonSpace(text) {
				t.Fatalf("%d columns: spans end at %d of %d", width, next, nonSpace(text))
			}
		}
	}
}

// runs keeps ranges in order and apart, however they are added.
func TestRunsAddAndCover(t *testing.T) {
	var r runs
	for _, a := range [][2]int{{10, 20}, {30, 40}, {0, 5}, {20, 25}, {5, 6}, {50, 50}, {39, 45}} {
		r = r.add(a[0], a[1])
	}
	if want := (runs{{0, 6}, {10, 25}, {30, 45}}); !reflect.DeepEqual(r, want) {
		t.Fatalf("runs %v, want %v", r, want)
	}
	for _, c := range []struct {
		from, to int
		in       bool
	}{{0, 6, true}, {1, 3, true}, {0, 7, false}, {10, 25, true}, {24, 31, false}, {30, 45, true}, {45, 46, false}, {7, 7, true}} {
		if got := r.covers(c.from, c.to); got != c.in {
			t.Errorf("covers(%d, %d) = %v", c.from, c.to, got)
		}
	}
}

// Paging by the window less its two markers skips no line, down from the
// focus or up from the end: every line of any content is read by the
// page keys alone, at every window height.
func TestPagingSkipsNoLine(t *testing.T) {
	ss := &session{}
	for n := 1; n <= 40; n++ {
		lines := make([]string, n)
		for rows := 1; rows <= 12; rows++ {
			for _, start := range []int{0, n} { // at the top, paging down; at the end, paging up
				seen := make([]bool, n)
				scroll, page := 0, max(1, rows-2)
				if start > 0 {
					scroll = n
				}
				for range n + 2 {
					v := ss.scrolledFrom(lines, [2]int{0, 0}, rows, scroll, "up", "down", 0)
					for i := v.shown[0]; i < v.shown[1]; i++ {
						seen[i] = true
					}
					if start == 0 {
						scroll = v.scroll + page
					} else {
						scroll = v.scroll - page
					}
				}
				for i, s := range seen {
					if !s {
						t.Fatalf("%d lines in %d rows, paging from line %d: line %d never shown", n, rows, start, i)
					}
				}
			}
		}
	}
}
