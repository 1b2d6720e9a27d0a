package main

import (
	"database/sql"
	"fmt"
	"io"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data/datatest"
)

// Over SSH, with an annotator's key and a 60x20 terminal, a 400-word
// request is read and labelled: a label key before it was read labels
// nothing and says what is left; paged through to its end, the same key
// labels, and the label is in the database.
func TestSSHLongRequestReadThenLabelled(t *testing.T) {
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
	term := terminalRunning(t, c, 60, 20, "--dataset need")
	term.waitFor(t, "How much does the request need")
	io.WriteString(term.in, "4")
	term.waitFor(t, "read it all first")
	if n, _ := labelsOf(t, tm.db, item, "ana"); n != 0 {
		t.Fatalf("a key labelled the request before it was read: %d labels", n)
	}
	io.WriteString(term.in, strings.Repeat("\x1b[6~", 20)+"4") // pgdn to the end, then the label
	waitLabels(t, tm.db, item, "ana", 1, false)
}

// importLongRequest imports a 400-word request under datatest.NeedFirst
// as the dataset need, and returns its item: too long to read whole on
// one screen of the terminals the tests open.
func importLongRequest(t *testing.T, tm team) int64 {
	t.Helper()
	words := make([]string, 400)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i+1)
	}
	toml := tm.file(t, "need.toml", datatest.NeedFirst)
	tsv := tm.file(t, "need.tsv", "request\tquestion\n"+strings.Join(words, " ")+"\tWhich city?\n")
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "need", tsv); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	return itemIn(t, tm.db, "need")
}

// terminalRunning opens a w×h PTY session running a command (the TUI
// with flags).
func terminalRunning(t testing.TB, c *gossh.Client, w, h int, command string) *terminal {
	t.Helper()
	s, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	term := &terminal{s: s, screen: &syncBuffer{}}
	term.in, _ = s.StdinPipe()
	s.Stdout = term.screen
	if err := s.Start(command); err != nil {
		t.Fatal(err)
	}
	return term
}

// itemIn is the id of a dataset's only item.
func itemIn(t testing.TB, db, dataset string) int64 {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var id int64
	err = conn.QueryRow(`SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ?`, dataset).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
