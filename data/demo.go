package data

import (
	"bytes"
	"context"
	"embed"

	"github.com/claritty/claritty/store"
)

// DemoDataset names the dataset the embedded demo panes go to.
const DemoDataset = "demo"

//go:embed demo/demo.tsv demo/demo-serp.jsonl demo/demo-labels.tsv
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
	return nil
}
