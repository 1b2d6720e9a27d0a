package kinds

import (
	"context"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// necessity is ClariLM's requests: does the request need clarifying, and
// if so which of its facets.
func necessity() *Kind {
	return &Kind{
		Protocol: guidelines.Necessity,
		Formats:  []data.Format{data.NecessityFormat()},
		Exports:  []Export{{Name: "necessity-gold", Release: true, FirstOfKind: true, Write: readingOnly(data.WriteNecessityGold)}},
		Own:      "necessity-gold",
		Stats: func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
			return table(report.NecessityGold(ctx, r))
		},
		Runs:   []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreLabels}, {Kind: store.RunQuestions, Score: report.ScoreQuestions}},
		Screen: tui.NecessityScreen(),
	}
}
