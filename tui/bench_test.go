package tui

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/claritty/claritty/data/teamdb"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// BenchmarkKeystroke measures one keystroke's Update plus the View that
// follows it. Store calls run on the worker, off this path, as in the
// program.
//
//	go test ./tui -run '^$' -bench Keystroke
func BenchmarkKeystroke(b *testing.B) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"200x60", 200, 60}} {
		b.Run("label/"+size.name, func(b *testing.B) {
			h := newHarness(b, size.w, size.h)
			h.keys("enter", "2", "1") // on the first landing page
			keys := []string{"2", "left"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.m.Update(keyMsg(keys[i%2]))
				_ = h.m.View()
			}
		})
		b.Run("scroll/"+size.name, func(b *testing.B) {
			h := newHarness(b, size.w, size.h)
			keys := []string{"down", "up"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.m.Update(keyMsg(keys[i%2]))
				_ = h.m.View()
			}
		})
	}
}

// BenchmarkPane measures one side-pane computation (the kept agreement
// table less the annotator's open HIT, the counters, the annotator's pace)
// on a team's database at each size of $CLARITTY_BENCH_PANES (data/teamdb:
// three annotators who finished all but the last twentieth of the panes),
// for one of them with a HIT open.
//
//	CLARITTY_BENCH_PANES=10000,100000,414362 go test ./tui -run '^$' -bench Pane -benchtime 10x -timeout 60m
func BenchmarkPane(b *testing.B) {
	for _, n := range teamdb.Sizes(b) {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			ctx, st, ds, an := teamAnnotator(b, n)
			if _, ok, _, err := st.NextHIT(ctx, ds.ID, an.ID, 0); err != nil || !ok {
				b.Fatalf("no HIT to hold open: %v", err)
			}
			b.ResetTimer()
			for range b.N {
				p := computePane(ctx, st, ds, testKinds{st}, an, time.Now)
				if p.err != nil || p.types[len(p.types)-1].Items == 0 {
					b.Fatalf("%v %+v", p.err, p.types)
				}
			}
		})
	}
}

// BenchmarkNextHIT measures what the annotator waits for after finishing a
// HIT on a team's database at each size of $CLARITTY_BENCH_PANES: the
// worker's NextHIT and the load of the HIT screen (loadNext's work), for
// ann1, who has finished all but the last twentieth of the panes; p50 and
// max over b.N finished HITs.
//
//	CLARITTY_BENCH_PANES=10000,100000,414362 go test ./tui -run '^$' -bench NextHIT -benchtime 20x -timeout 60m
func BenchmarkNextHIT(b *testing.B) {
	for _, n := range teamdb.Sizes(b) {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchNextHIT(b, n, false) })
		b.Run(fmt.Sprintf("%d/with-others", n), func(b *testing.B) { benchNextHIT(b, n, true) })
	}
}

// benchNextHIT times ann1's next HIT after each of theirs; with others,
// ann2 and ann3 each finish a HIT between two of ann1's, so panes become
// free for ann1 behind their place, as when a team works at once.
func benchNextHIT(b *testing.B, n int, others bool) {
	ctx, st, ds, an := teamAnnotator(b, n)
	nextFor := func(who int64) *hitState {
		id, ok, _, err := st.NextHIT(ctx, ds.ID, who, 0)
		if err != nil || !ok {
			b.Fatalf("no next HIT: %v", err)
		}
		h, err := loadHIT(ctx, st, PaneScreen(), ds.ID, id, who)
		if err != nil {
			b.Fatal(err)
		}
		return h
	}
	next := func() *hitState { return nextFor(an.ID) }
	finish := func(h *hitState, who int64) {
		units := guidelines.MIMICS.Units(h.item.Shape(0))
		for i, u := range units {
			v := i % 3
			_, err := st.SetLabel(ctx, store.LabelChange{ItemID: h.item.ID, AnnotatorID: who,
				Unit: u, Value: &v, Seconds: 3, Finish: i == len(units)-1})
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	var team []int64
	for _, name := range []string{"ann2", "ann3"} {
		a, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			b.Fatal(err)
		}
		team = append(team, a.ID)
		nextFor(a.ID) // their first walk, like ann1's below, is not timed
	}
	h := next() // the session's first HIT
	var times []time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		finish(h, an.ID)
		if others {
			for _, who := range team {
				finish(nextFor(who), who)
			}
		}
		b.StartTimer()
		start := time.Now()
		h = next()
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
}

// teamAnnotator opens a copy of the team database of n panes (data/teamdb)
// and gives its dataset and ann1; the store closes with the benchmark.
func teamAnnotator(b *testing.B, n int) (context.Context, *store.Store, store.Dataset, store.Annotator) {
	ctx := context.Background()
	st, err := store.Open(ctx, teamdb.Copy(b, n))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	ds, err := st.DatasetByName(ctx, "click")
	if err != nil {
		b.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ann1")
	if err != nil {
		b.Fatal(err)
	}
	return ctx, st, ds, an
}
