package sshserve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// newKey makes a client key and its store form.
func newKey(t *testing.T) (gossh.Signer, store.Key) {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	pub := signer.PublicKey()
	return signer, store.Key{Fingerprint: gossh.FingerprintSHA256(pub),
		Public: strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pub)))}
}

type testServer struct {
	srv  *Server
	addr string
	log  *logBuffer
	st   *store.Store
}

// logBuffer is the server's log, written by its goroutines and read by
// the test.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}
func (l *logBuffer) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// connect dials the server with a registered key, closed when the test ends.
func (ts *testServer) connect(t *testing.T, signer gossh.Signer) *gossh.Client {
	t.Helper()
	var shown []string
	c, err := dial(ts.addr, signer, &shown)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// startServer serves a store where ana holds a registered key, with a
// Handle that writes who is acting and the command, then exits with the
// status the command names, or waits for the server to close on "wait".
func startServer(t *testing.T, cfg Config) (*testServer, gossh.Signer) {
	t.Helper()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	storetest.Person(t, st, "ana", store.RoleAnnotator)
	signer, key := newKey(t)
	if err := st.AddKeys(context.Background(), lead, "ana", []store.Key{key}); err != nil {
		t.Fatal(err)
	}
	logs := &logBuffer{}
	cfg.Addr, cfg.Store = "127.0.0.1:0", st
	cfg.HostKeyPath = filepath.Join(t.TempDir(), "host_key")
	cfg.Log = log.New(logs)
	cfg.Handle = func(ctx context.Context, s *Session) int {
		fmt.Fprintf(s, "%s %s\n", s.Who.Name, strings.Join(s.Command(), " "))
		if len(s.Command()) > 0 && s.Command()[0] == "wait" {
			<-s.Closing()
			fmt.Fprintln(s, "closing")
			return 0
		}
		var code int
		fmt.Sscan(strings.Join(s.Command(), " "), &code)
		return code
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	addr, err := srv.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve()
	t.Cleanup(func() { srv.Shutdown(context.Background()) })
	return &testServer{srv: srv, addr: addr.String(), log: logs, st: st}, signer
}

// dial connects with a key; instructions collects what keyboard-interactive
// authentication shows.
func dial(addr string, signer gossh.Signer, instructions *[]string) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "whoever",
		Auth: []gossh.AuthMethod{gossh.PublicKeys(signer),
			gossh.KeyboardInteractive(func(_, instruction string, _ []string, _ []bool) ([]string, error) {
				*instructions = append(*instructions, instruction)
				return nil, nil
			})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         5 * time.Second,
	})
}

// run runs a command in a new session and returns its output and status.
func run(t *testing.T, c *gossh.Client, cmd string) (string, int) {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	out, err := s.CombinedOutput(cmd)
	var exit *gossh.ExitError
	switch {
	case err == nil:
		return string(out), 0
	case errors.As(err, &exit):
		return string(out), exit.ExitStatus()
	}
	t.Fatalf("%s: %v", cmd, err)
	return "", 0
}

func TestKnownKeyActsAsItsOwner(t *testing.T) {
	ts, ana := startServer(t, Config{})
	c := ts.connect(t, ana)
	if out, code := run(t, c, "agree --json"); out != "ana agree --json\n" || code != 0 {
		t.Fatalf("session: %q %d", out, code)
	}
	if _, code := run(t, c, "3"); code != 3 {
		t.Fatalf("exit status %d, want 3", code)
	}
	if !strings.Contains(ts.log.String(), "connect user=ana") || !strings.Contains(ts.log.String(), "disconnect user=ana") {
		t.Fatalf("log:\n%s", ts.log)
	}
}

// An unknown key is refused, and the refusal names its fingerprint.
func TestUnknownKeyIsRefusedWithItsFingerprint(t *testing.T) {
	ts, _ := startServer(t, Config{})
	stranger, key := newKey(t)
	var shown []string
	if c, err := dial(ts.addr, stranger, &shown); err == nil {
		c.Close()
		t.Fatal("an unknown key was let in")
	}
	if len(shown) != 1 || !strings.Contains(shown[0], key.Fingerprint) || !strings.Contains(shown[0], "--key-file") {
		t.Fatalf("keyboard-interactive showed %q", shown)
	}
	if !strings.Contains(ts.log.String(), "refused") || !strings.Contains(ts.log.String(), key.Fingerprint) {
		t.Fatalf("log:\n%s", ts.log)
	}
}

// A key removed while connected no longer opens sessions.
func TestRemovedKeyOpensNoSession(t *testing.T) {
	ts, ana := startServer(t, Config{})
	c := ts.connect(t, ana)
	fp := gossh.FingerprintSHA256(ana.PublicKey())
	if err := ts.st.RemoveKey(context.Background(), storetest.Lead(t, ts.st), "ana", fp); err != nil {
		t.Fatal(err)
	}
	if out, code := run(t, c, "agree"); code == 0 || !strings.Contains(out, "not registered") {
		t.Fatalf("after the key's removal: %q %d", out, code)
	}
}

func TestMaxSessions(t *testing.T) {
	ts, ana := startServer(t, Config{MaxSessions: 1})
	c := ts.connect(t, ana)
	first, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, _ := first.StdoutPipe()
	if err := first.Start("wait"); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, len("ana wait\n"))
	if _, err := io.ReadFull(out, line); err != nil {
		t.Fatal(err)
	}
	if got, code := run(t, c, "0"); code != 1 || !strings.Contains(got, "server full") {
		t.Fatalf("a second session: %q %d", got, code)
	}
	ts.srv.Shutdown(context.Background())
	first.Wait()
}

// Shutdown tells a running session, waits for it to end, and accepts no
// one after.
func TestShutdownWaitsForSessions(t *testing.T) {
	ts, ana := startServer(t, Config{})
	c := ts.connect(t, ana)
	s, _ := c.NewSession()
	var out bytes.Buffer
	s.Stdout = &out
	if err := s.Start("wait"); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(ts.log.String(), "connect user=ana") {
		time.Sleep(10 * time.Millisecond)
	}
	if err := ts.srv.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Wait()
	if out.String() != "ana wait\nclosing\n" {
		t.Fatalf("the session saw %q", out.String())
	}
	if conn, err := net.DialTimeout("tcp", ts.addr, time.Second); err == nil {
		conn.Close()
		t.Fatal("the server still accepts connections")
	}
}

// A client that goes quiet past the idle timeout is let go.
func TestIdleTimeout(t *testing.T) {
	ts, ana := startServer(t, Config{IdleTimeout: 200 * time.Millisecond})
	c := ts.connect(t, ana)
	done := make(chan error, 1)
	go func() { done <- c.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("an idle connection was kept")
	}
}
