package store

import (
	"context"
	"database/sql"
	"runtime"
	"strings"
	"testing"
)

// A write sent while the writer runs a batch joins that batch and its
// commit, not the next one: the writes of sessions whose labels were just
// committed share one commit (its sync, the kept sums) with the batch
// running when they come.
func TestWriteSentDuringABatchJoinsIt(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t)
	const add = `INSERT INTO annotators (name, created_at) VALUES (?, 'now')`
	var first, second *sql.Tx
	sent := make(chan error, 1)
	err := st.tx(ctx, func(w *ptx) error {
		first = w.tx
		go sendWhileBatchRuns(st, sent, func(w *ptx) error {
			second = w.tx
			_, err := w.exec(add, "second")
			return err
		})
		waitForSender(t)
		_, err := w.exec(add, "first")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	if second != first {
		t.Error("the write sent while a batch ran was committed in a transaction of its own, not the batch's")
	}
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM annotators WHERE name IN ('first', 'second')`).Scan(&n); err != nil || n != 2 {
		t.Fatalf("%d of the two writes committed (%v)", n, err)
	}
}

// sendWhileBatchRuns sends fn to the writer (it waits in Store.send while
// the writer runs the batch that started it) and reports its commit.
func sendWhileBatchRuns(st *Store, sent chan<- error, fn func(*ptx) error) {
	sent <- st.tx(context.Background(), fn)
}

// waitForSender returns once sendWhileBatchRuns's goroutine waits for the
// writer to take its write, as its stack shows: no timing involved.
func waitForSender(t *testing.T) {
	t.Helper()
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		for _, g := range strings.Split(string(buf[:n]), "\n\n") {
			if strings.Contains(g, "[select") && strings.Contains(g, "store.(*Store).send(") && strings.Contains(g, "store.sendWhileBatchRuns(") {
				return
			}
		}
		runtime.Gosched()
	}
}

// A write alone in its batch runs without a savepoint: when it fails, the
// transaction is rolled back whole, so a write sent while it ran does not
// join it, and commits in a batch of its own.
func TestWriteSentDuringAFailingWriteStillCommits(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t)
	const add = `INSERT INTO annotators (name, created_at) VALUES (?, 'now')`
	sent := make(chan error, 1)
	err := st.tx(ctx, func(w *ptx) error {
		if _, err := w.exec(add, "refused"); err != nil {
			return err
		}
		go sendWhileBatchRuns(st, sent, func(w *ptx) error {
			_, err := w.exec(add, "later")
			return err
		})
		waitForSender(t)
		_, err := w.exec(add, "refused") // UNIQUE: the write fails
		return err
	})
	if err == nil {
		t.Fatal("a duplicate name was written")
	}
	if err := <-sent; err != nil {
		t.Fatal(err)
	}
	var names []string
	rows, err := st.db.Query(`SELECT name FROM annotators WHERE name IN ('refused', 'later')`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	if len(names) != 1 || names[0] != "later" {
		t.Fatalf("committed %q, want only the later write", names)
	}
}
