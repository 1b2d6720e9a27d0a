package kinds

import (
	"context"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// mimics is MIMICS-Manual's clarification panes: released as
// MIMICS-Manual, described by the paper's tables, ranked by trec runs.
func mimics() *Kind {
	return &Kind{
		Protocol: guidelines.MIMICS,
		Formats:  []data.Format{data.ManualFormat(), data.ClickFormat(), data.SERPFormat()},
		Exports:  []Export{{Name: "mimics-manual", Title: "MIMICS-Manual", Release: true, Unresolved: true, Write: readingOnly(data.WriteManual)}},
		Own:      "mimics-manual",
		Stats: func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
			return table(report.DatasetStats(ctx, r)) // the MIMICS paper's tables
		},
		Runs: []report.BenchRun{
			{Kind: store.RunTREC, Score: report.ScoreTREC},
			{Kind: store.RunLabels, Score: report.ScoreLabels},
			{Kind: store.RunQuestions, Score: report.ScoreQuestions},
		},
		Screen: tui.PaneScreen(),
	}
}
