package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// An export or a backup to a file prints nothing when it succeeds, so on a
// terminal its progress line ends in what it wrote and where, as an
// import's ends in the import's summary; piped or with --quiet, nothing.
func TestProgressLineEndsInWhatWasWritten(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	if r := runBin(t, binary(t), db, "import", writePanes(t, dir, "panes.tsv", jaguarRow)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	for _, c := range []struct {
		verb, out string
		args      []string
	}{
		{"export", "labels.tsv", []string{"export", "--format", "labels", "--out"}},
		{"backup", "copy.db", []string{"backup", "--out"}},
	} {
		out := filepath.Join(dir, c.out)
		screen, _, code := runOnTerminal(t, 80, append(append([]string{"--db", db}, c.args...), out)...)
		last := screen[strings.LastIndex(screen, "\r\x1b[K")+len("\r\x1b[K"):]
		info, err := os.Stat(out)
		if err != nil {
			t.Fatalf("%s on a terminal: exit %d, %v (screen %q)", c.verb, code, err, screen)
		}
		// The size it says is the file's as written, not the line's estimate.
		want := regexp.MustCompile(`^` + c.verb + `: ` + regexp.QuoteMeta(byteSize(info.Size())) + ` written to ` +
			regexp.QuoteMeta(out) + ` in [0-9.]+m?s\r?\n$`)
		if code != 0 || !want.MatchString(last) {
			t.Errorf("%s on a terminal: exit %d, the line ends in %q, want %s (screen %q)", c.verb, code, last, want, screen)
		}
		for _, flags := range [][]string{nil, {"--quiet"}} {
			args := append(append(flags, c.args...), filepath.Join(dir, fmt.Sprintf("piped%d-%s", len(flags), c.out)))
			if r := runBin(t, binary(t), db, args...); r.code != 0 || r.stderr != "" || r.stdout != "" {
				t.Errorf("%s piped %v: want nothing printed, got %+v", c.verb, flags, r)
			}
		}
	}
}
