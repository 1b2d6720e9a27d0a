package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"
)

// The binary reads the annotator's config.toml and the screen names the
// keys it binds: with quit on x, a window too small to use says "x
// quits", and x quits.
func TestScreenNamesTheConfigsKeys(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	cmd, term, screen := configuredInPTY(t, bin, dir, "[keys]\nquit = \"x\"\n\n[labels]\n\"2\" = \"f\"\n\"1\" = \"d\"\n", 12, 39, "--db", filepath.Join(dir, "c.db"))
	// The renderer may move the cursor over a space: the key is the
	// letter before "quits".
	quits := regexp.MustCompile(`(\S)\s*quits\.`)
	var seen []byte
	said := ""
	for chunk := range screen {
		seen = append(seen, chunk...)
		if m := quits.FindStringSubmatch(ansi.Strip(string(seen))); m != nil {
			said = m[1]
			break
		}
	}
	if said != "x" {
		t.Errorf("the screen says %q quits; config.toml has quit = \"x\":\n%s", said, ansi.Strip(string(seen)))
	}
	go func() { // whatever it draws on the way out
		for range screen {
		}
	}()
	if _, err := term.Write([]byte("x")); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Errorf("x did not quit: %v\n%s", err, ansi.Strip(string(seen)))
	}
}

// The binary's queue follows the config's quit: with quit = "x" its keys
// say x quits, q there does nothing (the help it is followed by opens),
// and x quits.
func TestQueueQuitsByTheConfigsKey(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	cmd, term, screen := configuredInPTY(t, bin, dir, "[keys]\nquit = \"x\"\n", 24, 80, "--db", filepath.Join(dir, "c.db"))
	// until reads the output from here on until it shows re; the program
	// ending first fails the test.
	until := func(re string) {
		t.Helper()
		var seen []byte
		for chunk := range screen {
			seen = append(seen, chunk...)
			if regexp.MustCompile(re).MatchString(ansi.Strip(string(seen))) {
				return
			}
		}
		t.Fatalf("the program ended before showing %s:\n%s", re, ansi.Strip(string(seen)))
	}
	press := func(keys string) {
		t.Helper()
		if _, err := term.Write([]byte(keys)); err != nil {
			t.Fatal(err)
		}
	}
	until(`Step I`)
	press("l")
	until(`Queue ·`)
	press("q?") // q is not quit's key here: the help opens after it
	until(`x\s*quit`)
	press("\x1b")
	until(`Queue ·`)
	go func() { // whatever it draws on the way out
		for range screen {
		}
	}()
	press("x")
	if err := cmd.Wait(); err != nil {
		t.Errorf("x did not quit the queue: %v", err)
	}
}

// configuredInPTY runs the binary with args in a rows×cols terminal, its
// config.toml (under XDG_CONFIG_HOME in dir) holding conf. It returns the
// command, the terminal (closed when the test ends) and the terminal's
// output, chunk by chunk, until the program has gone.
func configuredInPTY(t *testing.T, bin, dir, conf string, rows, cols uint16, args ...string) (*exec.Cmd, *os.File, <-chan []byte) {
	t.Helper()
	path := filepath.Join(dir, "xdg", "claritty", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "xdg"), "TERM=xterm-256color")
	term, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: rows, Cols: cols})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { term.Close() })
	screen := make(chan []byte)
	go func() { // the terminal's output, until the program has gone
		defer close(screen)
		for {
			b := make([]byte, 4096)
			n, err := term.Read(b)
			if n > 0 {
				screen <- b[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	return cmd, term, screen
}
