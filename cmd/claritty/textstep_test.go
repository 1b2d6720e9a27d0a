package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// typedAnswer is a written clarifying question with what a TSV or a
// terminal could trip on: quotes, a backslash, non-ASCII, the HIT's own
// keys, spaces at the end.
const typedAnswer = `Do you mean "Jaguar" \ the car — or the cat? q u ! 1 é  `

// Issue 45, point 6, over SSH with an annotator's key, in tmux: ana
// answers yes, then types a clarifying question on the written step (the
// HIT's keys typing as letters) and saves it with enter. The lead's labels
// export (the built binary) has it verbatim in the label column, history
// names it, and the export merges into a second database unchanged.
func TestSSHTypedAnswerExportsVerbatim(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	bin := binary(t)
	write := fileWriter(t, dir)
	proto := write("written.toml", datatest.Written)
	items := write("w.tsv", "id\tquestion\nq1\tjaguar speed\n")
	if r := runBin(t, bin, db, "import", "--protocol", proto, "--dataset", "w", items); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	s := sshInTmux(t, bin, db, "ana", "w", 80, 24)
	s.wait(t, "HIT 1 · 0 done / 1 yours")
	s.keys("1")
	s.wait(t, "enter: write your answer")
	s.keys("Enter")
	s.wait(t, "enter saves")
	s.tmux("send-keys", "-l", typedAnswer)
	s.wait(t, "q u ! 1 é")
	s.keys("Enter")
	s.wait(t, "No more HITs for you")

	r := runBin(t, bin, db, "export", "--dataset", "w")
	if r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	var got []string
	for _, line := range strings.Split(r.stdout, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 3 && f[1] == "ask" {
			got = f
		}
	}
	if got == nil || got[2] != "ana" || got[3] != typedAnswer {
		t.Fatalf("the ask row %q, want %q:\n%s", got, typedAnswer, r.stdout)
	}
	if h := runBin(t, bin, db, "history", got[0], "--dataset", "w", "--json"); h.code != 0 || !strings.Contains(h.stdout, `"new": "Do you mean \"Jaguar\" \\ the car`) {
		t.Errorf("history: %+v", h)
	}

	other := filepath.Join(dir, "other.db")
	if r := runBin(t, bin, other, "import", "--protocol", proto, "--dataset", "w", items); r.code != 0 {
		t.Fatalf("import into the other: %+v", r)
	}
	labels := write("labels.tsv", r.stdout)
	if m := runBin(t, bin, other, "import", "--format", "labels", "--dataset", "w", labels); m.code != 0 {
		t.Fatalf("merge: %+v", m)
	}
	if back := runBin(t, bin, other, "export", "--dataset", "w"); back.stdout != r.stdout {
		t.Errorf("the merged database exports\n%s\nthe first\n%s", back.stdout, r.stdout)
	}
}
