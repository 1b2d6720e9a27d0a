package store

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkKeyedLabelSync is the cost of one keyed label committed with
// synchronous=FULL (the WAL synced at every commit: a power cut keeps it)
// against NORMAL (synced at checkpoints only). Compare the two in one run.
func BenchmarkKeyedLabelSync(b *testing.B) {
	for _, mode := range []string{"FULL", "NORMAL"} {
		b.Run(mode, func(b *testing.B) {
			ctx := context.Background()
			syncMode = mode
			defer func() { syncMode = "FULL" }()
			st, err := Open(ctx, filepath.Join(b.TempDir(), "c.db"))
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			im, err := st.BeginImport(ctx, testLead(b, st), "d", "mimics", "mimics-manual")
			if err != nil {
				b.Fatal(err)
			}
			im.AddPane(Pane{Query: "q", Question: "Which?", Options: [5]string{"a", "b"}})
			if _, err := im.Commit(); err != nil {
				b.Fatal(err)
			}
			var item int64
			st.db.QueryRow(`SELECT id FROM items`).Scan(&item)
			ana, _ := st.EnsureAnnotator(ctx, "ana")
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				v := i % 3
				if _, err := st.SetLabel(ctx, LabelChange{ItemID: item, AnnotatorID: ana.ID, Unit: "question", Value: &v}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
