package main

import (
	"os"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// clamberFile is a CLAMBER-shaped file of three lines (JSON strings
// holding objects), one with a context.
func clamberFile(t *testing.T) string {
	return datatest.ClamberLine(t, "Give me a list of good coffee shops?", "", 1, "MC", "whom") +
		datatest.ClamberLine(t, "Who won?", "The café \"Le Monde\" <3", 1, "LA", "co-reference") +
		datatest.ClamberLine(t, "What is 2+2?", "", 0, "FD", "NK")
}

// A CLAMBER-shaped JSONL file imports with the built binary under its
// protocol file, again by its first line's keys alone once the protocol is
// kept, and exports in its own shape byte for byte (the item with a
// context unresolved, its context step having no column); a file with a bad line
// is refused at that line, the database unchanged.
func TestJSONLProtocolOnTheCommandLine(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := tm.file(t, "clamber.toml", datatest.ClamberShaped("cli-clamber"))
	body := clamberFile(t)
	path := tm.file(t, "clamber_benchmark.jsonl", body)
	if r := tm.run(t, "", "", "import", "--protocol", toml, path); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := tm.run(t, "", "", "import", "--dataset", "again", path); r.code != 0 || !strings.Contains(r.stdout+r.stderr, "cli-clamber") {
		t.Errorf("import by the kept protocol's keys: %+v", r)
	}
	out := tm.dir + "/back.jsonl"
	if r := tm.run(t, "", "", "export", "--format", "cli-clamber", "--dataset", "clamber_benchmark", "--include-unresolved", "--out", out); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != body {
		t.Errorf("the export is not the file:\n got %q\nwant %q", got, body)
	}
	before := tm.fingerprint(t)
	for bad, want := range map[string]string{
		"42\n":                     ":3: the line is a number, not a JSON object",
		`"not an object"` + "\n":   ":3: the line is a JSON string, and its text is not JSON",
		`{"question": "x"}` + "\n": `:3: keys "context", "clarifying_question", "require_clarification", "category", "subclass" are missing`,
	} {
		p := tm.file(t, "bad.jsonl", strings.Join(strings.SplitAfter(body, "\n")[:2], "")+bad)
		r := tm.run(t, "", "", "import", "--dataset", "bad", p)
		if msg := strings.TrimRight(r.stderr, "\n"); r.code == 0 || !strings.Contains(msg, p+want) || strings.Contains(msg, "\n") {
			t.Errorf("%q: exit %d, %q; want %q", bad, r.code, msg, p+want)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused JSONL file changed the database")
	}
}

// Over SSH a lead imports a JSONL file on standard input under a kept
// protocol, and a bad line is refused at its line, nothing kept.
func TestJSONLProtocolOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	if r := sshRun(t, lead, datatest.ClamberShaped("ssh-clamber"), "protocols add -"); r.code != 0 {
		t.Fatalf("protocols add: %+v", r)
	}
	body := clamberFile(t)
	before := tm.fingerprint(t)
	bad := strings.Replace(body, `\"subclass\":\"NK\"`, `\"subclass\":\"XX\"`, 1)
	r := sshRun(t, lead, bad, "import --format ssh-clamber --dataset c -")
	if want := `-:3: subclass is "XX", not a value of scale "subclass"`; r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("a bad code over SSH: exit %d, %q; want %q", r.code, r.stderr, want)
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused JSONL file changed the database")
	}
	if r := sshRun(t, lead, body, "import --format ssh-clamber --dataset c -"); r.code != 0 {
		t.Fatalf("import over SSH: %+v", r)
	}
	if r := sshRun(t, lead, "", "export --format ssh-clamber --dataset c --include-unresolved"); r.code != 0 || r.stdout != body {
		t.Errorf("export over SSH: exit %d, %q; want the file %q", r.code, r.stdout, body)
	}
}
