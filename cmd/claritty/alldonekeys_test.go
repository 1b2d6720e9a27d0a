package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// The all-done screen over SSH with an annotator's key offers only the
// keys she may use: her queue, help and quit, not adjudication (issue 43,
// recount); its counts say which of the requests are settled.
func TestSSHAllDoneOffersOnlyTheReadersKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	bin := binary(t)
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "import", "--protocol", write("h.toml", historyStudy()), "--dataset", "cq",
		write("cq.tsv", datatest.ClariQGatedRows(2))); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, bin, db, "policy", "--dataset", "cq", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatalf("policy: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	s := sshInTmux(t, bin, db, "ana", "cq", 100, 24)
	s.wait(t, "HIT 1 · 0 done / 1 yours")
	s.keys("3", "1", "2", "3", "1") // need, yes, both questions, clear
	s.wait(t, "HIT 2 · 1 done / 2 yours")
	s.keys("2", "0") // need, no
	s.wait(t, "No more HITs for you in cq")
	s.wait(t, "2 requests have all the annotators they need; 0 units wait for adjudication.")
	s.wait(t, "l queue")
	if screen := s.tmux("capture-pane", "-p"); strings.Contains(screen, "adjudicate (") || strings.Contains(screen, "a adjudicate") {
		t.Fatalf("an annotator is offered adjudication over SSH:\n%s", screen)
	}
}
