package data

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/metrics"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// goroutinesCreated is how many goroutines the process has started.
func goroutinesCreated(t *testing.T) uint64 {
	t.Helper()
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatal("this Go does not count the goroutines it creates")
	}
	return s[0].Value.Uint64()
}

// An import under a context that can be cancelled (the command line's,
// cancelled by Ctrl-C) starts no goroutine per pane: the SQLite driver
// watches a cancellable context with a goroutine of its own for each
// statement, which made the command's import of a big file cost about half
// as much CPU again as the same import under a context that cannot be
// cancelled. Not parallel: it counts the goroutines the whole process
// creates.
func TestImportStartsNoGoroutinePerPane(t *testing.T) {
	const rows = 5000 // past the 4,096 panes after which a big import's path is taken
	file := filepath.Join(t.TempDir(), "click.tsv")
	if err := datatest.WriteClickFile(file, rows); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	before := goroutinesCreated(t)
	res, err := testImportFile(ctx, st, lead(t, st), file, Options{})
	created := goroutinesCreated(t) - before
	if err != nil || res.Items != rows {
		t.Fatalf("import: %+v %v", res, err)
	}
	if created > 100 {
		t.Errorf("the import of %d panes started %d goroutines, want a handful", rows, created)
	}
}

// cancelAfter reads r and cancels the import's context once more than n
// bytes have been read: a Ctrl-C in the middle of a big file.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel func()
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n -= k; c.n < 0 {
		c.cancel()
	}
	return k, err
}

// fileSum is a hash of the file's bytes.
func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// A big import cancelled half way (Ctrl-C) stops with the context's error
// and leaves the database as it was: its panes go many to a statement, and
// the import checks its context between them instead of having each
// statement watch it.
func TestImportCancelledHalfWayLeavesDatabase(t *testing.T) {
	t.Parallel()
	var file bytes.Buffer
	path := filepath.Join(t.TempDir(), "click.tsv")
	if err := datatest.WriteClickFile(path, 20000); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	file.Write(b)
	st := storetest.Open(t)
	before := fileSum(t, st.Path())
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r := &cancelAfter{r: &file, n: file.Len() / 2, cancel: cancel}
	_, err = Import(ctx, st, lead(t, st), r, path, Options{Formats: testFormats(st)})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("import cancelled half way: %v, want %v", err, context.Canceled)
	}
	if fileSum(t, st.Path()) != before {
		t.Error("a cancelled import changed the database file")
	}
	if n := countItems(t, st); n != 0 {
		t.Errorf("a cancelled import left %d items", n)
	}
}

// A bad line far into a big file, read while the panes before it are
// being written many to a statement, is refused at its own line, and
// the database keeps nothing of the file.
func TestImportRefusesLateLineAtItsLine(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "click.tsv")
	if err := datatest.WriteClickFile(path, 9000); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	// Line 7,001 (row 7,000): an impression level the format does not have.
	lines[7000] = strings.Replace(lines[7000], "\tlow\t", "\thuge\t", 1)
	lines[7000] = strings.Replace(lines[7000], "\tmedium\t", "\thuge\t", 1)
	lines[7000] = strings.Replace(lines[7000], "\thigh\t", "\thuge\t", 1)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	st := storetest.Open(t)
	before := fileSum(t, st.Path())
	_, err = testImportFile(context.Background(), st, lead(t, st), path, Options{})
	if err == nil || !strings.HasPrefix(err.Error(), path+`:7001: impression_level is "huge"`) {
		t.Fatalf("import with a bad line 7001: %v", err)
	}
	if fileSum(t, st.Path()) != before {
		t.Error("a refused import changed the database file")
	}
	if n := countItems(t, st); n != 0 {
		t.Errorf("a refused import left %d items", n)
	}
}

// countItems is the items of every dataset of the store.
func countItems(t *testing.T, st *store.Store) int {
	t.Helper()
	ds, err := st.Datasets(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range ds {
		n += d.Items
	}
	return n
}
