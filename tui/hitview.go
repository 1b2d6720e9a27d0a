package tui

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// hitTop is what stays above the step on a HIT: the query (or topic), what
// the kind adds under it, the step indicator and, with room to spare, a
// blank line. The query gets fewer lines on a short terminal, so the step
// keeps its rows; rows is the room under the header.
func (m *hitScreen) hitTop(rows int) []string {
	h, w := m.hit, m.width
	most := 3
	switch {
	case m.height < 16:
		most = 1
	case m.height < 24:
		most = 2
	}
	var top []string
	m.spill = textRows{}
	if h.query != "" { // a request's kinds show it whole in the step instead
		// The topic's name takes 6 columns, up to 10 for a protocol
		// file's longer one (initial_r…), and its text wraps under it.
		name := h.kind.topic()
		lw := max(6, min(10, lipgloss.Width(name)))
		indent := strings.Repeat(" ", lw+2)
		label := m.paint(&m.styles.Dim, fmt.Sprintf(" %-*s ", lw, display.FitWords(name, lw)))
		// The same each frame of the HIT: kept, its lines clipped so what
		// is appended to them goes to a copy.
		whole := keep(m.session, keptKey{what: "query", text: h.query, text2: label, text3: indent, n: [5]int{w}}, func() textRows {
			l := sourced(h.query, m.styles.Title.Render(h.query), w, indent).labelled(label)
			return textRows{lines: slices.Clip(l.lines), src: slices.Clip(l.src)}
		})
		top = capLines(whole.lines, most, w)
		if len(whole.lines) > most {
			m.spill.add(whole)
		}
	}
	context := h.kind.context(m, h, w)
	top = append(top, capLines(context.lines, max(1, most-1), w)...)
	if len(context.lines) > max(1, most-1) {
		m.spill.add(context)
	}
	top = append(top, m.stepsLine(w))
	if rows-len(top) >= 18 {
		top = append(top, "")
	}
	return top
}

// capLines keeps the first n of lines, the last one ending in "…" when
// more were left out: only the query or the intent above the step is ever
// shortened there (a taller window shows it whole), and then the step's
// content begins with it whole (hitScreen.spill), above what is labelled,
// where k and pgup reach it.
func capLines(lines []string, n, width int) []string {
	if len(lines) <= n {
		return lines
	}
	lines = slices.Clone(lines[:n]) // the caller may keep the whole
	lines[n-1] = display.FitWords(lines[n-1]+" …", width)
	return lines
}

// renderHIT is the HIT's body in rows lines: the step's title, its content
// (scrolled so that what is being labelled shows), the kind's fixed lines,
// the label choices, the annotator's note, and the step's guidance or an
// open prompt in what is left.
func (m *hitScreen) renderHIT(rows int) []string {
	if m.covered {
		return nil // the pane takes the HIT's place; withPane draws it
	}
	h, w := m.hit, m.width
	// The suggestion's lines first: a kind sizes its own fixed lines (a
	// nugget list, a passage window) from the rows it is given.
	sug := m.suggestLines(w)
	v := m.stepContent(rows - len(sug))
	below := append(append([]string{}, v.fixed...), v.choices...)
	below = append(below, sug...)
	below = append(below, m.noteLines(w)...)
	// The content gets what it needs to show its focus, and two thirds of
	// the room if it has that much; the step's guidance gets the rest.
	avail := rows - 1 - len(below)
	focus := max(1, v.focus[1]-v.focus[0])
	foot := m.renderPrompt(w)
	if foot == nil {
		foot = m.guideStrip(h, w, avail-min(len(v.lines), max(focus+2, avail*2/3)))
	}
	content := max(1, rows-1-len(below)-len(foot))
	out := append([]string{m.titleLine(v, w)}, m.window(h, v, content)...)
	out = append(append(out, below...), foot...)
	return fitLines(out, rows)
}

// suggestLines show the run's label the annotator's arm shows them on
// the step ("suggested: 2 Good"), never whose it is, and, while the step
// is held after its first key (an after: arm), that a label key changes
// theirs and which keys go on.
func (m *hitScreen) suggestLines(w int) []string {
	h, s := m.hit, m.styles
	v, ok := h.suggestion(h.cur)
	if !ok {
		return nil
	}
	out := []string{display.FitWords(s.Accent.Render("   suggested: ")+s.Text.Render(m.nameValue(h, h.step().unit, v)), w)}
	if h.waitsToGoOn() { // held, or left held in an earlier session
		goOn := hintKey(m.keys.Next) + " / " + hintKey(m.keys.Review) + " goes on"
		hint := "   a label key changes yours · " + goOn
		if lipgloss.Width(hint) > w { // 40 columns: what goes on first, whole
			hint = "   " + goOn + " · a key changes it"
		}
		if lipgloss.Width(hint) > w { // keys of one's own too long for both
			hint = "   " + goOn
		}
		out = append(out, display.FitWords(s.Dim.Render(hint), w))
	}
	return out
}

// nameValue is a unit's label as the annotator keys and names it ("2
// Good"), as the kind shows its scale (a pair's A and B as this item
// shows them).
func (m *hitScreen) nameValue(h *hitState, unit string, v int) string {
	if n, ok := h.kind.(valueNamer); ok {
		return n.nameValue(m, unit, v)
	}
	return m.cfg.Keys.describe(h.proto, unit, v)
}

// valueNamer is a kind whose scale on screen is its own (not the
// protocol's): it names a value as its choices do.
type valueNamer interface {
	nameValue(m *hitScreen, unit string, v int) string
}

// titleLine is the step's title in w columns, shortened where it must
// be, and after it the label the step has where its content does not
// show it (stepView.given): the title gives way to the label, which is
// what an annotator back at the step came to see.
func (m *hitScreen) titleLine(v stepView, w int) string {
	given := ""
	if v.given != "" {
		given = m.styles.Dim.Render(" · " + v.given)
	}
	title := v.title
	if lipgloss.Width(title+given) > w {
		title = display.FitWords(v.short, max(1, w-lipgloss.Width(given)))
	}
	return display.FitWords(title+given, w)
}

// stepContent is the current step laid out for rows lines under the
// header (hitTop, which finds what it shortened, comes first): the
// kind's step, its content under the topic the header had to shorten.
func (m *hitScreen) stepContent(rows int) stepView {
	h := m.hit
	v := m.buildStep(h, m.width, rows)
	if n := len(m.spill.lines); n > 0 { // the topic the header had to shorten, whole, above the step's content
		var c textRows
		c.add(m.spill)
		c.add(v.textRows)
		v.textRows = c
		v.focus = [2]int{v.focus[0] + n, v.focus[1] + n}
		for i, a := range v.also {
			v.also[i] = [2]int{a[0] + n, a[1] + n}
		}
		v.floor = n
		// The label weighs the whole topic too (a turn's relevance to the
		// intent, a nugget to the query): what the header cut is read once
		// before any label counts, in every kind, though the window opens
		// at the step's own content.
		if !v.withTopic {
			v.also = append(v.also, [2]int{0, n})
		}
		if v.withTopic { // a step about the whole item opens at the topic's start
			v.focus[0], v.floor = 0, 0
		}
	}
	return v
}

// window shows the step's content in rows lines (scrolled), recording
// the scroll's bounds and what of the focus this frame puts on screen,
// for the keys. Laid out at another size, a scrolled window keeps its
// place in the text: the text it showed first shows first.
func (m *hitScreen) window(h *hitState, v stepView, rows int) []string {
	up, down := m.scrollHints(v.pageOnly)
	size := [2]int{m.width, rows}
	if p := h.place; h.scroll != 0 && p.step == h.cur && p.size != size && len(v.lines) > rows {
		if top, ok := p.find(v.textRows); ok {
			h.scroll = top - autoTop(len(v.lines), v.focus, rows, v.floor)
		}
	}
	w := m.scrolledFrom(v.lines, v.focus, rows, h.scroll, up, down, v.floor)
	h.scroll, h.scrollLo, h.scrollHi = w.scroll, w.lo, w.hi
	h.page = max(1, rows-2)
	if p := h.place; !p.holds(h.cur, v.textRows, w.shown) {
		h.place = placeOf(h.cur, size, v.textRows, w.shown)
	} else {
		h.place.size = size // unmoved: the place stays, not the line's start (no drift)
	}
	h.read.seePassages(v.passage, v.passages)
	h.read.see(h.step().unit, v.textRows, v.focus, w.shown, v.also...)
	return w.lines
}

// place is where a step's window stood in its text: the first line of
// text it showed (the line holding the nth place at.from of at.text
// in the content), that many lines under its top.
type place struct {
	step  int
	size  [2]int // the width and rows it was laid out at
	at    span
	nth   int
	under int
	ok    bool
}

// placeOf is where a window showing c.lines[shown[0]:shown[1]] stands.
func placeOf(step int, size [2]int, c textRows, shown [2]int) place {
	p := place{step: step, size: size}
	for i := max(0, shown[0]); i < min(len(c.lines), shown[1]); i++ {
		if src := c.at(i); len(src) > 0 {
			p.at, p.under, p.ok = src[0], i-shown[0], true
			p.nth = len(p.holders(c, i))
			return p
		}
	}
	return p
}

// holds says whether a window showing c.lines[shown[0]:shown[1]] of step
// still has p's place where it stood.
func (p place) holds(step int, c textRows, shown [2]int) bool {
	i := shown[0] + p.under
	return p.ok && p.step == step && i < shown[1] && slices.Contains(p.holders(c, i+1), i)
}

// find is the top line that puts p's text where it stood in c, laid out
// anew.
func (p place) find(c textRows) (int, bool) {
	lines := p.holders(c, len(c.lines))
	if !p.ok || len(lines) == 0 {
		return 0, false
	}
	return max(0, lines[min(p.nth, len(lines)-1)]-p.under), true
}

// holders are the lines of c before end that show p's place in its text.
func (p place) holders(c textRows, end int) []int {
	var out []int
	for i := range min(end, len(c.lines)) {
		for _, s := range c.at(i) {
			if s.text == p.at.text && s.from <= p.at.from && p.at.from < s.to {
				out = append(out, i)
				break
			}
		}
	}
	return out
}

// view is a window on some lines: what shows, and the scroll's bounds.
type view struct {
	lines          []string
	scroll, lo, hi int
	shown          [2]int // the lines[shown[0]:shown[1]] on screen
}

// scrolled shows rows lines of lines. Unscrolled, it starts where the
// focus (what a label is about) shows whole with as much as fits above
// it, or, longer than the room, from its start; scroll moves from there,
// clamped. A marker line replaces the first or the last line where lines
// are hidden above or below, naming the keys (up, down) that show them.
func (ss *session) scrolled(lines []string, focus [2]int, rows, scroll int, up, down string) view {
	return ss.scrolledFrom(lines, focus, rows, scroll, up, down, 0)
}

// scrolledFrom is scrolled whose unscrolled top is never above floor: the
// lines above it (a topic the header shortened) are for scrolling up to.
func (ss *session) scrolledFrom(lines []string, focus [2]int, rows, scroll int, up, down string, floor int) view {
	if len(lines) <= rows {
		return view{lines: lines, shown: [2]int{0, len(lines)}}
	}
	auto := autoTop(len(lines), focus, rows, floor)
	last := len(lines) - max(1, rows-1) // the top that shows the last line
	v := view{lo: -auto, hi: last - auto}
	v.scroll = min(max(scroll, v.lo), v.hi)
	top := auto + v.scroll
	// Lines hidden above are marked however the window came to stand
	// there: unscrolled too, with the focus starting under the marker,
	// so the number after a page key follows from the one before.
	if top > 0 && rows > 1 {
		v.lines = append(v.lines, ss.styles.Dim.Render(fmt.Sprintf("   ↑ %d more (%s)", top, up)))
	}
	room := rows - len(v.lines)
	switch below := top+room < len(lines); {
	case below && room > 1:
		room--
		v.lines = append(v.lines, lines[top:top+room]...)
		v.lines = append(v.lines, ss.styles.Dim.Render(fmt.Sprintf("   ↓ %d more (%s)", len(lines)-top-room, down)))
	case below && len(v.lines) == 1:
		// One row for text, lines hidden both ways: one marker says both.
		v.lines[0] = ss.styles.Dim.Render(fmt.Sprintf("   ↑ %d ↓ %d more (%s, %s)", top, len(lines)-top-room, up, down))
		v.lines = append(v.lines, lines[top:top+room]...)
	default:
		v.lines = append(v.lines, lines[top:min(len(lines), top+room)]...)
	}
	v.shown = [2]int{top, min(len(lines), top+room)}
	return v
}

// autoTop is the first of n lines a window of rows (fewer than n) shows
// unscrolled: where the focus shows whole with as much as fits above it,
// or, longer than the room, from its start; never above floor, nor so low
// that the window ends short.
func autoTop(n int, focus [2]int, rows, floor int) int {
	auto := max(floor, min(focus[0], focus[1]-max(1, rows-2)))
	return min(auto, n-max(1, rows-1))
}

// noteLines shows the annotator's saved note on the item, on one line.
func (m *hitScreen) noteLines(w int) []string {
	if m.hit.note == "" || m.prompt == overlayNote {
		return nil
	}
	s := m.styles
	return []string{display.FitWords(s.Accent.Render(" ✎ your note: ")+s.Text.Render(m.hit.note), w)}
}

// guideStrip is the current step's whole guidance (its guideline
// section) under a rule, in room rows: where it does not fit, a window
// that J and K scroll, with what is hidden marked. Nothing when there is
// no room for a line of it.
func (m *hitScreen) guideStrip(h *hitState, w, room int) []string {
	s := m.styles
	if room < 4 {
		return nil // the content needs the rows more; g has the guidance
	}
	lines := m.guidance(h.proto, h.step().id, w, true)
	rule := m.paint(&m.styles.Dim, strings.Repeat("─", max(0, w)))
	if len(lines) < room {
		if note := m.cfg.Keys.labelsNote(); note != "" { // the guideline's words may name a label's old key
			head := "─" + strings.TrimPrefix(note, " ·") + " "
			rule = s.Dim.Render(display.FitWords(head+strings.Repeat("─", max(0, w-lipgloss.Width(head))), w))
		}
		return append([]string{rule}, lines...)
	}
	rows := room - 1
	if rows < 3 {
		return []string{rule, s.Dim.Render(display.FitWords(" "+hintKey(m.keys.Guide)+" reads this step's guidance", w))}
	}
	h.guideTop = min(max(0, h.guideTop), len(lines)-(rows-1))
	top := h.guideTop
	// The window's rule and its last line are the same until J or K
	// scrolls it, the step changes or the room does; lines is the
	// guidance laid out at w, the same slice for as long as it is.
	window := keep(m.session, keptKey{what: "guide", of: &lines[0], n: [5]int{len(lines), w, rows, top}}, func() []string {
		k := m.keys
		head := fmt.Sprintf("─ guidance %d–%d of %d · %s/%s scroll · %s all%s ", top+1, top+rows-1, len(lines),
			hintKey(k.GuideDown), hintKey(k.GuideUp), hintKey(k.Guide), m.cfg.Keys.labelsNote())
		out := []string{s.Dim.Render(display.FitWords(head+strings.Repeat("─", max(0, w-lipgloss.Width(head))), w))}
		out = append(out, lines[top:top+rows-1]...)
		return append(out, s.Dim.Render(display.FitWords(fmt.Sprintf(" ↓ %s of guidance (%s)",
			display.Count(len(lines)-top-rows+1, "more line", "more lines"), hintKey(k.GuideDown)), w)))
	})
	return slices.Clip(window)
}

// guidance is a step's guideline section without its heading, wrapped to
// w: every point and every label's description whole, its actions' keys
// as the annotator's config binds them on the HIT screen (ownGuide); own
// names the labels' keys so too (adjudication keys the scale's).
//
// The lines are kept per step and width (new colours clear them): every
// frame of a HIT shows them, and laying them out is most of a frame's cost.
// A session's first HIT of each step takes them from those every session
// of the process shares (sharedGuides): the same text at the same width in
// the same colours lays out the same, and hundreds of sessions of a server
// would each lay out and keep their own copy. Callers must not change them.
func (ss *session) guidance(p guidelines.Protocol, stepID string, w int, own bool) []string {
	id := fmt.Sprintf("%s\x00%s\x00%d\x00%t", p.Kind, stepID, w, own)
	if lines, ok := ss.guides[id]; ok {
		return lines
	}
	if ss.guides == nil || len(ss.guides) > 64 {
		ss.guides = map[string][]string{}
	}
	section := ss.cfg.Keys.ownGuide(p.Section(stepID), ss.kind().keys(), own)
	// The dim style's look stands for the colours: the only style the
	// guidance is laid out in.
	lines := sharedGuides.get(guideKey{section: section, dim: ss.paint(&ss.styles.Dim, "·"), w: w}, func() []string {
		return layGuidance(ss.styles, section, w)
	})
	ss.guides[id] = lines
	return lines
}

// guideKey is all a step's guidance is laid out from.
type guideKey struct {
	section, dim string
	w            int
}

// sharedGuides is the guidance every session of the process has laid out,
// at most a few hundred steps and widths (then it starts again).
var sharedGuides = guideCache{m: map[guideKey][]string{}}

type guideCache struct {
	mu sync.Mutex
	m  map[guideKey][]string
}

func (c *guideCache) get(k guideKey, lay func() []string) []string {
	c.mu.Lock()
	lines, ok := c.m[k]
	c.mu.Unlock()
	if ok {
		return lines
	}
	lines = lay()
	c.mu.Lock()
	if len(c.m) >= 256 {
		c.m = map[guideKey][]string{}
	}
	c.m[k] = lines
	c.mu.Unlock()
	return lines
}

// layGuidance lays out a step's guideline section (its heading line
// first) to width w in the dim style.
func layGuidance(s Styles, section string, w int) []string {
	_, body, _ := strings.Cut(section, "\n")
	var lines []string
	for _, l := range reflow(guidelines.Plain(body)) {
		switch {
		case l == "" && (len(lines) == 0 || lines[len(lines)-1] == ""):
		case l == "":
			lines = append(lines, "")
		case strings.HasPrefix(l, "- "):
			lines = append(lines, labelled(wrap(s.Dim.Render(strings.TrimPrefix(l, "- ")), w, "   "), " • ")...)
		default:
			lines = append(lines, wrap(s.Dim.Render(l), w, " ")...)
		}
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// renderPrompt is the flag or note prompt, or nil.
func (m *hitScreen) renderPrompt(w int) []string {
	if m.prompt == overlayNone {
		return nil // most frames: the rule below is not styled for nothing
	}
	s := m.styles
	rule := m.paint(&m.styles.Dim, strings.Repeat("─", max(0, w)))
	switch {
	case m.prompt == overlayFlag && m.flagReason == "":
		return append([]string{rule, s.Title.Render(" Flag this " + m.hit.kind.noun() + ": why?")},
			wrap(s.Text.Render(flagReasonsLine()+" · esc cancel"), w, " ")...)
	case m.prompt == overlayFlag:
		return append(wrap(s.Title.Render("Flag as "+m.flagReason+": a note for the lead (optional)"), w, " "), " "+m.input.View())
	case m.prompt == overlayNote:
		return []string{rule, s.Title.Render(display.FitWords(" Note on this "+m.hit.kind.noun()+" (at "+m.hit.stepName(m.hit.cur)+")", w)), " " + m.input.View()}
	case m.prompt == overlayGiveBack:
		return append([]string{rule}, wrap(s.Title.Render(fmt.Sprintf("Give HIT %d back for others to do? y gives it back · any other key keeps it", m.hit.item.Seq)), w, " ")...)
	}
	return nil
}

// stepsLine is the step indicator: ✓ done, ● current, ○ to do. Where the
// names do not fit it shows the numerals alone, and where those do not,
// which step of how many.
func (m *hitScreen) stepsLine(w int) string {
	if line := m.steps(true); m.fits(line, w) {
		return line
	}
	if line := m.steps(false); m.fits(line, w) {
		return line
	}
	h := m.hit
	return m.styles.StepCurrent.Render(display.FitWords(fmt.Sprintf(" ● step %d of %d · %s", h.cur+1, len(h.steps), h.stepName(h.cur)), w))
}

// shortName is a step's name cut to its first three characters, as the
// step line shows it when the names do not fit: a protocol file's unit
// may be shorter (cq), and is never cut inside a character.
func shortName(name string) string {
	if r := []rune(name); len(r) > 3 {
		return string(r[:3])
	}
	return name
}

func (m *hitScreen) steps(named bool) string {
	h, s := m.hit, &m.styles
	var parts []string
	for _, g := range h.proto.StepTypes {
		name := g.Numeral
		switch {
		case name == "" && named:
			name = g.Short
		case name == "":
			name = shortName(g.Short)
		case named:
			name += " " + g.Short
		}
		var idx []int
		for i, st := range h.steps {
			if st.id == g.ID {
				idx = append(idx, i)
			}
		}
		if len(idx) == 0 {
			short := g.Numeral // a step with no numeral goes by its name
			if short == "" {
				short = name
			}
			parts = append(parts, m.paint(&s.StepTodo, "– "+short+" n/a"))
			continue
		}
		// A step asked per element or row counts them, even when the item
		// has one.
		if len(idx) > 1 || g.ID == "landing" || g.ID == "nugget" || slices.Contains(h.proto.AllUnits, g.ID+"_1") {
			done, total := h.repeatedCounts(g.ID)
			name += fmt.Sprintf(" %d/%d", done, total)
		}
		current, complete, waiting := false, true, true
		for _, i := range idx {
			current = current || i == h.cur
			complete = complete && h.complete(i)
			waiting = waiting && !h.applies(i)
		}
		switch {
		case waiting && !current:
			// A step that waits for a label (a facet for a yes): n/a once
			// that label says otherwise, to do until then.
			if h.ruledOut(idx[0]) {
				parts = append(parts, m.paint(&s.StepTodo, "– "+name+" n/a"))
			} else {
				parts = append(parts, m.paint(&s.StepTodo, "○ "+name))
			}
		case current:
			parts = append(parts, m.paint(&s.StepCurrent, "● "+name))
		case complete:
			parts = append(parts, m.paint(&s.StepDone, "✓ "+name))
		default:
			parts = append(parts, m.paint(&s.StepTodo, "○ "+name))
		}
	}
	return " " + strings.Join(parts, "   ")
}

// scaleLine shows the unit's scale with the label given highlighted.
func (m *hitScreen) scaleLine(h *hitState, unit string, w int) string {
	cur, has := h.labels[unit]
	scale := h.proto.ScaleOf(unit)
	if len(scale) == 0 {
		return m.labelsLine(scale, cur, has, w)
	}
	// A scale is made once with its protocol and never changed, so its
	// first label stands for it; the line changes with the label given.
	given, mono := 0, 0
	if has {
		given = 1
	}
	if m.mono() { // the label given in brackets rather than colour
		mono = 1
	}
	return keep(m.session, keptKey{what: "scale", of: &scale[0], n: [5]int{len(scale), cur, given, w, mono}}, func() string {
		return m.labelsLine(scale, cur, has, w)
	})
}

// fits reports whether a styled line is at most w cells wide, kept for
// the lines a frame measures every time (the step line).
func (ss *session) fits(line string, w int) bool {
	return keep(ss, keptKey{what: "width", text: line}, func() int { return lipgloss.Width(line) }) <= w
}

// renderEmpty says why there is no HIT, and the keys that work there.
func (m *hitScreen) renderEmpty() []string {
	s := m.styles
	if !m.allDone {
		return []string{"", s.Dim.Render(" loading…")}
	}
	nw, name := m.noWork.noWork, display.Clean(m.cfg.Dataset.Name)
	queue, quit := hintKey(m.keys.Queue), hintKey(m.keys.Quit)
	switch {
	case nw.Paused:
		return m.fitNoWork([]string{
			s.Error.Render(fmt.Sprintf("You are paused in %s: no new HITs until a lead resumes you.", name)),
			s.Dim.Render("Your gold-check answers fell below the share asked for."),
			s.Dim.Render("Everything you labelled is saved. Ask your lead to look at it with you."),
		}, queue+" lists your HITs", quit+" quits")
	case nw.NoPractice:
		return m.fitNoWork([]string{
			s.Error.Render(fmt.Sprintf("%s asks new annotators to qualify on practice HITs first,", name)),
			s.Dim.Render("and has none yet: ask your lead to import them (claritty import --practice) or to waive the qualification for you."),
		}, quit+" quits")
	}
	noun := m.kind().noun() // pane, conversation, request …
	lines := []string{s.OK.Render(fmt.Sprintf("No more HITs for you in %s: you finished %d. Thank you!", name, nw.Done))}
	if nw.HeldByOthers > 0 {
		lines = []string{
			s.OK.Render(fmt.Sprintf("No HIT for you right now in %s (you finished %d).", name, nw.Done)),
			s.Dim.Render(fmt.Sprintf("%s held by other annotators; it comes back to you if left idle for %v.",
				display.Count(nw.HeldByOthers, noun+" is", display.Plural(noun)+" are"), m.noWork.lease)),
		}
	}
	lines = append(lines, s.Dim.Render(doneCounts(nw, noun)))
	return m.fitNoWork(lines, queue+" lists the "+display.Plural(noun)+" to review or change a label", quit+" quits")
}

// doneCounts says what became of the dataset's items, in words that say
// what each number counts: the items that need nobody more, settled by
// their labels or with a unit the labels left tied, and the units waiting
// for adjudication (the tied ones not yet decided, and those a lead
// referred). It used to call the settled ones alone the items with all
// the annotators they need.
func doneCounts(nw store.NoWork, noun string) string {
	closed := display.Count(nw.Complete+nw.Tied, noun+" has all the annotators it needs", display.Plural(noun)+" have all the annotators they need")
	if nw.Tied > 0 {
		closed += fmt.Sprintf(": %d settled by their labels, %d with a tie", nw.Complete, nw.Tied)
	}
	return fmt.Sprintf("%s; %s for adjudication.", closed, display.Count(nw.Adjudication, "unit waits", "units wait"))
}

// fitNoWork lays out the lines of a screen without a HIT, each wrapped to
// the width (never cut at the edge), and under them the hints of the keys
// that work there, set off by blank lines. Short of rows the blank lines
// go first, then the last lines above the hints, so the hints always show.
func (m *hitScreen) fitNoWork(texts []string, hints ...string) []string {
	var body []string
	for _, t := range texts {
		body = append(body, wrap(t, m.width, " ")...)
	}
	var foot []string
	for _, l := range hintLines(hints, m.width-1) {
		foot = append(foot, " "+m.styles.Dim.Render(l))
	}
	switch room := m.height - len(foot); {
	case len(body)+2 <= room:
		return append(append(append([]string{""}, body...), ""), foot...)
	case len(body)+1 == room:
		return append(append(body, ""), foot...)
	case len(body) > room && room > 0:
		body = body[:room]
		body[room-1] = display.FitWords(body[room-1]+" …", m.width)
	case len(body) > room:
		body = nil
	}
	return append(body, foot...)
}

// hintLines lays out hints ("l lists your HITs", "q quits") in width,
// joined by " · " where they fit on a line: a hint is broken over two
// lines only where it is wider than one alone, so a key stays beside what
// it does.
func hintLines(hints []string, width int) []string {
	width = max(10, width)
	var lines []string
	cur := ""
	for _, h := range hints {
		switch {
		case cur == "":
			cur = h
		case lipgloss.Width(cur+" · "+h) <= width:
			cur += " · " + h
		default:
			lines, cur = append(lines, cur), h
		}
		if lipgloss.Width(cur) > width {
			parts := wrap(cur, width, "")
			lines, cur = append(lines, parts[:len(parts)-1]...), parts[len(parts)-1]
		}
	}
	return append(lines, cur)
}
