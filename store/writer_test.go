package store

import (
	"context"
	"errors"
	"testing"
)

// One batch of the writer shares its statements' bindings to the
// transaction: a write that fails (here, its context cancelled as it
// runs, or a duplicate name) is rolled back alone, and the writes after
// it in the same batch, using the same statement, still commit.
func TestBatchWritesStandAlone(t *testing.T) {
	st := openTemp(t)
	const add = `INSERT INTO annotators (name, created_at) VALUES (?, 'now')`
	write := func(ctx context.Context, name string, cancel func()) *writeJob {
		return st.job(ctx, func(w *ptx) error {
			if cancel != nil {
				cancel()
			}
			_, err := w.exec(add, name)
			return err
		})
	}
	bg := context.Background()
	// The statement is prepared already, as it is on a server.
	if err := st.tx(bg, func(w *ptx) error { _, err := w.exec(add, "zero"); return err }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(bg)
	batch := []*writeJob{
		write(ctx, "cancelled", cancel),
		write(bg, "first", nil),
		write(bg, "first", nil), // UNIQUE: fails, alone
		write(bg, "second", nil),
	}
	st.commit(batch)
	var errs []error
	for _, j := range batch {
		errs = append(errs, <-j.err)
	}
	if !errors.Is(errs[0], context.Canceled) || errs[1] != nil || errs[2] == nil || errs[3] != nil {
		t.Fatalf("errors %v, want the cancelled write's and the duplicate's only", errs)
	}
	var names []string
	rows, err := st.db.Query(`SELECT name FROM annotators WHERE name IN ('cancelled', 'first', 'second') ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		rows.Scan(&n)
		names = append(names, n)
	}
	if len(names) != 2 || names[0] != "first" || names[1] != "second" {
		t.Fatalf("committed %q, want first and second", names)
	}
}
