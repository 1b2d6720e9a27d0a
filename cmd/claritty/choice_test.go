package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// pickToml is a protocol file whose one step picks one of a request's
// facets; the column best holds a known pick, the facet's number.
const pickToml = `name = "pick-facet"
title = "Pick the facet"
items = "requests"

[item]
header = ["request", "f1", "f2", "f3", "f4", "f5", "best"]
id = ["request"]
text = ["request"]
list = ["f1", "f2", "f3", "f4", "f5"]
list_name = "facet"

[[step]]
title = "Which facet should be asked about first?"
unit = "facet"
kind = "choice"
show = ["request", "list"]
column = "best"
`

const pickHeader = "request\tf1\tf2\tf3\tf4\tf5\tbest\n"

// Issue 45, point 6 (choice), through the built binary: a file whose
// known pick is past its row's facets is refused at its line, the
// database unchanged; the good file imports with its release's pick; a
// merge of a pick past the item's facets is refused at its line, by the
// CLI and over SSH with an annotator's key, the database unchanged; the
// picks that fit store, and come out in the labels export, agree and the
// file's own shape with the gold in its column; stats gives their
// distribution but no mean.
func TestChoiceThroughTheBinary(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := tm.file(t, "pick.toml", pickToml)
	before := dbBytes(t, tm.db)
	bad := tm.file(t, "bad.tsv", pickHeader+"jaguar\tthe car\tthe cat\t\t\t\t1\npython\tsnake\tlanguage\tcomedy\t\t\t4\n")
	r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "pk", bad)
	if want := `bad.tsv:3: best is "4", not the number of one of the 3 facets to pick from (1-3)`; r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("a pick past the row's facets: %+v; want %q", r, want)
	}
	none := tm.file(t, "none.tsv", pickHeader+"jaguar\t\t\t\t\t\t1\n")
	r = tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "pk", none)
	if want := `none.tsv:2: best is "1", but the row has no facet to pick`; r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("a pick of a row with no facets: %+v; want %q", r, want)
	}
	if dbBytes(t, tm.db) != before {
		t.Error("the refused import changed the database")
	}
	good := pickHeader + "jaguar\tthe car\tthe cat\t\t\t\t1\npython\tsnake\tlanguage\tcomedy\t\t\t\n"
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "pk", "--labels-as", "release", tm.file(t, "pk.tsv", good)); r.code != 0 {
		t.Fatalf("import --protocol: %+v", r)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "pk")
	if err != nil {
		t.Fatal(err)
	}
	jaguar, python := storetest.ItemAt(t, st, ds.ID, 1).UID, storetest.ItemAt(t, st, ds.ID, 2).UID
	st.Close()

	before = dbBytes(t, tm.db)
	head := "item\tunit\tannotator\tlabel\n"
	r = tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "over.tsv", head+python+"\tfacet\tbo\t3\n"+jaguar+"\tfacet\tbo\t3\n"))
	if want := "over.tsv:3:"; r.code == 0 || !strings.Contains(r.stderr, want) || !strings.Contains(r.stderr, "the item has 2 facets") {
		t.Errorf("a pick of facet 3 of 2: %+v; want %q and the item's facets", r, want)
	}
	if dbBytes(t, tm.db) != before {
		t.Error("the refused merge changed the database")
	}
	if r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "bo.tsv", head+python+"\tfacet\tbo\t3\n"+jaguar+"\tfacet\tbo\t2\n")); r.code != 0 {
		t.Fatalf("bo's picks: %+v", r)
	}

	srv := startServe(t, tm.db)
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	before = dbBytes(t, tm.db)
	r = sshRun(t, ana, head+jaguar+"\tfacet\tana\t5\n", "import --format labels -")
	if r.code == 0 || !strings.Contains(r.stderr, "the item has 2 facets") {
		t.Errorf("ana's facet 5 of 2 over SSH: %+v", r)
	}
	if dbBytes(t, tm.db) != before {
		t.Error("the refused SSH merge changed the database")
	}
	if r := sshRun(t, ana, head+python+"\tfacet\tana\t3\n"+jaguar+"\tfacet\tana\t1\n", "import --format labels -"); r.code != 0 {
		t.Fatalf("ana's picks over SSH: %+v", r)
	}

	r = tm.run(t, "", "", "export", "--format", "labels", "--dataset", "pk")
	for _, want := range []string{python + "\tfacet\tana\t3", jaguar + "\tfacet\tbo\t2", jaguar + "\tfacet\trelease\t1"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("labels export has no %q:\n%s", want, r.stdout)
		}
	}
	r = tm.run(t, "", "", "agree", "--dataset", "pk")
	if r.code != 0 || !strings.Contains(r.stdout, "facet") {
		t.Errorf("agree: %+v", r)
	}
	r = tm.run(t, "", "", "stats", "--dataset", "pk")
	if r.code != 0 || !strings.Contains(r.stdout, "facet  5  N/A         1:2 2:1 3:2 4:0 5:0") {
		t.Errorf("stats: %+v; want facet's distribution and no mean", r)
	}
	// python: ana 3, bo 3: gold 3 (of two labels). jaguar: release 1, bo 2, ana 1: gold 1.
	r = tm.run(t, "", "", "export", "--format", "pick-facet", "--dataset", "pk", "--include-incomplete")
	if want := pickHeader + "jaguar\tthe car\tthe cat\t\t\t\t1\npython\tsnake\tlanguage\tcomedy\t\t\t3\n"; r.stdout != want {
		t.Errorf("export in the file's shape:\n%q\nwant\n%q", r.stdout, want)
	}
}

// pickRowsToml picks the best of a topic's questions (grouped rows).
const pickRowsToml = `name = "pick-question"
title = "Pick the question"
items = "topics"

[item]
header = ["topic", "question"]
id = ["topic"]
group = "topic"
text = ["topic", "question"]
row_name = "question"

[[step]]
title = "Which question is best?"
unit = "best"
kind = "choice"
show = ["topic", "question"]
`

// Issue 45, point 6 (choice), typed over SSH in a 40×12 terminal: a topic
// of twelve questions shows the keys beside them (b for question 10),
// read to the end, b picks question 10, and the labels export has it.
func TestSSHChoiceOfTwelveQuestions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	bin := binary(t)
	write := fileWriter(t, dir)
	var rows strings.Builder
	rows.WriteString("topic\tquestion\n")
	for i := 1; i <= 12; i++ {
		fmt.Fprintf(&rows, "jaguar\tquestion number %d?\n", i)
	}
	if r := runBin(t, bin, db, "import", "--protocol", write("q.toml", pickRowsToml), "--dataset", "tq", write("tq.tsv", rows.String())); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	s := sshInTmux(t, bin, db, "ana", "tq", 40, 12)
	s.wait(t, "pick one question: 1-9 b c")
	s.wait(t, "1  1 question number 1?")
	s.keys("b") // not read yet: nothing labelled
	s.wait(t, "read it all first")
	for range 6 {
		s.keys("PgDn")
	}
	s.wait(t, "b 10 question number 10?")
	s.keys("b")
	s.wait(t, "No more HITs for you in tq")
	r := runBin(t, bin, db, "export", "--format", "labels", "--dataset", "tq")
	if !strings.Contains(r.stdout, "\tbest\tana\t10\t") {
		t.Errorf("labels export after b: %+v", r)
	}
}
