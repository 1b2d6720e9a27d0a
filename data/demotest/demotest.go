// Package demotest gives other packages' tests a database holding the
// embedded demo, imported once per test process and copied for each test.
package demotest

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Store is a database of the test's own holding the demo (the conversations'
// pictures are not on disk: a test that opens them uses Fresh), imported by its
// lead ("lead", storetest.Lead), the compare items' sides drawn from a
// fixed seed so golden screens are the same every run.
func Store(t testing.TB) *store.Store {
	t.Helper()
	return ByLead(t, "lead")
}

// ByLead is Store with the demo imported by the lead of that name (the
// database's first user).
func ByLead(t testing.TB, lead string) *store.Store {
	t.Helper()
	return storetest.Built(t, "demo-by-"+lead, func(ctx context.Context, st *store.Store) error {
		who, err := st.Actor(ctx, lead, "")
		if err != nil {
			return err
		}
		return load(ctx, st, who)
	})
}

func load(ctx context.Context, st *store.Store, lead store.Annotator) error {
	st.Sides = rand.New(rand.NewPCG(1, 2))
	return data.LoadDemo(ctx, st, lead)
}

// Fresh is Store imported now, into the test's folder: slower, but the
// demo conversations' pictures are on disk beside it, the test's own to
// open or remove.
func Fresh(t testing.TB) *store.Store {
	t.Helper()
	st := storetest.Open(t)
	if err := load(context.Background(), st, storetest.Lead(t, st)); err != nil {
		t.Fatal(err)
	}
	return st
}
