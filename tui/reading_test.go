package tui

import (
	"fmt"
	"testing"
)

// A focus is read once every line of it has been on screen, in any
// order; the note says how much is left and where. A line read at one
// step is read at any other that shows it (in another colour too); the
// lines of another width are read afresh, and a focus once read stays
// read at any width.
func TestReadingAnyOrder(t *testing.T) {
	lines := func(prefix string, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("%s line %d", prefix, i)
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
		r.see(0, text, focus, c.shown)
		if r.read(0) {
			t.Fatalf("read whole after %v", c.shown)
		}
		if got := r.unreadNote(); got != c.note {
			t.Fatalf("after %v: %q, want %q", c.shown, got, c.note)
		}
	}
	r.see(0, text, focus, [2]int{4, 5})
	if !r.read(0) {
		t.Fatal("every line shown, the focus is not read")
	}
	// Another step shows lines 3–13 of the same text, in bold, under a
	// heading of its own: only the heading is left to read.
	other := []string{"heading"}
	for _, l := range text[3:14] {
		other = append(other, "\x1b[1m"+l+"\x1b[0m")
	}
	r.see(1, other, [2]int{0, len(other)}, [2]int{5, 8})
	if r.read(1) || r.unreadNote() != "read it all first: 1 line above" {
		t.Fatalf("what another step read does not count: %q", r.unreadNote())
	}
	r.see(2, lines("w60", 11), [2]int{0, 11}, [2]int{0, 4})
	if r.read(2) || r.unreadNote() != "read it all first: 7 lines below" {
		t.Fatalf("another width counted lines of the first: %q", r.unreadNote())
	}
	r.see(0, lines("w60", 11), [2]int{1, 9}, [2]int{0, 4})
	if !r.read(0) {
		t.Fatal("a focus read whole was unread by another width")
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
