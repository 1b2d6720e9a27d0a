package main

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// The lines every session sends (the key line, a step line) stay in the
// memo of lines in a profile while the sessions' own lines (each HIT's
// query and answers, new with every HIT) fill it many times over: a line
// found again is not made again, and what the memo gives is what it made.
func TestProfileLinesKeepWhatIsSentOften(t *testing.T) {
	c := profileLines{m: map[profileLine]string{}}
	shared := "\x1b[38;2;140;140;140m enter next • ? more\x1b[m"
	want := c.line(shared, colorprofile.ANSI256)
	own := 0
	for i := range 5 * profileLinesKept {
		c.line(fmt.Sprintf("\x1b[1m load query %d\x1b[m", i), colorprofile.ANSI256)
		own++
		if i%100 == 0 {
			if got := c.line(shared, colorprofile.ANSI256); got != want {
				t.Fatalf("the shared line came back as %q, want %q", got, want)
			}
		}
	}
	if made := c.made - own; made != 1 {
		t.Errorf("the line every session sends was made %d times while the sessions' own filled the memo %d times over", made, own/profileLinesKept)
	}
	if n := len(c.m) + len(c.older); n > 2*profileLinesKept {
		t.Errorf("the memo holds %d lines, more than its two generations of %d", n, profileLinesKept)
	}
}
