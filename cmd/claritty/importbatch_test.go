package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// A big Click file, past the 4,096 panes after which an import writes its
// panes many to a statement while a goroutine reads on, with a bad line far
// in: the command and a lead over SSH refuse it at that line and leave the
// database as it was; mended, it imports every pane.
func TestBigImportRefusesLateLineEveryRoute(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	signer, pub := sshKey(t, dir, "lee")
	if r := runBin(t, bin, db, "annotators", "lee", "--role", "lead", "--key-file", pub); r.code != 0 {
		t.Fatalf("register lee: %+v", r)
	}
	good := filepath.Join(dir, "click.tsv")
	if err := datatest.WriteClickFile(good, 6000); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	for _, level := range []string{"low", "medium", "high"} { // line 5,001: row 5,000
		lines[5000] = strings.Replace(lines[5000], "\t"+level+"\t", "\thuge\t", 1)
	}
	badText := strings.Join(lines, "")
	bad := filepath.Join(dir, "bad.tsv")
	if err := os.WriteFile(bad, []byte(badText), 0o644); err != nil {
		t.Fatal(err)
	}
	const why = `:5001: impression_level is "huge"`

	before := fileBytes(t, db)
	if r := runBin(t, bin, db, "import", bad); r.code == 0 || !strings.Contains(r.stderr, "bad.tsv"+why) {
		t.Fatalf("import of a file with a bad line 5001: %+v", r)
	}
	if fileBytes(t, db) != before {
		t.Error("the refused import changed the database file")
	}

	rows := dbBytes(t, db)
	c, err := sshDial(t, startServe(t, db).addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := sshRun(t, c, badText, "import --format mimics-click --dataset click -"); r.code == 0 || !strings.Contains(r.stderr, why) {
		t.Fatalf("import over SSH of a file with a bad line 5001: %+v", r)
	}
	if dbBytes(t, db) != rows {
		t.Error("the import refused over SSH changed the database")
	}
	if r := sshRun(t, c, string(b), "import --format mimics-click --dataset click -"); r.code != 0 || !strings.Contains(r.stderr, "6000 panes added") {
		t.Fatalf("import over SSH of the mended file: %+v", r)
	}
}
