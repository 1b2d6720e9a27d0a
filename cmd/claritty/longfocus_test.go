package main

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// needToml is a flat ClariQ-style protocol file whose first step shows
// the request alone: the column on the HIT's first line, so the step's
// text is that request and nothing else (issue 43, point 0).
const needToml = `name = "need-first"
title = "Need, then the question's usefulness"
items = "questions"
guideline = "A request, and a question asked back."

[item]
header = ["request", "question"]
id = ["request", "question"]
text = ["request", "question"]

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["none", "little", "some", "much"]

[[step]]
title = "How much does the request need clarifying?"
unit = "need"
show = ["request"]
scale = "need"
guideline = "Read the request."
label_text = ["none", "little", "some", "much"]

[[step]]
title = "How useful is the question?"
unit = "usefulness"
show = ["request", "question"]
scale = "need"
guideline = "Would its answer help?"
label_text = ["none", "little", "some", "much"]
`

// Over SSH, with an annotator's key and a 60x20 terminal, a 400-word
// request is read and labelled: a label key before it was read labels
// nothing and says what is left; paged through to its end, the same key
// labels, and the label is in the database.
func TestSSHLongRequestReadThenLabelled(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	ana := tm.keyFor(t, "ana")
	words := make([]string, 400)
	for i := range words {
		words[i] = fmt.Sprintf("w%d", i+1)
	}
	toml, tsv := filepath.Join(tm.dir, "need.toml"), filepath.Join(tm.dir, "need.tsv")
	if err := os.WriteFile(toml, []byte(needToml), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tsv, []byte("request\tquestion\n"+strings.Join(words, " ")+"\tWhich city?\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "need", tsv); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	item := itemIn(t, tm.db, "need")
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
