package main

import (
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/teamdb"
	"github.com/claritty/claritty/store"
)

// BenchmarkScale measures what an annotator and a lead wait for on a
// database shaped like a team's after weeks of work (teamdb: Click-shaped
// panes, three annotators who finished all but the last twentieth), at
// each size of $CLARITTY_BENCH_PANES:
//
//   - next-hit: after a HIT is finished, find the next one and load it, as
//     the TUI does (NextHIT, LoadHIT, ItemByID); p50 and max over b.N HITs;
//
//   - first-frame/new: `claritty` before its first frame for an annotator
//     who has never had a HIT; first-frame/resume: for one with a HIT open;
//
//   - agree: `claritty agree` end to end from the database (the binary, as
//     a lead, with its 1,000 bootstrap replicates).
//
//     CLARITTY_BENCH_PANES=10000,100000,414362 go test ./cmd/claritty -run '^$' -bench Scale -benchtime 20x -timeout 60m
func BenchmarkScale(b *testing.B) {
	for _, n := range teamdb.Sizes(b) {
		b.Run(fmt.Sprintf("%d/next-hit", n), func(b *testing.B) { benchNextHIT(b, n) })
		b.Run(fmt.Sprintf("%d/first-frame/new", n), func(b *testing.B) { benchFirstFrame(b, n, true) })
		b.Run(fmt.Sprintf("%d/first-frame/resume", n), func(b *testing.B) { benchFirstFrame(b, n, false) })
		b.Run(fmt.Sprintf("%d/agree", n), func(b *testing.B) { benchAgree(b, n) })
	}
}

func benchNextHIT(b *testing.B, n int) {
	ctx := context.Background()
	st, err := store.Open(ctx, teamdb.Copy(b, n))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	ds, err := st.DatasetByName(ctx, "click")
	if err != nil {
		b.Fatal(err)
	}
	ann, err := st.EnsureAnnotator(ctx, "ann1")
	if err != nil {
		b.Fatal(err)
	}
	next := func() store.Item {
		id, ok, _, err := st.NextHIT(ctx, ds.ID, ann.ID, 0)
		if err != nil || !ok {
			b.Fatalf("no next HIT: %v", err)
		}
		if _, err := st.LoadHIT(ctx, id, ann.ID); err != nil {
			b.Fatal(err)
		}
		it, err := st.ItemByID(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		return it
	}
	it := next() // the annotator's first HIT of the session
	var times []time.Duration
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		finishHIT(b, st, it, ann.ID)
		b.StartTimer()
		start := time.Now()
		it = next()
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)-1].Microseconds())/1000, "max-ms")
}

// finishHIT keys every unit of the annotator's HIT on the item.
func finishHIT(b *testing.B, st *store.Store, it store.Item, annotator int64) {
	units := data.HITUnits(it.Question, it.AnswerCount())
	for i, u := range units {
		v := i % 3
		_, err := st.SetLabel(context.Background(), store.LabelChange{ItemID: it.ID, AnnotatorID: annotator,
			Unit: u, Value: &v, Seconds: 3, Finish: i == len(units)-1})
		if err != nil {
			b.Fatal(err)
		}
	}
}

func benchFirstFrame(b *testing.B, n int, fresh bool) {
	ctx := context.Background()
	g := &globals{db: teamdb.Copy(b, n)}
	st, err := g.open(ctx)
	if err != nil {
		b.Fatal(err)
	}
	lead, err := st.Actor(ctx, teamdb.Lead(), "")
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	for i := range b.N {
		name := "ann1"
		if fresh {
			name = fmt.Sprintf("new%d", i)
		}
		if _, err := st.SetRole(ctx, lead, name, store.RoleAnnotator); err != nil {
			b.Fatal(err)
		}
		names = append(names, name)
	}
	st.Close()
	g.as = "ann1"
	if !fresh {
		firstFrame(b, g) // ann1 now holds a HIT, which each frame resumes
	}
	b.ResetTimer()
	for i := range b.N {
		g.as = names[i]
		if frame := firstFrame(b, g); !strings.Contains(frame, "HIT") {
			b.Fatalf("the first frame shows no HIT:\n%s", frame)
		}
	}
}

func benchAgree(b *testing.B, n int) {
	bin, db := binary(b), teamdb.Cached(b, n)
	b.ResetTimer()
	for range b.N {
		cmd := exec.Command(bin, "--db", db, "agree", "--dataset", "click")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "pooled") {
			b.Fatalf("agree: %v\n%s", err, out)
		}
	}
}
