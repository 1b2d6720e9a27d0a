package tui

import "fmt"

// reading is what of a HIT's content has been on screen, for the one rule
// every kind's label keys follow: a label weighs all of its focus (the
// question, a turn, an answer, a row, a whole item with its topic), so no
// key labels until every line of the focus has been on screen at its step,
// all at once or a window at a time in any order; from then on a key
// labels wherever the window stands. A focus that fits is read as soon as
// it is shown.
type reading struct {
	// seen are the content lines shown so far, per step id and layout.
	// The steps of one id show the same content with another part in
	// focus (a list's elements, a group's rows, an answer's nuggets), so
	// what was read at one counts at the others; another layout (a new
	// width, a label that wrapped a line) has other lines and starts
	// afresh.
	seen map[string][]bool
	// whole are the steps whose focus has been read to its last line:
	// read once, it stays read at any size.
	whole map[int]bool
	// above and below count the shown step's focus lines never yet on
	// screen, over and under the window, for the note a key gets.
	above, below int
}

// see records a frame of step: its content laid out as n lines (layout
// names that layout), lines[shown[0]:shown[1]] on screen, what it labels
// in lines[focus[0]:focus[1]].
func (r *reading) see(step int, layout string, n int, focus, shown [2]int) {
	if r.seen == nil {
		r.seen, r.whole = map[string][]bool{}, map[int]bool{}
	}
	seen := r.seen[layout]
	if len(seen) != n {
		seen = make([]bool, n)
		r.seen[layout] = seen
	}
	for i := max(0, shown[0]); i < min(n, shown[1]); i++ {
		seen[i] = true
	}
	r.above, r.below = 0, 0
	if r.whole[step] {
		return
	}
	for i := max(0, focus[0]); i < min(n, focus[1]); i++ {
		switch {
		case seen[i]:
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
