package report

import (
	"context"
	"slices"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// ScoreLabels pairs each prediction with its unit's gold label, per label
// type, and pooled over the types when they share one scale. A prediction
// for a unit the gold says does not apply (a facet for a request the gold
// says needs no clarification) is left out, as ClariLM scores facet
// selection on the requests that need it; it waits for nothing.
func ScoreLabels(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	_, err := scoreLabels(ctx, rd, s, r, g)
	return err
}

// scoreLabels is ScoreLabels, giving back the predictions it scored (the
// run's labels the reader may see), for the scorers that add to it.
func scoreLabels(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) ([]store.RunLabel, error) {
	preds, err := rd.RunLabels(ctx, r.ID)
	if err != nil {
		return nil, err
	}
	preds = g.tablePairs(preds)
	judgeReads(s, r)
	p := g.protocol
	t := labelTally{byType: map[string][]bench.Prediction{}, basis: map[string]*GoldBasis{},
		items: map[int64]bool{}, scored: map[int64]bool{}}
	s.restsType, s.Gold = map[string][]int64{}, g.basis()
	for _, pr := range preds {
		t.add(s, p, g, pr)
	}
	if s.LabelsWithConfidence, err = rd.ConfidentLabels(ctx, r.ID); err != nil {
		return nil, err
	}
	s.Items, s.Total = len(t.scored), len(t.items)
	s.Complete = len(t.all)+t.moot == len(preds)
	s.ByType = t.typeScores(p)
	if pooled, ok := pooledTypes(p, s.ByType); ok {
		s.PooledOver, s.Metric = pooled, bench.Classify(t.all).Metrics()
	}
	s.Baseline, err = humanBaselines(ctx, rd, preds, g)
	return preds, err
}

// ScoreVerdicts is ScoreLabels of a judge's verdicts on pairs, with the
// win / tie / lose table each side would report.
func ScoreVerdicts(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	preds, err := scoreLabels(ctx, rd, s, r, g)
	if err != nil {
		return err
	}
	return scoreVerdicts(s, preds, g)
}

// ScoreAssignments is ScoreLabels of a system's nugget assignments, with
// nuggetizer's figures over them (report/assignments.go).
func ScoreAssignments(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	preds, err := scoreLabels(ctx, rd, s, r, g)
	if err != nil {
		return err
	}
	scoreAssignments(s, preds, g)
	return nil
}

// judgeReads sets what a judge run's file said of itself: its flip rate
// when it judged pairs in both orders, and the rule that read it.
func judgeReads(s *RunScore, r store.Run) {
	if o := r.Orders; o != nil {
		w := bench.Wilson(o.Flips, o.Pairs)
		s.BothOrders = &BothOrders{Pairs: o.Pairs, Flips: o.Flips, Rate: w.P, Low: w.Low, High: w.High}
	}
	if r.Arena != nil || r.Orders != nil { // Orders alone: read before the rule was kept
		s.ArenaJudgments = ArenaJudgmentsOf(r.Arena)
	}
}

// labelTally pairs a labels run's predictions with the gold, pooled and
// per label type.
type labelTally struct {
	all    []bench.Prediction
	byType map[string][]bench.Prediction
	basis  map[string]*GoldBasis // per label type
	// items the run predicts for, and those with a scored prediction.
	items, scored map[int64]bool
	moot          int // predictions for units the gold says do not apply
}

// add pairs one prediction with its unit's gold label, if it has one,
// counting the gold's state into s's basis and its type's.
func (t *labelTally) add(s *RunScore, p guidelines.Protocol, g *goldIndex, pr store.RunLabel) {
	t.items[pr.ItemID] = true
	if c, ok := p.Requires(pr.Unit); ok {
		if v := g.items[pr.ItemID].Label(c.Unit); v >= 0 && !c.Holds(v) {
			t.moot++
			return
		}
	}
	typ := agreement.UnitType(pr.Unit)
	if t.basis[typ] == nil {
		t.basis[typ] = g.basis()
	}
	gold, state := g.gold(pr.ItemID, pr.Unit)
	s.Gold.add(state)
	t.basis[typ].add(state)
	if gold < 0 {
		return
	}
	t.scored[pr.ItemID] = true
	s.rests = append(s.rests, pr.ItemID)
	s.restsType[typ] = append(s.restsType[typ], pr.ItemID)
	pair := bench.Prediction{Gold: p.NameOf(pr.Unit, gold), Predicted: p.NameOf(pr.Unit, pr.Value)}
	t.all = append(t.all, pair)
	t.byType[typ] = append(t.byType[typ], pair)
}

// typeScores are the figures per label type predicted, in the protocol's
// order of types.
func (t *labelTally) typeScores(p guidelines.Protocol) []TypeScore {
	var out []TypeScore
	for _, typ := range p.Types {
		if b, ok := t.basis[typ]; ok {
			out = append(out, TypeScore{Type: typ, Classification: bench.Classify(t.byType[typ]), Gold: *b})
		}
	}
	return out
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
