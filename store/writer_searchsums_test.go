package store

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
)

// sendWhileBatchRuns runs send, a write sent to the writer (it waits in
// Store.send while the writer runs the batch that started it), and
// reports its error.
func sendWhileBatchRuns(sent chan<- error, send func() error) {
	sent <- send()
}

// waitForSenders returns once n of sendWhileBatchRuns's goroutines wait
// for the writer to take their writes, as their stacks show: no timing
// involved. The writer's next batch takes them in the order they came to
// wait.
func waitForSenders(t *testing.T, n int) {
	t.Helper()
	buf := make([]byte, 1<<20)
	for {
		waiting := 0
		for _, g := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
			if strings.Contains(g, "[select") && strings.Contains(g, "store.(*Store).send(") && strings.Contains(g, "store.sendWhileBatchRuns(") {
				waiting++
			}
		}
		if waiting >= n {
			return
		}
		runtime.Gosched()
	}
}

// NextHIT gathers its kept sums as a keyed label does: between two
// finishing labels of one batch it does not make the first write its sums
// before it, so each row of agreement_patterns the two move is written
// once (with sessions searching between their labels, most batches hold
// searches).
func TestSearchBetweenLabelsWritesKeptSumsOnce(t *testing.T) {
	ctx := context.Background()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 4)
	who := annotators(t, st, "a1", "a2", "a3")
	units := []string{"question", "answer_set", "landing_1", "landing_2"}
	for i, a := range who[:2] {
		for _, u := range units[:len(units)-1] {
			if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[i], AnnotatorID: a, Unit: u, Value: ptr(1)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	finish := func(i int) func() error {
		return func() error {
			_, err := st.SetLabel(ctx, LabelChange{ItemID: items[i], AnnotatorID: who[i], Unit: units[len(units)-1], Value: ptr(1), Finish: true})
			return err
		}
	}
	search := func() error {
		_, ok, _, err := st.NextHIT(ctx, ds, who[2], 0)
		if err == nil && !ok {
			err = errors.New("no HIT for a3")
		}
		return err
	}
	countWrites(t, st, "agreement_patterns")
	sent := make(chan error, 3)
	// The three come while another write runs, in this order, and make
	// the next batch: a finishing label, a search, a finishing label.
	err := st.tx(ctx, func(w *ptx) error {
		for n, send := range []func() error{finish(0), search, finish(1)} {
			go sendWhileBatchRuns(sent, send)
			waitForSenders(t, n+1)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for range 3 {
		if err := <-sent; err != nil {
			t.Fatal(err)
		}
	}
	var rows, sum int
	if err := st.db.QueryRow(`SELECT count(*), sum(units) FROM agreement_patterns WHERE dataset_id = ?`, ds).Scan(&rows, &sum); err != nil {
		t.Fatal(err)
	}
	if n := writesTo(t, st, "agreement_patterns"); n != rows || sum != 4*2 {
		t.Errorf("%d rows holding %d units written %d times, want each once, %d units", rows, sum, n, 4*2)
	}
	passesCheck(t, st.path)
}
