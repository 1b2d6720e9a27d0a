package main

import (
	"bytes"
	"io"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/tui"
)

// sessionScreen draws a served TUI's frames on the client's terminal a
// whole line at a time: a line that did not change is not sent, a line
// that did is erased and written again. Bubble Tea's renderer (its only
// one; its options are the frame rate, the colour profile and none at all)
// clears its cell buffer and draws every frame into it anew, then diffs
// every line cell by cell, measuring each cell's width twice; that was 40%
// of a server's CPU for 200 sessions. The TUI lays out every frame as
// exactly its height in lines, none wider than the window (tui.fitFrame),
// with the dataset's text made safe (package display), so comparing lines
// is the whole diff. The program runs without a renderer; the screen sets
// up and restores the terminal as Bubble Tea's renderer does for the TUI's
// view (alternate screen, no cursor, bracketed paste, the keyboard
// protocol, the window title), and also turns off autowrap, so a line a
// terminal measures wider than the TUI did is cut at the edge instead of
// spilling into the next.
type sessionScreen struct {
	out *lockedWriter

	mu      sync.Mutex // guards what the drawer reads
	frame   string
	width   int
	height  int
	profile colorprofile.Profile
	redraw  bool // clear the terminal and draw every line

	wake    chan struct{} // a new frame is waiting (one slot: frames coalesce)
	stop    chan struct{}
	stopped chan struct{}

	// The drawer's own.
	started bool
	shown   []string     // the lines on the terminal
	buf     bytes.Buffer // a frame's bytes, kept for the next
}

// lockedWriter keeps Bubble Tea's writes (its terminal queries) and the
// screen's whole: each Write is one, never interleaved with another.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func newSessionScreen(out io.Writer, width, height int, profile colorprofile.Profile) *sessionScreen {
	sc := &sessionScreen{out: &lockedWriter{w: out}, width: width, height: height, profile: profile,
		redraw: true, wake: make(chan struct{}, 1), stop: make(chan struct{}), stopped: make(chan struct{})}
	go sc.draw()
	return sc
}

// show hands the drawer a frame.
func (sc *sessionScreen) show(frame string) {
	sc.mu.Lock()
	same := frame == sc.frame && !sc.redraw
	sc.frame = frame
	sc.mu.Unlock()
	if !same {
		sc.poke()
	}
}

// resize makes the next frame clear the terminal and draw every line: a
// terminal reflows its screen on a resize in its own way.
func (sc *sessionScreen) resize(width, height int) {
	sc.mu.Lock()
	sc.width, sc.height, sc.redraw = width, height, true
	sc.mu.Unlock()
}

func (sc *sessionScreen) setProfile(p colorprofile.Profile) {
	sc.mu.Lock()
	if p != sc.profile {
		sc.profile, sc.redraw = p, true
	}
	sc.mu.Unlock()
}

func (sc *sessionScreen) poke() {
	select {
	case sc.wake <- struct{}{}:
	default: // a frame is waiting already; the drawer takes the newest
	}
}

// draw sends each frame handed over, the newest when several wait, until
// close.
func (sc *sessionScreen) draw() {
	defer close(sc.stopped)
	for {
		select {
		case <-sc.wake:
			sc.send()
		case <-sc.stop:
			select {
			case <-sc.wake: // the last frame, as the program left it
				sc.send()
			default:
			}
			return
		}
	}
}

// terminalSetup is what Bubble Tea's renderer sends before the TUI's first
// frame (its view: alternate screen, no cursor, bracketed paste, the
// keyboard protocol's basic disambiguation, the title), and autowrap off.
var terminalSetup = ansi.ResetModifyOtherKeys + ansi.SetModeAltScreenSaveCursor + ansi.ResetModeTextCursorEnable +
	ansi.SetModeBracketedPaste + ansi.SetWindowTitle("claritty") + ansi.SetModifyOtherKeys2 +
	ansi.PushKittyKeyboard(1) + ansi.RequestKittyKeyboard + ansi.ResetModeAutoWrap

// terminalRestore undoes terminalSetup, as Bubble Tea's renderer does when
// the program ends.
var terminalRestore = ansi.ResetModifyOtherKeys + ansi.PopKittyKeyboard(1) + ansi.SetModeAutoWrap +
	ansi.ResetModeAltScreenSaveCursor + ansi.SetModeTextCursorEnable + ansi.ResetModeBracketedPaste +
	ansi.SetWindowTitle("")

// send writes the lines of the newest frame that differ from those on the
// terminal, in one write.
func (sc *sessionScreen) send() {
	sc.mu.Lock()
	frame, height, profile, redraw := sc.frame, sc.height, sc.profile, sc.redraw
	sc.redraw = false
	sc.mu.Unlock()
	b := &sc.buf
	b.Reset()
	if !sc.started {
		b.WriteString(terminalSetup)
		sc.started = true
	}
	if redraw {
		b.WriteString(ansi.ResetStyle + ansi.EraseEntireScreen)
		sc.shown = nil
	}
	lines := strings.Split(frame, "\n")
	lines = lines[:min(len(lines), max(0, height))]
	styled := &colorprofile.Writer{Forward: b, Profile: profile}
	for y, l := range lines {
		if y < len(sc.shown) && sc.shown[y] == l {
			continue
		}
		b.WriteString(ansi.CursorPosition(1, y+1) + ansi.ResetStyle + ansi.EraseEntireLine)
		styled.WriteString(l)
	}
	for y := len(lines); y < len(sc.shown); y++ { // a shorter frame than the last
		b.WriteString(ansi.CursorPosition(1, y+1) + ansi.ResetStyle + ansi.EraseEntireLine)
	}
	if b.Len() == 0 {
		return
	}
	b.WriteString(ansi.ResetStyle)
	sc.shown = lines
	sc.out.Write(b.Bytes())
	if b.Cap() > 64<<10 { // a whole large window's: not kept for a session's life
		sc.buf = bytes.Buffer{}
	}
}

// close draws the last frame handed over, then gives the terminal back as
// it was.
func (sc *sessionScreen) close() {
	close(sc.stop)
	<-sc.stopped
	if sc.started {
		sc.out.Write([]byte(ansi.CursorPosition(1, max(1, len(sc.shown))) + ansi.ResetStyle + terminalRestore))
	}
}

// screenModel is the TUI handing every frame it lays out to the session's
// screen.
type screenModel struct {
	*tui.Model
	screen *sessionScreen
}

func (m screenModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.screen.resize(msg.Width, msg.Height)
	case tea.ColorProfileMsg:
		m.screen.setProfile(msg.Profile)
	}
	_, cmd := m.Model.Update(msg)
	m.screen.show(m.Model.View().Content)
	return m, cmd
}
