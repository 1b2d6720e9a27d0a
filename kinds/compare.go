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

// compare is pairwise comparison: two systems' outputs for one request,
// shown blind on balanced sides.
func compare() *Kind {
	return &Kind{
		Protocol: guidelines.Compare,
		Formats:  []data.Format{data.PairsFormat()},
		Exports:  []Export{{Name: "pairs-gold", Release: true, FirstOfKind: true, Write: readingOnly(data.WritePairsGold)}},
		Own:      "pairs-gold",
		// Its statistics are the comparison table over the gold as it
		// stands.
		Stats: func(ctx context.Context, r *store.Reading, d store.Dataset) (Table, error) {
			c, err := report.CompareGold(ctx, r, d, report.StatsGold)
			return comparisonTable{c}, err
		},
		Runs:   []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreVerdicts}},
		Screen: tui.CompareScreen(),
	}
}

// comparisonTable is a compare dataset's table (nil: none yet).
type comparisonTable struct{ c *report.ComparisonScore }

func (t comparisonTable) WriteText(w io.Writer) error {
	if t.c == nil {
		return nil
	}
	return WriteBenchText(w, nil, []report.ComparisonScore{*t.c})
}

func (t comparisonTable) WriteJSON(w io.Writer) error { return t.c.WriteJSON(w) }

func (t comparisonTable) ScreenText() string {
	if t.c == nil {
		return ""
	}
	return strings.Join(report.ComparisonText(t.c), "\n")
}
