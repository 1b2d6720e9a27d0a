// Package tui is claritty's terminal interface: one root Bubble Tea model
// that owns the screens (HIT, queue) and the overlays (flag, note,
// guideline, help). Every store call goes through a worker in a tea.Cmd;
// Update itself never touches the database.
package tui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
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
	// Keys are the annotator's own keys for the HIT screen (nil: the
	// built-in ones).
	Keys *KeyConfig
	// Kinds are the database's task kinds (kinds.Open): the dataset's
	// kind's protocol and screen come from them and nowhere else.
	Kinds Kinds
}

// kindOf is the dataset's kind's protocol and screen, from cfg.Kinds.
func kindOf(cfg Config) (guidelines.Protocol, Screen, error) {
	cant := fmt.Errorf("dataset %q is of task kind %q, which this claritty cannot show", display.Clean(cfg.Dataset.Name), display.Clean(string(cfg.Dataset.Kind)))
	if cfg.Kinds == nil {
		return guidelines.Protocol{}, Screen{}, cant
	}
	p, ok := cfg.Kinds.Protocol(cfg.Dataset.Kind)
	screen, shown := cfg.Kinds.Screen(cfg.Dataset.Kind)
	if !ok || !shown {
		return guidelines.Protocol{}, Screen{}, cant
	}
	return p, screen, nil
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
	overlayStats   // the lead's statistics tables
	overlayQuality // each annotator's quality (adjudicators, leads)
	// overlayGiveBack asks before a HIT is given back: y gives it back.
	overlayGiveBack
)

// Model is the root model, the only tea.Model of the program.
type Model struct {
	*session
	width  int
	height int

	pagerKeys pagerKeys

	screen  screen
	overlay overlay // a pager over the screen, or none

	hit      *hitScreen
	queue    *queueScreen
	pane     paneState
	stats    []string          // the statistics tables' lines, once computed
	quality  []string          // the quality report's lines, once computed
	statsRep *agreement.Report // the report from every label the charts draw
	adj      *adjScreen
	flags    *flagsScreen
	pagerTop int
	// pagerLeft is how far the statistics' tables are panned right:
	// they are cut at the window, never wrapped, so their columns stay.
	pagerLeft int

	quitting    bool
	interrupted bool

	// view is the frame Update laid out after the last message that
	// changed the model: most messages are writes committing, which change
	// nothing on screen, and a frame costs more than the write (hundreds
	// of SSH sessions render on one server). View only hands it over,
	// joining frameLines into it the first time it is asked for after a
	// frame: a served session's screen takes the lines (FrameLines) and
	// never asks, so the frame is not joined only to be split again.
	view       tea.View
	frameLines []string // the last frame's lines, nil before the first
	viewStale  bool     // view is not yet frameLines joined
	// helpLines keeps the key line rendered for each set of keys at a
	// width: it is the same for most frames and costly to measure.
	helpLines map[string]string
	// cuts counts the lines of the last frame cut at the terminal's edge:
	// the screens lay out to fit, so the tests expect none.
	cuts int
	// bodyRows is the rows under the header and above the status of the
	// frame being drawn, for the screens that fit their own layout.
	bodyRows int
	// lines are the last frame's lines as laid out (nil when the window
	// was too small), and headerCut whether its header was cut at the
	// edge: the clock's tick moves the header alone, so it is drawn anew
	// into them and the rest is not laid out again.
	lines      []string
	linesWidth int // the width they were laid out at
	headerCut  bool
	// layouts counts whole frames laid out, for the tests that check a
	// tick lays out none.
	layouts int
}

// New builds the root model; Init loads the annotator's first unfinished HIT.
// A dataset of a task kind the TUI has no screens for is an error.
func New(ctx context.Context, cfg Config) (*Model, error) {
	proto, screen, err := kindOf(cfg)
	if err != nil {
		return nil, err
	}
	if err := cfg.Keys.Check(proto); err != nil {
		return nil, err
	}
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
		input: in, promptKeys: defaultPromptKeys(), profile: colorprofile.TrueColor, proto: proto, kindScreen: screen}
	m := &Model{
		session:   sess,
		width:     80,
		height:    24,
		pagerKeys: defaultPagerKeys().boundBy(cfg.Keys),
		hit:       newHITScreen(sess),
		queue:     newQueueScreen(sess),
		flags:     newFlagsScreen(sess),
		adj:       newAdjScreen(sess),
	}
	m.frame() // what View shows before the first message
	return m, nil
}

// interruptKey leaves at once, from any screen or prompt: every keyed
// label is saved already.
var interruptKey = bind([]string{"ctrl+c"}, "ctrl+c", "quit")

// Interrupted reports whether the user left with ctrl+c.
func (m *Model) Interrupted() bool { return m.interrupted }

// Close returns once every write queued so far has committed (or failed),
// and ends the goroutine that made them. A program calls it once its
// tea.Program has returned, however it ended (q, its SSH client gone, a
// signal), so nothing keyed is dropped and a server's finished sessions
// leave nothing running. The model must not be used after.
func (m *Model) Close() { m.work.stop() }

// Init asks for the background colour and loads the first HIT, or the
// adjudication queue (which holds no HIT).
func (m *Model) Init() tea.Cmd {
	if m.cfg.Adjudicate {
		m.hit.loading = false
		return tea.Batch(tea.RequestBackgroundColor, m.openAdjudication())
	}
	return tea.Batch(tea.RequestBackgroundColor, m.hit.loadNext(0))
}

// Update handles one message, then lays out the frame at once: the keys
// that follow scroll within the bounds of what is on screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(savedMsg); ok && s.err == nil && !s.finished && m.hit.trouble == 0 &&
		!m.hit.progressMoved(s.progress) && !m.paneDoneMoved(s.progress) {
		return m, nil // a write committed; nothing on screen depends on it
	}
	if _, ok := msg.(clockMsg); ok && m.lines != nil {
		cmd := m.update(msg) // only re-arms the clock: nothing else moves
		m.tickFrame()
		return m, cmd
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
		for _, s := range []screenModel{m.queue, m.flags, m.adj, m.hit} {
			cmds = append(cmds, s.SetSize(msg.Width, msg.Height-1-rowsBelow))
		}
		return tea.Batch(cmds...)
	case tea.ColorProfileMsg:
		m.profile = msg.Profile
		return nil
	case tea.BackgroundColorMsg:
		m.styles = DefaultStyles(msg.IsDark())
		m.help.Styles = help.DefaultStyles(msg.IsDark())
		m.helpLines, m.guides, m.painted, m.kept = nil, nil, nil, nil
		return nil
	case tea.KeyPressMsg:
		return m.handleKey(msg)
	case tea.PasteMsg:
		if m.adj.reasoning || m.flags.reasoning {
			var cmd tea.Cmd
			m.input, cmd = m.input.Update(msg)
			return cmd
		}
		return m.hit.Update(msg)
	case hitLoadedMsg, allDoneMsg, feedbackMsg, retryMsg, openedMsg, skippedMsg:
		return m.hit.Update(msg)
	case clockMsg:
		if m.quitting {
			return nil
		}
		return m.hit.Update(msg)
	case savedMsg:
		cmd := m.hit.Update(msg)
		if msg.err == nil && (msg.finished || m.paneDoneMoved(msg.progress)) {
			cmd = tea.Batch(cmd, m.refreshPane())
		}
		return cmd
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
	case qualityMsg:
		m.qualityLoaded(msg)
		return nil
	case flagsLoadedMsg, flagReviewedMsg:
		return m.flags.Update(msg)
	case queueLoadedMsg, queueJumpMsg:
		return m.queue.Update(msg)
	case closeScreenMsg:
		m.screen = screenHIT
		if h := m.hit; h.hit == nil && !h.allDone && !h.loading {
			return h.loadNext(0) // started on a screen: no HIT yet
		}
		return nil
	case openScreenMsg:
		return m.openScreen(msg.which)
	case openStatsMsg:
		return m.openStats()
	case openQualityMsg:
		return m.openQuality()
	case togglePaneMsg:
		return m.togglePane()
	case openHITMsg:
		return m.openHIT(msg.itemID)
	case openGuideMsg:
		m.openGuide(msg.step)
		return nil
	case openHelpMsg:
		m.openPager(overlayHelp)
		return nil
	case quitMsg:
		return m.quit()
	case replayMsg:
		var cmds []tea.Cmd
		for _, k := range msg.keys {
			cmds = append(cmds, m.handleKey(k))
			m.frame() // the next key scrolls within what this one left on screen
		}
		return tea.Batch(cmds...)
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
	if m.hit.hit != nil {
		return m.hit.hit.proto
	}
	return m.proto
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
		if key.Matches(msg, m.hit.keys.Quit) && m.hit.prompt == overlayNone && !m.hit.typingAnswer() && !m.adj.reasoning && !m.flags.reasoning {
			return m.quit()
		}
		return nil
	}
	if m.pagerOpen() {
		return m.pagerKey(msg)
	}
	if m.screen == screenHIT && m.paneCovers() && m.paneKey(msg) {
		return nil
	}
	return m.active().Update(msg)
}

// quit waits for every queued write to commit, then exits. Nothing else
// needs saving: each label was committed when it was keyed.
func (m *Model) quit() tea.Cmd {
	m.quitting = true
	return tea.Sequence(m.hit.leave(), m.work.do(func() tea.Msg { return flushedMsg{} }))
}

// View is the frame Update laid out last; it changes nothing on screen.
func (m *Model) View() tea.View {
	if m.viewStale {
		v := tea.NewView(strings.Join(m.frameLines, "\n"))
		v.AltScreen = true
		v.WindowTitle = "claritty"
		m.view, m.viewStale = v, false
	}
	return m.view
}

// FrameLines is View's content as its lines, strings.Split(content, "\n"),
// without the join and the split: the session's screen on a server
// compares a frame with the last a line at a time. The lines are shared:
// nothing changes them once handed out (tickFrame copies before it draws
// the header), and the caller must not either.
func (m *Model) FrameLines() []string {
	for _, l := range m.frameLines {
		if strings.Contains(l, "\n") { // never laid out so; the split is what View's content gives
			return strings.Split(m.View().Content, "\n")
		}
	}
	if len(m.frameLines) == 0 { // "" splits to one empty line
		return strings.Split(m.View().Content, "\n")
	}
	return m.frameLines
}

// frame lays out the screen as it stands and keeps it for View.
func (m *Model) frame() {
	m.layouts++
	m.setView(m.render())
}

// tickFrame is frame when only the time on the HIT has moved: the header
// is drawn anew into the last frame's lines, which are otherwise what
// laying them all out again would give (the header is the only line that
// reads the clock). A clock ticks every second in every session, so this
// is a third of a server's frames.
func (m *Model) tickFrame() {
	header, cut := fitHeader(m.headerLine(), m.width)
	switch {
	case cut && !m.headerCut:
		m.cuts++
	case !cut && m.headerCut:
		m.cuts--
	}
	// A copy: the last frame's lines may be in a screen's hands still.
	m.lines = slices.Clone(m.lines)
	m.lines[0], m.headerCut = header, cut
	m.setView(m.lines)
}

// setView keeps a frame's lines for View and FrameLines.
func (m *Model) setView(lines []string) {
	m.frameLines, m.viewStale = lines, true
}

// openQueue shows the queue with the current HIT selected.
func (m *Model) openQueue() tea.Cmd {
	m.screen = screenQueue
	seq, total := 1, m.cfg.Dataset.Items
	if h := m.hit.hit; h != nil {
		seq, total = h.item.Seq, h.items
	}
	return m.queue.open(seq, total)
}

// openHIT leaves the HIT on screen and opens the one picked, if the
// dataset's policy has room for the annotator on it.
func (m *Model) openHIT(itemID int64) tea.Cmd {
	m.screen = screenHIT
	m.setStatus("", false)
	return tea.Sequence(m.hit.leave(), m.hit.loadItem(itemID, -1, true))
}

// openScreen opens one of the screens over the HIT.
func (m *Model) openScreen(which screen) tea.Cmd {
	switch which {
	case screenQueue:
		return m.openQueue()
	case screenFlags:
		return m.openFlags()
	case screenAdjudicate:
		return m.openAdjudication()
	}
	return nil
}

// openFlags shows the flags screen.
func (m *Model) openFlags() tea.Cmd {
	m.screen = screenFlags
	return m.flags.open()
}

// openAdjudication reads the adjudication queue; the screen shows once it
// is read (the store refuses those not allowed, and the HIT stays).
func (m *Model) openAdjudication() tea.Cmd { return m.adj.load() }

// active is the screen on top.
func (m *Model) active() screenModel {
	switch m.screen {
	case screenQueue:
		return m.queue
	case screenFlags:
		return m.flags
	case screenAdjudicate:
		return m.adj
	}
	return m.hit
}
