package report

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
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

// arenaNotRecordedText says a run's rule and dropped lines are not known.
const arenaNotRecordedText = "which rule read its judgments, and how many lines it dropped, is not recorded " +
	"(registered before claritty kept them; add the file again under another name to record them)"

// rulePhrase is the rule in words ("" when not recorded).
func (a *ArenaJudgments) rulePhrase() string {
	switch store.ArenaRule(a.Rule) {
	case store.ArenaBothGames:
		return "arena-hard-auto's rule: a judgment counts only with both games scored " +
			"(--one-game counts one game scored, as arena-hard-auto did before v2.0)"
	case store.ArenaOneGame:
		return "the older rule (--one-game): a judgment with one game scored counts by that game, " +
			"as arena-hard-auto did before v2.0 (it now drops such a line)"
	}
	return ""
}

// droppedPhrase is how many lines the rule dropped, and why, each count
// written by num with its --json key (plain, or a figure of the HTML).
func (a *ArenaJudgments) droppedPhrase(num func(key string, n int) string) string {
	why := ""
	switch no, one := *a.DroppedNoGame, *a.DroppedOneGame; {
	case no > 0 && one > 0:
		why = fmt.Sprintf(": %s with no game scored, %s with one", num("dropped_no_game_scored", no), num("dropped_one_game_scored", one))
	case no > 0:
		why = ": no game scored"
	case one > 0:
		why = ": one game scored"
	}
	return fmt.Sprintf("%s of %s %s dropped%s", num("dropped", *a.Dropped), num("lines", *a.Lines), display.Noun(*a.Lines, "line", "lines"), why)
}

// Text is the rule and the lines it dropped, as bench add says them.
func (a *ArenaJudgments) Text() string {
	if a.Rule == ArenaNotRecorded {
		return arenaNotRecordedText
	}
	return a.rulePhrase() + "; " + a.droppedPhrase(func(_ string, n int) string { return strconv.Itoa(n) })
}

// arenaText is the leaderboard's line for a judge run's rule.
func arenaText(name string, a *ArenaJudgments) string {
	if a.Rule == ArenaNotRecorded {
		return display.Clean(name) + ": " + a.Text()
	}
	return display.Clean(name) + "'s judgments were read by " + a.Text()
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
// the reading hides (the reader's open ones) count as not judged.
func ScoreRuns(ctx context.Context, r *store.Reading, d store.Dataset, opts ScoreOptions) ([]RunScore, error) {
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
	return scoreRuns(ctx, r, g, runs)
}

// ScoreDataset is ScoreRuns and, for a compare dataset, CompareGold, over
// one read of the gold labels: the side pane and claritty bench want both.
func ScoreDataset(ctx context.Context, r *store.Reading, d store.Dataset, opts ScoreOptions) ([]RunScore, *ComparisonScore, error) {
	if d.Kind != guidelines.Compare.Kind {
		scores, err := ScoreRuns(ctx, r, d, opts)
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
	scores, err := scoreRuns(ctx, r, g, runs)
	if err != nil {
		return nil, nil, err
	}
	c, err := compareGold(g)
	return scores, c, err
}

// scoreRuns scores the runs of the reading's dataset against its gold
// labels g.
func scoreRuns(ctx context.Context, rd *store.Reading, g *goldIndex, runs []store.Run) ([]RunScore, error) {
	if len(runs) > 0 && slices.Contains(benchRuns[g.kind], store.RunNuggets) {
		var err error
		if g.answers, err = rd.AnswerRows(ctx); err != nil {
			return nil, err
		}
	}
	var out []RunScore
	for _, r := range runs {
		s := RunScore{Dataset: g.name, Name: r.Name, Kind: r.Kind, Target: r.Target}
		score, ok := runScorers[r.Kind]
		if !ok || !slices.Contains(RunKinds(g.protocol), r.Kind) {
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

// scoreNuggets gives each fully judged answer its restore score and the
// run the Clarify-Then-Search summary over them.
func scoreNuggets(s *RunScore, runID int64, answers []store.AnswerRow, g *goldIndex) {
	s.Scores, s.Coverage, s.Gold, s.RAG = map[int64]float64{}, map[int64][]int{}, g.basis(), map[int64]bench.RAGScores{}
	var scores []float64
	var rag []bench.RAGScores
	ks := map[int]bool{}
	noK := false
	for _, a := range answers {
		if a.RunID != runID {
			continue
		}
		s.Total++
		if a.K != nil {
			ks[*a.K] = true
		} else {
			noK = true
		}
		cov := make([]int, len(a.Weights))
		nuggets := make([]bench.Nugget, len(a.Weights))
		state := goldSettled // an answer's gold is its least settled nugget's
		for i, w := range a.Weights {
			var st goldState
			cov[i], st = g.gold(a.ItemID, guidelines.NuggetUnit(i+1))
			state = min(state, st)
			nuggets[i] = bench.Nugget{Weight: w, Coverage: bench.Coverage(max(cov[i], 0))}
		}
		s.Coverage[a.ItemID] = cov
		s.Gold.add(state)
		if slices.Contains(cov, -1) {
			continue
		}
		score, err := bench.RestoreScore(nuggets)
		if err != nil {
			continue // weights summing to 0 are refused at import
		}
		s.Scores[a.ItemID] = score
		s.rests = append(s.rests, a.ItemID)
		scores = append(scores, score)
		if a.Graded() {
			r := bench.ScoreRAG(ragNuggets(a, cov))
			s.RAG[a.ItemID] = r
			rag = append(rag, r)
		}
	}
	s.Items, s.Complete = len(scores), len(scores) == s.Total
	s.K = kText(ks, noK)
	sum := bench.Summarise(scores)
	s.Metric = []bench.Metric{{Name: "restore_mean", Value: sum.Mean}, {Name: "restore_p50", Value: sum.P50},
		{Name: "restore_p90", Value: sum.P90}}
	s.Metric = append(s.Metric, ragMetrics(rag)...)
}

// ragNuggets are an answer's graded nuggets with their coverage (each
// judged: the caller scores only fully judged answers).
func ragNuggets(a store.AnswerRow, cov []int) []bench.RAGNugget {
	out := make([]bench.RAGNugget, len(cov))
	for i, c := range cov {
		out[i] = bench.RAGNugget{Vital: a.Importances[i] == store.Vital, Coverage: bench.Coverage(c)}
	}
	return out
}

// ragMetrics are nuggetizer's four scores' means over the answers, named
// as TREC RAG names them; none when no answer's nuggets are graded.
func ragMetrics(scores []bench.RAGScores) []bench.Metric {
	m, ok := bench.MeanRAG(scores)
	if !ok {
		return nil
	}
	return []bench.Metric{{Name: "strict_vital", Value: bench.Of(m.StrictVital)}, {Name: "strict_all", Value: bench.Of(m.StrictAll)},
		{Name: "vital", Value: bench.Of(m.Vital)}, {Name: "all", Value: bench.Of(m.All)}}
}

// kText is the k column: one value, "–" when the answers give none, or the
// values seen ("1,3").
func kText(ks map[int]bool, none bool) string {
	if len(ks) == 0 {
		return "–"
	}
	var vals []string
	for k := range ks {
		vals = append(vals, strconv.Itoa(k))
	}
	slices.Sort(vals)
	if none {
		vals = append(vals, "–")
	}
	return strings.Join(vals, ",")
}

// scoreTREC builds qrels from the gold landing labels (query = pane,
// document = answer position) or answer-set labels (query = query text,
// document = pane) and evaluates the run with trec_eval's conventions.
// A query is judged when any of its documents has a gold label, complete
// when all of them do.
func scoreTREC(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	qrels, complete := bench.Qrels{}, map[string]bool{}
	for id, p := range g.items {
		if r.Target == store.TargetLanding {
			judged := map[string]int{}
			for pos := 1; pos <= p.Item.AnswerCount(); pos++ {
				if l, _ := g.gold(id, "landing_"+strconv.Itoa(pos)); l >= 0 {
					judged[strconv.Itoa(pos)] = l
				}
			}
			if len(judged) > 0 {
				qrels[p.Item.UID] = judged
			}
			complete[p.Item.UID] = len(judged) == p.Item.AnswerCount()
			continue
		}
		q := store.RunQuery(p.Item.Query)
		if _, seen := complete[q]; !seen {
			complete[q] = true
		}
		l, _ := g.gold(id, "answer_set")
		if l < 0 {
			complete[q] = false
			continue
		}
		if qrels[q] == nil {
			qrels[q] = map[string]int{}
		}
		qrels[q][p.Item.UID] = l
	}
	run := bench.Run{}
	err := rd.RunDocs(ctx, r.ID, func(d store.RunDoc) error {
		run[d.Query] = append(run[d.Query], bench.Doc{ID: d.Doc, Score: d.Score})
		return nil
	})
	if err != nil {
		return err
	}
	res, err := bench.Evaluate(run, qrels)
	if err != nil {
		return err
	}
	// The figures rest on the panes whose gold the run's queries meet;
	// the gold basis counts those panes' units the qrels come from.
	s.Gold = g.basis()
	for id, p := range g.items {
		q, judged := store.RunQuery(p.Item.Query), false
		units := []string{"answer_set"}
		if r.Target == store.TargetLanding {
			q = p.Item.UID
			judged = len(qrels[q]) > 0
			units = units[:0]
			for pos := 1; pos <= p.Item.AnswerCount(); pos++ {
				units = append(units, "landing_"+strconv.Itoa(pos))
			}
		} else {
			_, judged = qrels[q][p.Item.UID]
		}
		if _, ran := run[q]; !ran {
			continue
		}
		for _, u := range units {
			_, st := g.gold(id, u)
			s.Gold.add(st)
		}
		if judged {
			s.rests = append(s.rests, p.Item.ID)
		}
	}
	s.Metric, s.Items, s.Total = res.Metrics, res.Queries, len(run)
	s.Complete = true
	for q := range run {
		s.Complete = s.Complete && complete[q]
	}
	return nil
}

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
	p := rd.Protocol(g.kind)
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

// scoreQuestions scores a run's generated clarifying questions against
// the items' reference questions by ClariLM's token F1, averaged over the
// items that have a reference (an item without one cannot be scored, and
// waits for nothing). It needs no gold label.
func scoreQuestions(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
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

// BenchLines is the leaderboard as text: nugget runs as the
// Clarify-Then-Search tables (system, k, mean, p50, p90, n), best mean
// first; other runs one row per metric, a labels run's per label type and
// pooled only over types of one scale. A run whose figures are
// provisional has its n marked with *; every row says in its gold column
// how much of the gold it could rest on is settled, provisional (and
// whether scored) or missing.
func BenchLines(scores []RunScore) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	nuggets := slices.DeleteFunc(slices.Clone(scores), func(s RunScore) bool { return s.Kind != store.RunNuggets })
	slices.SortStableFunc(nuggets, func(a, b RunScore) int { return CompareMean(b, a) })
	if len(nuggets) > 0 {
		// TREC RAG's four nuggetizer scores, where some run's nuggets are
		// graded vital or okay.
		rag := slices.ContainsFunc(nuggets, func(s RunScore) bool { return len(s.Metric) > 3 })
		ragHead, ragGap := "", ""
		if rag {
			ragHead, ragGap = "\tstrict_vital\tstrict_all\tvital\tall", "\t\t\t\t"
		}
		fmt.Fprintln(tw, "system\tk\tmean\tp50\tp90"+ragHead+"\tn\tgold (answers)")
		for _, s := range nuggets {
			if s.Withheld != "" {
				fmt.Fprintf(tw, "%s\t%s\t%s\t\t%s\t%s\t%s\n", display.Clean(s.Name), s.K, s.Withheld, ragGap, JudgedText(s), goldText(s.Gold))
				continue
			}
			row := []string{display.Clean(s.Name), s.K}
			for i := range 3 {
				row = append(row, s.Metric[i].Value.Format(3))
			}
			for i := 3; rag && i < 7; i++ {
				v := "–"
				if i < len(s.Metric) {
					v = s.Metric[i].Value.Format(3)
				}
				row = append(row, v)
			}
			fmt.Fprintln(tw, strings.Join(append(row, JudgedText(s), goldText(s.Gold)), "\t"))
		}
	}
	first, pooled := true, false
	for _, s := range scores {
		if s.Kind == store.RunNuggets {
			continue
		}
		if first {
			if len(nuggets) > 0 {
				fmt.Fprintln(tw, "\t\t\t\t\t\t")
			}
			fmt.Fprintln(tw, "run\tagainst\tmetric\tvalue\tn\tgold")
			first = false
		}
		against := s.Target
		switch {
		case s.Kind == store.RunQuestions:
			against = "reference"
		case s.Kind != store.RunLabels:
		case len(s.PooledOver) == 1:
			against = s.PooledOver[0]
		case len(s.PooledOver) > 1:
			against, pooled = "pooled", true
		default:
			against = "labels"
		}
		if s.Withheld != "" {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), against, everyMetric, s.Withheld, JudgedText(s), goldText(s.Gold))
			continue
		}
		for _, m := range s.Metric {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), against, m.Name, m.Value.Format(4), JudgedText(s), goldText(s.Gold))
		}
		for _, t := range s.ByType {
			if len(s.PooledOver) == 1 {
				break // one label type: its rows would repeat the run's
			}
			if t.Withheld != "" {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\t%s\n", display.Clean(s.Name), t.Type, everyMetric, t.Withheld, t.Gold.Text())
				continue
			}
			for _, m := range t.Metrics() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), t.Type, m.Name, m.Value.Format(4), t.NText(), t.Gold.Text())
			}
		}
	}
	tw.Flush()
	lines := append(trimLines(b.String()), benchNotes(scores, pooled)...)
	lines = append(lines, baselineLines(scores)...)
	lines = append(lines, assignmentLines(scores)...)
	for _, s := range scores {
		if o := s.BothOrders; o != nil {
			lines = append(lines, bothOrdersText(s.Name, o))
		}
		if a := s.ArenaJudgments; a != nil {
			lines = append(lines, arenaText(s.Name, a))
		}
	}
	for _, s := range scores {
		if c := s.Comparison; c != nil {
			lines = append(lines, "", display.Clean(s.Name)+" as judge, over the pairs it and the gold both judged:")
			lines = append(lines, Indent(ComparisonLines(c.Judge, false, c.JudgeWithheld))...)
			lines = append(lines, "the gold over the same pairs:")
			lines = append(lines, Indent(ComparisonLines(c.Gold, true, c.GoldWithheld))...)
		}
	}
	return lines
}

// everyMetric is a withheld row's metric: every one of its figures is
// left out. Not "all", which is nuggetizer's all figure.
const everyMetric = "every metric"

// benchNotes are the lines under the leaderboard that say what its
// figures are: the pooled row, token_recall, which kappa, which gold, and
// why some are withheld. bench and the HTML report give the same.
func benchNotes(scores []RunScore, pooled bool) []string {
	var lines []string
	if pooled {
		lines = append(lines, "pooled: one figure over every label type the run predicts, all on one scale")
	}
	if slices.ContainsFunc(scores, func(s RunScore) bool { return s.Kind == store.RunQuestions }) {
		lines = append(lines, "token_recall is ClariLM's TF: the share of the reference's content words the question has")
	}
	if slices.ContainsFunc(scores, func(s RunScore) bool { return s.Kind == store.RunLabels }) {
		lines = append(lines, kappaNote(scores))
	}
	lines = append(lines, undefinedNotes(scores)...)
	lines = append(lines, scoredOn(scores))
	for _, s := range scores {
		if s.Withheld != "" || slices.ContainsFunc(s.ByType, func(t TypeScore) bool { return t.Withheld != "" }) || s.Assignments.anyWithheld() {
			lines = append(lines, strings.Split(withheldNote, "\n")...)
			break
		}
	}
	return lines
}

// undefinedNotes say why a figure of the leaderboard is –: nothing yet
// to score (n 0), or a kappa whose chance agreement is 1.
func undefinedNotes(scores []RunScore) []string {
	var empty, oneLabel bool
	check := func(ms []bench.Metric, n int) {
		for _, m := range ms {
			switch {
			case m.Value.Defined:
			case n == 0:
				empty = true
			case m.Name == "kappa":
				oneLabel = true
			}
		}
	}
	for _, s := range scores {
		if s.Withheld != "" {
			continue
		}
		check(s.Metric, s.Items)
		for _, t := range s.ByType {
			check(t.Metrics(), t.N)
		}
	}
	var lines []string
	if empty {
		lines = append(lines, "–: nothing to score yet (n 0)")
	}
	if oneLabel {
		lines = append(lines, "kappa –: the gold and the run give one and the same label everywhere, so chance agreement is 1")
	}
	return lines
}

// kappaNote names the leaderboard's kappa, unweighted, where the people's
// baseline beside it weighs its own on an ordinal scale.
func kappaNote(scores []RunScore) string {
	for _, s := range scores {
		if slices.ContainsFunc(s.Baseline, func(h HumanBaseline) bool { return h.Weighted }) {
			return "kappa: Cohen's κ, unweighted; the baseline below weighs its κ quadratically (an ordinal scale)"
		}
	}
	return "kappa: Cohen's κ, unweighted"
}

// bothOrdersText is a judge's flip rate in words.
func bothOrdersText(name string, o *BothOrders) string {
	return fmt.Sprintf("%s judged %s in both orders; the verdict changed with the order in %d: "+
		"flip rate %s [%s, %s] (95%% Wilson)", display.Clean(name), display.Count(o.Pairs, "pair", "pairs"), o.Flips, o.Rate.Format(3), o.Low.Format(3), o.High.Format(3))
}

// Indent indents each line but a blank one by two spaces, in place.
func Indent(lines []string) []string {
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return lines
}

// NText is a type's n, starred while some of its predictions wait for
// gold (missing, or provisional and not scored), as JudgedText stars a
// run's.
func (t TypeScore) NText() string {
	if t.Gold.Missing > 0 || (t.Gold.Provisional > 0 && !t.Gold.ProvisionalScored) {
		return strconv.Itoa(t.N) + "*"
	}
	return strconv.Itoa(t.N)
}

// goldText is a run's gold basis in words, "–" for a questions run
// (it rests on reference questions, not gold).
func goldText(b *GoldBasis) string {
	if b == nil {
		return "–"
	}
	return b.Text()
}

// scoredOn says which gold the figures were scored on.
func scoredOn(scores []RunScore) string {
	for _, s := range scores {
		if s.Gold != nil && s.Gold.ProvisionalScored {
			return "scored on settled and provisional gold (provisional: fewer annotators than the policy's min)"
		}
	}
	return "scored on settled gold; --provisional also scores gold with fewer annotators than the policy's min"
}

// JudgedText is n, or n/total* while some of the run waits for gold.
func JudgedText(s RunScore) string {
	if s.Complete {
		return strconv.Itoa(s.Items)
	}
	return fmt.Sprintf("%d/%d*", s.Items, s.Total)
}

// CompareMean orders runs by mean restore score, undefined lowest.
func CompareMean(a, b RunScore) int {
	x, y := a.Metric[0].Value, b.Metric[0].Value
	switch {
	case x.Defined != y.Defined:
		if x.Defined {
			return 1
		}
		return -1
	case x.X < y.X:
		return -1
	case x.X > y.X:
		return 1
	}
	return 0
}

// AnswerJudgement is one answer of a nuggets dataset as its release file
// has it: whose it is, its restore_score_100 (nil until every nugget has
// a gold judgement) and each nugget's gold coverage.
type AnswerJudgement struct {
	Intent, System string
	K              *int
	Score          *float64
	Nuggets        []NuggetCoverage
	// The intent's query, the answer, and its file's response_length.
	Query, Answer  string
	ResponseLength *int
}

// NuggetCoverage is one nugget of an answer: its gold coverage (a label
// of the nuggets scale; -1 when unresolved or not judged yet), and, for
// nuggetizer's files, its text and importance ("" when not graded).
type NuggetCoverage struct {
	ID         string
	Weight     float64
	Coverage   int
	Text       string
	Importance string
}

// NuggetJudgements lists every answer of a nuggets dataset for its
// release file, in its order. Flagged answers are left out, and so are
// answers with a nugget judged by fewer annotators than the policy's min
// unless opts keep them; an answer nobody has judged yet is listed.
func NuggetJudgements(ctx context.Context, r *store.Reading, d store.Dataset, opts ReleaseOptions) ([]AnswerJudgement, ReleaseSummary, error) {
	opts.IncludeUnresolved = true
	sum := ReleaseSummary{Kept: opts}
	if d.Kind != guidelines.Nuggets.Kind {
		return nil, sum, fmt.Errorf("nugget judgements come from a nuggets dataset, and %q holds %s items", d.Name, d.Kind)
	}
	if err := r.RequireGold(); err != nil {
		return nil, sum, err
	}
	// Kept with --include-incomplete, an answer's provisional judgements
	// are written as what they are; its provenance is in the gold export.
	g, err := loadGold(ctx, r, d, ScoreOptions{Provisional: opts.IncludeIncomplete})
	if err != nil {
		return nil, sum, err
	}
	runs, err := r.Runs(ctx)
	if err != nil {
		return nil, sum, err
	}
	scores, err := scoreRuns(ctx, r, g, runs)
	if err != nil {
		return nil, sum, err
	}
	score, coverage := map[int64]float64{}, map[int64][]int{}
	for _, s := range scores {
		maps.Copy(score, s.Scores)
		maps.Copy(coverage, s.Coverage)
	}
	var out []AnswerJudgement
	for _, a := range g.answers {
		if p := g.items[a.ItemID]; p != nil && !sum.Keep(p) && (p.Flagged || len(p.Units) > 0) {
			continue
		}
		it := AnswerJudgement{Intent: a.Intent, System: a.System, K: a.K, Query: a.Query, Answer: a.Answer,
			ResponseLength: a.ResponseLength}
		if x, ok := score[a.ItemID]; ok {
			it.Score = &x
		}
		for i, id := range a.NuggetIDs {
			n := NuggetCoverage{ID: id, Weight: a.Weights[i], Coverage: -1, Text: a.NuggetTexts[i], Importance: a.Importances[i]}
			if c := coverage[a.ItemID]; i < len(c) && c[i] >= 0 {
				n.Coverage = c[i]
			}
			it.Nuggets = append(it.Nuggets, n)
		}
		out = append(out, it)
	}
	return out, sum, nil
}
