package data_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Fuzz targets for every reader: whatever the bytes, a reader returns or
// refuses without panicking, and a refusal names the file (and, past the
// header, a line). Seeds are the demo files and the start of the released
// ones. `go test` runs the seeds; `go test -fuzz FuzzX ./data` explores.

// seedFiles adds each demo file, and the first lines of each released file
// that is there (under CI they must be), to f's corpus.
func seedFiles(f *testing.F, demo []string, shared []string) {
	f.Helper()
	for _, p := range demo {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, rel := range shared {
		p, ok := datatest.SharedFile(rel)
		if !ok {
			if os.Getenv("CI") != "" {
				f.Fatalf("../shared/data/%s not present, and CI is set", rel)
			}
			continue
		}
		f.Add(headOf(f, p, 30))
	}
}

// headOf is the first n lines of a file.
func headOf(f *testing.F, path string, n int) []byte {
	file, err := os.Open(path)
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	var b bytes.Buffer
	sc := bufio.NewScanner(file)
	sc.Buffer(nil, 1<<20)
	for i := 0; i < n && sc.Scan(); i++ {
		b.Write(sc.Bytes())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// located fails unless err (if any) names file "f".
func located(t *testing.T, err error) {
	t.Helper()
	if err != nil && !strings.HasPrefix(err.Error(), "f:") && !strings.HasPrefix(err.Error(), "f ") {
		t.Fatalf("error without a location: %v", err)
	}
}

// fuzzStore is the demo database the fuzz targets that need one write to;
// each input is one import, all of it or none.
func fuzzStore(f *testing.F) (*store.Store, store.Annotator) {
	st := demotest.At(f, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	return st, storetest.Lead(f, st)
}

func FuzzClariMMReader(f *testing.F) {
	seedFiles(f, []string{"demo/conversations/demo-conversations.jsonl"}, nil)
	f.Add([]byte(`{"id": "c", "topic": "t", "facet": "f", "turns": [{"question": "q", "answer": "a", "image": "https://x.example/a.png"}]}` + "\n"))
	st, who := fuzzStore(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err := demotest.Import(context.Background(), st, who, bytes.NewReader(b), "f",
			data.Options{Format: store.Format("clarimm"), Dataset: "fuzz-conversations", NoLocalFiles: true})
		located(t, err)
	})
}

func FuzzLabelsMerge(f *testing.F) {
	seedFiles(f, []string{"demo/demo-labels.tsv", "demo/conversations/demo-ratings.tsv", "demo/nuggets/demo-judgements.tsv"}, nil)
	f.Add([]byte(data.RatingsHeader + "\nx\tquestion\tana\t2\n"))
	st, who := fuzzStore(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err := demotest.Import(context.Background(), st, who, bytes.NewReader(b), "f", data.Options{Format: data.FormatLabels})
		located(t, err)
	})
}

func FuzzRatings(f *testing.F) {
	seedFiles(f, []string{"demo/demo-labels.tsv", "demo/conversations/demo-ratings.tsv"},
		[]string{"mimics-duo/Task1-OfflineRating.tsv"})
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _, err := data.ReadRatingsStudy(bytes.NewReader(b), "f", 0, data.RatingScales{})
		located(t, err)
	})
}

func FuzzRuns(f *testing.F) {
	seedFiles(f, []string{"demo/demo-rerank.run", "demo/demo-labels.tsv"}, nil)
	f.Add([]byte("q Q0 doc 1 2.5 tag\n"))
	st, who := fuzzStore(f)
	takes := runKinds(f, st)
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, kind := range []store.RunKind{store.RunTREC, store.RunLabels} {
			_, err := data.AddRunBytes(context.Background(), st, who, b, "f", data.RunOptions{Kind: kind, Name: "fuzz-" + string(kind), RunKinds: takes})
			located(t, err)
		}
	})
}

func FuzzNuggetsAndCandidates(f *testing.F) {
	seedFiles(f, []string{"demo/nuggets/demo-nuggets.jsonl", "demo/nuggets/demo-clarify.jsonl", "demo/nuggets/demo-orig.jsonl"}, nil)
	st, who := fuzzStore(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err := demotest.Import(context.Background(), st, who, bytes.NewReader(b), "f", data.Options{Format: data.FormatNuggets, Dataset: "fuzz-nuggets"})
		located(t, err)
		_, err = demotest.Import(context.Background(), st, who, bytes.NewReader(b), "f",
			data.Options{Format: data.FormatCandidates, Dataset: "fuzz-nuggets", System: "fuzz"})
		located(t, err)
	})
}

func FuzzSERPAndMIMICS(f *testing.F) {
	seedFiles(f, []string{"demo/demo.tsv", "demo/demo-serp.jsonl"},
		[]string{"mimics/MIMICS-Manual.tsv", "mimics-duo/Mimics-ClickExploreSampling.tsv"})
	st, who := fuzzStore(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, format := range []store.Format{data.FormatSERP, data.FormatManual, data.FormatClick} {
			_, err := demotest.Import(context.Background(), st, who, bytes.NewReader(b), "f", data.Options{Format: format, Dataset: "fuzz-" + string(format)})
			located(t, err)
		}
	})
}
