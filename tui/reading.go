package tui

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"
)

// reading is what of a HIT's text has been on screen, for the one rule
// every kind's label keys follow: a label weighs all of its focus (the
// question, a turn, an answer, a row, a whole item with its topic), so no
// key labels until every line of the focus has been on screen, all at once
// or a window at a time in any order; from then on a key labels wherever
// the window stands. A focus that fits is read as soon as it is shown.
type reading struct {
	// seen are the lines of text (colours aside) that have been on
	// screen: a line once read is read wherever it shows again, so the
	// steps that show the same text (a request asked about twice, a
	// list's elements, a dialogue's turns, an answer judged nugget by
	// nugget) share what was read of it. Another width wraps the text into
	// other lines, read afresh.
	seen map[string]bool
	// whole are the steps whose focus has been read to its last line:
	// read once, it stays read at any width.
	whole map[int]bool
	// above and below count the shown step's focus lines not yet read,
	// over and under the window, for the note a key gets.
	above, below int
}

// maxSeen bounds the lines kept (many widths of a long text): past it,
// what was read starts afresh, but no focus read whole is unread.
const maxSeen = 1 << 16

// see records a frame of step: lines[shown[0]:shown[1]] on screen, what
// it labels in lines[focus[0]:focus[1]].
func (r *reading) see(step int, lines []string, focus, shown [2]int) {
	if r.seen == nil || len(r.seen) > maxSeen {
		r.seen = map[string]bool{}
	}
	if r.whole == nil {
		r.whole = map[int]bool{}
	}
	for _, l := range lines[max(0, shown[0]):min(len(lines), shown[1])] {
		r.seen[ansi.Strip(l)] = true
	}
	r.above, r.below = 0, 0
	if r.whole[step] {
		return
	}
	for i := max(0, focus[0]); i < min(len(lines), focus[1]); i++ {
		switch {
		case r.seen[ansi.Strip(lines[i])]:
		case i < shown[0]:
			r.above++
		default:
			r.below++
		}
	}
	r.whole[step] = r.above+r.below == 0
}

// read says whether step's focus has been on screen whole.
func (r *reading) read(step int) bool { return r.whole[step] }

// unreadNote says how much of the focus is still to be read, and where
// (short enough for a 40-column status line): the window's markers name
// the keys that scroll there.
func (r *reading) unreadNote() string {
	switch {
	case r.above > 0 && r.below > 0:
		return fmt.Sprintf("read it all first: %d above, %d below", r.above, r.below)
	case r.above > 0:
		return "read it all first: " + count(r.above, "line", "lines") + " above"
	case r.below > 0:
		return "read it all first: " + count(r.below, "line", "lines") + " below"
	}
	return "read it all first" // not drawn since it was shown
}
