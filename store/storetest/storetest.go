// Package storetest opens throwaway databases for other packages' tests.
package storetest

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/claritty/claritty/store"
)

// Open opens an empty database in the test's temporary folder (a file, not
// :memory:, which SQLite keeps per connection) and closes it at cleanup.
func Open(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
