package report

import (
	"context"
	"strings"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/store"
)

// ScoreQuestions scores a run's generated clarifying questions against
// the items' reference questions by ClariLM's token F1, averaged over the
// items that have a reference (an item without one cannot be scored, and
// waits for nothing). It needs no gold label.
func ScoreQuestions(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	qs, err := rd.RunQuestions(ctx, r.ID)
	if err != nil {
		return err
	}
	var ps, rs, f1s []float64
	for _, q := range qs {
		p := g.items[q.ItemID]
		if p == nil || p.Flagged || strings.TrimSpace(p.Item.Question) == "" {
			continue // hidden, flagged (a release leaves it out) or without a reference
		}
		o := bench.TokenOverlap(q.Text, p.Item.Question)
		ps, rs, f1s = append(ps, o.Precision), append(rs, o.Recall), append(f1s, o.F1)
	}
	s.Items, s.Total, s.Complete = len(f1s), len(qs), true
	// token_recall is ClariLM's TF: the share of the reference's content
	// words the generated question has (bench.Tokens).
	s.Metric = []bench.Metric{{Name: "token_precision", Value: bench.Summarise(ps).Mean},
		{Name: "token_recall", Value: bench.Summarise(rs).Mean}, {Name: "token_f1", Value: bench.Summarise(f1s).Mean}}
	return nil
}
