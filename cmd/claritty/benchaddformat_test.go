package main

import (
	"strings"
	"testing"
)

// A file given as a nuggets run that is in another of the database's
// formats (the gold nuggets themselves, a conversations file) is named
// for what it is, as import names it.
func TestNuggetsRunOfAnotherFormat(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for file, want := range map[string]string{
		"../../data/demo/nuggets/demo-nuggets.jsonl":             "demo-nuggets.jsonl:1: this is a nuggets file, not candidates",
		"../../data/demo/conversations/demo-conversations.jsonl": "demo-conversations.jsonl:1: this is a clarimm file, not candidates",
	} {
		r := tm.run(t, "", "", "bench", "add", "--kind", "nuggets", "--name", "wrong", file)
		if r.code == 0 || !strings.Contains(r.stderr, want) {
			t.Errorf("%s as a nuggets run: exit %d, %q", file, r.code, r.stderr)
		}
	}
}
