package report

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// StatsGold is the gold statistics describe: as it stands, provisional
// gold included (each table's gold column says how much of it is);
// claritty bench scores settled gold unless told otherwise.
var StatsGold = ScoreOptions{Provisional: true}

// StatsText is the dataset's statistics as text, each kind's own (the
// MIMICS paper's tables, ClariMM's Table 1, the necessity gold, the
// Clarify-Then-Search table, the comparison table, a protocol file's
// labels), as the TUI's statistics view shows them.
func StatsText(ctx context.Context, r *store.Reading, d store.Dataset) (string, error) {
	var b bytes.Buffer
	var t interface{ WriteText(io.Writer) error }
	var err error
	switch d.Kind {
	case guidelines.MIMICS.Kind:
		t, err = DatasetStats(ctx, r)
	case guidelines.ClariMM.Kind:
		t, err = ClariMMStats(ctx, r)
	case guidelines.Necessity.Kind:
		t, err = NecessityGold(ctx, r)
	case guidelines.Nuggets.Kind:
		scores, err := ScoreRuns(ctx, r, d, StatsGold)
		return strings.Join(BenchLines(scores), "\n"), err
	case guidelines.Compare.Kind:
		c, err := CompareGold(ctx, r, d, StatsGold)
		if err != nil || c == nil {
			return "", err
		}
		return strings.Join(ComparisonText(c), "\n"), nil
	default:
		if !d.Kind.Known() {
			return "", fmt.Errorf("dataset %q is of task kind %q, which has no statistics here", display.Clean(d.Name), display.Clean(string(d.Kind)))
		}
		t, err = ProtocolFileStats(ctx, r, guidelines.ForKind(d.Kind))
	}
	if err != nil {
		return "", err
	}
	err = t.WriteText(&b)
	return b.String(), err
}
