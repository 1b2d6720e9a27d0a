package report

import (
	"context"
	"slices"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// scoreLabels pairs each prediction with its unit's gold label, per label
// type, and pooled over the types when they share one scale. A prediction
// for a unit the gold says does not apply (a facet for a request the gold
// says needs no clarification) is left out, as ClariLM scores facet
// selection on the requests that need it; it waits for nothing. Verdicts
// on a compare dataset also make the win / tie / lose table each side
// would report.
func scoreLabels(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	preds, err := rd.RunLabels(ctx, r.ID)
	if err != nil {
		return err
	}
	preds = g.tablePairs(preds)
	if o := r.Orders; o != nil {
		w := bench.Wilson(o.Flips, o.Pairs)
		s.BothOrders = &BothOrders{Pairs: o.Pairs, Flips: o.Flips, Rate: w.P, Low: w.Low, High: w.High}
	}
	if r.Arena != nil || r.Orders != nil { // Orders alone: read before the rule was kept
		s.ArenaJudgments = ArenaJudgmentsOf(r.Arena)
	}
	p := guidelines.ForKind(g.kind)
	var all []bench.Prediction
	byType := map[string][]bench.Prediction{}
	basis := map[string]*GoldBasis{}
	items, scored := map[int64]bool{}, map[int64]bool{}
	s.restsType, s.Gold = map[string][]int64{}, g.basis()
	moot := 0
	for _, pr := range preds {
		items[pr.ItemID] = true
		if c, ok := p.Requires(pr.Unit); ok {
			if v := g.items[pr.ItemID].Label(c.Unit); v >= 0 && v != c.Value {
				moot++
				continue
			}
		}
		typ := agreement.UnitType(pr.Unit)
		if basis[typ] == nil {
			basis[typ] = g.basis()
		}
		gold, state := g.gold(pr.ItemID, pr.Unit)
		s.Gold.add(state)
		basis[typ].add(state)
		if gold < 0 {
			continue
		}
		scored[pr.ItemID] = true
		s.rests = append(s.rests, pr.ItemID)
		s.restsType[typ] = append(s.restsType[typ], pr.ItemID)
		pair := bench.Prediction{Gold: p.LabelString(gold), Predicted: p.LabelString(pr.Value)}
		all = append(all, pair)
		byType[typ] = append(byType[typ], pair)
	}
	s.Items, s.Total = len(scored), len(items)
	s.Complete = len(all)+moot == len(preds)
	for _, t := range p.Types {
		if b, ok := basis[t]; ok {
			s.ByType = append(s.ByType, TypeScore{Type: t, Classification: bench.Classify(byType[t]), Gold: *b})
		}
	}
	if pooled, ok := pooledTypes(p, s.ByType); ok {
		s.PooledOver, s.Metric = pooled, bench.Classify(all).Metrics()
	}
	if s.Baseline, err = humanBaselines(ctx, rd, preds, g); err != nil {
		return err
	}
	switch g.kind {
	case guidelines.Compare.Kind:
		return scoreVerdicts(s, preds, g)
	case guidelines.Nuggets.Kind:
		scoreAssignments(s, preds, g)
	}
	return nil
}

// tablePairs are a compare dataset's predictions on the pairs the
// reader's tables count (goldIndex.pairs): below the lead, a judge's
// accuracy over a pair the reader judged would tell them the gold's side
// there, which their tables leave out, and every figure of the run rests
// on the same pairs as theirs. A lead's, and other kinds', are all of
// preds.
func (g *goldIndex) tablePairs(preds []store.RunLabel) []store.RunLabel {
	if g.kind != guidelines.Compare.Kind || g.blind.All {
		return preds
	}
	return slices.DeleteFunc(preds, func(pr store.RunLabel) bool {
		_, ok := g.pairs[pr.ItemID]
		return !ok
	})
}

// pooledTypes says whether a pooled figure may cover the run's label
// types: when they share one scale (guidelines.Protocol.SameScale: MIMICS'
// three are Good/Fair/Bad; a yes/no and a facet number mean nothing
// pooled). It names the types the pooled figure rests on: those with a
// scored prediction.
func pooledTypes(p guidelines.Protocol, types []TypeScore) ([]string, bool) {
	var all, scored []string
	for _, t := range types {
		all = append(all, t.Type)
		if t.N > 0 {
			scored = append(scored, t.Type)
		}
	}
	return scored, p.SameScale(all)
}
