// Package dbimage keeps, for the life of a test process, the bytes of
// databases built once, and writes a fresh copy for each test that asks.
// Applying every migration to a new file, or importing the demo, costs
// far more than writing its bytes: tests that each want their own such
// database share one build and still cannot see each other's writes.
package dbimage

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var (
	mu     sync.Mutex
	images = map[string][]byte{}
)

// Copy writes the database named name into the test's temporary folder
// and returns its path. The first call in the process builds it: build
// gets a path in a folder of its own, makes a closed, checkpointed
// database there (no WAL beside it), and the folder is removed after.
func Copy(tb testing.TB, name string, build func(path string) error) string {
	tb.Helper()
	img, err := image(name, build)
	if err != nil {
		tb.Fatalf("building the %s database: %v", name, err)
	}
	path := filepath.Join(tb.TempDir(), "c.db")
	if err := os.WriteFile(path, img, 0o600); err != nil {
		tb.Fatal(err)
	}
	return path
}

// image returns the bytes of the named database, building them once.
// A failed build is not kept, so each test that asks reports it.
func image(name string, build func(path string) error) ([]byte, error) {
	mu.Lock()
	defer mu.Unlock()
	if img, ok := images[name]; ok {
		return img, nil
	}
	dir, err := os.MkdirTemp("", "claritty-image-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "image.db")
	if err := build(path); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("%s: its WAL was not checkpointed when it closed", name)
	}
	img, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	images[name] = img
	return img, nil
}
