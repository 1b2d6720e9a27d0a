package tui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
)

// The smallest terminal the screens are laid out for: below it the screen
// asks for a larger window and no key but quit does anything.
const (
	minWidth  = 40
	minHeight = 12
)

// rowsBelow are the status line and the key line under every screen (a
// long status takes one more).
const rowsBelow = 2

// tooSmall reports whether the terminal is below the smallest size.
func (m *Model) tooSmall() bool { return m.width < minWidth || m.height < minHeight }

// render lays out the whole screen as exactly height lines of at most width
// cells, so no resize leaves stray text behind.
func (m *Model) render() []string {
	last := m.lines // what the last frame showed, each line fitted already
	if m.linesWidth != m.width {
		last = nil
	}
	m.lines, m.linesWidth = nil, m.width
	if m.tooSmall() {
		return m.renderTooSmall()
	}
	status := m.statusLines()
	// The layout, handed down: the rows between the header and the status
	// to every screen, the columns the side pane leaves to the HIT.
	m.bodyRows = m.height - 1 - len(status) - 1
	m.hit.SetSize(m.mainWidth(), m.bodyRows)
	m.hit.covered = m.paneCovers()
	body, keys := m.screenBody()
	if m.hit.followReading() { // the note on what is left to read counts this frame
		status = m.statusLines()
	}
	middle := m.withPane(fitLines(body, max(0, m.bodyRows)))
	lines := append(append([]string{m.headerLine()}, middle...), status...)
	lines = append(lines, m.keyLine(keys, m.width))
	lines[0], m.headerCut = fitHeader(lines[0], m.width)
	lines, m.cuts = fitFrameAfter(lines, last, m.width, m.height)
	if m.headerCut {
		m.cuts++
	}
	m.lines = lines
	return lines
}

// fitHeader is the header as fitFrame leaves it, and whether it was cut.
func fitHeader(header string, width int) (string, bool) {
	if lipgloss.Width(header) > width {
		return ansi.Truncate(header, width, "…"), true
	}
	return header, false
}

// screenBody is the body and the key line of the pager or the screen on
// top.
func (m *Model) screenBody() ([]string, []key.Binding) {
	if m.pagerOpen() {
		keys := m.pagerKeys.shortHelp()
		if m.overlay == overlayStats && m.maxPan() > 0 {
			keys = append(keys[:1], append([]key.Binding{m.pagerKeys.Right, m.pagerKeys.Left}, keys[1:]...)...)
		}
		return m.renderPager(), keys
	}
	s := m.active()
	return s.Layout(), s.ShortHelp()
}

// fitFrame makes lines exactly height lines, none wider than width. The
// screens lay out their lines to fit already; cutting here is the last
// guard, so no frame can ever spill past the terminal.
// It reports how many lines it cut, for the tests that check none was.
func fitFrame(lines []string, width, height int) ([]string, int) {
	return fitFrameAfter(lines, nil, width, height)
}

// fitFrameAfter is fitFrame after a frame of last at the same width: a
// line that is the same as there fits (it was fitted then) and is not
// measured again. Most lines of a frame are the last frame's.
func fitFrameAfter(lines, last []string, width, height int) ([]string, int) {
	lines = fitLines(lines, height)
	cuts := 0
	for i, l := range lines {
		if i < len(last) && last[i] == l {
			continue
		}
		if lipgloss.Width(l) > width {
			lines[i] = ansi.Truncate(l, width, "…")
			cuts++
		}
	}
	return lines, cuts
}

// renderTooSmall asks for a larger window, in whatever room there is.
func (m *Model) renderTooSmall() []string {
	s := m.styles
	lines := []string{
		s.Title.Render("make the window larger"),
		s.Dim.Render(fmt.Sprintf("claritty needs %d×%d; this is %d×%d.", minWidth, minHeight, m.width, m.height)),
		s.Dim.Render("Keys do nothing until then; " + hintKey(m.hit.keys.Quit) + " quits."),
	}
	var out []string
	for _, l := range lines {
		out = append(out, wrap(l, m.width, "")...)
	}
	out, _ = fitFrame(out, m.width, m.height)
	return out
}

// fitKeys is the footer: as many whole bindings as fit in width, in the
// order given (most useful first), and "? more" (the help key among them)
// when some are left out. A binding is never cut.
func (m *Model) fitKeys(keys []key.Binding, width int) string {
	st := m.help.Styles
	sep := st.ShortSeparator.Render(" • ")
	more := st.ShortDesc.Render("…")
	for _, k := range keys {
		if k.Help().Desc == helpDesc {
			more = st.ShortKey.Render(k.Help().Key) + " " + st.ShortDesc.Render("more")
		}
	}
	var parts []string
	used := 1
	for i, k := range keys {
		if !k.Enabled() {
			continue
		}
		h := k.Help()
		part := st.ShortKey.Render(h.Key) + " " + st.ShortDesc.Render(h.Desc)
		w := lipgloss.Width(part)
		if len(parts) > 0 {
			w += lipgloss.Width(sep)
		}
		rest := 0
		if i < len(keys)-1 {
			rest = lipgloss.Width(sep) + lipgloss.Width(more) // room to say there is more
		}
		if used+w+rest > width {
			if used+lipgloss.Width(sep)+lipgloss.Width(more) <= width && len(parts) > 0 {
				parts = append(parts, more)
			}
			break
		}
		parts, used = append(parts, part), used+w
	}
	return " " + strings.Join(parts, sep)
}

// headerLine is the brand, dataset and annotator on the left and, on a
// HIT, which HIT it is, the annotator's own progress (done / assigned so
// far) and the time on this HIT, shortened until it fits.
func (m *Model) headerLine() string {
	s := &m.styles
	name := display.Clean(m.cfg.Dataset.Name)
	who := display.Clean(m.cfg.Annotator.Name)
	brand, dot := m.paint(&s.Brand, " claritty"), m.paint(&s.Dim, " · ")
	lefts := []string{
		brand + dot + m.paint(&s.Header, name) + dot + m.paint(&s.Header, who),
		brand + dot + m.paint(&s.Header, who),
		brand,
	}
	rights := []string{""}
	if h := m.hit.hit; h != nil {
		// The time on the HIT shows where the clock runs (cfg.Clock): a
		// time that never moved on would mislead.
		long, mid, short := "", "", ""
		if m.cfg.Clock > 0 {
			clock := clockText(m.cfg.Now().Sub(h.opened))
			long, mid, short = " · "+clock+" on it", " · "+clock, " · "+clock
		}
		done, mine := h.done, h.done+h.open
		rights = []string{
			fmt.Sprintf("HIT %d · %d done / %d yours%s", h.item.Seq, done, mine, long),
			fmt.Sprintf("HIT %d · %d/%d done%s", h.item.Seq, done, mine, mid),
			fmt.Sprintf("HIT %d%s", h.item.Seq, short),
		}
		if st := h.standing; h.practice {
			rights = []string{
				fmt.Sprintf("PRACTICE %d · round %d: %d of %d done%s", h.item.Seq, st.Round, st.InRound, st.Need, long),
				fmt.Sprintf("PRACTICE · %d/%d%s", st.InRound, st.Need, mid),
				"PRACTICE",
			}
		}
	}
	for _, r := range rights {
		for _, l := range lefts {
			right := m.paint(&s.Header, r)
			gap := m.width - lipgloss.Width(l) - lipgloss.Width(right) - 1
			if gap >= 2 {
				return l + strings.Repeat(" ", gap) + right
			}
		}
	}
	return lefts[len(lefts)-1]
}

// clockText is a duration as m:ss, or h:mm:ss past an hour.
func clockText(d time.Duration) string {
	d = max(0, d).Truncate(time.Second)
	h, mn, sec := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, mn, sec)
	}
	return fmt.Sprintf("%d:%02d", mn, sec)
}

// urlLines shows a URL whole, on lines of its own indented as the lines
// around it, broken only at the screen's edge, never at a word, so it can
// be read or copied from a terminal reached over SSH, where o cannot open
// a browser. Only where the indent would leave under 10 columns does it
// start from the first.
func urlLines(style lipgloss.Style, url, indent string, width int) []string {
	room := width - lipgloss.Width(indent)
	if room < 10 {
		indent, room = "", width
	}
	var out []string
	for _, l := range strings.Split(ansi.Hardwrap(url, max(1, room), false), "\n") {
		out = append(out, indent+style.Render(l))
	}
	return out
}

// labelled puts a label in the indent of a wrapped block's first line.
func labelled(lines []string, label string) []string {
	lines[0] = label + strings.TrimLeft(lines[0], " ")
	return lines
}

// fitLines pads or cuts lines to exactly n.
func fitLines(lines []string, n int) []string {
	if len(lines) > n {
		return lines[:n]
	}
	for len(lines) < n {
		lines = append(lines, "")
	}
	return lines
}

// wrap word-wraps text to width and indents every line.
func wrap(text string, width int, indent string) []string {
	w := max(10, width-lipgloss.Width(indent))
	var out []string
	for _, l := range strings.Split(ansi.Wrap(text, w, ""), "\n") {
		out = append(out, indent+l)
	}
	return out
}

// statusLines is the status: one line, or two for a long message on a
// terminal with rows to spare, shortened at a word where it must be.
func (m *Model) statusLines() []string {
	s := m.styles
	var text string
	style, which := s.Dim, 0 // which style, for the memo (the styles change only with the colours)
	switch {
	case m.status != "" && m.statusErr:
		text, style, which = display.Clean(m.status), s.Error, 1
	case m.status != "":
		text = display.Clean(m.status)
	case m.hit.hit != nil && m.hit.hit.flagged:
		text, style, which = "you flagged this "+m.hit.hit.kind.noun(), s.Status["flagged"], 2
	case m.hit.hit != nil && m.hit.hit.finished:
		text, style, which = "✓ this HIT is done; changes are saved as you key them", s.OK, 3
	}
	// Two lines for a long message where rows are to spare, on the HIT
	// screen only: it is laid out each frame, the other screens take their
	// rows at a resize (the queue reads a window of that many).
	most := 1
	if m.height >= 16 && m.screen == screenHIT && !m.pagerOpen() {
		most = 2
	}
	// The same status stays up for many frames.
	k := keptKey{what: "status", text: text, n: [5]int{m.width, most, which}}
	return slices.Clip(keep(m.session, k, func() []string {
		lines := wrap(style.Render(text), m.width, " ")
		if len(lines) > most {
			lines = lines[:most]
			lines[most-1] = display.FitWords(lines[most-1]+" …", m.width)
		}
		return lines
	}))
}
