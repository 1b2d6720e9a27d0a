package tui

import (
	"context"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/claritty/claritty/guidelines"
)

// session is what every screen shares: who works on which dataset and
// how to reach the store (every call through the one worker, in order),
// the styles, the status line, and the one text input the prompts use.
// The root model and each screen hold the same session.
type session struct {
	cfg        Config
	ctx        context.Context
	work       *worker
	styles     Styles
	help       help.Model
	input      textinput.Model
	promptKeys promptKeyMap
	status     string
	statusErr  bool
	// statusUnread: the status is the note on what of a HIT's focus is
	// left to read (hitScreen.sayUnread), which follows the reading
	// from frame to frame; any other status ends it.
	statusUnread bool
	guides       map[string][]string // each step's guidance laid out, by width
	// painted keeps pieces of every frame styled (paint) until the
	// colours change.
	painted map[paintKey]string
	// kept keeps whole laid-out pieces of frames (keep) until the colours
	// change.
	kept map[keptKey]any
	// keptLaid counts the pieces keep laid out anew, for the tests that
	// check a frame takes the rest from the last.
	keptLaid int
	// profile is the terminal's colour profile; without colours, image
	// previews are drawn with characters by brightness.
	profile colorprofile.Profile
	// proto and kindScreen are the dataset's kind's protocol and screen,
	// from cfg.Kinds.
	proto      guidelines.Protocol
	kindScreen Screen
}

// paintKey is a style of the session's Styles and a text it styles.
type paintKey struct {
	style *lipgloss.Style
	text  string
}

// paint is style.Render(text) for a style of ss.styles, kept until the
// colours change: the header, the step line and the guidance's rule are
// the same styled pieces frame after frame, and Lip Gloss measures and
// pads each anew, the most of a frame's cost on a server of hundreds of
// sessions. The texts are few (a HIT's numbers and names, the clock's
// seconds come and go), so the memo is emptied when it grows past them.
func (ss *session) paint(style *lipgloss.Style, text string) string {
	k := paintKey{style, text}
	if out, ok := ss.painted[k]; ok {
		return out
	}
	if ss.painted == nil || len(ss.painted) >= 128 {
		ss.painted = map[paintKey]string{}
	}
	out := style.Render(text)
	ss.painted[k] = out
	return out
}

// keptKey is what a kept piece of a frame is laid out from besides the
// session's styles and keys: which piece, its texts, a thing it reads
// that never changes once made (a scale), and numbers (a width, a value).
type keptKey struct {
	what               string
	text, text2, text3 string
	of                 any
	n                  [5]int
}

// keep is lay(), kept until the colours change: the guidance strip, the
// scale, the step line, the status and the wrapped texts of a step are
// the same from frame to frame for as long as what they are laid out from
// is (a frame of a served session is laid out for each key, and Lip Gloss
// styles, wraps and measures each piece anew). Like paint's, the memo is
// emptied when it grows past the few a HIT has. What it returns is
// shared: callers copy before they change it.
func keep[T any](ss *session, k keptKey, lay func() T) T {
	if out, ok := ss.kept[k]; ok {
		return out.(T)
	}
	if ss.kept == nil || len(ss.kept) >= 64 {
		ss.kept = map[keptKey]any{}
	}
	out := lay()
	ss.kept[k] = out
	ss.keptLaid++
	return out
}

// sourced is the package's sourced, kept (keep): the lines are the
// caller's to change (labelled does), the spans shared.
func (ss *session) sourced(text, styled string, width int, indent string) textRows {
	l := keep(ss, keptKey{what: "sourced", text: text, text2: styled, text3: indent, n: [5]int{width}}, func() textRows {
		return sourced(text, styled, width, indent)
	})
	return textRows{lines: slices.Clone(l.lines), src: slices.Clip(l.src)}
}

// mono reports whether the terminal shows no colours.
func (s *session) mono() bool {
	return s.profile == colorprofile.NoTTY || s.profile == colorprofile.ASCII
}

func (s *session) setStatus(text string, isErr bool) {
	s.status, s.statusErr, s.statusUnread = text, isErr, false
}

// promptKey runs a key through the open text prompt: save gets the text
// (trimmed) on enter, cancel runs on esc, any other key edits.
func (s *session) promptKey(msg tea.KeyPressMsg, save func(text string) tea.Cmd, cancel func() tea.Cmd) tea.Cmd {
	switch {
	case key.Matches(msg, s.promptKeys.Cancel):
		s.input.Blur()
		return cancel()
	case key.Matches(msg, s.promptKeys.Save):
		return save(strings.TrimSpace(s.input.Value()))
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return cmd
}

// A screen is one of the TUI's full screens besides the HIT (the queue,
// the flags, adjudication), in the shape of soft-serve's and crush's
// components: it is told its size, handles its keys and its own messages,
// draws its rows and names its keys. What only the root can do (go back
// to the HIT, open one, open a pager, quit) it asks for with a message.
type screenModel interface {
	// SetSize gives the screen the rows and columns between the header
	// and the status line; a screen that reads a window of rows may need
	// another.
	SetSize(width, height int) tea.Cmd
	Update(msg tea.Msg) tea.Cmd
	// Layout draws the screen's rows at its size and records what its
	// keys need of that layout (scroll bounds, what is out of sight). The
	// root calls it from Update, after each message; the root's View
	// only hands Bubble Tea the frame made then, and changes nothing.
	Layout() []string
	ShortHelp() []key.Binding
	FullHelp() [][]key.Binding
}

// What a screen asks of the root.
type (
	closeScreenMsg struct{}               // back to the HIT screen
	openHITMsg     struct{ itemID int64 } // open this HIT (the annotator picked it)
	openGuideMsg   struct{ step string }  // the guideline at a step's section
	openHelpMsg    struct{}               // the help pager, for the screen on top
	quitMsg        struct{}               // leave, once every write is saved
)

// ask is a command that sends msg to the root.
func ask(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// screenKey is what a screen's shared keys (quit, help) and its key back
// to the HITs ask of the root, or nil for any other key.
func screenKey(msg tea.KeyPressMsg, k sharedKeys, back key.Binding) tea.Cmd {
	switch {
	case key.Matches(msg, k.Quit):
		return ask(quitMsg{})
	case key.Matches(msg, back):
		return ask(closeScreenMsg{})
	case key.Matches(msg, k.Help):
		return ask(openHelpMsg{})
	}
	return nil
}
