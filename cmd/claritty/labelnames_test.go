package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// namedToml is a kind whose labels are written by name (item.labels =
// "names") on a yes/no scale keyed 0 and 1; NAMES is its names.
const namedToml = `name = "asks"
title = "Asks"
items = "requests"

[item]
format = "jsonl"
keys = ["id", "request"]
id = ["id"]
uid = "id"
text = ["request"]
labels = "names"

[[scale]]
name = "yn"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = NAMES

[[step]]
title = "Does it need clarifying?"
unit = "need"
show = ["request"]
scale = "yn"
`

// A scale's names are read back by a merge of the labels export: a name
// twice, with spaces around it or that is another value's key is refused
// when the file is added (the database unchanged); a file a database kept
// from before with names that are the other value's keys still reads its
// own export back as the values it wrote.
func TestLabelNamesReadBack(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	for names, want := range map[string]string{
		`["1", "0"]`:     `scale "yn": name "1" is another value's key`,
		`["yes", "yes"]`: `scale "yn": name "yes" is twice`,
		`["no", " yes"]`: `scale "yn": name " yes" is empty or has spaces around it`,
	} {
		db := filepath.Join(dir, "refused.db")
		if r := runBin(t, bin, db, "protocols"); r.code != 0 {
			t.Fatal(r.stderr)
		}
		before := dbBytes(t, db)
		path := filepath.Join(dir, "asks.toml")
		os.WriteFile(path, []byte(strings.Replace(namedToml, "NAMES", names, 1)), 0o644)
		r := runBin(t, bin, db, "protocols", "add", path)
		if r.code == 0 || !strings.Contains(r.stderr, path+":18: "+want) {
			t.Errorf("names %s (exit %d): %q, want %q at the names' line", names, r.code, r.stderr, want)
		}
		if dbBytes(t, db) != before {
			t.Errorf("names %s: a refused file changed the database", names)
		}
	}

	// Names the other value's keys, as a database kept them from before
	// this check: added as nay/yea, then renamed in the stored text.
	items := filepath.Join(dir, "asks.jsonl")
	os.WriteFile(items, []byte(`{"id": "r1", "request": "Book a table."}`+"\n"+`{"id": "r2", "request": "Boil water."}`+"\n"), 0o644)
	kept := func(name string) string {
		db := filepath.Join(dir, name)
		path := filepath.Join(dir, "asks.toml")
		os.WriteFile(path, []byte(strings.Replace(namedToml, "NAMES", `["nay", "yea"]`, 1)), 0o644)
		for _, args := range [][]string{{"protocols", "add", path}, {"import", "--format", "asks", "--dataset", "d", items}} {
			if r := runBin(t, bin, db, args...); r.code != 0 {
				t.Fatalf("%v: %s", args, r.stderr)
			}
		}
		conn, err := sql.Open("sqlite", "file:"+db)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		if _, err := conn.Exec(`UPDATE protocols SET text = replace(text, '["nay", "yea"]', '["1", "0"]') WHERE name = 'asks'`); err != nil {
			t.Fatal(err)
		}
		return db
	}
	first, second := kept("first.db"), kept("second.db")
	labels := filepath.Join(dir, "labels.tsv")
	// Value 0 is named "1", value 1 "0": r1 needs no clarifying, r2 does.
	os.WriteFile(labels, []byte("item\tunit\tannotator\tlabel\n"+
		"r1\tneed\tdemo-kai\t1\n"+
		"r2\tneed\tdemo-kai\t0\n"), 0o644)
	if r := runBin(t, bin, first, "import", "--dataset", "d", labels); r.code != 0 {
		t.Fatalf("import labels: %s", r.stderr)
	}
	gold := runBin(t, bin, first, "export", "--dataset", "d", "--format", "gold", "--include-incomplete")
	if gold.code != 0 || !strings.Contains(gold.stdout, "r1\tneed") {
		t.Fatalf("gold export (exit %d): %s%s", gold.code, gold.stderr, gold.stdout)
	}
	exp := runBin(t, bin, first, "export", "--dataset", "d", "--format", "labels")
	if exp.code != 0 {
		t.Fatal(exp.stderr)
	}
	back := filepath.Join(dir, "back.tsv")
	os.WriteFile(back, []byte(exp.stdout), 0o644)
	if r := runBin(t, bin, second, "import", "--dataset", "d", back); r.code != 0 {
		t.Fatalf("merge the export back: %s", r.stderr)
	}
	if !strings.Contains(gold.stdout, "r1\tneed\t0\t") || !strings.Contains(gold.stdout, "r2\tneed\t1\t") {
		t.Errorf("the labels file's names were read as the other value:\n%s", gold.stdout)
	}
	for _, format := range []string{"labels", "gold"} {
		a := runBin(t, bin, first, "export", "--dataset", "d", "--format", format, "--include-incomplete")
		b := runBin(t, bin, second, "export", "--dataset", "d", "--format", format, "--include-incomplete")
		if a.stdout != b.stdout {
			t.Errorf("%s export after the round trip:\n%s\nwant\n%s", format, b.stdout, a.stdout)
		}
	}
}
