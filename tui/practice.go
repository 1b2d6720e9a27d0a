package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// feedback is what the HIT screen shows after a practice HIT: each unit's
// answer beside the annotator's label, the guideline line for the answer,
// and where they stand in the qualification.
type feedback struct {
	proto    guidelines.Protocol
	itemID   int64
	seq      int
	answers  []store.UnitAnswer
	standing store.Standing
}

// feedbackMsg brings a practice HIT's answers after its last label.
type feedbackMsg struct {
	fb  *feedback
	err error
}

// feedbackKeys are the keys of the feedback view.
var feedbackKeys = struct{ Retry, Next key.Binding }{
	Retry: bind([]string{"r"}, "r", "try it again"),
	Next:  bind([]string{"enter", "space"}, "enter", "next"), // Bubble Tea names the space bar "space"
}

// loadFeedback reads the answers of the practice HIT just finished (the
// worker runs it after the finishing label's write).
func (m *hitScreen) loadFeedback(h *hitState) tea.Cmd {
	m.loading = true
	st, ds, an := m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator.ID
	fb := &feedback{proto: h.proto, itemID: h.item.ID, seq: h.item.Seq}
	return m.work.do(func() tea.Msg {
		var err error
		fb.answers, fb.standing, err = st.PracticeFeedback(m.ctx, ds, fb.itemID, an)
		return feedbackMsg{fb: fb, err: err}
	})
}

func (m *hitScreen) feedbackLoaded(msg feedbackMsg) tea.Cmd {
	m.loading = false
	if msg.err != nil {
		m.setStatus(msg.err.Error(), true)
		return m.loadNext(0)
	}
	m.feedback, m.hit = msg.fb, nil
	m.pending = nil // keys typed past the last label are not answers to this view
	return nil
}

// feedbackKey takes r (the same item again, not counted) and enter (on).
func (m *hitScreen) feedbackKey(msg tea.KeyPressMsg) tea.Cmd {
	fb := m.feedback
	switch {
	case key.Matches(msg, m.keys.Quit):
		return ask(quitMsg{})
	case key.Matches(msg, m.keys.Help):
		return ask(openHelpMsg{})
	case key.Matches(msg, feedbackKeys.Retry):
		m.feedback, m.loading = nil, true
		st, an := m.cfg.Store, m.cfg.Annotator.ID
		return m.work.do(func() tea.Msg {
			if err := st.RetryPractice(m.ctx, fb.itemID, an); err != nil {
				return hitLoadedMsg{err: err}
			}
			h, err := loadHIT(m.ctx, st, m.kindScreen, m.cfg.Dataset.ID, fb.itemID, an)
			return hitLoadedMsg{hit: h, step: -1, err: err}
		})
	case key.Matches(msg, feedbackKeys.Next):
		m.feedback = nil
		return m.loadNext(0)
	}
	return nil
}

// renderFeedback lays out the feedback in the screen's rows: the verdict,
// one line per unit (and the guideline line for each missed one), where
// the annotator stands, and the keys; guideline lines go first when rows
// are short, then units, never the verdict, the standing or the keys.
func (m *hitScreen) renderFeedback() []string {
	fb, s, w := m.feedback, m.styles, m.width
	matched := 0
	for _, a := range fb.answers {
		if a.Matched() {
			matched++
		}
	}
	head := []string{"", display.FitWords(s.Title.Render(fmt.Sprintf(" Practice %d: %d of %s %s",
		fb.seq, matched, display.Count(len(fb.answers), "answer", "answers"), display.Noun(matched, "matches", "match"))), w)}
	var units, guides [][]string
	for _, a := range fb.answers {
		mark, style := "✓", s.OK
		if !a.Matched() {
			mark, style = "✗", s.Error
		}
		you := "no label"
		if a.Given != nil {
			you = m.cfg.Keys.describe(fb.proto, a.Unit, *a.Given)
		}
		answer := m.cfg.Keys.describe(fb.proto, a.Unit, a.Expected)
		line := fmt.Sprintf(" %s %-10s you %-10s answer %s", mark, unitName(fb.proto, a.Unit), you, answer)
		if w < 56 { // a narrow window: the answer must not be cut
			line = fmt.Sprintf(" %s %s %s, answer %s", mark, unitName(fb.proto, a.Unit), you, answer)
		}
		units = append(units, []string{display.FitWords(style.Render(line), w)})
		var g []string
		if !a.Matched() {
			guide := m.cfg.Keys.ownLeading(fb.proto.LabelGuide(a.Unit, a.Expected), fb.proto.KeyOf(a.Unit, a.Expected))
			g = wrap(s.Dim.Render(guide), w, "     ")
		}
		guides = append(guides, g)
	}
	gap := []string{""}
	if m.height < 16 {
		// A small window keeps its rows for the answers.
		head, gap = head[1:], nil
	}
	tail := append(gap, wrap(standingText(s, fb.standing), w, " ")...)
	tail = append(append(tail, gap...), display.FitWords(s.Dim.Render(" r try this one again (it will not count) · enter next"), w))
	room := m.height - len(head) - len(tail)
	body := fitFeedback(units, guides, room)
	return append(append(head, body...), tail...)
}

// fitFeedback keeps every unit line and as many guideline lines as fit
// in room, cutting unit lines last (with a line saying how many).
func fitFeedback(units, guides [][]string, room int) []string {
	n := len(units)
	for _, g := range guides {
		n += len(g)
	}
	var out []string
	if n <= room {
		for i := range units {
			out = append(append(out, units[i]...), guides[i]...)
		}
		return out
	}
	for i := range units {
		if len(out) == room-1 && i < len(units)-1 {
			return append(out, fmt.Sprintf("   … %d more", len(units)-i))
		}
		if len(out) < room {
			out = append(out, units[i]...)
		}
	}
	return out
}

// unitName is a unit as the steps call it (question, answers, landing 1).
func unitName(p guidelines.Protocol, unit string) string {
	for _, st := range p.StepTypes {
		if st.ID == unit {
			return st.Short
		}
	}
	if n := landingNumber(unit); n > 0 {
		return fmt.Sprintf("landing %d", n)
	}
	return unit
}

func landingNumber(unit string) int {
	var n int
	if _, err := fmt.Sscanf(unit, "landing_%d", &n); err != nil {
		return 0
	}
	return n
}

// standingText says where a practising annotator stands after a HIT.
func standingText(s Styles, st store.Standing) string {
	switch {
	case st.Qualified != "":
		return s.OK.Render(fmt.Sprintf("Qualified: %.0f%% of units matched in round %d (pass %.0f%%). Real work opens with the next HIT.",
			100*st.LastRound, st.Round-1, 100*st.Pass))
	case st.InRound == 0 && st.LastRound >= 0:
		return s.Error.Render(fmt.Sprintf("Round %d: %.0f%% of units matched, below the %.0f%% needed. A new round of %s begins.",
			st.Round-1, 100*st.LastRound, 100*st.Pass, display.Count(st.Need, "practice HIT", "practice HITs")))
	}
	pct := 0.0
	if st.Units > 0 {
		pct = 100 * float64(st.Matched) / float64(st.Units)
	}
	return fmt.Sprintf("Practice round %d: %d of %s done, %.0f%% of units matched so far; real work opens at %.0f%% over %d.",
		st.Round, st.InRound, display.Count(st.Need, "HIT", "HITs"), pct, 100*st.Pass, st.Need)
}
