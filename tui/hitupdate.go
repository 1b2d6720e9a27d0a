package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/store"
)

// hitKey handles a key on the HIT screen (or the all-done screen).
func (m *Model) hitKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.hitKeys
	switch {
	case key.Matches(msg, k.Quit):
		return m.quit()
	case key.Matches(msg, k.Help):
		m.openPager(overlayHelp)
		return nil
	case key.Matches(msg, k.Guide):
		m.openPager(overlayGuide)
		return nil
	case key.Matches(msg, k.Queue):
		return m.openQueue()
	case key.Matches(msg, k.Undo):
		return m.undoLast()
	case key.Matches(msg, k.Pane):
		return m.togglePane()
	case key.Matches(msg, k.Adjudicate):
		return m.openAdjudication()
	case key.Matches(msg, k.Stats):
		return m.openStats()
	case key.Matches(msg, k.Flags):
		return m.openFlags()
	}
	if m.hit == nil {
		return nil
	}
	if m.paneCovers() {
		// The annotator cannot see the step: no key may label it.
		m.setStatus("the agreement pane covers the HIT: tab shows the HIT again", false)
		return nil
	}
	if v, ok := digit(msg); ok && m.hit.conv != nil {
		if !m.hit.proto.Valid(v) {
			m.setStatus("ratings run from 1 (poor) to 5 (excellent)", false)
			return nil
		}
		return m.label(v)
	}
	switch {
	case key.Matches(msg, k.Review):
		return m.review()
	case key.Matches(msg, k.Open) && m.hit.conv != nil:
		return m.openImage()
	case key.Matches(msg, k.Open) && m.hit.nug != nil:
		return nil // nothing to open: the answer is all there is
	case key.Matches(msg, k.Good):
		return m.label(2)
	case key.Matches(msg, k.Fair):
		return m.label(1)
	case key.Matches(msg, k.Bad):
		return m.label(0)
	case key.Matches(msg, k.Next):
		if !m.hit.complete(m.hit.cur) || m.hit.cur == len(m.hit.steps)-1 {
			return nil
		}
		return m.goTo(m.hit.cur + 1)
	case key.Matches(msg, k.Back):
		if m.hit.cur == 0 {
			m.setStatus("this is the first step", false)
			return nil
		}
		return m.goTo(m.hit.cur - 1)
	case key.Matches(msg, k.Open):
		return m.open(m.hit.openURL(m.cfg.SERPURL))
	case key.Matches(msg, k.Flag):
		m.overlay, m.flagReason = overlayFlag, ""
		return nil
	case key.Matches(msg, k.Note):
		m.overlay = overlayNote
		m.input.Reset()
		m.input.Placeholder = "note on this pane (enter saves, esc cancels)"
		return m.input.Focus()
	}
	return m.scroll(msg)
}

// digit is the number a single-digit key stands for.
func digit(msg tea.KeyPressMsg) (int, bool) {
	s := msg.String()
	if len(s) != 1 || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	return int(s[0] - '0'), true
}

// goTo shows step i, recording the time spent on the step it leaves.
func (m *Model) goTo(i int) tea.Cmd {
	h := m.hit
	st, item, an, move := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, m.moveTo(i)
	return m.work.do(func() tea.Msg {
		return savedMsg{what: "step", err: st.MoveStep(m.ctx, item, an, move)}
	})
}

// moveTo shows step i and returns the move, for the caller to record
// (with the label or review that brings it, in one write).
func (m *Model) moveTo(i int) store.StepMove {
	h := m.hit
	move := store.StepMove{Leave: h.stepName(h.cur), Enter: h.stepName(i)}
	h.cur, h.entered = i, m.cfg.Now()
	if h.nug == nil {
		h.scroll = 0 // an answer stays where it was read; a step's own text starts at its top
	}
	if h.conv != nil {
		h.conv.opened = 0
	}
	m.setStatus("", false)
	return move
}

// review marks Step I done (enter), or moves on from a step already done.
func (m *Model) review() tea.Cmd {
	h := m.hit
	if h.step().id != "serp" {
		if h.complete(h.cur) && h.cur < len(h.steps)-1 {
			return m.goTo(h.cur + 1)
		}
		return nil
	}
	if h.reviewed {
		return m.goTo(h.cur + 1)
	}
	h.reviewed = true
	st, item, an, move := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, m.moveTo(h.cur+1)
	return m.work.do(func() tea.Msg {
		return savedMsg{what: "reviewed", err: st.MarkSERPReviewed(m.ctx, item, an, move)}
	})
}

// label keys value for the current step, commits it in its own transaction,
// and moves on: to the next step, or, after the last one, to the next HIT.
func (m *Model) label(value int) tea.Cmd {
	h := m.hit
	st := h.step()
	if st.unit == "" {
		m.setStatus("press enter once you have reviewed the results", false)
		return nil
	}
	old, had := h.labels[st.unit]
	h.labels[st.unit] = value
	last := h.cur == len(h.steps)-1
	finish := last && h.firstOpen() < 0
	entry := undoEntry{itemID: h.item.ID, unit: st.unit}
	if had {
		entry.old = &old
	}
	m.undo = append(m.undo, entry)
	ch := store.LabelChange{ItemID: h.item.ID, AnnotatorID: m.cfg.Annotator.ID,
		Unit: st.unit, Value: &value, Seconds: m.cfg.Now().Sub(h.entered).Seconds(), Finish: finish}
	// The step it moves to is recorded with the label, in its transaction.
	switch {
	case finish:
		ch.Move.Leave = h.stepName(h.cur)
		m.setStatus(fmt.Sprintf("HIT %d done.", h.item.Seq), false)
		return tea.Sequence(m.saveLabel(ch), m.loadNext(h.item.Seq+1))
	case last:
		ch.Move = m.moveTo(h.firstOpen())
	default:
		ch.Move = m.moveTo(h.cur + 1)
	}
	return m.saveLabel(ch)
}

// saveLabel queues one label's write, as the annotator on screen, keyed by
// whoever really acts (a lead behind --as).
func (m *Model) saveLabel(ch store.LabelChange) tea.Cmd {
	ch.ActorID = m.cfg.Annotator.ActorID()
	st := m.cfg.Store
	return m.work.do(func() tea.Msg {
		_, err := st.SetLabel(m.ctx, ch)
		return savedMsg{what: ch.Unit, finished: ch.Finish, err: err}
	})
}

// undoLast puts back what the last keyed label replaced, on whichever HIT it
// was, and shows that step again.
func (m *Model) undoLast() tea.Cmd {
	if len(m.undo) == 0 {
		m.setStatus("nothing to undo in this session", false)
		return nil
	}
	e := m.undo[len(m.undo)-1]
	m.undo = m.undo[:len(m.undo)-1]
	save := m.saveLabel(store.LabelChange{ItemID: e.itemID, AnnotatorID: m.cfg.Annotator.ID,
		Unit: e.unit, Value: e.old, Source: "undo"})
	m.setStatus("undid "+e.unit, false)
	if m.hit != nil && m.hit.item.ID == e.itemID {
		h := m.hit
		if e.old == nil {
			delete(h.labels, e.unit)
			h.finished = false
		} else {
			h.labels[e.unit] = *e.old
		}
		return tea.Sequence(save, m.goTo(h.unitStep(e.unit)))
	}
	var leave tea.Cmd
	if m.hit != nil {
		leave = m.stepEvent(m.hit, m.hit.cur, "leave")
	}
	return tea.Sequence(leave, save, m.loadItemAtUnit(e.itemID, e.unit))
}

// loadItemAtUnit loads a HIT and shows the step of unit.
func (m *Model) loadItemAtUnit(itemID int64, unit string) tea.Cmd {
	m.loading = true
	st, an := m.cfg.Store, m.cfg.Annotator.ID
	return m.work.do(func() tea.Msg {
		h, err := loadHIT(m.ctx, st, itemID, an)
		if err != nil {
			return hitLoadedMsg{err: err}
		}
		return hitLoadedMsg{hit: h, step: h.unitStep(unit)}
	})
}

// scroll moves the search results of Step I, or a conversation.
func (m *Model) scroll(msg tea.KeyPressMsg) tea.Cmd {
	k, h := m.hitKeys, m.hit
	if h.nug != nil {
		switch {
		case key.Matches(msg, k.Up), key.Matches(msg, k.Down):
			return m.nuggetScroll(scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, 1), false)
		case key.Matches(msg, k.PageUp), key.Matches(msg, k.PageDown):
			_, rows := m.nuggetLayout(m.bodyHeight() - len(m.hitFoot()))
			return m.nuggetScroll(scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, max(1, rows-1)), true)
		}
		return nil
	}
	if h.conv != nil {
		_, anchor := m.dialogueLines()
		d := scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, m.bodyHeight()-4)
		h.scroll = min(max(-anchor, h.scroll+d), m.maxConvScroll())
		return nil
	}
	if h.step().id != "serp" {
		return nil
	}
	d := scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, m.bodyHeight()-2)
	h.scroll = min(max(0, h.scroll+d), m.serpMaxScroll())
	return nil
}

func (m *Model) open(url string) tea.Cmd {
	opener := m.cfg.Open
	m.setStatus("opening "+url, false)
	return func() tea.Msg { return openedMsg{url: url, err: opener(url)} }
}
