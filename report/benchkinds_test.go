package report_test

import (
	"context"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// openKinds is the database's task kinds, as cmd opens them.
func openKinds(t testing.TB, st *store.Store) *kinds.Set {
	t.Helper()
	set, err := kinds.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// benchRuns are the runs d's kind takes, with the scorers its descriptor
// names, as claritty bench scores them.
func benchRuns(t testing.TB, st *store.Store, d store.Dataset) []report.BenchRun {
	return openKinds(t, st).Runs(d.Kind)
}

// runKinds are the kinds of run each task kind takes, as claritty bench
// add gives them to data.
func runKinds(t testing.TB, st *store.Store) func(guidelines.Kind) []store.RunKind {
	return openKinds(t, st).RunKinds
}
