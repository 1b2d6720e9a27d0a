package data

import (
	"bytes"
	"context"
	"embed"
	"os"
	"path/filepath"

	"github.com/claritty/claritty/store"
)

// DemoDataset names the dataset the embedded demo panes go to.
const DemoDataset = "demo"

// DemoConversations names the dataset of the demo ClariMM conversations.
const DemoConversations = "demo-conversations"

//go:embed demo/demo.tsv demo/demo-serp.jsonl demo/demo-labels.tsv demo/conversations
var demoFS embed.FS

// LoadDemo fills a database with the demo panes, their search results, and
// the labels of demo annotators on the second half of the panes (so the
// agreement pane has something to show on first run; the first half is
// left for the user). It is idempotent like any import.
func LoadDemo(ctx context.Context, st *store.Store) error {
	for _, f := range []struct{ name, format string }{
		{"demo/demo.tsv", FormatManual},
		{"demo/demo-serp.jsonl", FormatSERP},
		{"demo/demo-labels.tsv", FormatLabels},
	} {
		b, err := demoFS.ReadFile(f.name)
		if err != nil {
			return err
		}
		opt := Options{Format: f.format, Dataset: DemoDataset}
		if _, err := Import(ctx, st, bytes.NewReader(b), "demo:"+f.name, opt); err != nil {
			return err
		}
	}
	return loadDemoConversations(ctx, st)
}

// loadDemoConversations puts the demo conversations and their pictures in
// a folder beside the database (so o can open the pictures), imports them,
// and merges three demo annotators' ratings of the last two.
func loadDemoConversations(ctx context.Context, st *store.Store) error {
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
	opt := Options{Format: FormatClariMM, Dataset: DemoConversations}
	if _, err := ImportFile(ctx, st, filepath.Join(dir, "demo-conversations.jsonl"), opt); err != nil {
		return err
	}
	opt.Format = FormatLabels
	_, err = ImportFile(ctx, st, filepath.Join(dir, "demo-ratings.tsv"), opt)
	return err
}
