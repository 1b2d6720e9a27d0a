package tui

import (
	"fmt"
	"slices"
	"unicode"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
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

// wrapAnswer cuts an answer into lines of at most w cells, the cursor
// (at, -1 for none) shown as a bar, and says which line holds it.
func wrapAnswer(text []rune, at, w int) (lines []string, cursorLine int) {
	w = max(2, w)
	var line []rune
	width := 0
	flush := func() {
		lines = append(lines, string(line))
		line, width = nil, 0
	}
	for i := 0; i <= len(text); i++ {
		if i == at {
			if width+1 > w {
				flush()
			}
			cursorLine = len(lines)
			line, width = append(line, '▏'), width+1
		}
		if i == len(text) {
			break
		}
		cw := lipgloss.Width(string(text[i]))
		if width+cw > w {
			flush()
		}
		line, width = append(line, text[i]), width+cw
	}
	flush()
	return lines, cursorLine
}

// typingAnswer says whether a written answer is being typed.
func (m *hitScreen) typingAnswer() bool { return m.hit != nil && m.hit.typing != nil }
