package main

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// A line kept in a colour profile is the line as the session's screen sent
// it before there was a memo: its styling alone, its colours the
// profile's, in every profile, the first time and every time after.
func TestProfileLinesAsSent(t *testing.T) {
	lines := []string{
		"plain text",
		"\x1b[38;2;255;0;0mred\x1b[m and \x1b[1;48;2;0;0;255mbold on blue\x1b[m",
		"\x1b]52;c;aGk=\x07copied? \x1b[2Jcleared? \x1b[38;5;200mpink\x1b[m",
		"tab\there \x9b31m C1",
	}
	for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI,
		colorprofile.ASCII, colorprofile.NoTTY} {
		for _, l := range lines {
			var b strings.Builder
			w := &colorprofile.Writer{Forward: &b, Profile: p}
			w.WriteString(styling(l))
			for range 2 {
				if got := inProfile.line(l, p); got != b.String() {
					t.Errorf("%v %q: kept %q, want %q", p, l, got, b.String())
				}
			}
		}
	}
}
