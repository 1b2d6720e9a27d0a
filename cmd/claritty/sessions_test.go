package main

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/cmd/claritty/sshserve"
	"github.com/claritty/claritty/store"
)

// A finished SSH session leaves nothing running in the server: after 100
// TUI sessions, half quitting with q and half dropped by their client,
// the process has the goroutines it had before them. Not parallel: it
// counts the whole process's goroutines.
func TestSessionsLeaveNoGoroutines(t *testing.T) {
	ctx := context.Background()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	heavy := newHeavyGate(2)
	srv, err := sshserve.New(sshserve.Config{Addr: "127.0.0.1:0", HostKeyPath: tm.db + "-ssh_host_ed25519_key",
		Store: st, MaxSessions: 40, IdleTimeout: time.Minute, Log: log.New(io.Discard),
		Handle: func(ctx context.Context, s *sshserve.Session) int { return runSession(ctx, st, heavy, s) }})
	if err != nil {
		t.Fatal(err)
	}
	addr, err := srv.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	defer srv.Shutdown(ctx)

	// session opens the TUI, waits for its first step, and quits with q
	// or drops the connection; it runs on any goroutine, so it reports
	// rather than stops the test.
	session := func(quit bool) error {
		c, err := sshDial(t, addr.String(), ana)
		if err != nil {
			return err
		}
		defer c.Close()
		s, err := c.NewSession()
		if err != nil {
			return err
		}
		if err := s.RequestPty("xterm-256color", 24, 80, gossh.TerminalModes{}); err != nil {
			return err
		}
		in, _ := s.StdinPipe()
		screen := &syncBuffer{}
		s.Stdout = screen
		if err := s.Shell(); err != nil {
			return err
		}
		for deadline := time.Now().Add(30 * time.Second); !strings.Contains(ansi.Strip(screen.String()), "Step I"); {
			if time.Now().After(deadline) {
				return fmt.Errorf("the TUI never showed its first step:\n%s", ansi.Strip(screen.String()))
			}
			time.Sleep(20 * time.Millisecond)
		}
		if quit {
			io.WriteString(in, "q")
			s.Wait()
		}
		return nil
	}
	if err := session(true); err != nil { // the first starts what stays for all (pools, caches)
		t.Fatal(err)
	}
	settle := func() int {
		// A dropped session ends a moment after its client: wait for the
		// count to stop falling.
		n := runtime.NumGoroutine()
		for range 50 {
			time.Sleep(40 * time.Millisecond)
			m := runtime.NumGoroutine()
			if m == n {
				break
			}
			n = m
		}
		return n
	}
	before := settle()
	// Ten at a time, as a team would come and go.
	var wg sync.WaitGroup
	for w := range 10 {
		wg.Go(func() {
			for i := range 10 {
				if err := session((w+i)%2 == 0); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	deadline := time.Now().Add(10 * time.Second)
	after := settle()
	for after > before+5 && time.Now().Before(deadline) {
		after = settle()
	}
	if after > before+5 {
		buf := make([]byte, 1<<20)
		t.Fatalf("%d goroutines before 100 sessions, %d after:\n%s", before, after, buf[:runtime.Stack(buf, true)])
	}
	t.Logf("%d goroutines before 100 sessions, %d after", before, after)
}
