package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data/datatest"
)

// ClariQ's files import as released with the built binary, known by their
// header (a topic of 27 distinct questions one request); export --format
// clariq writes the file back byte for byte; stats gives the need
// distribution the file has; a merged usefulness_27 label stores and comes
// out in the labels export.
func TestShippedClariQOverCLI(t *testing.T) {
	tm := newTeam(t)
	body := datatest.ClariQRelease()
	r := tm.run(t, "", "", "import", tm.file(t, "dev.tsv", body))
	if r.code != 0 || !strings.Contains(r.stderr, `clariq → dataset "dev": 3 requests added`) {
		t.Fatalf("import: %+v", r)
	}
	// The database keeps the file it used, and it is still the shipped one.
	if r := tm.run(t, "", "", "protocols"); !strings.Contains(r.stdout, "clariq               shipped ") {
		t.Errorf("protocols after the import:\n%s", r.stdout)
	}
	out := filepath.Join(tm.dir, "out.tsv")
	if r := tm.run(t, "", "", "export", "--format", "clariq", "--dataset", "dev", "--out", out); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	if got, err := os.ReadFile(out); err != nil || string(got) != body {
		t.Errorf("export --format clariq is not the file (%v):\n%s", err, got)
	}
	var stats struct {
		Types []struct {
			Name         string
			Distribution []struct{ Value, N int }
		}
	}
	r = tm.run(t, "", "", "stats", "--dataset", "dev", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &stats); err != nil || len(stats.Types) == 0 || stats.Types[0].Name != "need" {
		t.Fatalf("stats --json: %v %+v", err, r)
	}
	want := datatest.ClariQNeeds(body)
	for _, d := range stats.Types[0].Distribution {
		if d.N != want[d.Value] {
			t.Errorf("stats: need %d on %d requests, the file %d", d.Value, d.N, want[d.Value])
		}
	}
	uid := datatest.ProtocolUID("201")
	merge := "item\tunit\tannotator\tlabel\n" + uid + "\tneed\tana\t3\n" + uid + "\tusefulness_27\tana\t2\n"
	if r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "ana.tsv", merge)); r.code != 0 {
		t.Fatalf("merge: %+v", r)
	}
	labels := tm.run(t, "", "", "export", "--format", "labels", "--dataset", "dev").stdout
	if !strings.Contains(labels, uid+"\tusefulness_27\tana\t2\t") {
		t.Errorf("the labels export has no usefulness_27:\n%s", labels)
	}
}

// Over SSH: the lead imports a file of ClariQ's shape on standard input
// and exports it back byte for byte; an annotator, with their key and a
// 40x12 terminal, labels the need of a topic of 27 questions at once (the
// request shown once, nothing to scroll), then each question, the 27th
// as usefulness_27.
func TestShippedClariQOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	body := datatest.ClariQRelease()
	bin := binary(t)
	c := leadOverSSH(t, bin, tm.db, tm.dir)
	if r := sshRun(t, c, body, "import --dataset dev -"); r.code != 0 {
		t.Fatalf("import over SSH: %+v", r)
	}
	if r := sshRun(t, c, "", "export --format clariq --dataset dev"); r.code != 0 || r.stdout != body {
		t.Errorf("export --format clariq over SSH is not the file: %+v", r)
	}
	ana := tm.keyFor(t, "ana")
	srv := startServe(t, tm.db)
	ac, err := sshDial(t, srv.addr, ana)
	if err != nil {
		t.Fatal(err)
	}
	defer ac.Close()
	term := terminalRunning(t, ac, 40, 12, "--dataset dev")
	term.waitFor(t, "How much does the request")
	if strings.Count(ansi.Strip(term.screen.String()), "Find the") != 1 {
		t.Errorf("the need step shows the request other than once:\n%s", ansi.Strip(term.screen.String()))
	}
	item := itemIn(t, tm.db, "dev")
	io.WriteString(term.in, "2")
	waitLabels(t, tm.db, item, "ana", 1, false)
	io.WriteString(term.in, strings.Repeat("1", 26))
	waitLabels(t, tm.db, item, "ana", 27, false) // the screen redraws only what changed: counted in the database
	io.WriteString(term.in, "3")
	waitLabels(t, tm.db, item, "ana", 28, true)
	labels := tm.run(t, "", "", "export", "--format", "labels", "--dataset", "dev").stdout
	if !strings.Contains(labels, datatest.ProtocolUID("201")+"\tusefulness_27\tana\t3\t") {
		t.Errorf("ana's usefulness_27 is not in the labels export:\n%s", labels)
	}
}
