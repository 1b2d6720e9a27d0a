package store

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// gone fails the test if any of a database's files is there.
func gone(t *testing.T, path string) {
	t.Helper()
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still there (%v)", filepath.Base(p), err)
		}
	}
}

// there fails the test unless the database file is there.
func there(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Errorf("the database was removed: %v", err)
	}
}

// openFresh opens a database at a path where there is none, its acting
// user in it, as a command does.
func openFresh(t *testing.T, path string) *Store {
	t.Helper()
	ctx := context.Background()
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if st.Fresh() == nil {
		t.Fatal("Open made the file, and says it did not")
	}
	if _, err := st.Actor(ctx, "root", ""); err != nil {
		t.Fatal(err)
	}
	if err := st.MarkFresh(ctx); err != nil {
		t.Fatal(err)
	}
	return st
}

// A database this process made is removed, WAL, index and all, when it
// holds only what opening it made; one that was there before is no
// process's to remove.
func TestDiscardRemovesWhatOpenMade(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "new.db")
	st := openFresh(t, path)
	f := st.Fresh()
	st.Close()
	if removed, err := f.Discard(ctx); !removed || err != nil {
		t.Fatalf("discard: %v %v", removed, err)
	}
	gone(t, path)

	again := openFresh(t, path)
	again.Close()
	old, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	if old.Fresh() != nil {
		t.Error("a database that was there is taken for one this Open made")
	}
}

// Not while another store has it open (its process holds the byte), nor
// once something was written that opening did not write (here by another
// store, gone by then), nor while another program's SQLite connection is
// open on it: each time the file is kept, and the first and the last say
// why.
func TestDiscardKeepsWhatOthersHave(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()

	path := filepath.Join(dir, "open.db")
	st := openFresh(t, path)
	f := st.Fresh()
	other, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	if removed, err := f.Discard(ctx); removed || err == nil || !strings.Contains(err.Error(), "another process has it open") {
		t.Errorf("discard while another store has it: %v %v", removed, err)
	}
	there(t, path)
	other.Close()
	if removed, err := f.Discard(ctx); !removed || err != nil {
		t.Errorf("discard once the other store let go, having written nothing: %v %v", removed, err)
	}

	path = filepath.Join(dir, "written.db")
	st = openFresh(t, path)
	f = st.Fresh()
	other, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.Actor(ctx, "ana", ""); err != nil {
		t.Fatal(err)
	}
	other.Close()
	st.Close()
	if removed, err := f.Discard(ctx); removed || err != nil {
		t.Errorf("discard of a database another store wrote to: %v %v", removed, err)
	}
	there(t, path)

	path = filepath.Join(dir, "foreign.db")
	st = openFresh(t, path)
	f = st.Fresh()
	st.Close()
	foreign, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer foreign.Close()
	var n int
	if err := foreign.QueryRow("SELECT count(*) FROM annotators").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if removed, err := f.Discard(ctx); removed || err == nil || !strings.Contains(err.Error(), "another process has it open") {
		t.Errorf("discard while a SQLite connection has it: %v %v", removed, err)
	}
	there(t, path)
}

// An Open that comes while a Discard holds the file waits, and once the
// Discard removed it, makes a new database rather than use the removed
// one.
func TestOpenDuringDiscardMakesANewDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "new.db")
	st := openFresh(t, path)
	st.Close()
	// Discard's first steps, by hand: the byte held, then the files removed
	// once the Open is seen waiting.
	fd, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := lockByte(fd, claritty, true); err != nil {
		t.Fatal(err)
	}
	waiting := make(chan struct{})
	var once sync.Once
	lockWait = func() { once.Do(func() { close(waiting) }) }
	defer func() { lockWait = nil }()
	type opened struct {
		st  *Store
		err error
	}
	done := make(chan opened)
	go func() {
		st, err := Open(ctx, path)
		done <- opened{st, err}
	}()
	<-waiting
	for _, p := range []string{path + "-wal", path + "-shm", path} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	fd.Close()
	o := <-done
	if o.err != nil {
		t.Fatal(o.err)
	}
	defer o.st.Close()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if o.st.Fresh() == nil || !os.SameFile(fi, o.st.Fresh().file) {
		t.Errorf("the Open did not make the new file at %s (fresh %v)", path, o.st.Fresh())
	}
	if !sameAsLocked(o.st.lock, fi) {
		t.Error("the Open went on with the file it had opened, which was removed")
	}
	if _, err := o.st.Actor(ctx, "root", ""); err != nil {
		t.Errorf("the new database does not work: %v", err)
	}
}
