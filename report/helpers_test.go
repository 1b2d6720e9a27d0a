package report_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The fixtures of report's tests: a demo database on a known clock, HITs
// keyed as the TUI keys them, and readings for each role.

// demoStore is a fresh database with the demo panes, on a clock that moves
// one second per timestamp so label times are ordered and known.
func demoStore(t testing.TB, start time.Time) *store.Store {
	t.Helper()
	st := storetest.Open(t)
	clock := start
	st.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
	if err := data.LoadDemo(context.Background(), st, lead(t, st)); err != nil {
		t.Fatal(err)
	}
	return st
}

// keyHIT labels the units of the demo pane seq as the annotator, the way
// the TUI does (storetest.KeyHIT).
func keyHIT(t *testing.T, st *store.Store, name string, seq int, values map[string]int) {
	t.Helper()
	ds, err := st.DatasetByName(context.Background(), data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	storetest.KeyHIT(t, st, ds.ID, seq, name, values)
}

func lead(t testing.TB, st *store.Store) store.Annotator { return storetest.Lead(t, st) }

// demoFile is a file of the embedded demo, read from data's folder.
func demoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "data", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
