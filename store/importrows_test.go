package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// AddPanes takes a run of panes many to a statement, and gives the same
// items (ids, order, uids, text) and counts as AddPane one by one: a pane
// repeated inside one statement's rows, across statements, or already in
// the dataset from an earlier import is added once; the item indexes are
// dropped at the same pane and built again.
func TestAddPanesAsOneByOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pane := func(i int) Pane {
		return Pane{Query: fmt.Sprintf("query %d", i), Question: "Which?", Options: [5]string{"a", fmt.Sprintf("b%d", i%3)},
			Meta: fmt.Sprintf(`{"n":%d}`, i)}
	}
	const dropAfter = 40
	var panes []Pane
	for i := range 3*paneChunk + 70 {
		panes = append(panes, pane(i))
		switch {
		case i == 50: // the same pane again, in the same statement's rows
			panes = append(panes, pane(49))
		case i == 120: // again, a statement later
			panes = append(panes, pane(60))
		case i == 30: // before the indexes are dropped
			panes = append(panes, pane(2))
		}
	}
	earlier := []Pane{pane(5), pane(100), pane(1000)} // in the dataset before
	type run struct {
		stats ImportStats
		items []string
	}
	do := func(many bool) run {
		st := openTemp(t)
		importPanes(t, st, dropAfter, earlier, make([][]UnitLabel, len(earlier)))
		im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
		if err != nil {
			t.Fatal(err)
		}
		defer im.Rollback()
		im.dropAfter = dropAfter
		if many {
			// In runs of uneven length, as a reader's batches end.
			var rows []PaneRow
			for _, p := range panes {
				rows = append(rows, p.Row())
			}
			for rest := rows; len(rest) > 0; {
				k := min(len(rest), 45)
				if n, err := im.AddPanes(rest[:k]); err != nil || n != k {
					t.Fatalf("AddPanes took %d of %d: %v", n, k, err)
				}
				rest = rest[k:]
			}
		} else {
			for i, p := range panes {
				if _, err := im.AddPane(p); err != nil {
					t.Fatalf("pane %d: %v", i, err)
				}
			}
		}
		if !im.dropped {
			t.Fatal("the import did not drop the item indexes: the test does not reach the path of big imports")
		}
		stats, err := im.Commit()
		if err != nil {
			t.Fatal(err)
		}
		items, err := collect(ctx, st.db, "items", `SELECT id || ' ' || dataset_id || ' ' || seq || ' ' || uid || ' ' || query || ' ' || question
			|| ' ' || option_1 || ' ' || option_2 || ' ' || option_3 || ' ' || meta || ' ' || coalesce(list_len, '-') FROM items ORDER BY id`, nil,
			func(r *sql.Rows) (s string, err error) { return s, r.Scan(&s) })
		if err != nil {
			t.Fatal(err)
		}
		if got, want := itemIndexNames(t, st), "items_free items_free_partial items_judge items_open items_seq items_uid items_waiting"; got != want {
			t.Errorf("items indexes after the import: %s, want %s", got, want)
		}
		return run{stats, items}
	}
	one, many := do(false), do(true)
	if one.stats != many.stats {
		t.Errorf("AddPanes counts %+v, AddPane one by one %+v", many.stats, one.stats)
	}
	if want := (ImportStats{Items: len(panes) - 3 - 2, ItemsKnown: 3 + 2}); one.stats != want {
		t.Errorf("one by one counts %+v, want %+v", one.stats, want)
	}
	if !slices.Equal(one.items, many.items) {
		for i := range min(len(one.items), len(many.items)) {
			if one.items[i] != many.items[i] {
				t.Fatalf("item %d: AddPanes %q, one by one %q", i, many.items[i], one.items[i])
			}
		}
		t.Fatalf("AddPanes gives %d items, one by one %d", len(many.items), len(one.items))
	}
}

// A cancelled context does not end an import's transaction by itself: the
// panes it writes through the driver's own statements, one of which may
// have passed its check of the context just before the cancel, must stay
// inside the transaction, and go with it at Rollback. database/sql rolls a
// transaction back by itself once its context is cancelled, and a pane
// written after that was committed on its own.
func TestCancelledImportKeepsItsTransaction(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	// The dataset is there before the import, as when a file adds to it.
	before := Pane{Query: "before", Question: "Which?", Options: [5]string{"a", "b"}}
	importPanes(t, st, 4096, []Pane{before}, [][]UnitLabel{nil})
	ctx, cancel := context.WithCancel(context.Background())
	im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	// database/sql's rollback runs in a goroutine of its own: give it its
	// chance to end the transaction (it must not).
	for range 200 {
		if _, err := im.tx.ExecContext(context.Background(), `SELECT 1`); errors.Is(err, sql.ErrTxDone) {
			break
		}
		time.Sleep(time.Millisecond)
	}
	// A statement that checked the context just before the cancel.
	p := Pane{Query: "q", Question: "Which?", Options: [5]string{"a", "b"}}
	if _, err := im.panes.insert(im.datasetID, 2, []PaneRow{p.Row()}); err != nil {
		t.Logf("insert after the cancel: %v", err)
	}
	im.Rollback()
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM items`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("a cancelled, rolled back import left %d more item(s) than the one from before it", n-1)
	}
}

// An empty option is bound as NULL (no text to copy into C memory) and
// stored as the empty text it was, by AddPanes and AddPane alike: what
// reads, exports and shows an option sees the empty text, never NULL.
func TestEmptyOptionsStayEmptyText(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	defer im.Rollback()
	im.dropAfter = 3 // three one by one, the rest many to a statement
	var rows []PaneRow
	for i := range paneChunk + 10 {
		var opts [5]string
		for j := range 1 + i%5 {
			opts[(i+j)%5] = fmt.Sprintf("o%d-%d", i, j)
		}
		rows = append(rows, Pane{Query: fmt.Sprint("q", i), Question: "", Options: opts}.Row())
	}
	if n, err := im.AddPanes(rows); err != nil || n != len(rows) {
		t.Fatalf("AddPanes took %d of %d: %v", n, len(rows), err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	got, err := collect(ctx, st.db, "items", `SELECT typeof(question) || typeof(option_1) || typeof(option_2) || typeof(option_3)
		|| typeof(option_4) || typeof(option_5) || ' ' || option_1 || '|' || option_2 || '|' || option_3 || '|' || option_4 || '|' || option_5
		FROM items ORDER BY seq`, nil, func(r *sql.Rows) (s string, err error) { return s, r.Scan(&s) })
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(rows) {
		t.Fatalf("%d items, want %d", len(got), len(rows))
	}
	for i, r := range rows {
		o := r.pane.Options
		if want := "texttexttexttexttexttext " + strings.Join(o[:], "|"); got[i] != want {
			t.Errorf("item %d: %q, want %q", i, got[i], want)
		}
	}
}
