package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

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
	style := s.Dim
	switch {
	case m.status != "" && m.statusErr:
		text, style = display.Clean(m.status), s.Error
	case m.status != "":
		text = display.Clean(m.status)
	case m.hit != nil && m.hit.flagged:
		text, style = "you flagged this "+m.hit.kind.noun(), s.Status["flagged"]
	case m.hit != nil && m.hit.finished:
		text, style = "✓ this HIT is done; changes are saved as you key them", s.OK
	}
	lines := wrap(style.Render(text), m.width, " ")
	most := 1
	if m.height >= 16 {
		most = 2
	}
	if len(lines) > most {
		lines = lines[:most]
		lines[most-1] = fitWords(lines[most-1]+" …", m.width)
	}
	return lines
}

func (m *Model) renderEmpty() []string {
	s := m.styles
	if !m.allDone {
		return []string{s.Dim.Render(" loading…")}
	}
	nw, name := m.noWork.noWork, display.Clean(m.cfg.Dataset.Name)
	lines := []string{s.OK.Render(fmt.Sprintf(" No more HITs for you in %s: you finished %d. Thank you!", name, nw.Done))}
	if nw.HeldByOthers > 0 {
		lines = []string{
			s.OK.Render(fmt.Sprintf(" No HIT for you right now in %s (you finished %d).", name, nw.Done)),
			s.Dim.Render(fmt.Sprintf(" %s held by other annotators; it comes back to you if left idle for %v.",
				count(nw.HeldByOthers, "pane is", "panes are"), m.noWork.lease)),
		}
	}
	lines = append(lines, s.Dim.Render(fmt.Sprintf(" %s; %s for adjudication.",
		count(nw.Complete, "pane has all the annotators it needs", "panes have all the annotators they need"),
		count(nw.Adjudication, "unit waits", "units wait"))))
	return append(lines, "", s.Dim.Render(" l lists the panes to review or change a label · q quits"))
}

// renderPager shows the full guideline or the full help, scrolled.
func (m *Model) renderPager() []string {
	title, lines := m.pagerLines()
	top := min(m.pagerTop, max(0, len(lines)-m.pagerRows()))
	return append([]string{m.styles.Brand.Render(title)}, lines[top:]...)
}

// pagerLines is the whole text of the open pager, wrapped to the width.
func (m *Model) pagerLines() (title string, lines []string) {
	s := m.styles
	if m.overlay == overlayStats {
		return " Statistics · " + display.Clean(m.cfg.Dataset.Name) + " (claritty stats)", m.statsLines()
	}
	if m.overlay == overlayGuide {
		p := m.protocol()
		title = " Guideline · " + p.Title
		for _, l := range reflow(guidelines.Plain(p.Text())) {
			switch {
			case strings.HasPrefix(l, "#"):
				lines = append(lines, s.Title.Render(" "+strings.TrimLeft(l, "# ")))
			case l == "":
				lines = append(lines, "")
			case strings.HasPrefix(l, "- "):
				lines = append(lines, labelled(wrap(s.Text.Render(strings.TrimPrefix(l, "- ")), m.width-1, "   "), " • ")...)
			default:
				lines = append(lines, wrap(s.Text.Render(l), m.width-1, " ")...)
			}
		}
	} else {
		title = " Keys"
		groups, notes := m.helpContent()
		lines = m.helpColumns(groups, m.width-1)
		lines = append(lines, "")
		for _, n := range notes {
			lines = append(lines, wrap(s.Text.Render(n), m.width-1, " ")...)
		}
	}
	return title, lines
}

// pagerRows is how many pager lines fit under its title.
func (m *Model) pagerRows() int { return max(1, m.height-1-rowsBelow-1) }

func (m *Model) pagerMaxTop() int {
	_, lines := m.pagerLines()
	return max(0, len(lines)-m.pagerRows())
}

// reflow joins the hard-wrapped lines of each markdown paragraph or list
// item into one line, so the pager can wrap it to the terminal's width.
func reflow(md string) []string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimSpace(l)
		joinable := len(out) > 0 && out[len(out)-1] != "" && !strings.HasPrefix(out[len(out)-1], "#")
		switch {
		case t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "- ") || !joinable:
			out = append(out, t)
		default:
			out[len(out)-1] += " " + t
		}
	}
	return out
}

// count is "1 pane is" or "3 panes are".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
