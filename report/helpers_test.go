package report_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
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

// all2 labels every unit of a pane 2.
var all2 = map[string]int{"question": 2, "answer_set": 2, "landing_1": 2, "landing_2": 2, "landing_3": 2, "landing_4": 2, "landing_5": 2}

// keyHIT labels the units of the demo pane seq as the annotator, the way
// the TUI does: one SetLabel per unit, the last one finishing the HIT.
func keyHIT(t *testing.T, st *store.Store, name string, seq int, values map[string]int) {
	t.Helper()
	ctx := context.Background()
	ds, _ := st.DatasetByName(ctx, data.DemoDataset)
	it := itemAt(t, st, ds.ID, seq)
	an, err := st.EnsureAnnotator(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	units := guidelines.MIMICS.Units(it.Shape(0))
	keyed := 0
	for _, u := range units {
		v, ok := values[u]
		if !ok {
			continue
		}
		keyed++
		_, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: u, Value: &v,
			Seconds: 2, Finish: keyed == len(units)})
		if err != nil {
			t.Fatal(err)
		}
	}
}

func itemAt(t *testing.T, st *store.Store, datasetID int64, seq int) store.Item {
	t.Helper()
	var found store.Item
	err := st.EachItem(context.Background(), datasetID, func(it store.Item) error {
		if it.Seq == seq {
			found = it
		}
		return nil
	})
	if err != nil || found.ID == 0 {
		t.Fatalf("no pane %d: %v", seq, err)
	}
	return found
}

func lead(t testing.TB, st *store.Store) store.Annotator { return storetest.Lead(t, st) }

// readGold is the lead's reading of everything in a dataset, closed when
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
// items open open.
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

// sharedOrSkip is a released file beside the repository: a test skips
// without it, except in CI, where it must be there.
func sharedOrSkip(t testing.TB, rel string) string {
	t.Helper()
	p, ok := datatest.SharedFile(rel)
	switch {
	case ok:
		return p
	case os.Getenv("CI") != "":
		t.Fatalf("../shared/data/%s not present, and CI is set: the released data must be beside the checkout", rel)
	default:
		t.Skipf("../shared/data/%s not present", rel)
	}
	return ""
}

// demoFile is a file of the embedded demo, read from data's folder.
func demoFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "data", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
