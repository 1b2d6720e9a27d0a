package data

import (
	"context"
	"testing"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// lead is the test database's lead, who imports and reads gold.
func lead(t testing.TB, st *store.Store) store.Annotator { return storetest.Lead(t, st) }

// goldOf is the lead's reading of everything in a dataset, closed when
// the test ends.
func readGold(t testing.TB, st *store.Store, datasetID int64) *store.Reading {
	t.Helper()
	return reading(t, st.ReadGold, lead(t, st), datasetID)
}

// labelsOf is the lead's reading of every label of a dataset (0: all).
func labelsOf(t testing.TB, st *store.Store, datasetID int64) *store.Reading {
	t.Helper()
	return reading(t, st.ReadLabels, lead(t, st), datasetID)
}

func reading(t testing.TB, open func(context.Context, store.Annotator, int64) (*store.Reading, error),
	who store.Annotator, datasetID int64) *store.Reading {
	t.Helper()
	r, err := open(context.Background(), who, datasetID)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// figuresFor is the reading for figures of a new annotator who has the
// given items open (a HIT started and not finished, as one on screen is).
func figuresFor(t testing.TB, st *store.Store, name string, datasetID int64, open ...int64) *store.Reading {
	t.Helper()
	who := storetest.Person(t, st, name, store.RoleAnnotator)
	for _, id := range open {
		_, err := storetest.DB(t, st).Exec(`INSERT INTO hits (item_id, annotator_id, started_at, touched_at)
			VALUES (?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`, id, who.ID)
		if err != nil {
			t.Fatal(err)
		}
	}
	return reading(t, st.ReadFigures, who, datasetID)
}
