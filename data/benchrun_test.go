package data

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// benchNuggetStore holds 2,000 intents of 5 nuggets each, answered by 5
// systems (10,000 answers), every nugget of every answer judged by three
// annotators (150,000 labels).
func benchNuggetStore(b *testing.B) (*store.Store, store.Dataset) {
	ctx := context.Background()
	st := storetest.Open(b)
	dir := b.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	var gold strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&gold, `{"id": "i%d", "query": "intent %d", "nuggets": [`, i, i)
		for n := range 5 {
			if n > 0 {
				gold.WriteString(", ")
			}
			fmt.Fprintf(&gold, `{"id": "n%d", "text": "fact %d", "weight": %d}`, n, n, 1+rng.IntN(3))
		}
		gold.WriteString("]}\n")
	}
	if _, err := testImportFile(ctx, st, lead(b, st), writeBenchFile(b, dir, "gold.jsonl", gold.String()), Options{Dataset: "g"}); err != nil {
		b.Fatal(err)
	}
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	names := []string{"none", "partial", "full"}
	for s := range 5 {
		var answers strings.Builder
		for i := range 2000 {
			fmt.Fprintf(&answers, `{"id": "i%d", "answer": "answer %d of system %d", "k": %d}`+"\n", i, i, s, s%3)
			for n := 1; n <= 5; n++ {
				for _, a := range []string{"a", "b", "c"} {
					fmt.Fprintf(&labels, "i%d@s%d\tnugget_%d\t%s\t%s\n", i, s, n, a, names[rng.IntN(3)])
				}
			}
		}
		opt := Options{Format: FormatCandidates, System: fmt.Sprintf("s%d", s)}
		if _, err := testImportFile(ctx, st, lead(b, st), writeBenchFile(b, dir, fmt.Sprintf("s%d.jsonl", s), answers.String()), opt); err != nil {
			b.Fatal(err)
		}
	}
	if _, err := testImportFile(ctx, st, lead(b, st), writeBenchFile(b, dir, "labels.tsv", labels.String()), Options{}); err != nil {
		b.Fatal(err)
	}
	d, _ := st.DatasetByName(ctx, "g")
	return st, d
}

func writeBenchFile(b *testing.B, dir, name, body string) string {
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkScoreNuggets scores 10,000 judged answers of 5 systems: gold
// from 150,000 labels, restore scores, mean, p50 and p90 per system.
func BenchmarkScoreNuggets(b *testing.B) {
	// Built once, in the outer function (which runs once as it has
	// sub-benchmarks): it takes seconds.
	st, d := benchNuggetStore(b)
	ctx := context.Background()
	b.Run("score", func(b *testing.B) {
		for range b.N {
			runs, err := report.ScoreRuns(ctx, storetest.ReadGold(b, st, d.ID), d, testRuns(d.Kind), report.ScoreOptions{})
			if err != nil || len(runs) != 5 || runs[0].Total != 2000 || runs[0].Items == 0 {
				b.Fatalf("%v %+v", err, runs)
			}
		}
	})
}

// benchPanes is a MIMICS-Manual file of 20,000 five-answer panes with
// every label given (the release's labels), for 100,000 landing grades.
func benchPanes(b *testing.B, dir string) (string, []string) {
	var f strings.Builder
	f.WriteString(manualHeader + "\n")
	rng := rand.New(rand.NewPCG(3, 4))
	var uids []string
	for i := range 20000 {
		p := store.Pane{Query: fmt.Sprintf("query %d", i), Question: "Which one?"}
		for j := range 5 {
			p.Options[j] = fmt.Sprintf("answer %d-%d", i, j)
		}
		uids = append(uids, p.UID())
		fmt.Fprintf(&f, "%s\t%s\t%s\t%d\t%d", p.Query, p.Question, strings.Join(p.Options[:], "\t"), rng.IntN(3), rng.IntN(3))
		for range 5 {
			fmt.Fprintf(&f, "\t%d", rng.IntN(3))
		}
		f.WriteString("\n")
	}
	return writeBenchFile(b, dir, "panes.tsv", f.String()), uids
}

// trecRun is a 100,000-line run over those panes, with ties.
func trecRun(b *testing.B, dir string, uids []string) string {
	var f strings.Builder
	rng := rand.New(rand.NewPCG(5, 6))
	for _, u := range uids {
		for pos := 1; pos <= 5; pos++ {
			fmt.Fprintf(&f, "%s Q0 %d %d %d run\n", u, pos, pos, rng.IntN(4))
		}
	}
	return writeBenchFile(b, dir, "run.trec", f.String())
}

// BenchmarkTRECRun registers a 100,000-line TREC run over 20,000 panes
// (read, checked, stored) and scores it against their gold landing labels.
func BenchmarkTRECRun(b *testing.B) {
	ctx := context.Background()
	st := storetest.Open(b)
	dir := b.TempDir()
	// b.N is 1 here: the sub-benchmarks below choose their own.
	panes, uids := benchPanes(b, dir)
	if _, err := testImportFile(ctx, st, lead(b, st), panes, Options{Dataset: "p"}); err != nil {
		b.Fatal(err)
	}
	run := trecRun(b, dir, uids)
	registered := 0 // names stay new across the runs of the sub-benchmark
	b.Run("register", func(b *testing.B) {
		for range b.N {
			registered++
			res, err := AddRun(ctx, st, lead(b, st), run, RunOptions{Kind: store.RunTREC, Name: fmt.Sprintf("r%d", registered), Dataset: "p", RunKinds: testRunKinds})
			if err != nil || res.RunLines != 100000 {
				b.Fatalf("%v %+v", err, res)
			}
		}
	})
	// Score one run: keep a single run registered.
	st2 := storetest.Open(b)
	if _, err := testImportFile(ctx, st2, lead(b, st2), panes, Options{Dataset: "p"}); err != nil {
		b.Fatal(err)
	}
	if _, err := AddRun(ctx, st2, lead(b, st2), run, RunOptions{Kind: store.RunTREC, Name: "r", Dataset: "p", RunKinds: testRunKinds}); err != nil {
		b.Fatal(err)
	}
	d, _ := st2.DatasetByName(ctx, "p")
	b.Run("score", func(b *testing.B) {
		for range b.N {
			runs, err := report.ScoreRuns(ctx, storetest.ReadGold(b, st2, d.ID), d, testRuns(d.Kind), report.ScoreOptions{})
			if err != nil || len(runs) != 1 || runs[0].Items != 20000 {
				b.Fatalf("%v %+v", err, runs)
			}
		}
	})
}
