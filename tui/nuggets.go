package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// nuggetKind is one system's answer judged against the gold nuggets of its
// intent (Clarify-Then-Search): one step per nugget, full, partial or
// none. Which system wrote the answer is not loaded at all, so no screen
// can give it away.
type nuggetKind struct {
	answer  string
	nuggets []nuggetView
}

type nuggetView struct {
	text string
	// weight is "w 3", "w 0.25" (as short as the number allows), or a
	// TREC RAG nugget's importance, "vital" or "okay", in six cells.
	weight string
}

// nuggetGrade is what the nugget list says of a nugget's standing: its
// importance where it has one, else its weight.
func nuggetGrade(n store.Nugget) string {
	if n.Importance != "" {
		return fmt.Sprintf("%-6s", n.Importance)
	}
	return fmt.Sprintf("w %-4s", strconv.FormatFloat(n.Weight, 'g', 4, 64))
}

// paneNouner is a kind whose items the side pane's progress line counts
// under another name than the HIT's.
type paneNouner interface{ paneNoun() string }

// paneNoun: the side pane counts a nuggets dataset's answers as items,
// as it always has.
func (*nuggetKind) paneNoun() string { return "items" }

// NuggetScreen is an answer's HIT screen: the answer beside each gold
// nugget of its intent.
func NuggetScreen() Screen {
	return Screen{blank: func() hitKind { return &nuggetKind{} }, load: loadNuggetAnswer}
}

func loadNuggetAnswer(ctx context.Context, st *store.Store, it store.Item, h store.HIT) (*hitState, error) {
	in, err := st.AnswerIntent(ctx, it.ID)
	if err != nil {
		return nil, err
	}
	k := &nuggetKind{answer: display.Field(it.Question)}
	for _, n := range in.Nuggets {
		k.nuggets = append(k.nuggets, nuggetView{text: display.Field(n.Text), weight: nuggetGrade(n)})
	}
	s := newHITState(guidelines.Nuggets, k, it, h, guidelines.Shape{Nuggets: len(in.Nuggets)})
	s.query = display.Field(in.Query)
	s.reviewed = true // nothing to review before the first nugget
	return s, nil
}

func (*nuggetKind) noun() string                                { return "answer" }
func (*nuggetKind) topic() string                               { return "query" }
func (*nuggetKind) context(*hitScreen, *hitState, int) textRows { return textRows{} }

// keys judge with 2 1 0 like every scale; j and k move between nuggets
// and the page keys scroll the answer.
func (*nuggetKind) keys() hitKeys {
	k := defaultHITKeys()
	k.Up = bind([]string{"up", "k"}, "k", "previous nugget")
	k.Down = bind([]string{"down", "j"}, "j", "next nugget")
	k.PageUp = bind([]string{"pgup", "ctrl+u"}, "pgup", "scroll answer up")
	k.PageDown = bind([]string{"pgdown", "ctrl+d", "space"}, "pgdn", "scroll answer")
	return k
}

func (*nuggetKind) shortHelp(k hitKeys, _ *hitState) []key.Binding {
	return append(nuggetLabels(), k.Down, k.Up, k.PageDown, k.Undo, k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit)
}

func (*nuggetKind) fullHelp(k hitKeys) [][]key.Binding {
	return [][]key.Binding{
		append(nuggetLabels(), k.Down, k.Up, k.Back, k.Undo),
		{k.Flag, k.Later, k.GiveBack, k.Note, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Quality, k.Flags},
		{k.PageUp, k.PageDown, k.GuideDown, k.GuideUp, k.Help, k.Quit},
	}
}

// key moves between nuggets with j and k; the page keys scroll the answer
// as any step's content scrolls, and o has nothing to open.
func (k *nuggetKind) key(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	keys := m.keys
	d := 0
	switch {
	case key.Matches(msg, keys.Open):
		return nil, true // nothing to open: the answer is all there is
	case key.Matches(msg, keys.Down):
		d = 1
	case key.Matches(msg, keys.Up):
		d = -1
	default:
		return nil, false
	}
	next := h.cur + d
	if next < 0 || next >= len(h.steps) {
		m.setStatus(fmt.Sprintf("nugget %d of %d: there is no other that way", h.cur+1, len(h.steps)), false)
		return nil, true
	}
	return m.goTo(next), true
}

// build is the answer (scrolling), the nuggets under it with the current
// one whole, and the scale.
func (k *nuggetKind) build(m *hitScreen, h *hitState, width, rows int) stepView {
	s := m.styles
	st := h.step()
	v := stepView{title: s.Title.Render(fmt.Sprintf(" Nugget %d of %d · %s", st.answer+1, len(h.steps), guidelines.NuggetSteps[0].Title)),
		short: s.Title.Render(fmt.Sprintf(" Nugget %d of %d · does the answer restore it?", st.answer+1, len(h.steps)))}
	v.pageOnly = true // j and k move between nuggets
	if lipgloss.Width(v.short) > width {
		v.short = s.Title.Render(fmt.Sprintf(" Nugget %d of %d", st.answer+1, len(h.steps)))
	}
	if strings.TrimSpace(k.answer) == "" {
		v.lines = []string{s.Dim.Render("   (the answer is empty)")}
	} else {
		v.textRows = sourced(k.answer, s.Text.Render(k.answer), width, "   ")
	}
	// Whether the answer restores a nugget weighs all of it: read once, it
	// is read for every nugget (the steps share it).
	v.focus = [2]int{0, len(v.lines)}
	list, at, n := k.nuggetList(m, h, width)
	most := max(n, min(len(list), (rows-2)/2))
	top := min(max(0, at-most/3), len(list)-most)
	top = max(top, at+n-most)
	v.fixed = list[top : top+most]
	if rows >= 10 {
		v.fixed = append([]string{s.Dim.Render(" " + strings.Repeat("─", max(0, width-2)))}, v.fixed...)
	}
	v.choices = []string{m.scaleLine(h, st.unit, width)}
	return v
}

// nuggetList is every nugget on one line, the current one marked and
// wrapped whole (up to three lines), with the judgements given so far;
// the current nugget takes lines[at:at+n].
func (k *nuggetKind) nuggetList(m *hitScreen, h *hitState, w int) (lines []string, at, n int) {
	s := m.styles
	for i, nv := range k.nuggets {
		unit := guidelines.NuggetUnit(i + 1)
		glyph := "○"
		v, judged := h.labels[unit]
		if judged {
			glyph = "✓"
		}
		head := fmt.Sprintf("%s %2d  %s ", glyph, i+1, nv.weight)
		tail := ""
		if judged {
			tail = "  · " + h.proto.NameOn(unit, v)
		}
		if i != h.cur {
			text := ansi.Truncate(nv.text, max(4, w-5-lipgloss.Width(head)-lipgloss.Width(tail)), "…")
			lines = append(lines, "   "+s.Text.Render(head+text)+s.Dim.Render(tail))
			continue
		}
		at = len(lines)
		body := wrap(nv.text, w-3-lipgloss.Width(head), "")
		if len(body) > 3 {
			body, body[2] = body[:3], ansi.Truncate(body[2], w-3-lipgloss.Width(head)-1, "")+"…"
		}
		n = len(body)
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
	return lines, at, n
}

// disputed shows an answer as its judges saw it, with the disputed
// nugget whole and marked among the others (the system stays hidden here
// too: an adjudicator judges the text).
func (*nuggetKind) disputed(a *adjScreen, d store.Disputed, det *adjDetail) (lines []string, focus [2]int) {
	s := a.styles
	lines = wrap(s.Text.Render(display.Field(d.Item.Question)), a.width, "   ")
	if det == nil || det.intent == nil {
		return append(lines, s.Dim.Render("   loading…")), focus
	}
	lines = append(lines, "")
	for i, n := range det.intent.Nuggets {
		head := fmt.Sprintf("%2d  %s ", i+1, nuggetGrade(n))
		if guidelines.NuggetUnit(i+1) == d.Unit {
			nugget := labelled(wrap(s.Title.Render(display.Field(n.Text)), a.width, "     "+strings.Repeat(" ", len(head))),
				s.Cursor.Render("   ▸ ")+s.Title.Render(head))
			focus = [2]int{len(lines), len(lines) + len(nugget)}
			lines = append(lines, nugget...)
			continue
		}
		lines = append(lines, display.FitWords(s.Dim.Render("     "+head+display.Field(n.Text)), a.width))
	}
	return lines, focus
}

// loadDisputed reads the answer's intent and its nuggets.
func (*nuggetKind) loadDisputed(ctx context.Context, st *store.Store, itemID int64, det *adjDetail) error {
	in, err := st.AnswerIntent(ctx, itemID)
	det.intent = &in
	return err
}

// nuggetLabels are the keys of the coverage scale: 2 full, 1 partial,
// 0 none.
func nuggetLabels() []key.Binding {
	return labelKeys(guidelines.Nuggets.ScaleOf(guidelines.Nuggets.Units(guidelines.Shape{Nuggets: 1})[0]), lowerName)
}
