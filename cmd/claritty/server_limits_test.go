package main

import (
	"io"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/guidelines"
)

// A client that asks for a window of 100000×100000, or resizes to
// 2147483647×2147483647, gets the largest window the server draws and no
// more: the server stays up, its memory stays in bounds, and another
// annotator's keys still commit meanwhile.
func TestServeClampsWindowSizes(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	dee, eve := tm.keyFor(t, "dee"), tm.keyFor(t, "mallory")
	srv := startServe(t, tm.db)

	huge := terminalAt(t, srv.addr, eve, 100000, 100000)
	resized := terminalAt(t, srv.addr, eve, 80, 24)
	for _, s := range []*gossh.Session{resized.s, huge.s} {
		if err := s.WindowChange(2147483647, 2147483647); err != nil {
			t.Fatal(err)
		}
	}
	io.WriteString(resized.in, "?") // a frame at the new size
	time.Sleep(500 * time.Millisecond)

	term := terminalAt(t, srv.addr, dee, 100, 30) // a new client after the huge windows
	units := guidelines.MIMICS.Units(tm.pane2.Shape(0))
	io.WriteString(term.in, "\r"+strings.Repeat("2", len(units)))
	waitLabels(t, tm.db, tm.pane2.ID, "dee", len(units), true)
	if err := srv.cmd.Process.Signal(syscall.Signal(0)); err != nil {
		t.Fatalf("the server died: %v\n%s", err, srv.stderr)
	}
	kb := peakRSS(t, srv.cmd.Process.Pid)
	if kb > 200<<10 {
		t.Errorf("the server's peak memory is %d MB, want under 200 MB", kb>>10)
	}
	c, err := sshDial(t, srv.addr, dee)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := sshRun(t, c, "", "policy"); r.code != 0 {
		t.Fatalf("the server after the huge windows: %+v\n%s", r, srv.stderr)
	}
}
