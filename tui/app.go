// Package tui is claritty's terminal interface: one root Bubble Tea model
// that owns the screens (HIT, queue) and the overlays (flag, note,
// guideline, help). Every store call goes through a worker in a tea.Cmd;
// Update itself never touches the database.
package tui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Config is what the TUI needs from the command line.
type Config struct {
	Store     *store.Store
	Dataset   store.Dataset
	Annotator store.Annotator
	SERPURL   string             // results page template; {query} is replaced
	Open      func(string) error // opens a URL in the browser
	Now       func() time.Time
	// Adjudicate starts on the adjudication screen instead of a HIT.
	Adjudicate bool
	// PanePoll is how often a shown side pane looks for labels and
	// decisions keyed elsewhere (other annotators, adjudicators), so its
	// agreement and leaderboard follow the gold labels as they form; 0
	// looks only after this process's own changes.
	PanePoll time.Duration
	// Clock is how often the header's time on the HIT moves on; 0 shows
	// the time as of the last change only.
	Clock time.Duration
}

// DefaultSERPURL is a Bing search for the query.
const DefaultSERPURL = "https://www.bing.com/search?q={query}"

type screen int

const (
	screenHIT screen = iota
	screenQueue
	screenAdjudicate
	screenFlags
)

type overlay int

const (
	overlayNone overlay = iota
	overlayFlag
	overlayNote
	overlayGuide
	overlayHelp
	overlayStats // the lead's statistics tables
)

// Model is the root model, the only tea.Model of the program.
type Model struct {
	*session
	width  int
	height int

	hitKeys   hitKeys
	pagerKeys pagerKeys

	screen  screen
	overlay overlay

	hit     *hitState // nil until the first HIT is loaded
	allDone bool
	noWork  allDoneMsg // why there is no HIT, when allDone
	loading bool
	pending []tea.KeyPressMsg // keys typed while a HIT was loading

	ticking bool // the header's clock is running

	queue      *queueScreen
	pane       paneState
	stats      []string          // the statistics tables' lines, once computed
	statsRep   *agreement.Report // the report from every label the charts draw
	adj        *adjScreen
	flags      *flagsScreen
	flagReason string
	pagerTop   int

	quitting    bool
	interrupted bool

	// trouble is the wait before the next retry after the disk or the
	// database refused a write (0: no trouble); retrying, that one is set.
	trouble  time.Duration
	retrying bool

	// profile is the terminal's colour profile; without colours, image
	// previews are drawn with characters by brightness.
	profile colorprofile.Profile

	// view is the last frame, valid until a message changes the model:
	// most messages are writes committing, which change nothing on screen,
	// and a frame costs more than the write (hundreds of SSH sessions
	// render on one server).
	view      tea.View
	viewValid bool
	// helpLines keeps the key line rendered for each set of keys at a
	// width: it is the same for most frames and costly to measure.
	helpLines map[string]string
	// cuts counts the lines of the last frame cut at the terminal's edge:
	// the screens lay out to fit, so the tests expect none.
	cuts int
	// bodyRows is the rows under the header and above the status of the
	// frame being drawn, for the screens that fit their own layout.
	bodyRows int
}

// New builds the root model; Init loads the annotator's first unfinished HIT.
func New(ctx context.Context, cfg Config) *Model {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.SERPURL == "" {
		cfg.SERPURL = DefaultSERPURL
	}
	if cfg.Open == nil {
		cfg.Open = OpenBrowser
	}
	in := textinput.New()
	in.Prompt = "› "
	in.CharLimit = 2000
	// A steady cursor: no blink ticks waking the program while someone types.
	is := in.Styles()
	is.Cursor.Blink = false
	in.SetStyles(is)
	sess := &session{cfg: cfg, ctx: ctx, work: newWorker(), styles: DefaultStyles(true), help: help.New(),
		input: in, promptKeys: defaultPromptKeys()}
	m := &Model{
		session:   sess,
		width:     80,
		height:    24,
		hitKeys:   kindFor(cfg.Dataset.Kind).keys(),
		pagerKeys: defaultPagerKeys(),
		queue:     newQueueScreen(sess),
		flags:     newFlagsScreen(sess),
		adj:       newAdjScreen(sess),
		loading:   true,
		profile:   colorprofile.TrueColor,
	}
	return m
}

// interruptKey leaves at once, from any screen or prompt: every keyed
// label is saved already.
var interruptKey = bind([]string{"ctrl+c"}, "ctrl+c", "quit")

// Interrupted reports whether the user left with ctrl+c.
func (m *Model) Interrupted() bool { return m.interrupted }

// Wait returns once every write queued so far has committed (or failed).
// A program that ended without q (its SSH client went away) calls it
// before the session is let go, so nothing keyed is dropped.
func (m *Model) Wait() {
	done := make(chan struct{})
	m.work.jobs <- func() { close(done) }
	<-done
}

// Init asks for the background colour and loads the first HIT, or the
// adjudication queue (which holds no HIT).
func (m *Model) Init() tea.Cmd {
	if m.cfg.Adjudicate {
		m.loading = false
		return tea.Batch(tea.RequestBackgroundColor, m.openAdjudication())
	}
	return tea.Batch(tea.RequestBackgroundColor, m.loadNext(0))
}

// Update handles one message, then lays out the frame at once: the keys
// that follow scroll within the bounds of what is on screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(savedMsg); ok && s.err == nil && !s.finished && m.trouble == 0 {
		return m, nil // a write committed; nothing on screen depends on it
	}
	cmd := m.update(msg)
	m.frame()
	return m, cmd
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		m.input.SetWidth(max(10, msg.Width-6))
		var cmds []tea.Cmd
		for _, s := range []screenModel{m.queue, m.flags, m.adj} {
			cmds = append(cmds, s.SetSize(msg.Width, msg.Height-1-rowsBelow))
		}
		return tea.Batch(cmds...)
	case tea.ColorProfileMsg:
		m.profile = msg.Profile
		return nil
	case tea.BackgroundColorMsg:
		m.styles = DefaultStyles(msg.IsDark())
		m.help.Styles = help.DefaultStyles(msg.IsDark())
		m.helpLines, m.guides = nil, nil
		return nil
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		if m.overlay == overlayFlag && m.flagReason != "" || m.overlay == overlayNote || m.adj.reasoning || m.flags.reasoning {
			var cmd tea.Cmd
			m.input, cmd = m.input.Update(msg)
			return cmd
		}
		return nil
	case hitLoadedMsg:
		return m.hitLoaded(msg)
	case allDoneMsg:
		m.loading, m.allDone, m.hit, m.noWork = false, true, nil, msg
		m.setStatus("", false)
		return m.replayPending()
	case savedMsg:
		return m.saved(msg)
	case paneMsg:
		return m.paneComputed(msg)
	case paneTickMsg:
		return m.paneTick()
	case paneMarkMsg:
		return m.paneMarked(msg)
	case adjQueueMsg:
		if msg.err == nil {
			m.screen = screenAdjudicate
		}
		return m.adj.Update(msg)
	case adjDetailMsg:
		return m.adj.Update(msg)
	case statsMsg:
		m.statsLoaded(msg)
		return nil
	case retryMsg:
		return m.retry()
	case clockMsg:
		m.ticking = false
		return m.startClock()
	case flagsLoadedMsg, flagReviewedMsg:
		return m.flags.Update(msg)
	case queueLoadedMsg:
		return m.queue.Update(msg)
	case closeScreenMsg:
		m.screen = screenHIT
		if m.hit == nil && !m.allDone && !m.loading {
			return m.loadNext(0) // started on a screen: no HIT yet
		}
		return nil
	case openHITMsg:
		return m.openHIT(msg.itemID)
	case openGuideMsg:
		m.openGuide(msg.step)
		return nil
	case openHelpMsg:
		m.openPager(overlayHelp)
		return nil
	case quitMsg:
		m.interrupted = m.interrupted || msg.interrupted
		return m.quit()
	case openedMsg:
		if msg.err != nil {
			m.setStatus("could not open ("+msg.err.Error()+"): "+msg.url, true)
		} else {
			m.setStatus("opened "+msg.url, false)
		}
		return nil
	case flushedMsg:
		return tea.Quit
	case ShutdownMsg:
		m.setStatus(msg.Reason+": everything you keyed is saved", true)
		if m.quitting {
			return nil
		}
		return m.quit()
	}
	return nil
}

// protocol is the task kind on screen: the HIT's, else the dataset's.
func (m *Model) protocol() guidelines.Protocol {
	if m.hit != nil {
		return m.hit.proto
	}
	return guidelines.ForKind(m.cfg.Dataset.Kind)
}

// mono reports whether the terminal shows no colours.
func (m *Model) mono() bool {
	return m.profile == colorprofile.NoTTY || m.profile == colorprofile.ASCII
}

// handleKey routes a key to the overlay or screen that has focus.
func (m *Model) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.quitting {
		return nil
	}
	if key.Matches(msg, interruptKey) {
		m.interrupted = true
		return m.quit()
	}
	if m.tooSmall() {
		// Nothing of the screen shows: no key may act on it but q, and not
		// while a prompt holds typed text.
		if key.Matches(msg, m.hitKeys.Quit) && m.overlay != overlayNote && m.overlay != overlayFlag && !m.adj.reasoning && !m.flags.reasoning {
			return m.quit()
		}
		return nil
	}
	switch m.overlay {
	case overlayFlag:
		return m.flagKey(msg)
	case overlayNote:
		return m.noteKey(msg)
	case overlayGuide, overlayHelp, overlayStats:
		return m.pagerKey(msg)
	}
	if s := m.active(); s != nil {
		return s.Update(msg)
	}
	if m.loading {
		// Keys typed while the next HIT loads are kept and replayed on it,
		// so a fast annotator loses no keystroke.
		m.pending = append(m.pending, msg)
		return nil
	}
	return m.hitKey(msg)
}

// quit waits for every queued write to commit, then exits. Nothing else
// needs saving: each label was committed when it was keyed.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	var cmds []tea.Cmd
	if m.hit != nil && !m.loading {
		cmds = append(cmds, m.stepEvent(m.hit, m.hit.cur, "leave"))
	}
	cmds = append(cmds, m.work.do(func() tea.Msg { return flushedMsg{} }))
	return tea.Sequence(cmds...)
}

func (m *Model) replayPending() tea.Cmd {
	keys := m.pending
	m.pending = nil
	var cmds []tea.Cmd
	for _, k := range keys {
		cmds = append(cmds, m.handleKey(k))
		m.frame() // the next key scrolls within what this one left on screen
	}
	return tea.Batch(cmds...)
}

// loadNext asks the store for the annotator's next HIT under the dataset's
// policy (their own open HITs first, then what still wants annotators, from
// seq on) and loads it.
func (m *Model) loadNext(seq int) tea.Cmd {
	m.loading = true
	st, ds, an := m.cfg.Store, m.cfg.Dataset.ID, m.cfg.Annotator.ID
	return m.work.do(func() tea.Msg {
		id, ok, nw, err := st.NextHIT(m.ctx, ds, an, seq)
		if err != nil {
			return hitLoadedMsg{err: err}
		}
		if !ok {
			policy, _ := st.DatasetPolicy(m.ctx, ds)
			return allDoneMsg{noWork: nw, lease: policy.Lease}
		}
		h, err := loadHIT(m.ctx, st, id, an)
		return hitLoadedMsg{hit: h, step: -1, err: err}
	})
}

// loadItem loads one HIT, showing step (or resuming when step is -1). With
// claim, the annotator picked it (from the queue), so the policy must have
// room for them first.
func (m *Model) loadItem(itemID int64, step int, claim bool) tea.Cmd {
	m.loading = true
	st, an := m.cfg.Store, m.cfg.Annotator.ID
	return m.work.do(func() tea.Msg {
		if claim {
			if err := st.ClaimHIT(m.ctx, itemID, an); err != nil {
				return hitLoadedMsg{err: err}
			}
		}
		h, err := loadHIT(m.ctx, st, itemID, an)
		return hitLoadedMsg{hit: h, step: step, err: err}
	})
}

func (m *Model) hitLoaded(msg hitLoadedMsg) tea.Cmd {
	m.loading = false
	if msg.err != nil {
		if errors.Is(msg.err, store.ErrNoRoom) {
			m.setStatus("that pane already has all the annotators its policy asks for; pick another (l)", true)
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
	m.hit, m.allDone = msg.hit, false
	m.hitKeys = m.hit.kind.keys()
	m.hit.cur = m.hit.resumeStep()
	if msg.step >= 0 && msg.step < len(m.hit.steps) {
		m.hit.cur = msg.step
	}
	m.hit.entered = m.cfg.Now()
	m.hit.opened = m.hit.entered
	return tea.Batch(m.stepEvent(m.hit, m.hit.cur, "enter"), m.replayPending(), m.startClock())
}

func (m *Model) saved(msg savedMsg) tea.Cmd {
	if msg.err == nil {
		if m.trouble > 0 {
			m.trouble = 0
			m.setStatus("saving again", false)
		}
		if msg.finished {
			return m.refreshPane()
		}
		return nil
	}
	if store.IsStorageFailure(msg.err) && m.ctx.Err() == nil {
		return m.storageTrouble(msg.err)
	}
	if errors.Is(msg.err, store.ErrNoRoom) {
		// The HIT was left idle past its lease and others took its place.
		m.setStatus("not saved: this HIT was released to others after you left it idle; your earlier labels are kept", true)
		return m.loadNext(0)
	}
	m.setStatus("not saved: "+msg.err.Error(), true)
	if m.hit != nil {
		return m.loadItem(m.hit.item.ID, m.hit.cur, false)
	}
	return nil
}

// storageTrouble handles a write the disk or the database refused (full,
// unwritable): one message, and one retry at a time, after a wait that
// doubles up to 30 seconds, instead of reloading at once and failing again
// as fast as the CPU allows. A retry reloads the HIT from the database, so
// the screen shows what is saved: the label that failed is asked again.
func (m *Model) storageTrouble(err error) tea.Cmd {
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

// clockMsg is a second gone on the header's clock.
type clockMsg struct{}

// startClock ticks the header's time on the HIT once a second while a HIT
// is shown; one tick at a time.
func (m *Model) startClock() tea.Cmd {
	if m.ticking || m.hit == nil || m.quitting || m.cfg.Clock <= 0 {
		return nil
	}
	m.ticking = true
	return tea.Tick(m.cfg.Clock, func(time.Time) tea.Msg { return clockMsg{} })
}

// retryMsg is the time to try again after storage trouble.
type retryMsg struct{}

func (m *Model) retry() tea.Cmd {
	m.retrying = false
	if m.hit == nil || m.loading {
		return nil
	}
	return m.loadItem(m.hit.item.ID, -1, false)
}

// stepEvent records entering or leaving step i of h.
func (m *Model) stepEvent(h *hitState, i int, event string) tea.Cmd {
	st, item, an, name := m.cfg.Store, h.item.ID, m.cfg.Annotator.ID, h.stepName(i)
	return m.work.do(func() tea.Msg {
		return savedMsg{what: event, err: st.StepEvent(m.ctx, item, an, name, event)}
	})
}

// View renders the current screen, or gives the last frame again when no
// message has changed the model since.
func (m *Model) View() tea.View {
	if !m.viewValid {
		m.frame()
	}
	return m.view
}

// frame lays out the screen as it stands and keeps it for View.
func (m *Model) frame() {
	v := tea.NewView(m.render())
	v.AltScreen = true
	v.WindowTitle = "claritty"
	m.view, m.viewValid = v, true
}

// openQueue shows the queue with the current HIT selected.
func (m *Model) openQueue() tea.Cmd {
	m.screen = screenQueue
	seq, total := 1, m.cfg.Dataset.Items
	if m.hit != nil {
		seq, total = m.hit.item.Seq, m.hit.items
	}
	return m.queue.open(seq, total)
}

// openHIT leaves the HIT on screen and opens the one picked, if the
// dataset's policy has room for the annotator on it.
func (m *Model) openHIT(itemID int64) tea.Cmd {
	m.screen = screenHIT
	m.setStatus("", false)
	var leave tea.Cmd
	if m.hit != nil && !m.loading {
		leave = m.stepEvent(m.hit, m.hit.cur, "leave")
	}
	return tea.Sequence(leave, m.loadItem(itemID, -1, true))
}

// openFlags shows the flags screen.
func (m *Model) openFlags() tea.Cmd {
	m.screen = screenFlags
	return m.flags.open()
}

// openAdjudication reads the adjudication queue; the screen shows once it
// is read (the store refuses those not allowed, and the HIT stays).
func (m *Model) openAdjudication() tea.Cmd { return m.adj.load() }

// active is the screen on top of the HIT, or nil on the HIT screen.
func (m *Model) active() screenModel {
	switch m.screen {
	case screenQueue:
		return m.queue
	case screenFlags:
		return m.flags
	case screenAdjudicate:
		return m.adj
	}
	return nil
}
