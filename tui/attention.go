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

// wholeItem is a kind whose HIT may end with an attention question
// (guidelines.Protocol.Attention): it lays out the item as a whole, as
// the HIT showed it, nothing in focus, for the question to be asked under.
type wholeItem interface {
	whole(m *hitScreen, h *hitState, width, rows int) textRows
}

// withAttention ends the HIT's steps with its kind's attention question
// when the store drew one for it (store.HIT.Attention) and the kind asks
// one: a question the kind no longer asks is not shown (the store lets
// its HIT finish without it).
func withAttention(s *hitState, h store.HIT) {
	if _, ok := s.kind.(wholeItem); h.Attention && s.proto.Attention != nil && ok {
		s.steps = append(s.steps, stepRef{id: attentionStep})
		s.attention.answer = h.AttentionAnswer
	}
}

// attentionHelp is the attention step's footer, in every kind: the count's
// keys first.
func attentionHelp(keys hitKeys) []key.Binding {
	return append(attentionKeys(keys.Review), keys.Back, keys.Undo, keys.Down, keys.Note, keys.Flag, keys.Guide, keys.Queue,
		keys.Pane, keys.Help, keys.Quit)
}

// attentionView is the attention step: the item as a whole, the question,
// and the answer being typed (or given).
func (m *hitScreen) attentionView(h *hitState, width, rows int) stepView {
	s := m.styles
	c := h.kind.(wholeItem).whole(m, h, width, rows) // withAttention asks only of such a kind
	ask := display.Field(h.proto.Attention.Ask)
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

// buildStep lays out the current step: the kind's, or the attention
// question, which every kind asks alike.
func (m *hitScreen) buildStep(h *hitState, width, rows int) stepView {
	if h.step().id == attentionStep {
		return m.attentionView(h, width, rows)
	}
	return h.kind.build(m, h, width, rows)
}

// whole is the item as its last step shows it, with nothing in focus.
func (k *fileKind) whole(m *hitScreen, h *hitState, width, _ int) textRows {
	last, _ := k.file.StepOf(h.steps[max(0, len(h.steps)-2)].id)
	last.Per = "" // the whole item, nothing in focus
	c, _ := k.lines(m.styles, last, -1, h.labels, m.cfg.Keys, width, k.header)
	return c
}

// whole is the pane as Step III shows it: the question and every
// candidate answer it shows, none marked.
func (k *paneKind) whole(m *hitScreen, h *hitState, width, _ int) textRows {
	s := m.styles
	c := sourced(h.question, s.Text.Render(h.question), width, "   ")
	c.lines = append(c.lines, "")
	for i, a := range k.answers {
		answer := fmt.Sprintf("%d. %s", i+1, a)
		c.add(sourced(answer, s.Text.Render(answer), width, "        ").labelled("     "))
	}
	return c
}

// whole is the dialogue as its whole-dialogue steps show it, every turn
// (without the blank line after the last: the question's comes next).
func (k *convKind) whole(m *hitScreen, h *hitState, width, rows int) textRows {
	c, _ := k.dialogueLines(m, h, width, rows)
	if n := len(c.lines); n > 0 && c.lines[n-1] == "" {
		c.lines = c.lines[:n-1]
		c.src = c.src[:min(len(c.src), n-1)]
	}
	return c
}
