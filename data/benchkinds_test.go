package data_test

import (
	"context"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
)

// runKinds are the kinds of run each of the database's task kinds takes,
// from its descriptors, as claritty bench add gives them to data.
func runKinds(t testing.TB, st *store.Store) func(guidelines.Kind) []store.RunKind {
	t.Helper()
	set, err := kinds.Open(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return set.RunKinds
}
