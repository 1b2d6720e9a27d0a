package main

import (
	"strings"
	"testing"

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
