package data_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

func TestMalformedRunsAreRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	pane := "167898f358b1292e" // vpn: 3 answers
	cases := []struct {
		kind       store.RunKind
		body, want string
	}{
		{"trec", pane + " Q0 1 1 2.0 t\nffffffffffffffff Q0 1 1 1.0 t\n", `r.run:2: unknown item "ffffffffffffffff"`},
		{"trec", pane + " Q0 1 1 2.0 t\n" + pane + " Q0 2 2 1.0 t\n" + pane + " Q0 1 3 0.5 t\n", `r.run:3: duplicate document "1"`},
		{"trec", pane + " Q0 1 1 high t\n", `r.run:1: bad score "high"`},
		{"trec", pane + " Q0 1 1 NaN t\n", `r.run:1: bad score "NaN"`},
		{"trec", pane + " Q0 1 first 2 t\n", `r.run:1: rank "first" is not a whole number`},
		{"trec", pane + " Q0 4 1 2 t\n", `r.run:1: document "4": the pane's answers are numbered 1 to 3`},
		{"trec", pane + " Q0 1 1\n", "r.run:1: want query Q0 document rank score tag, got 4 fields"},
		{"trec", "no such thing Q0 x 1 1 t\n", "r.run:1: unknown item"},
		{"trec", "vpn Q0 " + pane + " 1 1 t\nhotels in paris Q0 " + pane + " 1 1 t\n", `r.run:2: item "167898f358b1292e" is a pane of query "vpn", not "hotels in paris"`},
		{"labels", pane + "\tlanding_4\t2\n", `r.run:1: item "167898f358b1292e" has no unit "landing_4"`},
		{"labels", pane + "\tanswer_set\tGood\n", `r.run:1: label "Good" is not one of 0, 1, 2`},
		{"labels", pane + "\tanswer_set\t2\n" + pane + "\tanswer_set\t1\n", "r.run:2: item \"167898f358b1292e\" unit answer_set is already predicted on line 1"},
		{"labels", "nope\tquestion\t2\n", `r.run:1: unknown item "nope"`},
		{"labels", "", "r.run: the run is empty"},
		{"questions", pane + " what vpn?\n", "r.run:1: want item<TAB>question"},
		{"questions", pane + "\t  \n", "r.run:1: want item<TAB>question"},
		{"questions", pane + "\tfree?\n" + pane + "\tpaid?\n", `r.run:2: item "167898f358b1292e" already has a question on line 1`},
		{"questions", pane + "\tfree?\nnope\tpaid?\n", `r.run:2: unknown item "nope"`},
	}
	tables := []string{"runs", "run_docs", "run_labels", "run_questions"}
	before := storetest.Fingerprint(t, storetest.DB(t, st), tables...)
	for _, c := range cases {
		_, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, c.body), data.RunOptions{Kind: c.kind, Name: "x", RunKinds: runKinds(t, st)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s run %q:\n  err = %v\n  want %s", c.kind, c.body, err, c.want)
		}
	}
	if storetest.Fingerprint(t, storetest.DB(t, st), tables...) != before {
		t.Error("a refused run changed the database")
	}
}

func TestRunNamesAndRepeats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	body := "vpn Q0 167898f358b1292e 1 1.5 t\n"
	res, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: "trec", Name: "sets", RunKinds: runKinds(t, st)})
	if err != nil || res.Target != store.TargetAnswerSet || res.RunLines != 1 {
		t.Fatalf("answer-set run: %+v, %v", res, err)
	}
	res, err = data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: "trec", Name: "sets", RunKinds: runKinds(t, st)})
	if err != nil || !res.Known {
		t.Errorf("the same file again: %+v, %v", res, err)
	}
	_, err = data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body+"vpn Q0 46d6d8f8856ec64b 2 1 t\n"), data.RunOptions{Kind: "trec", Name: "sets", RunKinds: runKinds(t, st)})
	if err == nil || !strings.Contains(err.Error(), "already holds other content") {
		t.Errorf("another file under the same name: %v", err)
	}
	for _, bad := range []string{"", "a@b", "tab\there"} {
		if _, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: "trec", Name: bad, RunKinds: runKinds(t, st)}); err == nil {
			t.Errorf("run name %q accepted", bad)
		}
	}
}

// bench add finds the dataset a run is over by the kinds of run each task
// kind takes, which the database's kinds say (RunOptions.RunKinds, from
// the descriptors): given none, a run is refused and nothing is written,
// where data once asked report's own table.
func TestRunNeedsTheKindsRuns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	tables := []string{"runs", "run_docs", "run_labels", "run_questions"}
	before := storetest.Fingerprint(t, storetest.DB(t, st), tables...)
	body := "167898f358b1292e\tanswer_set\t2\n"
	_, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: store.RunLabels, Name: "x"})
	if err == nil || !strings.Contains(err.Error(), "which runs each task kind takes is not given") {
		t.Errorf("no run kinds: err = %v", err)
	}
	if storetest.Fingerprint(t, storetest.DB(t, st), tables...) != before {
		t.Error("a refused run changed the database")
	}
	// The kinds' runs are what picks the dataset: a kind that takes no
	// labels runs has none of them.
	none := func(guidelines.Kind) []store.RunKind { return nil }
	_, err = data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: store.RunLabels, Name: "x", RunKinds: none})
	if err == nil || !strings.Contains(err.Error(), `unknown item "167898f358b1292e"`) {
		t.Errorf("kinds that take no labels runs: err = %v", err)
	}
	res, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: store.RunLabels, Name: "x", RunKinds: runKinds(t, st)})
	if err != nil || res.Dataset != data.DemoDataset {
		t.Errorf("the database's kinds: %+v %v", res, err)
	}
}
