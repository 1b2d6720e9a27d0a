package store

import (
	"context"
	"errors"
	"runtime/metrics"
	"testing"
)

// mergeItems finds each of the dataset's panes through the merge, by uid,
// as a labels file names them.
func mergeItems(t *testing.T, st *Store, m *Merger, datasetID int64) []ItemRef {
	t.Helper()
	var refs []ItemRef
	err := st.EachItem(context.Background(), datasetID, func(it Item) error {
		ref, err := m.Item(it.UID)
		refs = append(refs, ref)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return refs
}

// goroutinesCreated is how many goroutines this process has started.
func goroutinesCreated(t *testing.T) uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		t.Fatalf("no %s in this Go", s[0].Name)
	}
	return s[0].Value.Uint64()
}

// A merge under a context that can be cancelled (the CLI's, which stops on
// Ctrl-C) starts no goroutine per query: database/sql starts one for each
// query in a *sql.Tx to watch its context, and a merge asks some ten an
// item, so that was thousands for a file of a few hundred panes. Not
// parallel: the count is the whole process's.
func TestMergeStartsNoGoroutinePerQuery(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st := openTemp(t)
	lead := testLead(t, st)
	const panes = 60
	ds, _, _ := seed(t, st, panes)
	before := goroutinesCreated(t)
	m, err := st.BeginMerge(ctx, lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	for _, ref := range mergeItems(t, st, m, ds) {
		for _, unit := range ref.Units() {
			if err := m.Add(MergedLabel{Item: ref, Unit: unit, Annotator: "ana", Value: 1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	stats, err := m.Commit(ItemRef.Complete)
	if err != nil || stats.Finished != panes {
		t.Fatalf("%+v %v", stats, err)
	}
	if n := goroutinesCreated(t) - before; n >= panes/2 {
		t.Errorf("a merge of %d panes started %d goroutines", panes, n)
	}
}

// The merge asks its caller's context at each label and item: cancelled,
// it stops with the context's error, and nothing of it is in the database.
func TestMergeStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	lead := testLead(t, st)
	ds, _, _ := seed(t, st, 4)
	count := func() (n [3]int) {
		for i, table := range []string{"labels", "label_history", "hits"} {
			if err := st.db.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n[i]); err != nil {
				t.Fatal(err)
			}
		}
		return n
	}
	for _, atCommit := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		m, err := st.BeginMerge(ctx, lead, "")
		if err != nil {
			t.Fatal(err)
		}
		refs := mergeItems(t, st, m, ds)
		if err := m.Add(MergedLabel{Item: refs[0], Unit: "answer_set", Annotator: "ana", Value: 1}); err != nil {
			t.Fatal(err)
		}
		cancel()
		if !atCommit {
			err = m.Add(MergedLabel{Item: refs[1], Unit: "answer_set", Annotator: "ana", Value: 1})
		} else {
			_, err = m.Commit(ItemRef.Complete)
		}
		if !errors.Is(err, context.Canceled) {
			t.Errorf("at commit %v: cancelled merge went on: %v", atCommit, err)
		}
		m.Rollback()
		if n := count(); n != [3]int{} {
			t.Errorf("at commit %v: a cancelled merge left labels, history rows, HITs: %v", atCommit, n)
		}
	}
}

// A merge holds its new labels back and writes them a chunk a statement
// (mergeRows); a label the database refuses is still named by its own
// line, not by the label whose Add sent its chunk, and nothing of the
// merge is in the database.
func TestMergeRefusalInAChunkNamesItsLine(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	lead := testLead(t, st)
	ds, _, _ := seed(t, st, 60)
	m, err := st.BeginMerge(context.Background(), lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	const bad = 10 // the label the store's CHECK refuses: negative seconds
	line := 0
	for _, ref := range mergeItems(t, st, m, ds) {
		for _, unit := range ref.Units() {
			line++
			l := MergedLabel{Item: ref, Unit: unit, Annotator: "ana", Value: 1, Line: line}
			if line == bad {
				l.Seconds = new(-1.0)
			}
			if err = m.Add(l); err != nil {
				break
			}
		}
		if err != nil {
			break
		}
	}
	if err == nil {
		_, err = m.Commit(ItemRef.Complete)
	}
	var le *LineError
	if !errors.As(err, &le) || le.Line != bad {
		t.Fatalf("a refused label at line %d came back as %v (%#v)", bad, err, le)
	}
	m.Rollback()
	var n int
	if err := st.db.QueryRow(`SELECT (SELECT count(*) FROM labels) + (SELECT count(*) FROM label_history)`).Scan(&n); err != nil || n != 0 {
		t.Errorf("a refused merge left %d labels and history rows (%v)", n, err)
	}
}

// The history rows a merge holds back go in in the order the file gave
// its labels, adds and changes interleaved, as when each went in alone:
// `history` reads them by id.
func TestMergeHistoryKeepsFileOrder(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	lead := testLead(t, st)
	ds, _, _ := seed(t, st, 40)
	m, err := st.BeginMerge(context.Background(), lead, "")
	if err != nil {
		t.Fatal(err)
	}
	defer m.Rollback()
	type row struct {
		item      int64
		unit      string
		old, next any
	}
	var want []row
	for _, ref := range mergeItems(t, st, m, ds) {
		for i, unit := range ref.Units() {
			add := MergedLabel{Item: ref, Unit: unit, Annotator: "ana", Value: 1, UpdatedAt: "2026-01-01T00:00:00.000Z"}
			if err := m.Add(add); err != nil {
				t.Fatal(err)
			}
			want = append(want, row{ref.ID, unit, nil, int64(1)})
			if i%2 == 0 { // a newer value of the same label, at once
				changed := add
				changed.Value, changed.UpdatedAt = 0, "2026-01-02T00:00:00.000Z"
				if err := m.Add(changed); err != nil {
					t.Fatal(err)
				}
				want = append(want, row{ref.ID, unit, int64(1), int64(0)})
			}
		}
	}
	if _, err := m.Commit(ItemRef.Complete); err != nil {
		t.Fatal(err)
	}
	if len(want) <= histChunk {
		t.Fatalf("only %d history rows: not more than a chunk", len(want))
	}
	rows, err := st.db.Query(`SELECT item_id, unit, old_value, new_value FROM label_history WHERE source = 'merge' ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.item, &r.unit, &r.old, &r.next); err != nil {
			t.Fatal(err)
		}
		got = append(got, r)
	}
	if len(got) != len(want) {
		t.Fatalf("%d history rows, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("history row %d is %v, want %v", i, got[i], want[i])
		}
	}
}
