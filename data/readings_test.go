package data

import (
	"testing"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// lead is the test database's lead, who imports and reads gold.
func lead(t testing.TB, st *store.Store) store.Annotator { return storetest.Lead(t, st) }
