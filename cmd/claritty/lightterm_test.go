package main

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/tui"
)

// Over SSH, a terminal with a light background gets the light styles: the
// session asks its background colour, the terminal answers, and the
// header is drawn again in the light colours (in the terminal's 256).
func TestSSHLightTerminalGetsLightStyles(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	importLongRequest(t, tm)
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	light := inProfile.line(tui.DefaultStyles(false).Brand.Render(" claritty"), colorprofile.ANSI256)
	dark := inProfile.line(tui.DefaultStyles(true).Brand.Render(" claritty"), colorprofile.ANSI256)
	if light == dark {
		t.Fatalf("the light and dark brand look alike in 256 colours: %q", light)
	}
	term := terminalRunning(t, c, 80, 24, "--dataset need")
	waitRaw(t, term, ansi.RequestBackgroundColor)
	io.WriteString(term.in, "\x1b]11;rgb:ffff/ffff/ffff\x07") // white, as xterm answers
	waitRaw(t, term, light)
}

// waitRaw waits for bytes in what the terminal was sent, escape sequences
// and all.
func waitRaw(t *testing.T, term *terminal, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if strings.Contains(term.screen.String(), s) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the terminal was never sent %q; it was sent:\n%q", s, term.screen.String())
}
