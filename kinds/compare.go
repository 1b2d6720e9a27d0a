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
// shown blind on balanced sides. Its protocol is Go's (the language has
// no hidden sides); its reader, screen, statistics, runs and release are
// the parts its shipped file names (guidelines/protocols/compare.toml).
func compare() *Kind {
	return builtIn(guidelines.Compare, "pairs-gold")
}

// The Go parts compare.toml names (parts.go).

// pairFormats read a pairs file: a line is every pair of its systems.
func pairFormats() []data.Format { return []data.Format{data.PairsFormat()} }

// sidesScreen shows a pair's outputs as A and B, drawn per pair.
func sidesScreen(guidelines.Protocol) tui.Screen { return tui.CompareScreen() }

// comparisonStats are the comparison table over the gold as it stands.
func comparisonStats(guidelines.Protocol) statsFunc {
	return func(ctx context.Context, r *store.Reading, d store.Dataset) (Table, error) {
		c, err := report.CompareGold(ctx, r, d, report.StatsGold)
		return comparisonTable{c}, err
	}
}

// pairsGold is the gold verdict of each pair, from the first system's
// side.
func pairsGold(guidelines.Protocol) Export {
	return Export{Name: "pairs-gold", Release: true, FirstOfKind: true, Write: readingOnly(data.WritePairsGold)}
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
