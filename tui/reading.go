package tui

import (
	"fmt"
	"sort"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
)

// reading is what of a HIT's text has been on screen, for the one rule
// every kind's label keys follow: a label weighs all of its focus (the
// question, a turn, an answer, a row, a whole item with its topic), so no
// key labels until all of the focus has been on screen, all at once or a
// window at a time in any order, at any size; from then on a key labels
// wherever the window stands. A focus that fits is read as soon as it is
// shown.
type reading struct {
	// texts are the parts of the HIT's texts that have been on screen, by
	// place in the text (spans): the width a text is wrapped to moves its
	// line breaks, not what was read, so reading survives a resize; and
	// the steps that show the same text (a request asked about twice, a
	// list's elements, a dialogue's turns, an answer judged nugget by
	// nugget) share what was read of it.
	texts map[string]runs
	// seen are the lines that show none of the item's text (a row's
	// name, a blank, an image), by what they show, colours aside.
	seen map[string]bool
	// whole are the units whose step's focus has been read to its last
	// line: read once, it stays read.
	whole map[string]bool
	// above and below count the shown step's focus lines not yet read,
	// over and under the window, for the note a key gets.
	above, below int
	// passages are the texts of the passage windows the frame shows
	// (kind_passage.go), each to be read whole too; unread counts those
	// not yet.
	passages []string
	unread   int
}

// maxSeen bounds the lines kept by what they show (an image at many
// widths): past it they start afresh, but no focus read whole is unread.
const maxSeen = 1 << 16

// see records a frame of the step labelling unit: c.lines[shown[0]:shown[1]]
// on screen, what it labels in c.lines[focus[0]:focus[1]], and also the
// ranges that must be read with it (the topic the header shortened).
func (r *reading) see(unit string, c textRows, focus, shown [2]int, also ...[2]int) {
	if r.texts == nil {
		r.texts = map[string]runs{}
	}
	if r.seen == nil || len(r.seen) > maxSeen {
		r.seen = map[string]bool{}
	}
	if r.whole == nil {
		r.whole = map[string]bool{}
	}
	for i := max(0, shown[0]); i < min(len(c.lines), shown[1]); i++ {
		src := c.at(i)
		for _, s := range src {
			r.texts[s.text] = r.texts[s.text].add(s.from, s.to)
		}
		if len(src) == 0 {
			r.seen[ansi.Strip(c.lines[i])] = true
		}
	}
	r.above, r.below, r.unread = 0, 0, 0
	if r.whole[unit] {
		return
	}
	r.unread = r.unreadPassages()
	for _, f := range append([][2]int{focus}, also...) {
		for i := max(0, f[0]); i < min(len(c.lines), f[1]); i++ {
			switch {
			case r.readLine(c, i):
			case i < shown[0]:
				r.above++
			default:
				r.below++
			}
		}
	}
	r.whole[unit] = r.above+r.below+r.unread == 0
}

// readLine says whether all line i shows has been on screen: all of its
// texts, or, where it shows none, the line.
func (r *reading) readLine(c textRows, i int) bool {
	src := c.at(i)
	if len(src) == 0 {
		return r.seen[ansi.Strip(c.lines[i])]
	}
	for _, s := range src {
		if !r.texts[s.text].covers(s.from, s.to) {
			return false
		}
	}
	return true
}

// read says whether the focus of the step labelling unit has been on
// screen whole.
func (r *reading) read(unit string) bool { return r.whole[unit] }

// unreadNote says how much of the focus is still to be read, and where
// (short enough for a 40-column status line): the window's markers name
// the keys that scroll there.
func (r *reading) unreadNote() string {
	switch {
	case r.above > 0 && r.below > 0:
		return fmt.Sprintf("read it all first: %d above, %d below", r.above, r.below)
	case r.above > 0:
		return "read it all first: " + display.Count(r.above, "line", "lines") + " above"
	case r.below > 0:
		return "read it all first: " + display.Count(r.below, "line", "lines") + " below"
	case r.unread > 0:
		return "read it all first: the passage below"
	}
	return "read it all first" // not drawn since it was shown
}

// A span is the part of one of the item's texts a screen line shows: the
// text itself (as the data gives it, cleaned), and from and to, which of
// its non-space characters (runes) the line shows. Wrapping moves only
// spaces, so a span names the same words at every width.
type span struct {
	text     string
	from, to int
}

// textRows is lines of a step's content, each with the spans of text it
// shows: src[i] for lines[i], none for a line that shows none of the
// item's text (a row's name, a blank, an image) or past the end of src.
type textRows struct {
	lines []string
	src   [][]span
}

// at is line i's spans.
func (l textRows) at(i int) []span {
	if i < len(l.src) {
		return l.src[i]
	}
	return nil
}

// add puts more after l's lines, each line with its spans.
func (l *textRows) add(more textRows) {
	l.src = append(l.src, make([][]span, len(l.lines)-len(l.src))...)
	l.lines = append(l.lines, more.lines...)
	l.src = append(l.src, more.src...)
}

// labelled is l with label in front of its first line (labelled).
func (l textRows) labelled(label string) textRows {
	l.lines = labelled(l.lines, label)
	return l
}

// sourced is wrap of styled, which shows text first (in its colours,
// perhaps with more after it: the label given it), each line with the
// span of text it shows.
func sourced(text, styled string, width int, indent string) textRows {
	lines := wrap(styled, width, indent)
	n := nonSpace(text)
	l := textRows{lines: lines, src: make([][]span, len(lines))}
	at := 0
	for i, line := range lines {
		k := nonSpace(ansi.Strip(line))
		if at < n && k > 0 {
			l.src[i] = []span{{text: text, from: at, to: min(n, at+k)}}
		}
		at += k
	}
	return l
}

// nonSpace counts the runes of s that are not spaces.
func nonSpace(s string) int {
	n := 0
	for _, r := range s {
		if !unicode.IsSpace(r) {
			n++
		}
	}
	return n
}

// runs is a set of ranges [from, to) of a text's runes, in order, none
// touching another.
type runs [][2]int

// add is r with [from, to) in it: r itself where it has it already, as
// every frame's lines after the first have (no copy on the frame's path).
func (r runs) add(from, to int) runs {
	if r.covers(from, to) {
		return r
	}
	i := sort.Search(len(r), func(i int) bool { return r[i][1] >= from }) // the first it may join
	j := i
	for j < len(r) && r[j][0] <= to {
		from, to = min(from, r[j][0]), max(to, r[j][1])
		j++
	}
	out := append(r[:i:i], [2]int{from, to})
	return append(out, r[j:]...)
}

// covers says whether all of [from, to) is in r.
func (r runs) covers(from, to int) bool {
	if from >= to {
		return true
	}
	i := sort.Search(len(r), func(i int) bool { return r[i][1] > from })
	return i < len(r) && r[i][0] <= from && r[i][1] >= to
}

// keepReading carries into s what was read of old, the HIT the screen
// showed, where s is that HIT loaded again (saved in another window,
// picked from the queue): its text is the same, so is what was read of
// it; on the same step the window stays where it stood.
func (s *hitState) keepReading(old *hitState) {
	if old == nil || old.item.ID != s.item.ID {
		return
	}
	s.read = old.read
	if len(old.steps) == 0 || len(s.steps) == 0 {
		return
	}
	if a, b := old.step(), s.step(); a.id == b.id && a.unit == b.unit && a.answer == b.answer {
		s.scroll, s.place = old.scroll, old.place
		s.place.step = s.cur
	}
}
