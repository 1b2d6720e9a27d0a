package tui

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// A protocol file's passage fields (item.passage) are drawn below the
// step's content, each in a window of its own that its own keys scroll
// ([ and ], none a scale may take): the rest of the item scrolls with
// j and k above it, so a long passage never pushes the item, or the
// item the passage, off a small screen. A label weighs the passages its
// step shows: no key labels until each has been on screen whole, a
// window at a time (reading.seePassages).

// passageRows is how many lines of text a passage's window shows, in a
// HIT body of rows lines: a third, 2 to 12.
func passageRows(rows int) int { return min(12, max(2, rows/3)) }

// passageColumns are the passage fields step fs shows.
func (k *fileKind) passageColumns(fs guidelines.FileStep) []string {
	var out []string
	for _, c := range k.file.Item.Passage {
		if slices.Contains(fs.Show, c) {
			out = append(out, c)
		}
	}
	return out
}

// passages lays out step fs's passage windows, the row at index's for a
// step per row (the first row's otherwise): the lines on screen, each
// with the part of the passage it shows, and the passages' whole texts.
func (k *fileKind) passages(s Styles, keys hitKeys, fs guidelines.FileStep, unit string, index, width, rows int) (box textRows, texts []string) {
	cols := k.passageColumns(fs)
	if len(cols) == 0 || len(k.rows) == 0 {
		return box, nil
	}
	row := k.rows[0]
	if fs.Per == guidelines.PerRow && index < len(k.rows) {
		row = k.rows[index]
	}
	textOf := func(c string) string { return row.Cells[c] }
	if guidelines.NestedPer(fs.Per) { // a pair's joined field (segment.segment)
		textOf = func(c string) string { return k.pairText(unit, c) }
	}
	if k.passageTop == nil {
		k.passageTop, k.passageAt = map[string]int{}, map[string]int{}
	}
	resized := k.passageWidth != 0 && k.passageWidth != width
	k.passageWidth = width
	n := passageRows(rows)
	k.passageStep = n
	for _, c := range cols {
		text := textOf(c)
		texts = append(texts, text)
		all := sourced(text, s.Text.Render(text), width, "  ")
		if text == "" {
			all = textRows{lines: []string{s.Dim.Render("  (empty)")}}
		}
		w := passageWindow(unit, c)
		if at, ok := k.passageAt[w]; ok && resized {
			k.passageTop[w] = lineHolding(all, at)
		}
		top := min(max(0, k.passageTop[w]), max(0, len(all.lines)-n))
		k.passageTop[w] = top
		if sp := all.at(top); len(sp) > 0 {
			k.passageAt[w] = sp[0].from
		}
		end := min(len(all.lines), top+n)
		name := c
		if guidelines.NestedPer(fs.Per) { // a joined field by its own name: segment.segment is "segment"
			name = c[strings.LastIndexByte(c, '.')+1:]
		}
		head := fmt.Sprintf(" %s · lines %d–%d of %d", display.Field(name), top+1, end, len(all.lines))
		if len(all.lines) > n {
			head += fmt.Sprintf(" · %s %s scroll", hintKey(keys.PassageUp), hintKey(keys.PassageDown)) // the annotator's keys
		}
		box.lines = append(box.lines, s.Dim.Render(display.FitWords(head, width)))
		box.add(textRows{lines: all.lines[top:end], src: all.src[min(top, len(all.src)):min(end, len(all.src))]})
	}
	return box, texts
}

// passageWindow names a passage's window: each unit's own, so the next pair's
// segment (or the next row's passage) opens at its start, not where the
// last one was left.
func passageWindow(unit, col string) string { return unit + "\x00" + col }

// lineHolding is the line of rows that holds the text at byte at: the
// last whose first span begins there or before.
func lineHolding(rows textRows, at int) int {
	out := 0
	for i := range rows.lines {
		if sp := rows.at(i); len(sp) > 0 && sp[0].from <= at {
			out = i
		}
	}
	return out
}

// passageKey scrolls the step's passages a window at a time, so paging
// through one shows every line.
func (k *fileKind) passageKey(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	up, down := key.Matches(msg, m.keys.PassageUp), key.Matches(msg, m.keys.PassageDown)
	if !up && !down {
		return nil, false
	}
	fs, _ := k.file.StepOf(h.step().id)
	cols := k.passageColumns(fs)
	if len(cols) == 0 {
		m.setStatus("no passage on this step", false)
		return nil, true
	}
	d := max(1, k.passageStep)
	if up {
		d = -d
	}
	for _, c := range cols {
		w := passageWindow(h.step().unit, c)
		k.passageTop[w] = max(0, k.passageTop[w]+d) // the next frame holds it to the passage's end
	}
	return nil, true
}

// seePassages records the passage lines on screen as read, and which
// passages the frame's label weighs (see counts those not yet read whole).
func (r *reading) seePassages(box textRows, texts []string) {
	if r.texts == nil {
		r.texts = map[string]runs{}
	}
	for i := range box.lines {
		for _, s := range box.at(i) {
			r.texts[s.text] = r.texts[s.text].add(s.from, s.to)
		}
	}
	r.passages = texts
}

// unreadPassages counts the frame's passages not yet read whole.
func (r *reading) unreadPassages() int {
	n := 0
	for _, t := range r.passages {
		if !r.texts[t].covers(0, nonSpace(t)) {
			n++
		}
	}
	return n
}
