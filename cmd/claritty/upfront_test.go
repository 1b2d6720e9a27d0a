package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// uploadsForLeads are commands whose upload only a lead may send: an
// annotator is refused before a byte of it is read.
var uploadsForLeads = [][]string{
	{"protocols", "add", "-"},
	{"import", "--format", "pairs", "-"},
	{"import", "--format", "mimics-manual", "--dataset", "d", "-"},
	{"import", "--gold-check", "--dataset", "MIMICS-Manual", "-"},
	{"import", "--min", "2", "--dataset", "d", "-"},
	{"bench", "add", "--kind", "trec", "--name", "x", "-"},
	{"annotators", "bo", "--key-file", "-"},
}

// hangLimit is how long a refusal may take before the test calls the
// command stuck on its standard input, which never ends: no refusal
// waits for one, so the limit says nothing about speed.
const hangLimit = 15 * time.Second

// An annotator's upload to a lead's command is refused before it is read:
// with a standard input that never ends (nor sends a byte), the refusal
// comes at once, locally (--as, and as another OS user naming a FIFO
// nobody writes) and over SSH, and the database is unchanged.
func TestUploadsRefusedBeforeRead(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	before := tm.fingerprint(t)
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, args := range uploadsForLeads {
		// Locally, acting as ana.
		pr, pw, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
		cmd := exec.CommandContext(ctx, binary(t), append([]string{"--db", tm.db, "--as", "ana"}, args...)...)
		cmd.Stdin = pr
		r := run(t, cmd)
		stuck := ctx.Err() != nil
		cancel()
		pr.Close()
		pw.Close()
		if stuck || r.code == 0 || !strings.Contains(r.stderr, "not allowed") {
			t.Errorf("--as ana %v (stuck on its input: %v): %+v", args, stuck, r)
		}
		// Over SSH, with ana's key.
		s, err := c.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		in, hold := io.Pipe()
		var out, errb bytes.Buffer
		s.Stdin, s.Stdout, s.Stderr = in, &out, &errb
		done := make(chan error, 1)
		go func() { done <- s.Run(strings.Join(args, " ")) }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(errb.String(), "not allowed") {
				t.Errorf("ssh ana %v: %v %q", args, err, errb.String())
			}
		case <-time.After(hangLimit):
			t.Errorf("ssh ana %v: still reading its input", args)
		}
		hold.Close()
		s.Close()
	}
	if tm.fingerprint(t) != before {
		t.Error("refused uploads changed the database")
	}
}

// As another OS user, an annotator's protocols add, import --protocol and
// bench add of a FIFO no one writes are refused without opening it (the
// open itself would wait for a writer).
func TestOtherUsersUploadsRefusedBeforeRead(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	if r := runBin(t, bin, db, "import", writePanes(t, dir, "panes.tsv", jaguarRow)); r.code != 0 {
		t.Fatalf("the lead's import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "games", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add games: %+v", r)
	}
	shareDB(db)
	fifo := filepath.Join(dir, "upload")
	if err := syscall.Mkfifo(fifo, 0o666); err != nil {
		t.Fatal(err)
	}
	before := dbBytes(t, db)
	for _, args := range [][]string{{"protocols", "add", fifo}, {"import", "--protocol", fifo, fifo},
		{"import", "--format", "serp", fifo}, {"bench", "add", "--kind", "trec", "--name", "x", fifo},
		{"annotators", "games", "--key-file", fifo}} {
		ctx, cancel := context.WithTimeout(context.Background(), hangLimit)
		r := run(t, asUser(ctx, setpriv, games.Uid, games.Gid, dir, bin, db, args...))
		stuck := ctx.Err() != nil
		cancel()
		if stuck || r.code == 0 || !strings.Contains(r.stderr, "not allowed") {
			t.Errorf("games %v (stuck opening the FIFO: %v): %+v", args, stuck, r)
		}
	}
	if dbBytes(t, db) != before {
		t.Error("refused uploads changed the database")
	}
}

// A person added with a key file that is no key, too long a line or no
// file at all is not added: the key files are read and checked before
// --role changes anything, and each problem is one line at its place.
func TestBadKeyFileChangesNothing(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	bad := tm.file(t, "bad.pub", "ssh-ed25519 not-base64 bo@laptop\n")
	before := tm.fingerprint(t)
	for args, want := range map[*[]string]string{
		{"annotators", "newguy", "--role", "annotator", "--key-file", bad}:                           bad + ":1: not an SSH public key",
		{"annotators", "newguy", "--role", "annotator", "--key-file", "/dev/zero"}:                   "/dev/zero:1: a line of over 64 KiB",
		{"annotators", "newguy", "--role", "annotator", "--key-file", filepath.Join(tm.dir, "none")}: "no such file",
	} {
		r := tm.run(t, "", "", *args...)
		if r.code == 0 || !strings.Contains(r.stderr, want) || strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
			t.Errorf("%v: want one line with %q, got %+v", *args, want, r)
		}
		if tm.fingerprint(t) != before {
			t.Fatalf("%v: refused, yet the database changed", *args)
		}
	}
}
