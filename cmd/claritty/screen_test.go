package main

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// writes hands over each write the screen makes, one at a time.
type writes chan string

func (w writes) Write(p []byte) (int, error) {
	w <- string(p)
	return len(p), nil
}

// A served TUI's screen sends what changed and only that: the first frame
// sets the terminal up and draws every line; a frame with one line changed
// sends that line alone, erased and written at its row; a resize clears
// and draws every line; the end gives the terminal back.
func TestSessionScreenSendsOnlyChangedLines(t *testing.T) {
	out := make(writes, 1)
	sc := newSessionScreen(out, 20, 3, colorprofile.TrueColor)
	row := func(y int) string { return ansi.CursorPosition(1, y) + ansi.ResetStyle + ansi.EraseEntireLine }

	sc.show("alpha\nbeta\ngamma")
	first := <-out
	if !strings.HasPrefix(first, terminalSetup+ansi.ResetStyle+ansi.EraseEntireScreen) {
		t.Fatalf("the first frame does not set up and clear the terminal: %q", first)
	}
	for y, l := range []string{"alpha", "beta", "gamma"} {
		if !strings.Contains(first, row(y+1)+l) {
			t.Fatalf("the first frame has no %q at row %d: %q", l, y+1, first)
		}
	}

	sc.show("alpha\nBETA\ngamma")
	if got, want := <-out, row(2)+"BETA"+ansi.ResetStyle; got != want {
		t.Fatalf("one line changed sent %q, want %q", got, want)
	}

	sc.show("alpha\nBETA")
	if got, want := <-out, row(3)+ansi.ResetStyle; got != want {
		t.Fatalf("a frame a line shorter sent %q, want %q (its last row erased)", got, want)
	}

	sc.resize(30, 2)
	sc.show("one\ntwo")
	got := <-out
	if !strings.HasPrefix(got, ansi.ResetStyle+ansi.EraseEntireScreen) || !strings.Contains(got, row(1)+"one") || !strings.Contains(got, row(2)+"two") {
		t.Fatalf("a resize did not clear and draw every line: %q", got)
	}
	if strings.Contains(got, terminalSetup) {
		t.Fatalf("a resize set the terminal up again: %q", got)
	}

	sc.show("one\nTWO\nbelow the window")
	if got, want := <-out, row(2)+"TWO"+ansi.ResetStyle; got != want {
		t.Fatalf("a frame taller than the window sent %q, want %q (nothing past the last row)", got, want)
	}

	go sc.close()
	if got := <-out; !strings.HasSuffix(got, terminalRestore) {
		t.Fatalf("the end did not give the terminal back: %q", got)
	}
}

// Colours go out in the client's colour profile, as Bubble Tea's renderer
// sends them: a 256-colour terminal gets the nearest of its 256.
func TestSessionScreenColourProfile(t *testing.T) {
	out := make(writes, 1)
	sc := newSessionScreen(out, 20, 1, colorprofile.ANSI256)
	sc.show("\x1b[38;2;255;0;0mred\x1b[m")
	got := <-out
	if strings.Contains(got, "38;2;") || !strings.Contains(got, "\x1b[38;5;196mred") {
		t.Fatalf("a true colour reached a 256-colour terminal as %q", got)
	}
	sc.setProfile(colorprofile.TrueColor)
	sc.show("\x1b[38;2;255;0;0mred\x1b[m")
	if got := <-out; !strings.Contains(got, "\x1b[38;2;255;0;0mred") {
		t.Fatalf("the true colour profile's frame went out as %q", got)
	}
	go sc.close()
	<-out
}

// A frame's lines reach the client with their styling and nothing else:
// a clipboard write (OSC 52), a cursor move, the keyboard's mode (a CSI
// ending in m that is not styling), a device string, a bell, a C1 CSI and
// a backspace are taken out, the text and its colours kept. Bubble Tea's
// renderer kept only text and style by parsing frames into cells; package
// display makes dataset text safe before this, so this is the second line.
func TestSessionScreenSendsOnlyStyling(t *testing.T) {
	out := make(writes, 1)
	sc := newSessionScreen(out, 80, 1, colorprofile.TrueColor)
	sc.show("a\x1b]52;c;cGF3bmVk\x07b\x1b[5;5Hc\x1b[>4;2md\x1bPq#0\x1b\\e\a\u009b2Jf\bg\x1b[1;38;2;1;2;3mh\x1b[m\x1b]0;title\x1b\\i\x1b7j\x1b[")
	got := <-out
	want := ansi.CursorPosition(1, 1) + ansi.ResetStyle + ansi.EraseEntireLine + "abcde2Jfg\x1b[1;38;2;1;2;3mh\x1b[mij" + ansi.ResetStyle
	if !strings.HasSuffix(got, want) {
		t.Fatalf("the frame went out as %q, want it to end %q", got, want)
	}
	go sc.close()
	<-out
}

// Once the terminal reports synchronized output (mode 2026), each frame
// goes out inside it, as Bubble Tea's renderer sent it: the terminal shows
// the frame whole. The first frame asks the terminal whether it has it.
func TestSessionScreenSynchronizedOutput(t *testing.T) {
	out := make(writes, 1)
	sc := newSessionScreen(out, 20, 2, colorprofile.TrueColor)
	sc.show("one\ntwo")
	if got := <-out; !strings.Contains(got, ansi.RequestModeSynchronizedOutput) || strings.Contains(got, ansi.SetModeSynchronizedOutput) {
		t.Fatalf("the first frame did not ask for mode 2026, or used it unasked: %q", got)
	}
	sc.note(tea.ModeReportMsg{Mode: ansi.ModeSynchronizedOutput, Value: ansi.ModeNotRecognized})
	sc.show("ONE\ntwo")
	if got := <-out; strings.Contains(got, ansi.SetModeSynchronizedOutput) {
		t.Fatalf("a terminal without mode 2026 was sent it: %q", got)
	}
	sc.note(tea.ModeReportMsg{Mode: ansi.ModeSynchronizedOutput, Value: ansi.ModeReset})
	sc.show("one\nTWO")
	want := ansi.SetModeSynchronizedOutput + ansi.CursorPosition(1, 1) + ansi.ResetStyle + ansi.EraseEntireLine + "one" + ansi.CursorPosition(1, 2) + ansi.ResetStyle + ansi.EraseEntireLine + "TWO" + ansi.ResetStyle + ansi.ResetModeSynchronizedOutput
	if got := <-out; got != want {
		t.Fatalf("a frame on a terminal with mode 2026 went out as %q, want %q", got, want)
	}
	sc.show("one\nTWO")
	sc.show("one\nTWO")
	go sc.close()
	if got := <-out; strings.Contains(got, ansi.SetModeSynchronizedOutput) {
		t.Fatalf("an unchanged frame was sent: %q", got)
	}
}

// BenchmarkSessionScreenStyling is the cost of taking out all but styling
// from a frame's lines as the TUI lays them out (styled, nothing to take out).
func BenchmarkSessionScreenStyling(b *testing.B) {
	line := "\x1b[1;38;2;200;200;200m  3/20 \x1b[m\x1b[38;2;120;120;120m│\x1b[m what is the capital of the country whose flag … \x1b[7m k \x1b[m"
	b.SetBytes(int64(len(line)))
	for b.Loop() {
		if styling(line) != line {
			b.Fatal("a styled line changed")
		}
	}
}
