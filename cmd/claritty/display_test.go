package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// dialogueToml judges a JSONL conversation turn by turn, a passage and an
// address beside it.
const dialogueToml = `name = "cli-dialogue"
title = "Dialogues"
items = "dialogues"

[item]
format = "jsonl"
keys = ["id", "topic", "doc", "link", "turns"]
id = ["id"]
text = ["topic", "doc"]
conversation = "turns"
passage = ["doc"]
url = "link"

[[scale]]
name = "useful"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Is the turn useful?"
unit = "useful"
per = "turn"
show = ["topic", "doc", "turns"]
scale = "useful"
`

// dialogueJSONL is one item of n turns.
func dialogueJSONL(t *testing.T, n int) string {
	t.Helper()
	var turns []map[string]string
	for i := range n {
		turns = append(turns, map[string]string{"role": "user", "text": fmt.Sprintf("turn %d", i+1)})
	}
	b, err := json.Marshal(map[string]any{"id": "d1", "topic": "shoes", "doc": "a long document", "link": "https://example.org", "turns": turns})
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// The built binary imports a conversation of 25 turns under a protocol
// file with a conversation, a passage and an address (units for every
// turn), and again adds nothing; a file whose conversation or passage
// cannot be is refused at its line, the database unchanged.
func TestDisplayFieldsOnTheCommandLine(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := tm.file(t, "dialogue.toml", dialogueToml)
	data := tm.file(t, "dialogues.jsonl", dialogueJSONL(t, 25))
	if r := tm.run(t, "", "", "import", "--protocol", toml, data); r.code != 0 || !strings.Contains(r.stdout+r.stderr, "1 dialogue added") {
		t.Fatalf("import: %+v", r)
	}
	if r := tm.run(t, "", "", "import", data); r.code != 0 || !strings.Contains(r.stdout+r.stderr, "0 dialogues added, 1 already present") {
		t.Errorf("import again: %+v", r)
	}
	if r := tm.run(t, "", "", "protocols", "show", "cli-dialogue"); r.code != 0 || !strings.Contains(r.stdout, `conversation = "turns"`) {
		t.Errorf("protocols show: %+v", r)
	}
	before := tm.fingerprint(t)
	for from, to := range map[string]string{
		`conversation = "turns"`: "conversation = \"turns[]\"",
		`passage = ["doc"]`:      `passage = ["link"]`,
		`url = "link"`:           `url = "topic[].link"`,
	} {
		bad := strings.Replace(strings.Replace(dialogueToml, "cli-dialogue", "cli-bad", 1), from, to, 1)
		p := tm.file(t, "bad.toml", bad)
		r := tm.run(t, "", "", "protocols", "add", p)
		if r.code == 0 || !strings.Contains(r.stderr, p+":") || strings.Contains(r.stderr, "guidelines.") {
			t.Errorf("%s: %+v", to, r)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused protocol file changed the database")
	}
}

// Over SSH a lead keeps the protocol and imports its conversation on
// standard input; an annotator is refused, nothing kept.
func TestDisplayFieldsOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	before := tm.fingerprint(t)
	if r := sshRun(t, ana, dialogueToml, "protocols add -"); r.code == 0 || !strings.Contains(r.stderr, "lead") {
		t.Errorf("an annotator's protocols add: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused protocols add changed the database")
	}
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	if r := sshRun(t, lead, dialogueToml, "protocols add -"); r.code != 0 {
		t.Fatalf("protocols add: %+v", r)
	}
	if r := sshRun(t, lead, dialogueJSONL(t, 6), "import --dataset talk -"); r.code != 0 || !strings.Contains(r.stderr, "1 dialogue added") {
		t.Errorf("import over SSH: %+v", r)
	}
}
