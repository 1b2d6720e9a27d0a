package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
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

// BenchmarkPane measures one side-pane computation (read every label of
// the dataset, the agreement report without intervals, the counters) on a
// database of 40,000 five-answer panes labelled by three of 30 annotators:
// 840,000 labels.
//
//	go test ./tui -run '^$' -bench Pane -benchtime 3x
func BenchmarkPane(b *testing.B) {
	st := storetest.Open(b)
	ctx := context.Background()
	im, err := st.BeginImport(ctx, storetest.Lead(b, st), "big", "mimics", "mimics-manual")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 40000 {
		p := store.Pane{Query: fmt.Sprintf("query %d", i), Question: "Which one?",
			Options: [5]string{"a", "b", "c", "d", "e"}}
		var labels []store.UnitLabel
		for _, a := range rng.Perm(30)[:3] {
			for _, u := range guidelines.MIMICS.Units {
				labels = append(labels, store.UnitLabel{Unit: u, Annotator: fmt.Sprintf("a%02d", a), Value: rng.IntN(3)})
			}
		}
		if _, err := im.AddPane(p, labels...); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := im.Commit(); err != nil {
		b.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "big")
	an, _ := st.EnsureAnnotator(ctx, "a00")
	b.ResetTimer()
	for range b.N {
		if p := computePane(ctx, st, ds, an, time.Now); p.err != nil || p.types[3].Ratings != 840000 {
			b.Fatalf("%v %d", p.err, p.types[3].Ratings)
		}
	}
}
