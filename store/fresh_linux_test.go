package store

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A symlink put where the database this process made was is not followed
// to its target: Discard keeps both, with no error, and the target stays
// as it was: a FIFO, which an open that followed it would have opened,
// or a folder, which it would have failed on.
func TestDiscardFollowsNoSymlink(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "made.db")
	st := openFresh(t, path)
	f := st.Fresh()
	st.Close()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder")
	if err := os.Mkdir(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, target := range []struct {
		path string
		mode os.FileMode
	}{{fifo, os.ModeNamedPipe}, {folder, os.ModeDir}} {
		for _, ext := range []string{"", "-wal", "-shm"} {
			os.Remove(path + ext)
		}
		if err := os.Symlink(target.path, path); err != nil {
			t.Fatal(err)
		}
		if removed, err := f.Discard(ctx); removed || err != nil {
			t.Errorf("discard of a symlink to %s put in its place: %v %v", target.path, removed, err)
		}
		if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the symlink: %v %v", fi, err)
		}
		if fi, err := os.Stat(target.path); err != nil || fi.Mode()&target.mode == 0 {
			t.Errorf("its target: %v %v", fi, err)
		}
	}
}
