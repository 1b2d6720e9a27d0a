package report

import (
	"context"
	"fmt"
	"slices"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// RunScore is one run scored against the gold labels as they stand.
type RunScore struct {
	Dataset string         `json:"dataset"`
	Name    string         `json:"name"`
	Kind    store.RunKind  `json:"kind"`
	Target  string         `json:"target,omitempty"` // trec: landing or answer_set
	K       string         `json:"k,omitempty"`      // nuggets: the clarification turns its answers asked
	Metric  []bench.Metric `json:"-"`
	// Items counts what the figures rest on: answers fully judged, queries
	// judged, items with a gold label for a prediction. Total is all the
	// run has. Complete says nothing the run holds waits for a gold label:
	// a trec query judged in part, or one prediction without gold, makes
	// the figures provisional.
	Items    int               `json:"items"`
	Total    int               `json:"total"`
	Complete bool              `json:"complete"`
	ByType   []TypeScore       `json:"-"`
	Scores   map[int64]float64 `json:"-"` // nuggets: restore_score_100 per judged answer
	Coverage map[int64][]int   `json:"-"` // nuggets: gold coverage per nugget, -1 unjudged
	// RAG: nuggetizer's four scores per judged answer whose nuggets are
	// graded vital or okay (TREC RAG).
	RAG map[int64]bench.RAGScores `json:"-"`
	// Baseline sets a labels run beside the people, per label type (for
	// a lead: humanBaselines).
	Baseline []HumanBaseline `json:"human_baseline,omitempty"`
	// BothOrders: a judge run that judged pairs in both orders (arena-hard
	// judgments), how many, and its flip rate, the share whose verdict
	// changed with the order, with its 95% Wilson interval.
	BothOrders *BothOrders `json:"both_orders,omitempty"`
	// ArenaJudgments: a judge run read from arena-hard-auto's judgments,
	// the rule that read them and the lines it dropped.
	ArenaJudgments *ArenaJudgments `json:"arena_judgments,omitempty"`
	// Comparison is a judge's verdicts on a compare dataset beside the
	// gold's, over the pairs both judged.
	Comparison *RunComparison `json:"comparison,omitempty"`
	// Assignments: a labels run over graded nuggets (an LLM's nugget
	// assignments) by nuggetizer's four figures, each with its n.
	Assignments *Assignments `json:"assignments,omitempty"`
	// LabelsWithConfidence counts a labels run's labels its file gave a
	// confidence (0-1), which judge-first triage reads.
	LabelsWithConfidence int `json:"labels_with_confidence,omitempty"`
	// Withheld says why the figures are left out for this reader: they
	// rest on too few items of others' gold (store.Blind).
	Withheld string `json:"withheld,omitempty"`
	// Gold is how much of the gold the figures could rest on is settled,
	// provisional or missing (nil for a questions run, which rests on
	// reference questions).
	Gold *GoldBasis `json:"gold,omitempty"`
	// PooledOver names the label types a labels run's top-level metrics
	// pool, only ever types of one scale; a run whose types have different
	// scales (necessity yes/no, facet 1-9/none) has no pooled figure.
	PooledOver []string `json:"pooled_over,omitempty"`
	// rests: the items whose gold the figures rest on (an item may come
	// more than once), pooled and per label type, for the Blind rule.
	rests     []int64
	restsType map[string][]int64
}

// BothOrders is a judge's consistency under a swap of the sides.
type BothOrders struct {
	Pairs int         `json:"pairs"`
	Flips int         `json:"flips"`
	Rate  bench.Value `json:"flip_rate"`
	Low   bench.Value `json:"flip_rate_low"`
	High  bench.Value `json:"flip_rate_high"`
}

// ArenaNotRecorded is the rule of an arena judge run registered before
// claritty kept it (migration 0025).
const ArenaNotRecorded = "not recorded"

// ArenaJudgments is how a judge run's arena-hard judgment file was read:
// Rule is store.ArenaBothGames, store.ArenaOneGame or ArenaNotRecorded;
// Lines the file's, Dropped those the rule dropped, with no game scored
// and with one (nil when not recorded).
type ArenaJudgments struct {
	Rule           string `json:"rule"`
	Lines          *int   `json:"lines"`
	Dropped        *int   `json:"dropped"`
	DroppedNoGame  *int   `json:"dropped_no_game_scored"`
	DroppedOneGame *int   `json:"dropped_one_game_scored"`
}

// ArenaJudgmentsOf is a read as the figures carry it; nil: not recorded.
func ArenaJudgmentsOf(a *store.ArenaRead) *ArenaJudgments {
	if a == nil {
		return &ArenaJudgments{Rule: ArenaNotRecorded}
	}
	lines, noGame, oneGame, dropped := a.Lines, a.DroppedNoGame, a.DroppedOneGame, a.DroppedNoGame+a.DroppedOneGame
	return &ArenaJudgments{Rule: string(a.Rule), Lines: &lines, Dropped: &dropped, DroppedNoGame: &noGame, DroppedOneGame: &oneGame}
}

// TypeScore is a labels run on one label type.
type TypeScore struct {
	Type string
	bench.Classification
	Withheld string // as RunScore's, for this type
	Gold     GoldBasis
}

// goldIndex is a dataset's gold labels, by item and unit, leaving out
// flagged items and the items in hidden.
type goldIndex struct {
	name string // the dataset's
	kind guidelines.Kind
	// protocol is the kind's, as the database has it.
	protocol guidelines.Protocol
	items    map[int64]*PaneGold
	order    []int64 // the items in import order
	counts   map[int64]int
	pairs    map[int64]store.PairSystems // a compare dataset's systems by item
	// leftOut counts the compare items pairs leaves out for the reader.
	leftOut store.PairsLeftOut
	// answers are a nuggets dataset's candidate answers, for its runs.
	answers []store.AnswerRow
	blind   store.Blind // what the reader may see of the figures
	opts    ScoreOptions
	// ctx ends the work once its client leaves: a comparison's bootstrap
	// stops early, and the scores are not shown.
	ctx context.Context
}

// gold is the label a score may use for an item's unit (-1: none) and
// what that gold is: settled, provisional or missing.
func (g *goldIndex) gold(itemID int64, unit string) (int, goldState) {
	return g.opts.stateOf(g.items[itemID], unit)
}

// basis is an empty GoldBasis that knows whether provisional gold is
// scored.
func (g *goldIndex) basis() *GoldBasis { return &GoldBasis{ProvisionalScored: g.opts.Provisional} }

func loadGold(ctx context.Context, r *store.Reading, d store.Dataset, opts ScoreOptions) (*goldIndex, error) {
	kind := d.Kind
	g := &goldIndex{name: d.Name, kind: kind, protocol: r.Protocol(kind), items: map[int64]*PaneGold{}, blind: r.Blind(), opts: opts, ctx: ctx}
	var err error
	if g.counts, err = r.UnitCounts(ctx); err != nil {
		return nil, err
	}
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		if p.Flagged {
			p.Units = nil // a flagged item counts as not judged, as a release leaves it out
		}
		// A run is scored against people's gold: the triage judge's own
		// labels, gold of the items no person saw, would score it
		// against itself (and any other run against it).
		p.Units = slices.DeleteFunc(p.Units, func(u UnitGold) bool { return u.Provenance == agreement.Judge })
		g.items[p.Item.ID] = p
		g.order = append(g.order, p.Item.ID)
		return nil
	})
	if err == nil && kind == guidelines.Compare.Kind {
		g.pairs, g.leftOut, err = r.PairSystemsLeftOut(ctx)
	}
	return g, err
}

// ScoreRuns scores every run of dataset d, read with r, against its gold
// labels: settled ones, and provisional ones too when opts say so. Items
// the reading hides (the reader's open ones) count as not judged. takes
// are the runs d's kind takes, each with its scorer (its descriptor's): a
// run of another kind is refused.
func ScoreRuns(ctx context.Context, r *store.Reading, d store.Dataset, takes []BenchRun, opts ScoreOptions) ([]RunScore, error) {
	if r.DatasetID() != d.ID {
		return nil, fmt.Errorf("score runs: the reading is of another dataset")
	}
	// Most datasets have no runs: then no gold is read (the side pane
	// asks after every HIT).
	runs, err := r.Runs(ctx)
	if err != nil || len(runs) == 0 {
		return nil, err
	}
	g, err := loadGold(ctx, r, d, opts)
	if err != nil {
		return nil, err
	}
	return scoreRuns(ctx, r, g, runs, takes)
}

// ScoreDataset is ScoreRuns and, for a compare dataset, CompareGold, over
// one read of the gold labels: the side pane and claritty bench want both.
func ScoreDataset(ctx context.Context, r *store.Reading, d store.Dataset, takes []BenchRun, opts ScoreOptions) ([]RunScore, *ComparisonScore, error) {
	if d.Kind != guidelines.Compare.Kind {
		scores, err := ScoreRuns(ctx, r, d, takes, opts)
		return scores, nil, err
	}
	if r.DatasetID() != d.ID {
		return nil, nil, fmt.Errorf("score runs: the reading is of another dataset")
	}
	g, err := loadGold(ctx, r, d, opts)
	if err != nil {
		return nil, nil, err
	}
	runs, err := r.Runs(ctx)
	if err != nil {
		return nil, nil, err
	}
	scores, err := scoreRuns(ctx, r, g, runs, takes)
	if err != nil {
		return nil, nil, err
	}
	c, err := compareGold(g)
	return scores, c, err
}

// RunScorer scores one run of its kind against a dataset's gold labels,
// read once for all the dataset's runs. The gold index is report's own:
// outside the package a scorer is named (a kind's descriptor names one
// per run kind it takes) and handed back, not called.
type RunScorer func(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error

// BenchRun is a kind of run a task kind takes, and the scorer that scores
// it: a kind's descriptor lists them, and claritty bench scores a dataset's
// runs by its kind's list.
type BenchRun struct {
	Kind  store.RunKind
	Score RunScorer
}

// scorerOf is the scorer takes name for runs of kind k.
func scorerOf(takes []BenchRun, k store.RunKind) (RunScorer, bool) {
	i := slices.IndexFunc(takes, func(b BenchRun) bool { return b.Kind == k })
	if i < 0 || takes[i].Score == nil {
		return nil, false
	}
	return takes[i].Score, true
}

// scoreRuns scores the runs of the reading's dataset against its gold
// labels g, each by the scorer takes names for its kind.
func scoreRuns(ctx context.Context, rd *store.Reading, g *goldIndex, runs []store.Run, takes []BenchRun) ([]RunScore, error) {
	if _, nuggets := scorerOf(takes, store.RunNuggets); len(runs) > 0 && nuggets {
		var err error
		if g.answers, err = rd.AnswerRows(ctx); err != nil {
			return nil, err
		}
	}
	var out []RunScore
	for _, r := range runs {
		s := RunScore{Dataset: g.name, Name: r.Name, Kind: r.Kind, Target: r.Target}
		score, ok := scorerOf(takes, r.Kind)
		if !ok {
			return nil, fmt.Errorf("score run %q: a %s dataset takes no %s runs", r.Name, g.kind, r.Kind)
		}
		if err := score(ctx, rd, &s, r, g); err != nil {
			return nil, fmt.Errorf("score run %q: %w", r.Name, err)
		}
		blindRun(&s, g)
		out = append(out, s)
	}
	return out, nil
}

// blindRun takes out of a run's score what the reader may not see: every
// figure, when the gold it rests on covers too few items of others'; a
// label type's, when its own items are too few. A questions run rests on
// the items' reference questions, which are data, not anyone's labels.
func blindRun(s *RunScore, g *goldIndex) {
	b := g.blind
	if b.All || s.Kind == store.RunQuestions {
		return
	}
	rests := func(ids []int64) tally { // an item once, however many of its units
		var t tally
		seen := map[int64]bool{}
		for _, id := range ids {
			if !seen[id] {
				seen[id] = true
				t.add(b, id)
			}
		}
		return t
	}
	noun := g.protocol.Items
	blindAssignments(s.Assignments, b, noun)
	if why := rests(s.rests).withheld(b, noun); why != "" {
		s.Withheld = why
		for i := range s.Metric {
			s.Metric[i].Value = bench.Value{}
		}
		s.ByType, s.Scores, s.Coverage, s.Comparison, s.RAG, s.Baseline = nil, nil, nil, nil, nil, nil
		return
	}
	for i := range s.ByType {
		t := &s.ByType[i]
		if why := rests(s.restsType[t.Type]).withheld(b, noun); why != "" {
			*t = TypeScore{Type: t.Type, Withheld: why}
		}
	}
}
