package sqldump

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The previous release's dump, loaded and dumped again, is the same text:
// the loader keeps every row, value type, blob, pragma and schema object.
func TestDumpOfLoadedDumpIsTheSame(t *testing.T) {
	want, err := os.ReadFile("../../testdata/prev/prev.sql")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "x.db")
	if err := Load(context.Background(), string(want), db); err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	if err := Dump(context.Background(), db, &got); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		g, w := strings.Split(got.String(), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(g), len(w)) {
			if g[i] != w[i] {
				t.Fatalf("line %d:\nwant %q\ngot  %q", i+1, w[i], g[i])
			}
		}
		t.Fatalf("%d lines, want %d", len(g), len(w))
	}
}

// Values of every type come back as they were written.
func TestLiterals(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{nil, "NULL"}, {int64(-3), "-3"}, {2.0, "2.0"}, {0.25, "0.25"}, {1e300, "1e+300"},
		{[]byte{0, 0xab}, "X'00ab'"}, {"it's\nok", "'it''s\nok'"},
	} {
		if got := literal(c.v); got != c.want {
			t.Errorf("literal(%#v) = %s, want %s", c.v, got, c.want)
		}
	}
}
