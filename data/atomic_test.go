package data

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// An export's file gets the mode any new file gets under the umask, and a
// failed or interrupted export leaves neither the file nor its temporary.
func TestWriteFileAtomicModeAndCleanup(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		umask int
		mode  os.FileMode
	}{{0o022, 0o644}, {0o077, 0o600}, {0o002, 0o664}} {
		old := syscall.Umask(c.umask)
		p := filepath.Join(dir, "out.tsv")
		err := WriteFileAtomic(p, func(w io.Writer) error { _, err := io.WriteString(w, "x\n"); return err })
		syscall.Umask(old)
		fi, statErr := os.Stat(p)
		if err != nil || statErr != nil || fi.Mode().Perm() != c.mode {
			t.Fatalf("umask %o: mode %v (%v %v), want %v", c.umask, fi.Mode().Perm(), err, statErr, c.mode)
		}
		os.Remove(p)
	}
	stop := errors.New("interrupted")
	p := filepath.Join(dir, "half.tsv")
	err := WriteFileAtomic(p, func(w io.Writer) error {
		io.WriteString(w, "half a file\n")
		return stop
	})
	entries, _ := os.ReadDir(dir)
	if !errors.Is(err, stop) || len(entries) != 0 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("after a failed export: %v, folder holds %s", err, strings.Join(names, ", "))
	}
}
