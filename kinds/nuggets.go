package kinds

import (
	"context"
	"io"
	"strings"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// nuggets is Clarify-Then-Search's (and TREC RAG's) nugget judging: an
// answer judged against its intent's gold nuggets.
func nuggets() *Kind {
	// A nuggets run is a system's candidate answers, imported with them.
	runs := []report.BenchRun{{Kind: store.RunNuggets, Score: report.ScoreNuggetsRun}, {Kind: store.RunLabels, Score: report.ScoreAssignments}}
	return &Kind{
		Protocol: guidelines.Nuggets,
		Formats:  []data.Format{data.NuggetsFormat(), data.CandidatesFormat()},
		Exports: []Export{
			{Name: "nugget-judgements", Release: true, FirstOfKind: true, Write: data.WriteNuggetJudgements},
			{Name: "nuggetizer", Release: true, FirstOfKind: true, Write: data.WriteNuggetizer},
		},
		Own: "nugget-judgements",
		// Its statistics are the Clarify-Then-Search table: its runs
		// scored over the gold as it stands.
		Stats: func(ctx context.Context, r *store.Reading, d store.Dataset) (Table, error) {
			scores, err := report.ScoreRuns(ctx, r, d, runs, report.StatsGold)
			return benchTable{scores: scores}, err
		},
		Runs:   runs,
		Screen: tui.NuggetScreen(),
	}
}

// benchTable is scored runs and comparisons as claritty bench writes them.
type benchTable struct {
	scores []report.RunScore
	comps  []report.ComparisonScore
}

func (t benchTable) WriteText(w io.Writer) error { return WriteBenchText(w, t.scores, t.comps) }
func (t benchTable) WriteJSON(w io.Writer) error { return data.WriteBenchJSON(w, t.scores, t.comps) }

func (t benchTable) ScreenText() string { return strings.Join(report.BenchLines(t.scores), "\n") }
