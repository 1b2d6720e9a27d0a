package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/claritty/claritty/guidelines"
)

// BenchmarkWriterKeyedLabels is the one writer's ceiling: sessions
// goroutines, each an annotator of its own, work as the TUI does (NextHIT,
// LoadHIT, then one SetLabel per unit of the pane, each against the
// revision the screen saw, the last finishing the HIT), without pause,
// with synchronous=FULL as a server runs. An op is one keyed label;
// labels/s is every session's labels over the wall time, cpu_us/label
// the process's CPU time over them. Compare old
// and new alternated in one run (-count with both builds, or farm-bench).
//
//	go test ./store -run '^$' -bench WriterKeyedLabels -benchtime 3s
func BenchmarkWriterKeyedLabels(b *testing.B) {
	for _, sessions := range []int{1, 16, 64, 256} {
		b.Run(fmt.Sprintf("sessions=%d", sessions), func(b *testing.B) {
			st, ds, units := writerBenchStore(b, 4000)
			people := make([]int64, sessions)
			for i := range people {
				a, err := st.EnsureAnnotator(context.Background(), fmt.Sprintf("a%d", i))
				if err != nil {
					b.Fatal(err)
				}
				people[i] = a.ID
			}
			keyInSessions(b, people, func(_ int, an int64, left *atomic.Int64) error {
				return keySession(st, ds, an, units, left)
			})
			// The figure counts keys; the store must hold as many labels.
			var stored int
			if err := st.db.QueryRow(`SELECT count(*) FROM labels l JOIN annotators a ON a.id = l.annotator_id WHERE a.name GLOB 'a[0-9]*'`).Scan(&stored); err != nil || stored != b.N {
				b.Fatalf("%d labels keyed, %d stored (%v)", b.N, stored, err)
			}
		})
	}
}

// processCPU is the CPU time this process has used (the writer, the
// sessions' reads and the benchmark's own goroutines): on a shared machine
// steadier than the wall time.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// keySession keys whole HITs as one annotator until left runs out.
func keySession(st *Store, ds, an int64, units map[int64][]string, left *atomic.Int64) error {
	ctx := context.Background()
	for seq := 0; ; {
		id, ok, _, err := st.NextHIT(ctx, ds, an, seq)
		if err != nil || !ok {
			return fmt.Errorf("NextHIT: %v %v (more items, or a shorter -benchtime)", ok, err)
		}
		h, err := st.LoadHIT(ctx, id, an)
		if err != nil {
			return err
		}
		rev := h.Rev
		us := units[id]
		for i, u := range us {
			if left.Add(-1) < 0 {
				return nil
			}
			v := 1 + i%2
			_, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: an, Unit: u, Value: &v,
				Seconds: 2, Finish: i == len(us)-1, Rev: &rev, Move: StepMove{Leave: u}})
			if err != nil {
				return err
			}
		}
	}
}

// writerBenchStore is a dataset of n MIMICS panes with three landing
// pages each, and each item's units.
func writerBenchStore(b *testing.B, n int) (*Store, int64, map[int64][]string) {
	ctx := context.Background()
	st, err := Open(ctx, filepath.Join(b.TempDir(), "c.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	im, err := st.BeginImport(ctx, testLead(b, st), "d", "mimics", "mimics-manual")
	if err != nil {
		b.Fatal(err)
	}
	for i := range n {
		if _, err := im.AddPane(Pane{Query: fmt.Sprintf("q%d", i), Question: "Which?", Options: [5]string{"a", "b", "c"}}); err != nil {
			b.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		b.Fatal(err)
	}
	units := map[int64][]string{}
	err = st.EachItem(ctx, ds, func(it Item) error {
		units[it.ID] = guidelines.MIMICS.Units(it.Shape(0))
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return st, ds, units
}

// BenchmarkWriterLabelFloor is the floor under BenchmarkWriterKeyedLabels
// on this engine: 64 sessions, each holding a HIT of its own, write only
// what any keyed label must (the HIT touched and its revision moved, the
// label, its history row, its step event), through the same writer, its
// batches and savepoints, synchronous=FULL; no reads, no checks, no HIT's
// end, no NextHIT. What the full label costs above this is what the store
// does for it besides.
//
//	go test ./store -run '^$' -bench WriterLabelFloor -benchtime 20000x
func BenchmarkWriterLabelFloor(b *testing.B) {
	const sessions = 64
	ctx := context.Background()
	st, _, units := writerBenchStore(b, sessions)
	var items []int64
	for id := range units {
		items = append(items, id)
	}
	people := make([]int64, sessions)
	for i := range people {
		a, err := st.EnsureAnnotator(ctx, fmt.Sprintf("a%d", i))
		if err != nil {
			b.Fatal(err)
		}
		people[i] = a.ID
		if err := st.ClaimHIT(ctx, items[i], a.ID); err != nil {
			b.Fatal(err)
		}
	}
	keyInSessions(b, people, func(i int, an int64, left *atomic.Int64) error {
		us := units[items[i]]
		for k := 0; left.Add(-1) >= 0; k++ {
			v := 1 + k%2
			ch := LabelChange{ItemID: items[i], AnnotatorID: an, Unit: us[k%len(us)], Value: &v, Seconds: 2, Source: "tui"}
			if err := st.tx(ctx, func(w *ptx) error {
				now := st.now()
				if _, err := w.exec(claimTouch, ch.ItemID, ch.AnnotatorID, now, 1); err != nil {
					return err
				}
				if err := writeLabel(w, ch, now); err != nil {
					return err
				}
				if _, err := w.exec(`INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at, source)
					VALUES (?, ?, ?, NULL, ?, ?, ?, ?)`, ch.ItemID, ch.Unit, ch.AnnotatorID, *ch.Value, an, now, ch.Source); err != nil {
					return err
				}
				return recordMove(w, ch.ItemID, ch.AnnotatorID, StepMove{Leave: ch.Unit}, now)
			}); err != nil {
				return err
			}
		}
		return nil
	})
}

// keyInSessions runs key once per annotator, each in its own goroutine,
// until b.N labels are keyed between them (left counts down), and reports
// labels a second (wall) and the process's CPU a label.
func keyInSessions(b *testing.B, people []int64, key func(i int, an int64, left *atomic.Int64) error) {
	var left atomic.Int64
	left.Store(int64(b.N))
	var wg sync.WaitGroup
	errs := make(chan error, len(people))
	b.ResetTimer()
	cpu0 := processCPU(b)
	start := time.Now()
	for i, an := range people {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := key(i, an, &left); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	cpu := processCPU(b) - cpu0
	b.StopTimer()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "labels/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu_us/label")
}
