package main

import (
	"io"
	"strings"
	"testing"
)

// Over SSH, a terminal resized mid-reading keeps what was read (issue 43,
// point 0): a 400-word request paged two fifths down at 40x12, the
// terminal resized to 80x24, paged on to the end, and the label key
// labels; before, the part read at 40x12 was unread at 80 columns and the
// key said so.
func TestSSHResizeKeepsWhatWasRead(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	item := importLongRequest(t, tm)
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	term := terminalRunning(t, c, 40, 12, "--dataset need")
	term.waitFor(t, "How much does")
	io.WriteString(term.in, strings.Repeat("\x1b[6~", 10)+"4") // two fifths down, then the label
	term.waitFor(t, "read it all first")
	if err := term.s.WindowChange(24, 80); err != nil {
		t.Fatal(err)
	}
	term.waitFor(t, "claritty · need · ana") // the header of a wider terminal
	if n, _ := labelsOf(t, tm.db, item, "ana"); n != 0 {
		t.Fatalf("a key labelled the request before it was read: %d labels", n)
	}
	io.WriteString(term.in, strings.Repeat("\x1b[6~", 20)+"4") // on to the end, then the label
	waitLabels(t, tm.db, item, "ana", 1, false)
}
