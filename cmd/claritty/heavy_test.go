package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data"
)

// A server's heavy commands run a few at a time; the next waits, says so,
// and runs once a place is free; light ones never wait; a client that
// leaves while waiting gives up its turn.
func TestHeavyCommandsQueue(t *testing.T) {
	t.Parallel()
	// A TUI started with global flags (ssh -t HOST -- --dataset X) names
	// no command: it never takes a heavy command's place.
	for args, want := range map[string]string{"agree --json": "agree", "--as bo stats": "stats", "--as=bo export": "export",
		"policy": "policy", "": "", "--dataset t": "", "--as bo --dataset t": "", "protocols add -": "protocols",
		"--dataset t stats --json": "stats"} {
		if got := commandOf(strings.Fields(args)); got != want {
			t.Errorf("commandOf(%q) = %q, want %q", args, got, want)
		}
	}
	g := newHeavyGate(1)
	ctx := context.Background()
	release, err := g.enter(ctx, []string{"import", "-"}, &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := g.enter(ctx, []string{"policy"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	} else {
		r()
	}
	var said bytes.Buffer
	entered := make(chan func())
	go func() {
		r, _ := g.enter(ctx, []string{"--as", "bo", "agree"}, &said)
		entered <- r
	}()
	select {
	case <-entered:
		t.Fatal("a second heavy command ran beside the first")
	case <-time.After(100 * time.Millisecond):
	}
	release()
	(<-entered)()
	if !strings.Contains(said.String(), "waiting") {
		t.Errorf("the waiting command said %q", said.String())
	}
	hold, _ := g.enter(ctx, []string{"stats"}, &bytes.Buffer{})
	defer hold()
	gone, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := g.enter(gone, []string{"bench"}, &bytes.Buffer{}); err == nil {
		t.Error("a client gone while waiting still got a turn")
	}
}

// Every command a session can run is heavy but the few listed light, so a
// command added later waits its turn until someone decides otherwise; the
// HTML report and protocols are among the heavy.
func TestEveryCommandIsHeavyOrListedLight(t *testing.T) {
	t.Parallel()
	root := newRootCmd(&globals{remote: &remote{}})
	names := map[string]bool{"": true, "help": true}
	for _, c := range root.Commands() {
		names[c.Name()] = true
	}
	for light := range lightCommands {
		if !names[light] {
			t.Errorf("light command %q is no command", light)
		}
	}
	for _, c := range []string{"report", "protocols", "import", "agree", "stats", "export", "bench", "backup", "annotators"} {
		if !names[c] || !heavy(c) {
			t.Errorf("%s: a command %v, heavy %v", c, names[c], heavy(c))
		}
	}
}

// onePlace is ana's SSH connection to a team's server that runs one heavy
// command at a time.
func onePlace(t *testing.T) *gossh.Client {
	t.Helper()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	srv := startServe(t, tm.db, "--max-heavy", "1")
	c, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// Over SSH, with one heavy command at a time and one holding it (an
// import still reading its input), report and protocols wait and say so,
// then run once it is done; policy never waits.
func TestReportAndProtocolsWaitTheirTurn(t *testing.T) {
	t.Parallel()
	c := onePlace(t)
	holder, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	in, hold := io.Pipe()
	holder.Stdin = in
	if err := holder.Start("import --format labels -"); err != nil {
		t.Fatal(err)
	}
	// waits runs command until it says it waits (true) or ends first.
	waits := func(command string) bool {
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		var errb syncBuffer
		s.Stderr = &errb
		done := make(chan error, 1)
		go func() { done <- s.Run(command) }()
		for {
			select {
			case <-done:
				return false
			case <-time.After(20 * time.Millisecond):
				if strings.Contains(errb.String(), "waiting") {
					return true
				}
			}
		}
	}
	// The import holds the one place once a stats waits for it.
	for tries := 0; !waits("stats"); tries++ {
		if tries == 100 {
			t.Fatal("the import never held the place")
		}
	}
	if waits("policy") {
		t.Error("policy waited for a running import")
	}
	for _, command := range []string{"report", "protocols"} {
		if !waits(command) {
			t.Errorf("%s ran beside a running import", command)
		}
	}
	hold.Close()
	holder.Wait()
	if r := sshRun(t, c, "", "protocols"); r.code != 0 || !strings.Contains(r.stdout, "mimics-duo") {
		t.Errorf("protocols once the import is done: %+v", r)
	}
}

// A command's work ends when its client leaves: an annotator's agreement
// over an uploaded ratings file with the most bootstrap replicates (about
// two minutes of a core) is given up within moments of the connection's
// closing, and the server says the session ended. (The limit is only how
// long the test waits: without the stop the session would end minutes
// later.)
func TestWorkEndsWhenTheClientLeaves(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	s.Stdin = bytes.NewReader(manyPatterns())
	if err := s.Start("agree --ratings - --bootstrap 100000"); err != nil {
		t.Fatal(err)
	}
	srv.waitLog(t, "agree --ratings - --bootstrap 100000")
	time.Sleep(2 * time.Second) // the file is in; the bootstrap runs
	if strings.Contains(srv.stderr.String(), "disconnect") {
		t.Fatal("the agreement ended before the client left: the test tries nothing")
	}
	c.Close()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(srv.stderr.String(), "disconnect") {
		if time.Now().After(deadline) {
			t.Fatalf("30 s after its client left, the session still works:\n%s", srv.stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// manyPatterns is a ratings file of 3,000 units, each rated 2 to 40 times
// at random on three values: thousands of count patterns, each a draw in
// every bootstrap replicate.
func manyPatterns() []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	var b bytes.Buffer
	b.WriteString(data.LabelsHeader + "\n")
	for i := range 3000 {
		for a := range 2 + rng.IntN(39) {
			fmt.Fprintf(&b, "it%05d\tquestion\tr%d\t%d\t\t\t\n", i, a, rng.IntN(3))
		}
	}
	return b.Bytes()
}

// Over SSH the TUI on a named dataset (ssh -t HOST -- --dataset X) is no
// heavy command: with one place, a stats beside two such sessions runs at
// once.
func TestTUIWithFlagsTakesNoPlace(t *testing.T) {
	t.Parallel()
	c := onePlace(t)
	for range 2 {
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RequestPty("xterm-256color", 30, 100, gossh.TerminalModes{}); err != nil {
			t.Fatal(err)
		}
		screen := &syncBuffer{}
		s.Stdout = screen
		if err := s.Start("--dataset " + data.DemoDataset); err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		term := &terminal{s: s, screen: screen}
		term.waitFor(t, "Step I")
	}
	if r := sshRun(t, c, "", "stats --dataset "+data.DemoDataset); r.code != 0 || strings.Contains(r.stderr, "waiting") {
		t.Errorf("stats beside two TUIs on a named dataset: %+v", r)
	}
}
