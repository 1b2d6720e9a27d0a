package tui

import (
	"fmt"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// nuggetItem is one system's answer ready for the screen, with the gold
// nuggets of its intent, all cleaned for the terminal. Which system wrote
// the answer is not loaded at all, so no screen can give it away.
type nuggetItem struct {
	answer  string
	nuggets []nuggetView
}

type nuggetView struct {
	text   string
	weight string // as short as the number allows: 3, 0.25
}

// newNuggetState is the HIT of one answer: one step per gold nugget.
func newNuggetState(it store.Item, h store.HIT, in store.IntentOf) *hitState {
	s := &hitState{
		proto:    guidelines.Nuggets,
		item:     it,
		query:    display.Field(in.Query),
		labels:   h.Labels,
		reviewed: true, // nothing to review before the first nugget
		finished: h.Finished,
		flagged:  h.Flagged,
		nug:      &nuggetItem{answer: display.Field(it.Question)},
	}
	if s.labels == nil {
		s.labels = map[string]int{}
	}
	for _, n := range in.Nuggets {
		s.nug.nuggets = append(s.nug.nuggets, nuggetView{text: display.Field(n.Text),
			weight: strconv.FormatFloat(n.Weight, 'g', 4, 64)})
	}
	s.steps = stepsOf(guidelines.Nuggets, guidelines.Shape{Nuggets: len(in.Nuggets)})
	return s
}

// nuggetHITKeys are the HIT keys on a nuggets dataset: f p n (or 2 1 0)
// judge, e takes a note (n is none), j and k move between nuggets and the
// page keys scroll the answer.
func nuggetHITKeys() hitKeys {
	k := defaultHITKeys()
	k.Good = bind([]string{"f", "2"}, "f", "full")
	k.Fair = bind([]string{"p", "1"}, "p", "partial")
	k.Bad = bind([]string{"n", "0"}, "n", "none")
	k.Note = bind([]string{"e"}, "e", "note")
	k.Up = bind([]string{"up", "k"}, "k", "previous nugget")
	k.Down = bind([]string{"down", "j"}, "j", "next nugget")
	k.PageUp = bind([]string{"pgup", "ctrl+u"}, "pgup", "scroll answer up")
	k.PageDown = bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "scroll answer")
	return k
}

// hitKeysFor is the HIT screen's keys for a dataset's task kind.
func hitKeysFor(kind string) hitKeys {
	if kind == guidelines.Nuggets.Kind {
		return nuggetHITKeys()
	}
	return defaultHITKeys()
}

// nuggetScroll moves between nuggets (j, k) or scrolls the answer (pages).
func (m *Model) nuggetScroll(d int, page bool) tea.Cmd {
	h := m.hit
	if !page {
		next := h.cur + d
		if next < 0 || next >= len(h.steps) {
			m.setStatus(fmt.Sprintf("nugget %d of %d: there is no other that way", h.cur+1, len(h.steps)), false)
			return nil
		}
		return m.goTo(next)
	}
	_, rows := m.nuggetLayout(m.bodyHeight() - len(m.hitFoot()))
	h.scroll = min(max(0, h.scroll+d), max(0, len(m.answerText())-rows))
	return nil
}

// answerText is the answer wrapped to the screen.
func (m *Model) answerText() []string {
	if strings.TrimSpace(m.hit.nug.answer) == "" {
		return []string{m.styles.Dim.Render("   (the answer is empty)")}
	}
	return wrap(m.styles.Text.Render(m.hit.nug.answer), m.mainWidth(), "   ")
}

// nuggetList is every nugget on one line, the current one marked and
// wrapped whole (up to three lines), with the judgements given so far;
// at is the current nugget's first line.
func (m *Model) nuggetList() (lines []string, at int) {
	h, s := m.hit, m.styles
	w := m.mainWidth()
	for i, n := range h.nug.nuggets {
		unit := guidelines.NuggetUnit(i + 1)
		glyph := "○"
		v, judged := h.labels[unit]
		if judged {
			glyph = "✓"
		}
		head := fmt.Sprintf("%s %2d  w %-4s ", glyph, i+1, n.weight)
		tail := ""
		if judged {
			tail = "  · " + h.proto.LabelName(v)
		}
		if i != h.cur {
			text := ansi.Truncate(n.text, max(4, w-5-lipgloss.Width(head)-lipgloss.Width(tail)), "…")
			lines = append(lines, "   "+s.Text.Render(head+text)+s.Dim.Render(tail))
			continue
		}
		at = len(lines)
		body := wrap(n.text, w-3-lipgloss.Width(head), "")
		if len(body) > 3 {
			body, body[2] = body[:3], ansi.Truncate(body[2], w-3-lipgloss.Width(head)-1, "")+"…"
		}
		for j, b := range body {
			prefix := s.Cursor.Render(" ▸ ") + s.Title.Render(head)
			if j > 0 {
				prefix = "   " + strings.Repeat(" ", lipgloss.Width(head))
			}
			line := prefix + s.Title.Render(b)
			if j == len(body)-1 {
				line += s.Accent.Render(tail)
			}
			lines = append(lines, line)
		}
	}
	return lines, at
}

// nuggetLayout splits avail rows between the answer and the nuggets: the
// list takes at most half, windowed around the current nugget.
func (m *Model) nuggetLayout(avail int) (list []string, answerRows int) {
	all, at := m.nuggetList()
	most := max(3, avail/2-1)
	top := 0
	if len(all) > most {
		top = min(max(0, at-most/3), len(all)-most)
		all = all[top : top+most]
	}
	// title, answer heading, rule, blank and scale line take five rows.
	return all, max(2, avail-len(all)-5)
}

// nuggetContent is the judging step: the answer (scrollable), the nuggets
// with their weights, and the scale.
func (m *Model) nuggetContent(avail int) []string {
	h, s := m.hit, m.styles
	st := h.step()
	list, rows := m.nuggetLayout(avail)
	text := m.answerText()
	h.scroll = min(h.scroll, max(0, len(text)-rows))
	shown := text[h.scroll:min(len(text), h.scroll+rows)]
	where := ""
	if len(text) > rows {
		where = fmt.Sprintf("  lines %d–%d of %d · pgdn/pgup scroll", h.scroll+1, h.scroll+len(shown), len(text))
	}
	lines := []string{
		s.Title.Render(fmt.Sprintf(" Nugget %d of %d · %s", st.answer+1, len(h.steps), guidelines.NuggetSteps[0].Title)),
		s.Dim.Render(" answer" + where),
	}
	lines = append(append(lines, shown...), s.Dim.Render(" "+strings.Repeat("─", max(0, m.mainWidth()-2))))
	lines = append(lines, list...)
	return append(lines, "", m.scaleLine(st.unit))
}
