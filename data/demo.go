package data

import (
	"bytes"
	"context"
	"embed"
	"os"
	"path/filepath"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// DemoDataset names the dataset the embedded demo panes go to.
const DemoDataset = "demo"

// DemoConversations names the dataset of the demo ClariMM conversations.
const DemoConversations = "demo-conversations"

// DemoNuggets names the dataset of the demo intents, whose answers from
// two demo systems are judged against gold nuggets.
const DemoNuggets = "demo-nuggets"

// DemoNecessity and DemoPairs name the datasets of the demo ClariLM
// tasks: requests to judge for clarification necessity, and two demo
// systems' outputs to compare blind.
const (
	DemoNecessity = "demo-necessity"
	DemoPairs     = "demo-pairs"
)

//go:embed demo/demo.tsv demo/demo-serp.jsonl demo/demo-labels.tsv demo/demo-rerank.run demo/conversations demo/nuggets demo/clarilm
var demoFS embed.FS

// LoadDemo fills a database with the demo panes, their search results, and
// the labels of demo annotators on the second half of the panes (so the
// agreement pane has something to show on first run; the first half is
// left for the user). It is idempotent like any import, and like any import
// needs a lead (who).
func LoadDemo(ctx context.Context, st *store.Store, who store.Annotator) error {
	for _, f := range []struct {
		name   string
		format Format
	}{
		{"demo/demo.tsv", ManualFormat()},
		{"demo/demo-serp.jsonl", SERPFormat()},
		{"demo/demo-labels.tsv", LabelsFormat()},
	} {
		b, err := demoFS.ReadFile(f.name)
		if err != nil {
			return err
		}
		opt := only(f.format, Options{Dataset: DemoDataset})
		if _, err := Import(ctx, st, who, bytes.NewReader(b), "demo:"+f.name, opt); err != nil {
			return err
		}
	}
	if err := addDemoRun(ctx, st, who, "demo/demo-rerank.run", RunOptions{Kind: store.RunTREC, Name: "demo-rerank", Dataset: DemoDataset}); err != nil {
		return err
	}
	if err := loadDemoConversations(ctx, st, who); err != nil {
		return err
	}
	if err := loadDemoNuggets(ctx, st, who); err != nil {
		return err
	}
	return loadDemoClariLM(ctx, st, who)
}

// loadDemoClariLM imports the demo requests and pairs with three demo
// annotators' judgements of the second half of each, a demo model's
// necessity labels and generated questions, and a demo LLM judge's
// verdicts: the scores show on first run and move as the user judges.
func loadDemoClariLM(ctx context.Context, st *store.Store, who store.Annotator) error {
	necessity, err := guidelines.FindShipped("necessity")
	if err != nil {
		return err
	}
	for _, f := range []struct {
		file    string
		format  Format
		dataset string
	}{
		{"demo-necessity.jsonl", ProtocolFormat(necessity), DemoNecessity},
		{"demo-necessity-labels.tsv", LabelsFormat(), DemoNecessity},
		{"demo-pairs.jsonl", PairsFormat(), DemoPairs},
		{"demo-pairs-labels.tsv", LabelsFormat(), DemoPairs},
	} {
		b, err := demoFS.ReadFile("demo/clarilm/" + f.file)
		if err != nil {
			return err
		}
		if _, err := Import(ctx, st, who, bytes.NewReader(b), "demo:"+f.file, only(f.format, Options{Dataset: f.dataset})); err != nil {
			return err
		}
	}
	for _, r := range []struct {
		file          string
		kind          store.RunKind
		name, dataset string
	}{
		{"demo-necessity.run", store.RunLabels, "demo-llm", DemoNecessity},
		{"demo-questions.tsv", store.RunQuestions, "demo-gen", DemoNecessity},
		{"demo-judge.run", store.RunLabels, "demo-judge", DemoPairs},
	} {
		if err := addDemoRun(ctx, st, who, "demo/clarilm/"+r.file, RunOptions{Kind: r.kind, Name: r.name, Dataset: r.dataset}); err != nil {
			return err
		}
	}
	return nil
}

// addDemoRun registers one of the demo's runs over the dataset it names:
// the demo is the project's own, each run of a kind its dataset's kind
// takes, so the run is not looked for in the kinds that take it (the
// database's set is cmd's, above this package). Scoring it checks the
// kind takes it, as for any run.
func addDemoRun(ctx context.Context, st *store.Store, who store.Annotator, file string, opt RunOptions) error {
	b, err := demoFS.ReadFile(file)
	if err != nil {
		return err
	}
	opt.RunKinds = func(guidelines.Kind) []store.RunKind { return []store.RunKind{opt.Kind} }
	_, err = AddRunBytes(ctx, st, who, b, "demo:"+file, opt)
	return err
}

// loadDemoNuggets imports the demo intents, the answers of two demo
// systems (orig, which asks nothing, and clarify, which asks one
// question), and three demo annotators' judgements of the first two
// intents' answers: the leaderboard shows on first run, and moves as the
// user judges the rest.
func loadDemoNuggets(ctx context.Context, st *store.Store, who store.Annotator) error {
	b, err := demoFS.ReadFile("demo/nuggets/demo-nuggets.jsonl")
	if err != nil {
		return err
	}
	opt := only(NuggetsFormat(), Options{Dataset: DemoNuggets})
	if _, err := Import(ctx, st, who, bytes.NewReader(b), "demo:demo-nuggets.jsonl", opt); err != nil {
		return err
	}
	for _, sys := range []string{"orig", "clarify"} {
		err := addDemoRun(ctx, st, who, "demo/nuggets/demo-"+sys+".jsonl", RunOptions{Kind: store.RunNuggets, Name: sys, Dataset: DemoNuggets})
		if err != nil {
			return err
		}
	}
	if b, err = demoFS.ReadFile("demo/nuggets/demo-judgements.tsv"); err != nil {
		return err
	}
	opt = only(LabelsFormat(), Options{Dataset: DemoNuggets})
	_, err = Import(ctx, st, who, bytes.NewReader(b), "demo:demo-judgements.tsv", opt)
	return err
}

// loadDemoConversations puts the demo conversations and their pictures in
// a folder beside the database (so o can open the pictures), imports them,
// and merges three demo annotators' ratings of the last two.
func loadDemoConversations(ctx context.Context, st *store.Store, who store.Annotator) error {
	dir := filepath.Join(filepath.Dir(st.Path()), "claritty-demo")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := demoFS.ReadDir("demo/conversations")
	if err != nil {
		return err
	}
	for _, e := range entries {
		b, err := demoFS.ReadFile("demo/conversations/" + e.Name())
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	clarimm, err := guidelines.FindShipped("clarimm")
	if err != nil {
		return err
	}
	opt := only(ProtocolFormat(clarimm), Options{Dataset: DemoConversations})
	if _, err := ImportFile(ctx, st, who, filepath.Join(dir, "demo-conversations.jsonl"), opt); err != nil {
		return err
	}
	opt = only(LabelsFormat(), opt)
	_, err = ImportFile(ctx, st, who, filepath.Join(dir, "demo-ratings.tsv"), opt)
	return err
}
