package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// countWrites makes the database count every row written to table (insert,
// update, delete, a trigger's included) in write_counts.
func countWrites(t *testing.T, st *Store, tables ...string) {
	t.Helper()
	stmts := []string{`CREATE TABLE write_counts (tbl TEXT PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0)`}
	for _, tbl := range tables {
		stmts = append(stmts, fmt.Sprintf(`INSERT INTO write_counts (tbl) VALUES ('%s')`, tbl))
		for _, op := range []string{"INSERT", "UPDATE", "DELETE"} {
			stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER count_%[1]s_%[2]s AFTER %[2]s ON %[1]s
				BEGIN UPDATE write_counts SET n = n + 1 WHERE tbl = '%[1]s'; END`, tbl, op))
		}
	}
	for _, q := range stmts {
		if _, err := st.db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func writesTo(t *testing.T, st *Store, table string) int {
	t.Helper()
	var n int
	if err := st.db.QueryRow(`SELECT n FROM write_counts WHERE tbl = ?`, table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// An item turning free lists itself for every annotator whose cursor has
// passed it, and moves only the cursor of one whose list is full: the
// trigger (migration 0032) no longer writes the other cursors back as they
// were, a row each on every item taken fresh.
func TestItemTurningFreeWritesOnlyTheCursorsItMoves(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 10)
	others := annotators(t, st, "bo", "cy", "di")
	// Their walks found nothing free: every cursor is past every item.
	for _, a := range others {
		if _, err := st.db.Exec(`INSERT INTO assign_cursors (dataset_id, annotator_id, partial_from, free_from) VALUES (?, ?, ?, ?)`,
			ds, a, beyond, beyond); err != nil {
			t.Fatal(err)
		}
	}
	// cy's list is full (64 items listed, past these panes).
	for seq := 1000; seq < 1064; seq++ {
		if _, err := st.db.Exec(`INSERT INTO assign_returns (dataset_id, annotator_id, kind, seq) VALUES (?, ?, 'free', ?)`,
			ds, others[1], seq); err != nil {
			t.Fatal(err)
		}
	}
	countWrites(t, st, "assign_cursors")
	// ana takes a pane nobody had: it wants two more annotators, free.
	if err := st.ClaimHIT(ctx, items[5], ana.ID); err != nil {
		t.Fatal(err)
	}
	var seq int
	if err := st.db.QueryRow(`SELECT seq FROM items WHERE id = ?`, items[5]).Scan(&seq); err != nil {
		t.Fatal(err)
	}
	for i, a := range others {
		var listed bool
		var from int
		st.db.QueryRow(`SELECT EXISTS (SELECT 1 FROM assign_returns WHERE annotator_id = ?1 AND kind = 'free' AND seq = ?2),
			(SELECT free_from FROM assign_cursors WHERE annotator_id = ?1)`, a, seq).Scan(&listed, &from)
		full := i == 1
		if listed == full || (full && from != seq) || (!full && from != beyond) {
			t.Errorf("annotator %d (list full: %v): listed %v, cursor at %d; the item is at %d", a, full, listed, from, seq)
		}
	}
	if n := writesTo(t, st, "assign_cursors"); n != 1 {
		t.Errorf("the item turning free wrote %d cursors, want 1 (cy's, whose list is full)", n)
	}
}

// finishingBatch keys every unit but the last of a HIT for each annotator
// on its own item, each label alone, and returns the last labels' writes,
// gathering their kept sums, for one batch.
func finishingBatch(t *testing.T, st *Store, items, who []int64) []*writeJob {
	t.Helper()
	units := []string{"question", "answer_set", "landing_1", "landing_2"}
	var jobs []*writeJob
	for i, a := range who {
		for _, u := range units[:len(units)-1] {
			if _, err := st.SetLabel(context.Background(), LabelChange{ItemID: items[i], AnnotatorID: a, Unit: u, Value: ptr(1)}); err != nil {
				t.Fatal(err)
			}
		}
		var done Written
		var rev int64
		ch := LabelChange{ItemID: items[i], AnnotatorID: a, Unit: units[len(units)-1], Value: ptr(1), Finish: true, Source: "tui"}
		j := st.job(context.Background(), st.keyLabel(ch, &done, &rev))
		j.sums = newSums()
		jobs = append(jobs, j)
	}
	return jobs
}

// A batch of finishing labels writes each row of the kept sums it moves
// once, not once a label, and the sums are as a recount makes them.
func TestBatchWritesKeptSumsOnce(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 8)
	who := annotators(t, st, "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8")
	jobs := finishingBatch(t, st, items, who)
	countWrites(t, st, "agreement_patterns")
	st.commit(jobs)
	for _, j := range jobs {
		if err := <-j.err; err != nil {
			t.Fatal(err)
		}
	}
	// Every item has one finished HIT, each unit labelled 1: one row a
	// unit type, written once each.
	var rows, units int
	if err := st.db.QueryRow(`SELECT count(*), sum(units) FROM agreement_patterns WHERE dataset_id = ?`, ds).Scan(&rows, &units); err != nil {
		t.Fatal(err)
	}
	if n := writesTo(t, st, "agreement_patterns"); n != rows || units != 4*len(who) {
		t.Errorf("%d rows holding %d units written %d times, want each once, %d units", rows, units, n, 4*len(who))
	}
	passesCheck(t, st.path)
}

// A write of a batch that fails takes its gathered sums with it; a write
// after it that does not gather reads the sums of those before it whole.
func TestBatchFailedWriteLeavesNoSums(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 4)
	who := annotators(t, st, "a1", "a2")
	jobs := finishingBatch(t, st, items, who)
	refused := errors.New("refused")
	bad := st.job(ctx, func(w *ptx) error {
		if err := applyPatterns(w, ds, "", "question 0 9 0 0 0 0"); err != nil {
			return err
		}
		return refused
	})
	bad.sums = newSums()
	var seen int
	reader := st.job(ctx, func(w *ptx) error {
		return w.scan(`SELECT coalesce(sum(units), 0) FROM agreement_patterns WHERE dataset_id = ?`, []any{ds}, &seen)
	})
	batch := []*writeJob{jobs[0], bad, jobs[1], reader}
	st.commit(batch)
	for i, j := range batch {
		if err := <-j.err; (err != nil) != (j == bad) || (j == bad && !errors.Is(err, refused)) {
			t.Fatalf("write %d: %v", i, err)
		}
	}
	if seen != 4*len(who) {
		t.Errorf("the write after the labels read %d units of the kept table, want %d", seen, 4*len(who))
	}
	var nine int
	st.db.QueryRow(`SELECT count(*) FROM agreement_patterns WHERE pattern LIKE '%9%'`).Scan(&nine)
	if nine != 0 {
		t.Errorf("the failed write's sums were written (%d rows)", nine)
	}
	passesCheck(t, st.path)
}
