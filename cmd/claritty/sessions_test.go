package main

import (
	"context"
	"io"
	"runtime"
	"testing"
	"time"

	"charm.land/log/v2"

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
		Store: st, MaxSessions: 10, IdleTimeout: time.Minute, Log: log.New(io.Discard),
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

	session := func(quit bool) {
		t.Helper()
		c, err := sshDial(t, addr.String(), ana)
		if err != nil {
			t.Fatal(err)
		}
		term := openTerminal(t, c, 80, 24)
		term.waitFor(t, "Step I")
		if quit {
			io.WriteString(term.in, "q")
			term.s.Wait()
		}
		c.Close()
	}
	session(true) // the first session starts what stays for all (pools, caches)
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
	for i := range 100 {
		session(i%2 == 0)
	}
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
