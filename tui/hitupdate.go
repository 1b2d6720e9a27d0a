package tui

import (
	"context"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// hitKey handles a key on the HIT screen (or the all-done screen). A key
// the annotator gave a label (KeyConfig) is read as the scale's key first.
func (m *hitScreen) hitKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	if m.hit != nil && m.hit.typing != nil { // every key types, none is the HIT's
		return m.typeKey(msg)
	}
	if m.hit == nil || m.hit.step().id != attentionStep { // the attention step types digits
		var moved string
		if msg, moved = m.cfg.Keys.translate(msg); moved != "" {
			m.setStatus(moved, false)
			return nil
		}
	}
	switch {
	case key.Matches(msg, k.Quit):
		return ask(quitMsg{})
	case key.Matches(msg, k.Help):
		return ask(openHelpMsg{})
	case key.Matches(msg, k.Guide):
		if m.hit != nil {
			return ask(openGuideMsg{step: m.hit.step().id})
		}
		return ask(openGuideMsg{})
	case key.Matches(msg, k.Queue):
		return ask(openScreenMsg{screenQueue})
	case key.Matches(msg, k.Pane):
		return ask(togglePaneMsg{})
	case key.Matches(msg, k.Adjudicate):
		return ask(openScreenMsg{screenAdjudicate})
	case key.Matches(msg, k.Stats):
		return ask(openStatsMsg{})
	case key.Matches(msg, k.Quality):
		return ask(openQualityMsg{})
	case key.Matches(msg, k.Flags):
		return ask(openScreenMsg{screenFlags})
	}
	h := m.hit
	switch {
	case h == nil:
		if key.Matches(msg, k.Undo) {
			m.setStatus("nothing to undo: no HIT is open ("+hintKey(k.Queue)+" lists yours)", false)
		}
		return nil
	case m.covered:
		// The annotator cannot see the step: no key may label it.
		m.setStatus("the agreement pane covers the HIT: "+hintKey(k.Pane)+" shows the HIT again", false)
		return nil
	case key.Matches(msg, k.Undo):
		return m.undoLast()
	case h.waitsToGoOn() && (key.Matches(msg, k.Next) || key.Matches(msg, k.Review)):
		return m.goOn()
	}
	if h.step().id == attentionStep {
		if cmd, ok := attentionKey(m, h, msg); ok {
			return cmd
		}
	}
	if h.proto.TextMax(h.step().unit) > 0 {
		if cmd, ok := m.textStepKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := h.kind.key(m, h, msg); ok {
		return cmd
	}
	if v, ok := h.proto.ValueOfKey(h.step().unit, msg.String()); ok {
		return m.labelKey(v)
	}
	if _, ok := digit(msg); ok {
		m.setStatus(scaleHint(m.cfg.Keys.ownScale(h.proto.ScaleOf(h.step().unit))), false)
		return nil
	}
	switch {
	case key.Matches(msg, k.Review):
		return m.review()
	case key.Matches(msg, k.Next):
		if !h.complete(h.cur) || h.nextStep(h.cur) < 0 {
			return nil
		}
		return m.goTo(h.nextStep(h.cur))
	case key.Matches(msg, k.Back):
		if h.cur == 0 {
			m.setStatus("this is the first step", false)
			return nil
		}
		return m.goTo(h.cur - 1)
	case key.Matches(msg, k.Flag):
		m.prompt, m.flagReason = overlayFlag, ""
		return nil
	case key.Matches(msg, k.Later):
		return m.skip(store.SkipLater)
	case key.Matches(msg, k.GiveBack):
		m.prompt = overlayGiveBack
		return nil
	case key.Matches(msg, k.Note):
		return m.openNote()
	case key.Matches(msg, k.GuideDown):
		h.guideTop++ // the strip clamps it to its text
		return nil
	case key.Matches(msg, k.GuideUp):
		h.guideTop = max(0, h.guideTop-1)
		return nil
	}
	return m.scroll(msg)
}

// scaleHint says which keys label, after a digit that is not one of them.
func scaleHint(scale []guidelines.Label) string {
	if len(scale) > 3 {
		lo, hi := scale[len(scale)-1], scale[0]
		return fmt.Sprintf("ratings run from %s (%s) to %s (%s)", lo.Key, strings.ToLower(lo.Name), hi.Key, strings.ToLower(hi.Name))
	}
	var parts []string
	for _, l := range scale {
		parts = append(parts, l.Key+" "+strings.ToLower(l.Name))
	}
	return "labels: " + strings.Join(parts, " · ")
}

// labelKey labels the current step once its focus has been read
// (reading.go): before, the key says how much is left and where.
func (m *hitScreen) labelKey(v int) tea.Cmd {
	h := m.hit
	if h.step().unit != "" && !h.read.read(h.step().unit) {
		m.sayUnread()
		return nil
	}
	return m.label(v)
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
func (m *hitScreen) goTo(i int) tea.Cmd {
	h := m.hit
	st, item, an, move := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, m.moveTo(i)
	return m.work.do(func() tea.Msg {
		return savedMsg{what: "step", err: st.MoveStep(m.ctx, item, an, move)}
	})
}

// moveTo shows step i and returns the move, for the caller to record
// (with the label or review that brings it, in one write).
func (m *hitScreen) moveTo(i int) store.StepMove {
	h := m.hit
	move := store.StepMove{Leave: h.stepName(h.cur), Enter: h.stepName(i)}
	h.cur, h.entered, h.held = i, m.cfg.Now(), ""
	if e, ok := h.kind.(stepEnterer); ok {
		e.enterStep(h)
	} else {
		h.scroll = 0 // a step's content starts where what it labels shows
	}
	h.guideTop = 0
	m.setStatus("", false)
	return move
}

// review marks Step I done (enter), or moves on from a step already done.
func (m *hitScreen) review() tea.Cmd {
	h := m.hit
	if h.step().id != "serp" {
		if h.complete(h.cur) && h.nextStep(h.cur) >= 0 {
			return m.goTo(h.nextStep(h.cur))
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
func (m *hitScreen) label(value int) tea.Cmd { return m.labelWith(value, "") }

// labelWith is label with a written answer's words (value 0).
func (m *hitScreen) labelWith(value int, text string) tea.Cmd {
	h := m.hit
	st := h.step()
	if st.unit == "" {
		m.setStatus("press "+hintKey(m.keys.Review)+" once you have reviewed the results", false)
		return nil
	}
	old, had := h.labels[st.unit]
	oldText := h.texts[st.unit]
	hold := h.holds(had)
	h.held = ""
	h.labels[st.unit], h.texts[st.unit] = value, text
	note := h.withdrawnNote(h.dropInapplicable(), st.unit)
	last := h.lastToKey(h.cur)
	open := h.firstOpen()
	finish := last && open < 0
	if open >= 0 {
		h.finished = false // a no turned back to yes asks its steps again (the store reopens the HIT)
	}
	entry := store.UndoStep{Unit: st.unit}
	if had {
		entry.Old, entry.OldText = &old, oldText
	}
	h.undo = append(h.undo, entry)
	ch := store.LabelChange{ItemID: h.item.ID, AnnotatorID: m.cfg.Annotator.ID,
		Unit: st.unit, Value: &value, Text: text, Seconds: m.cfg.Now().Sub(h.entered).Seconds(), Finish: finish}
	// The step it moves to is recorded with the label, in its transaction.
	switch {
	case hold:
		// The step stays, showing the run's label beside the one keyed
		// (suggestLines), its window back at what was labelled (read stays
		// read); the HIT finishes when the annotator goes on.
		ch.Finish, h.held, h.entered, h.scroll = false, st.unit, m.cfg.Now(), 0
	case finish:
		ch.Move.Leave = h.stepName(h.cur)
		if h.practice {
			m.setStatus("", false)
			return tea.Sequence(m.saveLabel(ch), m.loadFeedback(h))
		}
		// The note first: a narrow window keeps the status's start.
		done := strings.TrimPrefix(fmt.Sprintf("%s; HIT %d done.", note, h.item.Seq), "; ")
		m.setStatus(done, false)
		if note != "" {
			// The all-done screen clears the status: not what was withdrawn.
			return tea.Sequence(m.saveLabel(ch), m.loadNextSaying(h.item.Seq+1, done, false))
		}
		return tea.Sequence(m.saveLabel(ch), m.loadNext(h.item.Seq+1))
	case last:
		ch.Move = m.moveTo(open)
	default:
		ch.Move = m.moveTo(h.nextStep(h.cur))
	}
	if note != "" {
		m.setStatus(note, false)
	}
	return m.saveLabel(ch)
}

// goOn leaves a step held after its first key (labelWith): to the next
// step, or, on the HIT's last, finishing the HIT with the label it has, a
// write of the same value (no change in its history, no step to undo).
func (m *hitScreen) goOn() tea.Cmd {
	h := m.hit
	unit := h.step().unit
	h.held = ""
	switch last, open := h.lastToKey(h.cur), h.firstOpen(); {
	case !last:
		return m.goTo(h.nextStep(h.cur))
	case open >= 0:
		return m.goTo(open)
	}
	value, text := h.labels[unit], h.texts[unit]
	ch := store.LabelChange{ItemID: h.item.ID, AnnotatorID: m.cfg.Annotator.ID,
		Unit: unit, Value: &value, Text: text, Finish: true, Move: store.StepMove{Leave: h.stepName(h.cur)}}
	if h.practice {
		m.setStatus("", false)
		return tea.Sequence(m.saveLabel(ch), m.loadFeedback(h))
	}
	m.setStatus(fmt.Sprintf("HIT %d done.", h.item.Seq), false)
	return tea.Sequence(m.saveLabel(ch), m.loadNext(h.item.Seq+1))
}

// saveLabel queues one label's write, as the annotator on screen, keyed by
// whoever really acts (a lead behind --as), and reads the annotator's
// HITs after it for the header: any label may finish a HIT or open one
// again, and only the store knows which.
func (m *hitScreen) saveLabel(ch store.LabelChange) tea.Cmd {
	ch.ActorID = m.cfg.Annotator.ActorID()
	ch.Rev = m.hit.rev // the HIT as this screen shows it
	st, ds := m.cfg.Store, m.cfg.Dataset.ID
	return m.work.do(func() tea.Msg {
		if _, err := st.SetLabel(m.ctx, ch); err != nil {
			return savedMsg{what: ch.Unit, finished: ch.Finish, err: err}
		}
		return savedMsg{what: ch.Unit, finished: ch.Finish, progress: readProgress(m.ctx, st, ds, ch.AnnotatorID)}
	})
}

// readProgress counts the annotator's finished and unfinished HITs, or is
// nil when the store cannot say: the label is saved all the same, and the
// header keeps its count until the next read.
func readProgress(ctx context.Context, st *store.Store, datasetID, annotatorID int64) *hitProgress {
	done, open, err := st.DoneAndOpen(ctx, datasetID, annotatorID)
	if err != nil {
		return nil
	}
	return &hitProgress{done: done, open: open}
}

// undoLast takes back the last label keyed on this HIT, and shows its
// step. Undo stays inside the HIT: it never reaches into another one, and
// a reopened HIT can still undo its own labels (the store rebuilds them
// from the label history).
func (m *hitScreen) undoLast() tea.Cmd {
	h := m.hit
	if len(h.undo) == 0 {
		m.setStatus("nothing to undo on this HIT", false)
		return nil
	}
	e := h.undo[len(h.undo)-1]
	h.undo = h.undo[:len(h.undo)-1]
	if e.Old == nil {
		delete(h.labels, e.Unit)
		delete(h.texts, e.Unit)
		h.finished = false
	} else {
		h.labels[e.Unit], h.texts[e.Unit] = *e.Old, e.OldText
	}
	note := h.withdrawnNote(h.dropInapplicable(), e.Unit)
	// An undo that makes the HIT whole again (a yes that reopened it,
	// taken back to no) finishes it, as the key of that no did.
	complete := h.firstOpen() < 0
	whole := e.Old != nil && complete && !h.practice
	h.finished = h.finished && complete || whole
	save := m.saveLabel(store.LabelChange{ItemID: h.item.ID, AnnotatorID: m.cfg.Annotator.ID,
		Unit: e.Unit, Value: e.Old, Text: e.OldText, Source: "undo", Finish: whole})
	move := m.goTo(h.unitStep(e.Unit))
	m.setStatus(strings.TrimSuffix("undid "+e.Unit+"; "+note, "; "), false)
	return tea.Sequence(save, move)
}

// scroll moves the step's content: a line, or a page (the lines the
// window shows, so paging through reads every line).
func (m *hitScreen) scroll(msg tea.KeyPressMsg) tea.Cmd {
	k, h := m.keys, m.hit
	d := scrollDelta(msg, k.Up, k.Down, k.PageUp, k.PageDown, h.page)
	h.scroll = min(max(h.scrollLo, h.scroll+d), h.scrollHi)
	return nil // the frame laid out next moves the note on what is left to read (followReading)
}

// sayUnread puts on the status how much of the step's focus is still to
// be read, and where: a note that follows the reading (followReading)
// until another status takes its place.
func (m *hitScreen) sayUnread() {
	h := m.hit
	m.setStatus(h.read.unreadNote(), false)
	m.statusUnread, m.unreadOf = true, unreadOf{h.item.ID, h.step().unit}
}

// unreadOf is the item and unit whose reading the note follows.
type unreadOf struct {
	item int64
	unit string
}

// followReading keeps the note on what is left to read true to the frame
// just laid out: its counts at this size and scroll (a resize lays the
// text out anew, in more lines or fewer), and gone once the focus is
// read. Only the note the key gave follows, on its own step: the status
// is not compared with the note's words, which a resize changes. It
// reports whether the status changed.
func (m *hitScreen) followReading() bool {
	h := m.hit
	if !m.statusUnread || h == nil || m.unreadOf != (unreadOf{h.item.ID, h.step().unit}) {
		return false
	}
	note := ""
	if !h.read.read(h.step().unit) {
		note = h.read.unreadNote()
	}
	if note == m.status {
		return false
	}
	m.setStatus(note, false)
	m.statusUnread = note != ""
	return true
}

func (m *hitScreen) open(url string) tea.Cmd {
	opener := m.cfg.Open
	m.setStatus("opening "+url, false)
	return func() tea.Msg { return openedMsg{url: url, err: opener(url)} }
}
