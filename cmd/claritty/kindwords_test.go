package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// Issue 43 points 9 and 11: an item a file names that no dataset has is
// called by its kind's own word (a protocol file's items = "requests"),
// never a MIMICS pane; so are a release's and a practice item's changed
// labels, through the binary and over SSH with an annotator's key. Each
// refusal leaves the database as it was.
func TestItemsCalledByTheirKindsWord(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqStudy(t, tm)
	practice := tm.file(t, "practice.tsv", clariqRows)
	if r := tm.run(t, "", "", "import", "--format", "clariq-lab", "--practice", "--dataset", "clariq", practice); r.code != 0 {
		t.Fatal(r.stderr)
	}
	changed := strings.ReplaceAll(clariqRows, "Tell me about defender\tQ00001\tdo you mean the game\t3", "Tell me about defender\tQ00001\tdo you mean the game\t1")
	changed = strings.ReplaceAll(changed, "do you mean the car\t3", "do you mean the car\t1")
	srv := startServe(t, tm.db)
	conn, err := sshDial(t, srv.addr, tm.keyFor(t, "cy"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	before := tm.fingerprint(t)
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"an unknown item of a protocol file's dataset", []string{"import", "--format", "labels", "--dataset", "clariq",
			tm.file(t, "a.tsv", "item\tunit\tannotator\tlabel\n999\tneed\tbo\t2\n")},
			`a.tsv:2: item 999 is not in dataset "clariq": import its requests first`},
		{"an unknown item of a MIMICS dataset", []string{"import", "--format", "labels", "--dataset", "demo",
			tm.file(t, "b.tsv", "item\tunit\tannotator\tlabel\n999\tanswer_set\tbo\t2\n")},
			`b.tsv:2: item 999 is not in dataset "demo": import its panes first`},
		{"an unknown item, no dataset named, of kinds that differ", []string{"import", "--format", "labels",
			tm.file(t, "c.tsv", "item\tunit\tannotator\tlabel\n999\tneed\tbo\t2\n")},
			`c.tsv:2: no dataset has item 999: import its items first`},
		{"a release's label changed", []string{"import", "--format", "clariq-lab", "--dataset", "clariq", tm.file(t, "d.tsv", changed)},
			`release already has need = 3 for this request, and this file says 1`},
		{"a practice item's answer changed", []string{"import", "--format", "clariq-lab", "--practice", "--dataset", "clariq",
			tm.file(t, "e.tsv", changed)}, `this request's answer for need is 3 already, and this file says 1`},
	} {
		r := tm.run(t, "", "", c.args...)
		if r.code == 0 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "pane") != strings.Contains(c.want, "pane") {
			t.Errorf("%s: %+v; want %q", c.what, r, c.want)
		}
	}
	r := sshRun(t, conn, "item\tunit\tannotator\tlabel\n999\tneed\tcy\t2\n", "import --format labels --dataset clariq -")
	if want := `item 999 is not in dataset "clariq": import its requests first`; r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("over SSH: %+v; want %q", r, want)
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused file changed the database")
	}
}

// With one kind of dataset in the database, a labels file that names no
// dataset is told that kind's word for what to import.
func TestUnknownItemInTheOnlyKindsWord(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "import", "--protocol", write("clariq.toml", datatest.ClariQByTopic("clariq-lab")), "--dataset", "clariq",
		write("clariq.tsv", clariqRows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	before := dbBytes(t, db)
	r := runBin(t, bin, db, "import", "--format", "labels", write("l.tsv", "item\tunit\tannotator\tlabel\n999\tneed\tbo\t2\n"))
	if want := "l.tsv:2: no dataset has item 999: import its requests first"; r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("%+v; want %q", r, want)
	}
	if dbBytes(t, db) != before {
		t.Error("a refused file changed the database")
	}
}

// The help of every command that reads a file naming items says an item
// may be named by its own id (docs/protocols.md, "Naming an item").
func TestHelpSaysItemsGoByTheirOwnID(t *testing.T) {
	t.Parallel()
	bin, db := binary(t), filepath.Join(t.TempDir(), "h.db")
	space := regexp.MustCompile(`\s+`)
	for _, args := range [][]string{{"bench", "add", "--help"}, {"import", "--help"}} {
		r := runBin(t, bin, db, args...)
		help := space.ReplaceAllString(r.stdout+r.stderr, " ")
		for _, want := range []string{"by its uid, as exports give it, or by its own id", "Naming an item"} {
			if !strings.Contains(help, want) {
				t.Errorf("%v does not say %q:\n%s", args, want, r.stdout)
			}
		}
	}
}
