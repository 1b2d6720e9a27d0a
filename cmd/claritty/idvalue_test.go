package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An id that is the uid itself (item.uid = "id") is a text or a whole
// number: a line whose id is true, a number not whole (7.0, 1e3) or holds
// a line separator (U+2028, U+2029, as written answers are refused for) is
// refused at its line, the database unchanged; a whole number is its text.
func TestIDAsUIDIsTextOrWholeNumber(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	proto := filepath.Join(dir, "asks.toml")
	os.WriteFile(proto, []byte(strings.Replace(namedToml, "NAMES", `["no", "yes"]`, 1)), 0o644)
	if r := runBin(t, bin, db, "protocols", "add", proto); r.code != 0 {
		t.Fatal(r.stderr)
	}
	good := `{"id": "r1", "request": "Book a table."}` + "\n"
	for bad, want := range map[string]string{
		`{"id": true, "request": "x"}`:       `id "true" is true or false, not a text or a whole number`,
		`{"id": 7.0, "request": "x"}`:        `id "7.0" is not a whole number`,
		`{"id": 1e3, "request": "x"}`:        `id "1e3" is not a whole number`,
		`{"id": "a\u2028b", "request": "x"}`: `id "a\u2028b" has control characters`,
		`{"id": "a\u2029b", "request": "x"}`: `id "a\u2029b" has control characters`,
	} {
		before := dbBytes(t, db)
		path := filepath.Join(dir, "asks.jsonl")
		os.WriteFile(path, []byte(good+bad+"\n"), 0o644)
		r := runBin(t, bin, db, "import", "--format", "asks", "--dataset", "d", path)
		if r.code == 0 || !strings.Contains(r.stderr, path+":2: "+want) {
			t.Errorf("%s (exit %d): %q, want %q at line 2", bad, r.code, r.stderr, want)
		}
		if dbBytes(t, db) != before {
			t.Errorf("%s: a refused import changed the database", bad)
		}
	}
	path := filepath.Join(dir, "asks.jsonl")
	os.WriteFile(path, []byte(good+`{"id": 7, "request": "Boil water."}`+"\n"), 0o644)
	if r := runBin(t, bin, db, "import", "--format", "asks", "--dataset", "d", path); r.code != 0 {
		t.Fatalf("a whole number id: %s", r.stderr)
	}
}
