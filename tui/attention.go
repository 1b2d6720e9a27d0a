package tui

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// attentionStep is the step of a HIT that ends with its kind's attention
// question (a protocol file's [attention]): the annotator types a count and
// presses enter, and the answer finishes the HIT (store.AnswerAttention).
const attentionStep = "attention"

// maxTyped is the digits an answer takes (store.MaxAttentionAnswer).
const maxTyped = 3

// attentionKey types the answer's digits, takes one back (backspace) or
// gives the answer (enter); other keys are the screen's as on any step.
// Digits here are the count's, never a scale's keys.
func attentionKey(m *hitScreen, h *hitState, msg tea.KeyPressMsg) (tea.Cmd, bool) {
	a := &h.attention
	if d, ok := digit(msg); ok {
		switch {
		case a.answer != nil:
			m.setStatus("answered already: the answer stays as given", false)
		case len(a.typed) < maxTyped:
			a.typed += strconv.Itoa(d)
		}
		return nil, true
	}
	switch {
	case msg.String() == "backspace" && a.answer == nil && a.typed != "":
		// With nothing typed, backspace goes back a step, as everywhere.
		a.typed = a.typed[:len(a.typed)-1]
		return nil, true
	case key.Matches(msg, m.keys.Review):
		return m.answerAttention(), true
	}
	return nil, false
}

// attentionKeys are the attention step's own keys, for its help line:
// the digits (a count's, never a scale's, so no label moved elsewhere
// takes one) and the review key, which gives the answer.
func attentionKeys(review key.Binding) []key.Binding {
	return []key.Binding{bind([]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}, "0-9", "count"),
		bind(review.Keys(), review.Help().Key, "answer")}
}

// answerAttention gives the typed answer: it finishes the HIT and moves on
// to the next, as a last label does.
func (m *hitScreen) answerAttention() tea.Cmd {
	h := m.hit
	switch open := h.firstOpen(); {
	case h.attention.answer != nil:
		m.setStatus("answered already", false)
		return nil
	case open >= 0 && h.steps[open].id != attentionStep:
		m.setStatus("label every step first: this one is still open", false)
		return m.goTo(open)
	case h.attention.typed == "":
		m.setStatus("type the number with the digit keys, then "+hintKey(m.keys.Review), false)
		return nil
	}
	n, _ := strconv.Atoi(h.attention.typed) // digits only, at most three
	h.attention.answer = &n
	a := store.AttentionAnswer{ItemID: h.item.ID, AnnotatorID: m.cfg.Annotator.ID, Answer: n,
		Move: store.StepMove{Leave: attentionStep}, Rev: h.rev}
	st := m.cfg.Store
	save := m.work.do(func() tea.Msg {
		return savedMsg{what: attentionStep, finished: true, err: st.AnswerAttention(m.ctx, a)}
	})
	m.setStatus(fmt.Sprintf("HIT %d done.", h.item.Seq), false)
	return tea.Sequence(save, m.loadNext(h.item.Seq+1))
}

// attentionView is the attention step: the item as a whole, the question,
// and the answer being typed (or given).
func (k *fileKind) attentionView(m *hitScreen, h *hitState, width int) stepView {
	s := m.styles
	last, _ := k.file.StepOf(h.steps[max(0, len(h.steps)-2)].id)
	last.Per = "" // the whole item, nothing in focus
	c, _ := k.lines(s, last, -1, h.labels, m.cfg.Keys, width, k.header)
	ask := display.Field(k.file.Attention.Ask)
	question := sourced(ask, s.Title.Render(ask), width, " ")
	c.lines = append(c.lines, "")
	c.add(question)
	answer := s.Choice.Render(" " + h.attention.typed + "▏")
	hint := s.Dim.Render("  type the count, " + hintKey(m.keys.Review))
	if h.attention.answer != nil {
		answer, hint = s.Chosen.Render(fmt.Sprintf(" %d ", *h.attention.answer)), s.Dim.Render("  answered")
	}
	return stepView{title: s.Title.Render(" Attention check"), short: s.Title.Render(" Attention"),
		textRows: c, focus: [2]int{len(c.lines) - len(question.lines), len(c.lines)},
		choices: []string{display.FitWords("   answer:"+answer+hint, width)}}
}
