package kinds

import (
	"context"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// clariMM is ClariMM's clarification conversations, rated 1–5.
func clariMM() *Kind {
	return &Kind{
		Protocol: guidelines.ClariMM,
		Formats:  []data.Format{data.ClariMMFormat()},
		Exports: []Export{
			{Name: "clarimm-ratings", Labels: data.WriteClariMMRatings},
			{Name: "clarimm-gold", Release: true, Write: readingOnly(data.WriteClariMMGold)},
		},
		Own: "clarimm-gold",
		Stats: func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
			return table(report.ClariMMStats(ctx, r)) // ClariMM's Table 1
		},
		Runs:    []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreLabels}},
		Screen:  tui.ConversationScreen(),
		Ratings: report.ClariMMStats,
	}
}
