package tui

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// typing is a written answer (a protocol file's kind = "text" step) being
// typed: while it is open every key types or edits it, and no HIT key
// (label, undo, flag, quit) fires; enter saves it, esc leaves it unsaved.
type typing struct {
	draft []rune
	at    int // the cursor, in runes: it stands before draft[at]
}

// The keys of typing mode, for help.
var (
	writeKey = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "write"))
	saveKey  = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save"))
	leaveKey = key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave unsaved"))
	moveKey  = key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "move"))
)

// textStepKey handles a key on a written step when not typing: enter
// starts typing (the answer saved so far to edit), once what the step is
// about has been read; a scale's key says the step is written.
func (m *hitScreen) textStepKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	h := m.hit
	unit := h.step().unit
	switch {
	case key.Matches(msg, m.keys.Review):
		if !h.read.read(unit) {
			m.sayUnread()
			return nil, true
		}
		draft := []rune(h.answer(unit))
		h.typing = &typing{draft: draft, at: len(draft)}
		m.setStatus(fmt.Sprintf("typing your answer (at most %d characters): enter saves, esc leaves", h.proto.TextMax(unit)), false)
		return nil, true
	case len(msg.String()) == 1 && msg.String() != " " && !key.Matches(msg, m.keys.Next, m.keys.Back):
		if _, ok := digit(msg); ok {
			m.setStatus("this step is written: "+hintKey(m.keys.Review)+" to type your answer", false)
			return nil, true
		}
	}
	return nil, false
}

// answer is the annotator's written answer of unit, "" for none.
func (h *hitState) answer(unit string) string {
	if _, ok := h.labels[unit]; !ok {
		return ""
	}
	return h.texts[unit]
}

// typeKey is a key while typing.
func (m *hitScreen) typeKey(msg tea.KeyPressMsg) tea.Cmd {
	h := m.hit
	t := h.typing
	unit := h.step().unit
	switch msg.String() {
	case "esc":
		h.typing = nil
		m.setStatus("left without saving: the answer is as it was", false)
	case "enter":
		return m.saveAnswer(string(t.draft))
	case "backspace", "ctrl+h":
		if t.at > 0 {
			t.draft = slices.Delete(t.draft, t.at-1, t.at)
			t.at--
		}
	case "delete", "ctrl+d":
		if t.at < len(t.draft) {
			t.draft = slices.Delete(t.draft, t.at, t.at+1)
		}
	case "left", "ctrl+b":
		t.at = max(0, t.at-1)
	case "right", "ctrl+f":
		t.at = min(len(t.draft), t.at+1)
	case "home", "ctrl+a":
		t.at = 0
	case "end", "ctrl+e":
		t.at = len(t.draft)
	case "ctrl+u":
		t.draft, t.at = t.draft[t.at:], 0
	default:
		m.typeText(msg.Text, h.proto.TextMax(unit))
	}
	return nil
}

// typeText puts typed (or pasted) text at the cursor, refusing a control
// character (a tab, an escape sequence: an answer is one plain line) and
// whatever goes past max characters.
func (m *hitScreen) typeText(text string, max int) {
	t := m.hit.typing
	if text == "" {
		m.setStatus("an answer is one line of text: enter saves it, esc leaves", false)
		return
	}
	for _, r := range text {
		switch {
		case unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || r == unicode.ReplacementChar:
			m.setStatus(fmt.Sprintf("not typed: control character %U (an answer is one plain line)", r), true)
			return
		case display.IsDirectionControl(r):
			m.setStatus(fmt.Sprintf("not typed: direction control %U (it would turn the answer round on screen)", r), true)
			return
		case len(t.draft) >= max:
			m.setStatus(fmt.Sprintf("an answer has at most %d characters", max), true)
			return
		}
		t.draft = slices.Insert(t.draft, t.at, r)
		t.at++
	}
}

// saveAnswer keys the typed answer as the step's label, as a scale key
// keys a value: it commits, and the HIT moves on. An answer the store
// would refuse (empty, too long) stays open to edit.
func (m *hitScreen) saveAnswer(text string) tea.Cmd {
	h := m.hit
	unit := h.step().unit
	if _, had := h.labels[unit]; had && text == h.texts[unit] {
		h.typing = nil
		m.setStatus("answer unchanged", false)
		return nil
	}
	if err := guidelines.CheckAnswer(text, h.proto.TextMax(unit)); err != nil {
		m.setStatus("not saved: "+err.Error(), true)
		return nil
	}
	h.typing = nil
	return m.labelWith(0, text)
}

// answerRows is how many lines a written answer gets in a body of rows.
func answerRows(rows int) int { return max(1, min(4, (rows-3)/2)) }

// answerLines are a written step's choices: the answer being typed, with
// its cursor and the keys that save and leave, or the answer saved and
// how to edit it. A long answer shows the lines around the cursor (the
// arrows move through it all), or its start.
func (m *hitScreen) answerLines(h *hitState, unit string, width, rows int) []string {
	s := m.styles
	most := h.proto.TextMax(unit)
	n := answerRows(rows)
	w := width - 3 // the indent, and a cell for the cursor at a line's end
	if h.typing != nil {
		t := h.typing
		lines, at := wrapAnswer(t.draft, t.at, w)
		top := min(len(lines)-n, at)
		top = max(0, max(top, at-n+1))
		out := make([]string, 0, n+1)
		for i := top; i < min(len(lines), top+n); i++ {
			mark := "  "
			switch { // where more of the answer is, past the window
			case i == top && top > 0:
				mark = s.Dim.Render(" ↑")
			case i == top+n-1 && i < len(lines)-1:
				mark = s.Dim.Render(" ↓")
			}
			out = append(out, mark+" "+s.StepCurrent.Render(display.Clean(lines[i])))
		}
		return append(out, s.Dim.Render(fmt.Sprintf("   %d/%d · enter saves · esc leaves", len(t.draft), most)))
	}
	answer := h.answer(unit)
	if answer == "" {
		return []string{s.Dim.Render(fmt.Sprintf("   %s: write your answer (at most %d characters)", hintKey(m.keys.Review), most))}
	}
	lines, _ := wrapAnswer([]rune(answer), -1, w)
	out := make([]string, 0, n+1)
	for i := 0; i < min(len(lines), n); i++ {
		line := lines[i]
		if i == n-1 && len(lines) > n {
			line = display.FitWords(line+" …", w)
		}
		out = append(out, "   "+s.StepDone.Render(display.Clean(line)))
	}
	return append(out, s.Dim.Render("   "+hintKey(m.keys.Review)+": edit your answer"))
}

// wrapAnswer cuts an answer into lines of at most w cells, at a space
// where a line has one (a word longer than a line is cut), the cursor (at,
// -1 for none) shown as a bar, and says which line holds it.
func wrapAnswer(text []rune, at, w int) (lines []string, cursorLine int) {
	w = max(2, w)
	shown := slices.Clone(text)
	if at >= 0 {
		shown = slices.Insert(shown, at, '▏')
	}
	var line []rune
	width := 0
	for _, r := range shown {
		cw := lipgloss.Width(string(r))
		if width+cw > w && len(line) > 0 {
			cut := len(line)
			if i := lastSpace(line); i > 0 {
				cut = i + 1 // the space ends this line
			}
			lines = append(lines, string(line[:cut]))
			line = slices.Clone(line[cut:])
			width = lipgloss.Width(string(line))
		}
		line, width = append(line, r), width+cw
	}
	lines = append(lines, string(line))
	for i, l := range lines {
		if strings.ContainsRune(l, '▏') {
			cursorLine = i
		}
	}
	return lines, cursorLine
}

// lastSpace is the index of line's last space, -1 for none.
func lastSpace(line []rune) int {
	for i := len(line) - 1; i >= 0; i-- {
		if line[i] == ' ' {
			return i
		}
	}
	return -1
}

// typingAnswer says whether a written answer is being typed.
func (m *hitScreen) typingAnswer() bool { return m.hit != nil && m.hit.typing != nil }

// The adjudication screen's keys on a written unit: a digit picks that
// answer, w writes the adjudicator's own.
var (
	pickKey           = key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "pick that answer"))
	ownKey            = key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "write your own"))
	writtenDecideKeys = []key.Binding{pickKey, ownKey}
)

// curItem is the item of the unit on screen (0 for none).
func (a *adjScreen) curItem() int64 {
	if len(a.units) == 0 {
		return 0
	}
	return a.units[a.cur].Item.ID
}

// writtenKey is a key on a written unit in adjudication: 1-9 picks the
// answer listed under that number, w opens a prompt for the adjudicator's
// own; the other keys (next, reason, withdraw …) are as on any unit.
func (a *adjScreen) writtenKey(msg tea.KeyPressMsg) tea.Cmd {
	k := a.keys
	if n, ok := digit(msg); ok {
		if a.detail == nil || n < 1 || n > len(a.detail.labels) {
			a.setStatus(fmt.Sprintf("pick an answer by its number (1 to %d), or w writes your own", len(a.labelsOrNone())), false)
			return nil
		}
		return a.decideAnswer(a.detail.labels[n-1].Text)
	}
	switch {
	case key.Matches(msg, ownKey):
		a.writing, a.reasoning = true, true
		a.input.Reset()
		a.input.CharLimit = a.protocol().TextMax(a.unit())
		a.input.Placeholder = "your answer (enter saves, esc cancels)"
		return a.input.Focus()
	case key.Matches(msg, k.Withdraw):
		if d := a.units[a.cur]; d.Decided == nil {
			a.setStatus(fmt.Sprintf("nothing to withdraw: %s of %s %d has no decision", d.Unit, a.itemNoun(), d.Item.Seq), false)
			return nil
		}
		delete(a.answers, [2]any{a.units[a.cur].Item.ID, a.unit()})
		return a.decide(a.cur, nil, "")
	case key.Matches(msg, k.Reason):
		return a.openReason()
	case key.Matches(msg, k.Next):
		return a.moveAdj(a.cur + 1)
	case key.Matches(msg, k.Prev):
		return a.moveAdj(a.cur - 1)
	}
	return nil
}

func (a *adjScreen) labelsOrNone() []store.UnitLabelView {
	if a.detail == nil {
		return nil
	}
	return a.detail.labels
}

// decideAnswer makes text the written unit's decision.
func (a *adjScreen) decideAnswer(text string) tea.Cmd {
	if err := guidelines.CheckAnswer(text, a.protocol().TextMax(a.unit())); err != nil {
		a.setStatus("not decided: "+err.Error(), true)
		return nil
	}
	if a.answers == nil {
		a.answers = map[[2]any]string{}
	}
	a.answers[[2]any{a.units[a.cur].Item.ID, a.unit()}] = text
	return a.decide(a.cur, new(int), "")
}

// ownAnswerKey edits the adjudicator's own answer; enter decides it.
func (a *adjScreen) ownAnswerKey(msg tea.KeyPressMsg) tea.Cmd {
	return a.promptKey(msg, func(text string) tea.Cmd {
		a.writing, a.reasoning = false, false
		a.input.Blur()
		a.input.CharLimit = 0
		if text == "" {
			return nil
		}
		return a.decideAnswer(text)
	}, func() tea.Cmd {
		a.writing, a.reasoning = false, false
		a.input.CharLimit = 0
		return nil
	})
}

// writtenLabels are a written unit's answers, numbered for picking, each
// whole (wrapped), and whose.
func (a *adjScreen) writtenLabels(name func(string) string) []string {
	s := a.styles
	var lines []string
	for i, l := range a.detail.labels {
		head := fmt.Sprintf("%d %s: ", i+1, name(l.Annotator))
		lines = append(lines, wrap(s.Text.Render(head+display.Clean(l.Text)), a.width, "   ")...)
	}
	return lines
}
