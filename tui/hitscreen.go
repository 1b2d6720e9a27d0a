package tui

import (
	"cmp"
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/store"
)

// hitScreen is the HIT screen: the annotator's current HIT (or why there
// is none), its keys, the flag and note prompts on it, and the writes it
// queues. The root hands it its size (the columns the side pane leaves,
// the rows under the header and status) and whether the pane covers it.
type hitScreen struct {
	*session
	keys          hitKeys
	width, height int
	// spill is the topic (query, intent, facet) whole, when the header had
	// to shorten it: the step's content starts with it (renderHIT).
	spill   textRows
	covered bool // the side pane is shown in its place (a narrow terminal)

	hit      *hitState // nil until the first HIT is loaded
	feedback *feedback // after a practice HIT: its answers, until r or enter
	allDone  bool
	noWork   allDoneMsg // why there is no HIT, when allDone
	loading  bool
	pending  []tea.KeyPressMsg // keys typed while a HIT was loading

	// unreadOf is what the note on what is left to read is about, while
	// the status is that note (statusUnread).
	unreadOf unreadOf

	prompt     overlay // overlayFlag or overlayNote while one is open
	flagReason string
	ticking    bool // the header's clock is running

	// trouble is the wait before the next retry after the disk or the
	// database refused a write (0: no trouble); retrying, that one is set.
	trouble  time.Duration
	retrying bool
}

// What the HIT screen asks of the root.
type (
	openScreenMsg struct{ which screen } // the queue, the flags or adjudication
	openStatsMsg  struct{}
	// openQualityMsg opens the annotators' quality report.
	openQualityMsg struct{}
	togglePaneMsg  struct{}
)

func newHITScreen(s *session) *hitScreen {
	return &hitScreen{session: s, keys: s.cfg.Keys.apply(s.kind().keys()), loading: true}
}

// SetSize gives the HIT the columns beside the side pane and the rows
// under the header and above the status line.
func (m *hitScreen) SetSize(width, height int) tea.Cmd {
	m.width, m.height = width, height
	return nil
}

// Update takes the screen's keys and the results of its reads and writes.
func (m *hitScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m.key(msg)
	case tea.PasteMsg:
		if m.typingAnswer() && m.prompt == overlayNone {
			m.typeText(msg.Content, m.hit.proto.TextMax(m.hit.step().unit))
			return nil
		}
		if m.prompt == overlayFlag && m.flagReason != "" || m.prompt == overlayNote {
			var cmd tea.Cmd
			m.input, cmd = m.input.Update(msg)
			return cmd
		}
	case hitLoadedMsg:
		return m.hitLoaded(msg)
	case feedbackMsg:
		return m.feedbackLoaded(msg)
	case skippedMsg:
		return m.skipped(msg)
	case allDoneMsg:
		m.loading, m.allDone, m.hit, m.noWork = false, true, nil, msg
		m.setStatus(msg.note, msg.noteErr)
		return m.replayPending()
	case savedMsg:
		return m.saved(msg)
	case retryMsg:
		return m.retry()
	case clockMsg:
		m.ticking = false
		return m.startClock()
	case openedMsg:
		if msg.err != nil {
			m.setStatus("could not open ("+msg.err.Error()+"): "+msg.url, true)
		} else {
			m.setStatus("opened "+msg.url, false)
		}
	}
	return nil
}

// key routes a key to the open prompt or the HIT; keys typed while the
// next HIT loads are kept and replayed on it, so a fast annotator loses
// no keystroke.
func (m *hitScreen) key(msg tea.KeyPressMsg) tea.Cmd {
	switch m.prompt {
	case overlayFlag:
		return m.flagKey(msg)
	case overlayNote:
		return m.noteKey(msg)
	case overlayGiveBack:
		return m.giveBackKey(msg)
	}
	if m.loading {
		m.pending = append(m.pending, msg)
		return nil
	}
	if m.feedback != nil {
		return m.feedbackKey(msg)
	}
	return m.hitKey(msg)
}

// View is the HIT's rows: the query and the step indicator on top, then
// the step; or why there is no HIT.
func (m *hitScreen) Layout() []string {
	if m.feedback != nil {
		return m.renderFeedback()
	}
	if m.hit == nil {
		return m.renderEmpty()
	}
	top := m.hitTop(m.height)
	return append(top, m.renderHIT(m.height-len(top))...)
}

func (m *hitScreen) ShortHelp() []key.Binding {
	k := m.keys
	switch {
	case m.feedback != nil:
		return []key.Binding{feedbackKeys.Retry, feedbackKeys.Next, k.Help, k.Quit}
	case m.hit == nil && store.CanAdjudicate(cmp.Or(m.noWork.role, m.cfg.Annotator.Role)):
		return []key.Binding{k.Queue, k.Adjudicate, k.Help, k.Quit}
	case m.hit == nil: // no key the reader may not use
		return []key.Binding{k.Queue, k.Help, k.Quit}
	case m.covered:
		back := k.Pane
		back.SetHelp(back.Help().Key, "back to the HIT (label keys are off)")
		return []key.Binding{back, k.Help, k.Quit}
	case m.prompt == overlayNote:
		keys := m.promptKeys.ShortHelp()
		keys[1].SetHelp("esc", "keep the saved note")
		return keys
	case m.prompt == overlayFlag:
		return m.promptKeys.ShortHelp()
	case m.prompt == overlayGiveBack:
		return []key.Binding{giveBackYes, bind(nil, "any other key", "keep it")}
	}
	if m.hit.step().id == attentionStep {
		return attentionHelp(k) // digits type the count there: no label's key
	}
	return m.cfg.Keys.ownBindings(m.hit.kind.shortHelp(k, m.hit))
}

func (m *hitScreen) FullHelp() [][]key.Binding {
	if m.hit != nil && m.hit.step().id == attentionStep {
		// The count's keys first, no label's: digits type it there.
		k := m.keys
		return [][]key.Binding{append(attentionKeys(k.Review), k.Back, k.Undo),
			{k.Down, k.Up, k.PageDown, k.PageUp}, {k.Note, k.Flag, k.Guide, k.Queue, k.Pane, k.Help, k.Quit}}
	}
	groups := m.kind().fullHelp(m.keys)
	for i, g := range groups {
		groups[i] = m.cfg.Keys.ownBindings(g)
	}
	return groups
}

// kind is the kind on screen: the HIT's, else the dataset's.
func (m *hitScreen) kind() hitKind {
	if m.hit != nil {
		return m.hit.kind
	}
	return m.session.kind()
}

// leave records leaving the step on screen, when the program ends.
func (m *hitScreen) leave() tea.Cmd {
	if m.hit == nil || m.loading {
		return nil
	}
	return m.stepEvent(m.hit, m.hit.cur, "leave")
}

// replayPending runs the keys typed while the HIT loaded. A key that
// leaves the HIT screen (the queue, a pager, the pane, quitting) hands the
// keys after it back to the root, which routes them once it has followed
// that key.
func (m *hitScreen) replayPending() tea.Cmd {
	keys := m.pending
	m.pending = nil
	var cmds []tea.Cmd
	for i, k := range keys {
		// Each key acts on the screen as it stands: it scrolls within, and
		// labels only what, the screen before it shows.
		m.Layout()
		cmd := m.key(k)
		if m.leaves(k) && i+1 < len(keys) {
			return tea.Batch(append(cmds, tea.Sequence(cmd, ask(replayMsg{keys: keys[i+1:]})))...)
		}
		cmds = append(cmds, cmd)
	}
	return tea.Batch(cmds...)
}

// leaves reports whether a key takes the keyboard away from the HIT.
func (m *hitScreen) leaves(msg tea.KeyPressMsg) bool {
	k := m.keys
	return m.prompt == overlayNone && key.Matches(msg, k.Help, k.Guide, k.Queue, k.Pane, k.Adjudicate, k.Stats, k.Quality, k.Flags, k.Quit)
}

// replayMsg hands the root keys to route as if typed now.
type replayMsg struct{ keys []tea.KeyPressMsg }

// loadNext asks the store for the annotator's next HIT under the dataset's
// policy (their own open HITs first, then what still wants annotators, from
// seq on) and loads it.
func (m *hitScreen) loadNext(seq int) tea.Cmd { return m.loadNextSaying(seq, "", false) }

// loadNextSaying is loadNext keeping note on the status line whatever
// comes next: the next HIT, or the all-done screen; isErr shows it as a
// warning (a label not saved).
func (m *hitScreen) loadNextSaying(seq int, note string, isErr bool) tea.Cmd {
	m.loading = true
	st, ds, an := m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator.ID
	return m.work.do(func() tea.Msg {
		id, ok, nw, err := st.NextHIT(m.ctx, ds, an, seq)
		if err != nil {
			return hitLoadedMsg{err: err}
		}
		if !ok {
			policy, _ := st.DatasetPolicy(m.ctx, ds)
			who, _ := st.AnnotatorByName(m.ctx, m.cfg.Annotator.Name) // a lead may have given a role since
			return allDoneMsg{noWork: nw, lease: policy.Lease, note: note, noteErr: isErr, role: who.Role}
		}
		h, err := loadHIT(m.ctx, st, m.kindScreen, ds, id, an)
		return hitLoadedMsg{hit: h, step: -1, err: err}
	})
}

// loadItem loads one HIT, showing step (or resuming when step is -1). With
// claim, the annotator picked it (from the queue), so the policy must have
// room for them first.
func (m *hitScreen) loadItem(itemID int64, step int, claim bool) tea.Cmd {
	m.loading = true
	st, ds, an := m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator.ID
	return m.work.do(func() tea.Msg {
		if claim {
			if err := st.ClaimHIT(m.ctx, itemID, an); err != nil {
				return hitLoadedMsg{err: err}
			}
		}
		h, err := loadHIT(m.ctx, st, m.kindScreen, ds, itemID, an)
		return hitLoadedMsg{hit: h, step: step, err: err}
	})
}

func (m *hitScreen) hitLoaded(msg hitLoadedMsg) tea.Cmd {
	m.loading = false
	if msg.err != nil {
		if errors.Is(msg.err, store.ErrStale) {
			// Another window has changed or finished this HIT: show it as it
			// is now. Keys queued behind the refused one are refused too.
			m.setStatus("not saved: this HIT was "+staleWhy(msg.err)+"; here it is as saved", true)
			if m.hit != nil {
				return m.loadItem(m.hit.item.ID, -1, false)
			}
			return nil
		}
		if errors.Is(msg.err, store.ErrNoRoom) {
			m.setStatus("that pane already has all the annotators its policy asks for; pick another ("+hintKey(m.keys.Queue)+")", true)
		} else {
			m.setStatus(msg.err.Error(), true)
		}
		// Back on the HIT that was left for it: its clock runs again.
		var enter tea.Cmd
		if m.hit != nil {
			m.hit.entered = m.cfg.Now()
			enter = m.stepEvent(m.hit, m.hit.cur, "enter")
		}
		return tea.Batch(enter, m.replayPending())
	}
	old := m.hit
	m.hit, m.allDone = msg.hit, false
	m.keys = m.cfg.Keys.apply(m.hit.kind.keys())
	m.hit.cur = m.hit.resumeStep()
	if msg.step >= 0 && msg.step < len(m.hit.steps) {
		m.hit.cur = msg.step
	}
	m.hit.keepReading(old)
	m.hit.entered = m.cfg.Now()
	m.hit.opened = m.hit.entered
	return tea.Batch(m.stepEvent(m.hit, m.hit.cur, "enter"), m.replayPending(), m.startClock())
}

// progressMoved says whether the store counts the annotator's HITs
// otherwise than the header shows them.
func (m *hitScreen) progressMoved(p *hitProgress) bool {
	return p != nil && m.hit != nil && (p.done != m.hit.done || p.open != m.hit.open)
}

func (m *hitScreen) saved(msg savedMsg) tea.Cmd {
	if p := msg.progress; p != nil && m.hit != nil {
		m.hit.done, m.hit.open = p.done, p.open
	}
	if msg.err == nil {
		if m.trouble > 0 {
			m.trouble = 0
			m.setStatus("saving again", false)
		}
		return nil // a finished HIT refreshes the side pane: the root sees to it
	}
	if store.IsStorageFailure(msg.err) && m.ctx.Err() == nil {
		return m.storageTrouble(msg.err)
	}
	if errors.Is(msg.err, store.ErrStale) {
		// Another window has changed or finished this HIT: show it as it
		// is now, at the step this window was on. Keys queued behind the
		// refused one are refused too.
		m.setStatus("not saved: this HIT was "+staleWhy(msg.err)+"; here it is as saved", true)
		if m.hit != nil {
			return m.loadItem(m.hit.item.ID, m.hit.cur, false)
		}
		return nil
	}
	if errors.Is(msg.err, store.ErrNoRoom) {
		// The HIT was left idle past its lease and others took its place.
		// The warning must outlive the load: the all-done screen would
		// otherwise clear it, and the annotator never learn the key was lost.
		why := "not saved: this HIT was released to others after you left it idle; your earlier labels are kept"
		m.setStatus(why, true)
		return m.loadNextSaying(0, why, true)
	}
	m.setStatus("not saved: "+msg.err.Error(), true)
	if m.hit != nil {
		return m.loadItem(m.hit.item.ID, m.hit.cur, false)
	}
	return nil
}

// staleWhy says what the other window did.
func staleWhy(err error) string {
	var se *store.StaleError
	if errors.As(err, &se) && se.Finished {
		return "finished in another window"
	}
	return "changed in another window"
}

// storageTrouble handles a write the disk or the database refused (full,
// unwritable): one message, and one retry at a time, after a wait that
// doubles up to 30 seconds, instead of reloading at once and failing again
// as fast as the CPU allows. A retry reloads the HIT from the database, so
// the screen shows what is saved: the label that failed is asked again.
func (m *hitScreen) storageTrouble(err error) tea.Cmd {
	m.trouble = min(max(2*m.trouble, time.Second), 30*time.Second)
	what := "the database cannot be written (" + err.Error() + ")"
	if store.IsDiskFull(err) {
		what = "the disk is full"
	}
	m.setStatus(fmt.Sprintf("not saved, trying again in %s: %s; everything saved before is safe", m.trouble, what), true)
	if m.retrying {
		return nil
	}
	m.retrying = true
	return tea.Tick(m.trouble, func(time.Time) tea.Msg { return retryMsg{} })
}

// retryMsg is the time to try again after storage trouble.
type retryMsg struct{}

func (m *hitScreen) retry() tea.Cmd {
	m.retrying = false
	if m.hit == nil || m.loading {
		return nil
	}
	return m.loadItem(m.hit.item.ID, -1, false)
}

// clockMsg is a second gone on the header's clock.
type clockMsg struct{}

// startClock ticks the header's time on the HIT once a second while a HIT
// is shown; one tick at a time.
func (m *hitScreen) startClock() tea.Cmd {
	if m.ticking || m.hit == nil || m.cfg.Clock <= 0 {
		return nil
	}
	m.ticking = true
	return tea.Tick(m.cfg.Clock, func(time.Time) tea.Msg { return clockMsg{} })
}

// stepEvent records entering or leaving step i of h.
func (m *hitScreen) stepEvent(h *hitState, i int, event string) tea.Cmd {
	st, item, an, name := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, h.stepName(i)
	return m.work.do(func() tea.Msg {
		return savedMsg{what: event, err: st.StepEvent(m.ctx, item, an, name, event)}
	})
}
