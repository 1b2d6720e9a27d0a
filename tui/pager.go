package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// The pagers: the guideline (opened at the step on screen), the keys and
// the statistics, full screen and scrolled with the pager's keys.

// renderPager shows the full guideline or the full help, scrolled, a
// marker line saying what is hidden above or below and which keys show it.
func (m *Model) renderPager() []string {
	title, lines := m.pagerLines()
	out := []string{m.styles.Brand.Render(display.FitWords(title, m.width))}
	rows := m.pagerRows()
	if len(lines) <= rows {
		return append(out, lines...)
	}
	top := min(m.pagerTop, pagerMaxTop(len(lines), rows))
	room := rows
	k := m.pagerKeys
	if top > 0 {
		out = append(out, m.styles.Dim.Render(display.FitWords(fmt.Sprintf("   ↑ %d more (%s)", top, keyNames(k.Up, k.PageUp)), m.width)))
		room--
	}
	if top+room >= len(lines) {
		return append(out, lines[top:]...)
	}
	room-- // the marker below
	out = append(out, lines[top:top+room]...)
	return append(out, m.styles.Dim.Render(display.FitWords(fmt.Sprintf("   ↓ %d more (%s)", len(lines)-top-room, keyNames(k.Down, k.PageDown)), m.width)))
}

// pagerLines is the whole text of the open pager, wrapped to the width.
func (m *Model) pagerLines() (title string, lines []string) {
	s := m.styles
	if m.overlay == overlayStats {
		if note := m.panNote(); note != "" {
			return " Statistics · " + display.Clean(m.cfg.Dataset.Name) + note, m.statsLines()
		}
		return " Statistics · " + display.Clean(m.cfg.Dataset.Name) + " (claritty stats)", m.statsLines()
	}
	if m.overlay == overlayQuality {
		title = " Annotator quality · " + display.Clean(m.cfg.Dataset.Name) + " (claritty annotators --quality)"
		for _, l := range m.quality {
			lines = append(lines, labelled(wrap(l, m.width-1, "    "), " ")...)
		}
		return title, lines
	}
	if m.overlay == overlayGuide {
		p := m.protocol()
		// The keys as the HIT screen binds them; adjudication keys labels
		// by the scale's, so only the HIT's guideline says where they moved.
		labels := m.screen == screenHIT
		title = " Guideline · " + p.Title
		if labels {
			title += m.cfg.Keys.labelsNote()
		}
		if sum := m.cfg.Keys.Summary(); sum != "" {
			lines = append(wrap(s.Dim.Render(sum), m.width-1, " "), "")
		}
		text := m.cfg.Keys.ownGuide(p.Text(), m.kind().keys(), labels)
		for _, l := range reflow(guidelines.Plain(text)) {
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
func (m *Model) pagerRows() int { return max(1, m.bodyRows-1) }

// pagerMaxTop is the furthest the pager scrolls: its last line at the
// bottom.
func (m *Model) pagerMaxTop() int {
	_, lines := m.pagerLines()
	return pagerMaxTop(len(lines), m.pagerRows())
}

// pagerMaxTop is the top line that shows the last of n lines in rows, the
// marker above taking one of them.
func pagerMaxTop(n, rows int) int {
	if n <= rows {
		return 0
	}
	return n - max(1, rows-1)
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

func (m *Model) openPager(o overlay) {
	m.overlay, m.pagerTop, m.pagerLeft = o, 0, 0
}

// openGuide opens the guideline at the section of a step ("" opens it
// at its start).
func (m *Model) openGuide(stepID string) {
	m.openPager(overlayGuide)
	if stepID == "" {
		return
	}
	head, _, _ := strings.Cut(m.protocol().Section(stepID), "\n")
	head = strings.TrimSpace(guidelines.Plain(head))
	_, lines := m.pagerLines()
	for i, l := range lines {
		if head != "" && strings.TrimSpace(ansi.Strip(l)) == head {
			m.pagerTop = min(i, m.pagerMaxTop())
			return
		}
	}
}

// pagerOpen reports whether a full-screen pager (guideline, help,
// statistics) is open.
func (m *Model) pagerOpen() bool {
	return m.overlay == overlayGuide || m.overlay == overlayHelp || m.overlay == overlayStats || m.overlay == overlayQuality
}

// pagerKey scrolls the guideline or help; the keys that opened it close it.
func (m *Model) pagerKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.pagerKeys
	if key.Matches(msg, k.Close) {
		m.overlay = overlayNone
		return nil
	}
	if m.overlay == overlayStats {
		switch {
		case key.Matches(msg, k.Left):
			m.pagerLeft = max(0, m.pagerLeft-panStep)
			return nil
		case key.Matches(msg, k.Right):
			m.pagerLeft = min(m.pagerLeft+panStep, m.maxPan())
			return nil
		}
	}
	d := scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, m.pagerRows()-1)
	m.pagerTop = min(max(0, m.pagerTop+d), m.pagerMaxTop())
	return nil
}

// panStep is how many columns ←/→ pan the statistics' tables.
const panStep = 10

// tableWidth is the widest row of the statistics' tables.
func (m *Model) tableWidth() int {
	w := 0
	for _, l := range m.stats {
		if isTableRow(l) {
			w = max(w, ansi.StringWidth(l))
		}
	}
	return w
}

// maxPan is the furthest the tables pan: their widest line's end at the
// window's right edge.
func (m *Model) maxPan() int { return max(0, m.tableWidth()-(m.width-1)) }

// panNote is the title's word on panning, where the tables are wider
// than the window.
func (m *Model) panNote() string {
	if m.maxPan() == 0 {
		return ""
	}
	left := min(m.pagerLeft, m.maxPan())
	return fmt.Sprintf(" · ←/→ %d–%d/%d", left+1, left+m.width-1, m.tableWidth())
}
