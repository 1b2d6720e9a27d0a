package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// ragStore is a TREC RAG dataset of three topics and three systems'
// answers, two of the answers finished by one annotator (policy min 1),
// and an LLM's assignments of four answers as run "llm".
func ragStore(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	imp := func(name, body string, opt data.Options) {
		t.Helper()
		if _, err := demotest.Import(ctx, st, lead, strings.NewReader(body), name, opt); err != nil {
			t.Fatalf("import %s: %v", name, err)
		}
	}
	imp("nuggets.jsonl", `{"query": "q one", "qid": "t1", "nuggets": [{"text": "a1", "importance": "vital"}, {"text": "a2", "importance": "okay"}]}
{"query": "q two", "qid": "t2", "nuggets": [{"text": "b1", "importance": "okay"}, {"text": "b2", "importance": "okay"}]}
{"query": "q three", "qid": "t3", "nuggets": [{"text": "c1", "importance": "vital"}, {"text": "c2", "importance": "vital"}, {"text": "c3", "importance": "okay"}]}
`, data.Options{Dataset: "rag"})
	for _, sys := range []string{"alpha", "beta", "gamma"} {
		var b strings.Builder
		for _, q := range []string{"t1", "t2", "t3"} {
			b.WriteString(`{"run_id": "` + sys + `", "topic_id": "` + q + `", "answer": [{"text": "` + sys + ` on ` + q + `"}]}` + "\n")
		}
		imp(sys+".jsonl", b.String(), data.Options{Dataset: "rag"})
	}
	ds, err := st.DatasetByName(ctx, "rag")
	if err != nil {
		t.Fatal(err)
	}
	pol, err := st.DatasetPolicy(ctx, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	pol.Min, pol.Max = 1, 1
	if err := st.SetPolicy(ctx, lead, ds.ID, pol); err != nil {
		t.Fatal(err)
	}
	imp("labels.tsv", "item\tunit\tannotator\tlabel\nt1@alpha\tnugget_1\tana\tfull\nt1@alpha\tnugget_2\tana\tnone\n"+
		"t1@beta\tnugget_1\tana\tpartial\nt1@beta\tnugget_2\tana\tfull\n", data.Options{Format: data.FormatLabels})
	llm := `{"qid": "t1", "run_id": "alpha", "nuggets": [{"text": "a1", "importance": "vital", "assignment": "support"}, {"text": "a2", "importance": "okay", "assignment": "support"}]}
{"qid": "t2", "run_id": "alpha", "nuggets": [{"text": "b1", "importance": "okay", "assignment": "support"}, {"text": "b2", "importance": "okay", "assignment": "partial_support"}]}
{"qid": "t1", "run_id": "beta", "nuggets": [{"text": "a1", "importance": "vital", "assignment": "partial_support"}, {"text": "a2", "importance": "okay", "assignment": "support"}]}
{"qid": "t3", "run_id": "gamma", "nuggets": [{"text": "c1", "importance": "vital", "assignment": "support"}, {"text": "c2", "importance": "vital", "assignment": "not_support"}, {"text": "c3", "importance": "okay", "assignment": "support"}]}
`
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(llm), "llm.jsonl",
		data.RunOptions{Kind: data.KindNuggetAssignments, Name: "llm"}); err != nil {
		t.Fatal(err)
	}
	return st
}

// The side pane gives an LLM's nugget assignments nuggetizer's four
// figures over all its answers (4 here, 2 of them finished by people),
// its and the people's over the 2 finished, with the n under each, and
// each figure's Kendall tau-b between the systems' orders, an undefined
// one with its reason. The figures are the ones castorini/nuggetizer's
// metrics.py gives on the same assignments (its calculate_global_metrics
// over the file's four lines, and over the two the people finished, with
// the people's assignments in place of the LLM's): worked out once by it.
func TestPaneGivesAssignmentsTheirOwnFigures(t *testing.T) {
	st := ragStore(t)
	lead := storetest.Lead(t, st)
	giveBackAll(t, st, lead, "rag") // a lead with a HIT open sees no run's score
	h := startOn(t, st, lead, "rag", 120, 50, false)
	h.keys("tab")
	h.expect("benchmark · gold so far")
	pane := paneText(h.screen())
	flat := strings.ReplaceAll(pane, "\n", " ") // a reason wraps
	for _, want := range []string{
		"llm llm people", "answer all judged judged",
		"sVital 0.375 0.500 0.500", "sAll 0.667 0.750 0.500", "vital 0.500 0.750 0.750", "all 0.792 0.875 0.625",
		"n 4 2 2",
		"τ-b vs people, 2 systems", "sVital 1.000 sAll –", "vital 1.000 all -1.000",
		"sAll –: people give every system the same figure",
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the pane lacks %q:\n%s", want, pane)
		}
	}
}

// giveBackAll has who give back every HIT the dataset could give them,
// so they hold none open.
func giveBackAll(t *testing.T, st *store.Store, who store.Annotator, dataset string) {
	t.Helper()
	ctx := context.Background()
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		t.Fatal(err)
	}
	for {
		id, ok, _, err := st.NextHIT(ctx, ds.ID, who.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			return
		}
		if err := st.SkipHIT(ctx, id, who.ID, store.SkipGiveBack); err != nil {
			t.Fatal(err)
		}
	}
}

// paneText is the screen's right-hand pane, each line's fields joined by
// one space.
func paneText(screen string) string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		_, right, ok := strings.Cut(l, "│")
		if !ok {
			continue
		}
		out = append(out, strings.Join(strings.Fields(right), " "))
	}
	return strings.Join(out, "\n")
}
