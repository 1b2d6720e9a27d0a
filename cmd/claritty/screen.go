package main

import (
	"bytes"
	"io"
	"slices"
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
	frame   []string   // the newest frame's lines (tui.Model.FrameLines: never changed once handed over)
	width   int
	height  int
	profile colorprofile.Profile
	redraw  bool // clear the terminal and draw every line
	synced  bool // the terminal reported synchronized output (mode 2026)

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
func (sc *sessionScreen) show(frame string) { sc.showLines(strings.Split(frame, "\n")) }

// showLines hands the drawer a frame as its lines (show's split): the
// TUI keeps its frames as lines, so they are not joined into one string
// to be split here. The lines must not change after.
func (sc *sessionScreen) showLines(frame []string) {
	sc.mu.Lock()
	same := slices.Equal(frame, sc.frame) && !sc.redraw
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

// setSynced wraps every later frame in synchronized output, so the
// terminal shows it whole rather than a line at a time, as Bubble Tea's
// renderer did once the terminal reported the mode.
func (sc *sessionScreen) setSynced() {
	sc.mu.Lock()
	sc.synced = true
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
// keyboard protocol's basic disambiguation, the title), and autowrap off,
// and the question whether the terminal has synchronized output (mode
// 2026), which Bubble Tea asks only when its renderer runs, and its
// background colour, which the TUI asks too, but through Bubble Tea's
// output, flushed only once a second on a server (sessionTUI).
var terminalSetup = ansi.ResetModifyOtherKeys + ansi.SetModeAltScreenSaveCursor + ansi.ResetModeTextCursorEnable +
	ansi.SetModeBracketedPaste + ansi.SetWindowTitle("claritty") + ansi.SetModifyOtherKeys2 +
	ansi.PushKittyKeyboard(1) + ansi.RequestKittyKeyboard + ansi.ResetModeAutoWrap + ansi.RequestModeSynchronizedOutput +
	ansi.RequestBackgroundColor

// terminalRestore undoes terminalSetup, as Bubble Tea's renderer does when
// the program ends.
var terminalRestore = ansi.ResetModifyOtherKeys + ansi.PopKittyKeyboard(1) + ansi.SetModeAutoWrap +
	ansi.ResetModeAltScreenSaveCursor + ansi.SetModeTextCursorEnable + ansi.ResetModeBracketedPaste +
	ansi.SetWindowTitle("")

// send writes the lines of the newest frame that differ from those on the
// terminal, in one write.
func (sc *sessionScreen) send() {
	sc.mu.Lock()
	frame, height, profile, redraw, synced := sc.frame, sc.height, sc.profile, sc.redraw, sc.synced
	sc.redraw = false
	sc.mu.Unlock()
	b := &sc.buf
	b.Reset()
	if synced {
		b.WriteString(ansi.SetModeSynchronizedOutput)
	}
	start := b.Len()
	if !sc.started {
		b.WriteString(terminalSetup)
		sc.started = true
	}
	if redraw {
		b.WriteString(ansi.ResetStyle + ansi.EraseEntireScreen)
		sc.shown = nil
	}
	lines := frame[:min(len(frame), max(0, height))]
	for y, l := range lines {
		if y < len(sc.shown) && sc.shown[y] == l {
			continue
		}
		b.WriteString(lineStart(y))
		b.WriteString(inProfile.line(l, profile))
	}
	for y := len(lines); y < len(sc.shown); y++ { // a shorter frame than the last
		b.WriteString(lineStart(y))
	}
	if b.Len() == start {
		return
	}
	b.WriteString(ansi.ResetStyle)
	if synced {
		b.WriteString(ansi.ResetModeSynchronizedOutput)
	}
	sc.shown = lines
	sc.out.Write(b.Bytes())
	if b.Cap() > 64<<10 { // a whole large window's: not kept for a session's life
		sc.buf = bytes.Buffer{}
	}
}

// lineStart is what begins the screen's line y (from 0) in a frame: the
// cursor at its start, the style reset, the line erased. The rows of
// every terminal a server has seen are made once (fmt-free, but each a
// new string), up to a tall window's.
func lineStart(y int) string {
	if y < len(lineStarts) {
		return lineStarts[y]
	}
	return ansi.CursorPosition(1, y+1) + ansi.ResetStyle + ansi.EraseEntireLine
}

var lineStarts = func() []string {
	rows := make([]string, 200)
	for y := range rows {
		rows[y] = ansi.CursorPosition(1, y+1) + ansi.ResetStyle + ansi.EraseEntireLine
	}
	return rows
}()

// profileLines keeps lines as sent in a colour profile: their styling
// alone (styling), their colours made the profile's (colorprofile parses
// every escape sequence of a line to do it). The sessions of a server send
// the same lines over and over (a scale with a label chosen, the step
// line, the guidance, the key line), each session and the others, so one
// memo serves the process. It keeps two generations of up to
// profileLinesKept lines: when the newer is full it becomes the older and
// the oldest goes, and a line found in the older moves to the newer. A
// server's sessions bring new lines with every HIT (its query, its
// answers), hundreds a second at 200 sessions; emptied whole, the memo
// lost the lines every session shares each time it filled.
type profileLines struct {
	mu       sync.Mutex
	m, older map[profileLine]string
	made     int // lines made anew, for the tests that check what is kept
}

// profileLinesKept is a generation's lines: some hundred KB at most.
const profileLinesKept = 1024

type profileLine struct {
	line    string
	profile colorprofile.Profile
}

var inProfile = profileLines{m: map[profileLine]string{}}

// line is l as the screen sends it in profile p.
func (c *profileLines) line(l string, p colorprofile.Profile) string {
	k := profileLine{l, p}
	c.mu.Lock()
	out, ok := c.m[k]
	if !ok {
		if out, ok = c.older[k]; ok {
			c.keep(k, out)
		}
	}
	c.mu.Unlock()
	if ok {
		return out
	}
	var b strings.Builder
	styled := &colorprofile.Writer{Forward: &b, Profile: p}
	styled.WriteString(styling(l))
	out = b.String()
	c.mu.Lock()
	c.made++
	c.keep(k, out)
	c.mu.Unlock()
	return out
}

// keep puts a line in the newer generation, starting a new one when it
// is full; c.mu is held.
func (c *profileLines) keep(k profileLine, out string) {
	if len(c.m) >= profileLinesKept {
		c.older, c.m = c.m, make(map[profileLine]string, profileLinesKept)
	}
	c.m[k] = out
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
	m.screen.note(msg)
	_, cmd := m.Model.Update(msg)
	m.screen.showLines(m.Model.FrameLines())
	return m, cmd
}

// note follows what the program hears about the terminal: its size, its
// colours, and whether it has synchronized output.
func (sc *sessionScreen) note(msg tea.Msg) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		sc.resize(msg.Width, msg.Height)
	case tea.ColorProfileMsg:
		sc.setProfile(msg.Profile)
	case tea.ModeReportMsg:
		// Reset: the terminal has the mode and it is off now.
		if msg.Mode == ansi.ModeSynchronizedOutput && msg.Value == ansi.ModeReset {
			sc.setSynced()
		}
	}
}

// styling is a line with every escape sequence but styling (SGR: CSI
// digits, ';' and ':' then 'm') and every other control character taken
// out. Bubble Tea's renderer parsed a frame into cells, which kept only
// text and its style; the session's screen sends the TUI's lines as they
// are, so this keeps a cursor move, a clipboard write (OSC 52) or a
// terminal query that reached a line past package display from reaching
// the client. A line with nothing to take out is returned as it is, with
// no copy: a byte scan.
func styling(l string) string {
	var b []byte // nil until something is taken out
	for i := 0; i < len(l); {
		n, keep := escapeAt(l, i)
		if keep {
			if b != nil {
				b = append(b, l[i:i+n]...)
			}
		} else if b == nil {
			b = append(make([]byte, 0, len(l)), l[:i]...)
		}
		i += n
	}
	if b == nil {
		return l
	}
	return string(b)
}

// escapeAt is the length of what starts at l[i] (a run of text, one
// control character or one escape sequence) and whether it may go out.
func escapeAt(l string, i int) (n int, keep bool) {
	c := l[i]
	switch {
	case c == 0x1b:
		return sequenceAt(l, i)
	case c == 0xc2 && control(l, i): // a C1 control, UTF-8 encoded
		return 2, false
	case control(l, i):
		return 1, false
	}
	j := i + 1
	for j < len(l) && !control(l, j) {
		j++
	}
	return j - i, true
}

// control reports whether l[i] starts a control character: C0 (ESC
// among them), DEL, or C1 as UTF-8 encodes it.
func control(l string, i int) bool {
	c := l[i]
	return c < 0x20 || c == 0x7f || c == 0xc2 && i+1 < len(l) && l[i+1] >= 0x80 && l[i+1] <= 0x9f
}

// sequenceAt is the length of the escape sequence at l[i] and whether it
// is styling. A string sequence (OSC, DCS, SOS, PM, APC) runs to its
// terminator or the end of the line; any other, to its final byte.
func sequenceAt(l string, i int) (n int, keep bool) {
	j := i + 1
	if j >= len(l) {
		return 1, false
	}
	switch l[j] {
	case '[': // CSI: parameters, intermediates, a final byte
		j++
		sgr := true
		for j < len(l) && l[j] >= 0x30 && l[j] <= 0x3f {
			if c := l[j]; c != ';' && c != ':' && (c < '0' || c > '9') {
				sgr = false // a private marker: not styling (e.g. CSI > 4;2 m, the keyboard's mode)
			}
			j++
		}
		for j < len(l) && l[j] >= 0x20 && l[j] <= 0x2f {
			sgr = false
			j++
		}
		if j >= len(l) || l[j] < 0x40 || l[j] > 0x7e {
			return j - i, false // unterminated or broken
		}
		return j + 1 - i, sgr && l[j] == 'm'
	case ']', 'P', 'X', '^', '_':
		for j++; j < len(l); j++ {
			if l[j] == 0x07 {
				return j + 1 - i, false
			}
			if l[j] == 0x1b && j+1 < len(l) && l[j+1] == '\\' {
				return j + 2 - i, false
			}
		}
		return len(l) - i, false
	}
	for j < len(l) && l[j] >= 0x20 && l[j] <= 0x2f { // intermediates
		j++
	}
	if j < len(l) {
		j++ // the final byte
	}
	return j - i, false
}
