package main

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// fileBytes hashes the database's files as they are on disk (the file, and
// its WAL or rollback journal if one is left holding anything), with no
// claritty running. dbBytes compares the tables' rows; this sees SQLite's
// header too, whose change counter moves whenever anything commits.
func fileBytes(t *testing.T, path string) string {
	t.Helper()
	h := sha256.New()
	for _, p := range []string{path, path + "-wal", path + "-journal"} {
		b, err := os.ReadFile(p)
		if p != path && (errors.Is(err, fs.ErrNotExist) || err == nil && len(b) == 0) {
			continue // none, or empty: a process that exited mid-read leaves an empty WAL
		}
		if err != nil {
			t.Fatal(err)
		}
		h.Write([]byte(p + "\x00"))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// flatProtocol is a protocol file of one row an item: its header is
// "id request ask use", and ask is the one labelled step.
const flatProtocol = `name = "flat"
title = "Ask or not"
items = "requests"
guideline = "Say whether to ask."

[item]
header = ["id", "request", "ask", "use"]
id = ["id"]
text = ["request"]

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Ask?"
unit = "ask"
show = ["request"]
scale = "yn"
column = "ask"
`

// A refused import commits nothing, into a new database too: the file's
// bytes, SQLite's header among them, stay as they were. The first import
// of a database with no items left WAL for a rollback journal and came
// back, and each move rewrote the header, so its change counter moved by
// two though every row stayed.
func TestRefusedImportLeavesTheFileAsItWas(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "annotators"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	shortRow := strings.Join(strings.Split(jaguarRow, "\t")[:12], "\t")
	manual := write("m3.tsv", data.ManualHeader()+"\n"+shortRow+"\n")
	proto := write("flat.toml", flatProtocol)
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		{"a mimics-manual row two fields short", []string{"import", "--dataset", "x", manual}, "m3.tsv:2: 12 fields, want 14"},
		{"the same, as practice", []string{"import", "--practice", "--dataset", "x", manual}, "m3.tsv:2: 12 fields, want 14"},
		{"a protocol file's row short", []string{"import", "--protocol", proto, write("d.tsv", "id\trequest\task\tuse\nr1\thello\t1\t\nr2\tbye\n")},
			"d.tsv:3: 2 tab-separated fields"},
		{"a nuggets line of the wrong type", []string{"import", write("n.jsonl", `{"id": "q1", "query": "x", "nuggets": [{"id": "n1", "text": "t", "weight": 1}]}`+"\n"+
			`{"id": "q2", "query": "y", "nuggets": [{"id": "n1", "text": "t", "weight": "3"}]}`+"\n")}, "n.jsonl:2: not an intent"},
		{"a labels row short", []string{"import", write("l.tsv", "item\tunit\tannotator\tlabel\nx\tq\tana\n")}, "l.tsv:2: 3 fields"},
		{"a header and no rows", []string{"import", write("h.tsv", data.ManualHeader()+"\n")}, "the file has a header and no rows"},
	} {
		before := fileBytes(t, db)
		r := runBin(t, bin, db, c.args...)
		if r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: exit %d, %q; want %q", c.what, r.code, r.stderr, c.want)
		}
		if fileBytes(t, db) != before {
			t.Errorf("%s: refused, yet the database file changed", c.what)
		}
	}
}
