package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// A served session's first frame asks the terminal its background colour
// (the TUI's styles follow it): Bubble Tea's own question goes out only
// at its ticker's next flush, which a server runs once a second.
func TestSessionScreenAsksBackgroundFirst(t *testing.T) {
	out := make(writes, 1)
	sc := newSessionScreen(out, 20, 2, colorprofile.TrueColor)
	sc.show("alpha\nbeta")
	if first := <-out; !strings.Contains(first, ansi.RequestBackgroundColor) {
		t.Fatalf("the first frame does not ask the background colour: %q", first)
	}
	sc.show("alpha\nBETA")
	if got := <-out; strings.Contains(got, ansi.RequestBackgroundColor) {
		t.Fatalf("a later frame asks the background colour again: %q", got)
	}
	go sc.close()
	<-out
}
