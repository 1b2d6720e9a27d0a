package report

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// RunScore is one run scored against the gold labels as they stand.
type RunScore struct {
	Dataset string         `json:"dataset"`
	Name    string         `json:"name"`
	Kind    string         `json:"kind"`
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
	// Comparison is a judge's verdicts on a compare dataset beside the
	// gold's, over the pairs both judged.
	Comparison *RunComparison `json:"comparison,omitempty"`
	// Withheld says why the figures are left out for this reader: they
	// rest on too few items of others' gold (store.Blind).
	Withheld string `json:"withheld,omitempty"`
	// rests: the items whose gold the figures rest on (an item may come
	// more than once), pooled and per label type, for the Blind rule.
	rests     []int64
	restsType map[string][]int64
}

// TypeScore is a labels run on one label type.
type TypeScore struct {
	Type string
	bench.Classification
	Withheld string // as RunScore's, for this type
}

// goldIndex is a dataset's gold labels, by item and unit, leaving out
// flagged items and the items in hidden.
type goldIndex struct {
	name   string // the dataset's
	kind   string
	items  map[int64]*PaneGold
	order  []int64 // the items in import order
	counts map[int64]int
	pairs  map[int64]store.PairSystems // a compare dataset's systems by item
	blind  store.Blind                 // what the reader may see of the figures
}

func loadGold(ctx context.Context, r *store.Reading, d store.Dataset) (*goldIndex, error) {
	kind := d.Kind
	g := &goldIndex{name: d.Name, kind: kind, items: map[int64]*PaneGold{}, blind: r.Blind()}
	var err error
	if g.counts, err = r.Store().UnitCounts(ctx, d.ID); err != nil {
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
		g.pairs, err = r.PairSystems(ctx)
	}
	return g, err
}

// ScoreRuns scores every run of dataset d, read with r, against its gold
// labels. Items the reading hides (the reader's open ones) count as not
// judged.
func ScoreRuns(ctx context.Context, r *store.Reading, d store.Dataset) ([]RunScore, error) {
	if r.DatasetID() != d.ID {
		return nil, fmt.Errorf("score runs: the reading is of another dataset")
	}
	// Most datasets have no runs: then no gold is read (the side pane
	// asks after every HIT).
	if runs, err := r.Store().Runs(ctx, d.ID); err != nil || len(runs) == 0 {
		return nil, err
	}
	g, err := loadGold(ctx, r, d)
	if err != nil {
		return nil, err
	}
	return scoreRuns(ctx, r.Store(), d, g)
}

// ScoreDataset is ScoreRuns and, for a compare dataset, CompareGold, over
// one read of the gold labels: the side pane and claritty bench want both.
func ScoreDataset(ctx context.Context, r *store.Reading, d store.Dataset) ([]RunScore, *ComparisonScore, error) {
	if d.Kind != guidelines.Compare.Kind {
		scores, err := ScoreRuns(ctx, r, d)
		return scores, nil, err
	}
	if r.DatasetID() != d.ID {
		return nil, nil, fmt.Errorf("score runs: the reading is of another dataset")
	}
	g, err := loadGold(ctx, r, d)
	if err != nil {
		return nil, nil, err
	}
	scores, err := scoreRuns(ctx, r.Store(), d, g)
	if err != nil {
		return nil, nil, err
	}
	c, err := compareGold(g)
	return scores, c, err
}

// scoreRuns scores every run of dataset d against its gold labels g.
func scoreRuns(ctx context.Context, st *store.Store, d store.Dataset, g *goldIndex) ([]RunScore, error) {
	runs, err := st.Runs(ctx, d.ID)
	if err != nil || len(runs) == 0 {
		return nil, err
	}
	var answers []store.AnswerRow
	if g.kind == guidelines.Nuggets.Kind {
		if answers, err = st.AnswerRows(ctx, d.ID); err != nil {
			return nil, err
		}
	}
	var out []RunScore
	for _, r := range runs {
		s := RunScore{Dataset: g.name, Name: r.Name, Kind: r.Kind, Target: r.Target}
		switch r.Kind {
		case store.RunNuggets:
			scoreNuggets(&s, r.ID, answers, g)
		case store.RunTREC:
			err = scoreTREC(ctx, st, &s, r, g)
		case store.RunLabels:
			err = scoreLabels(ctx, st, &s, r, g)
		case store.RunQuestions:
			err = scoreQuestions(ctx, st, &s, r, g)
		}
		if err != nil {
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
	noun := guidelines.ForKind(g.kind).Items
	if why := rests(s.rests).withheld(b, noun); why != "" {
		s.Withheld = why
		for i := range s.Metric {
			s.Metric[i].Value = bench.Value{}
		}
		s.ByType, s.Scores, s.Coverage, s.Comparison = nil, nil, nil, nil
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
	s.Scores, s.Coverage = map[int64]float64{}, map[int64][]int{}
	var scores []float64
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
		p := g.items[a.ItemID]
		cov := make([]int, len(a.Weights))
		nuggets := make([]bench.Nugget, len(a.Weights))
		judged := p != nil
		for i, w := range a.Weights {
			cov[i] = -1
			if p != nil {
				cov[i] = p.Label(guidelines.NuggetUnit(i + 1))
			}
			judged = judged && cov[i] >= 0
			nuggets[i] = bench.Nugget{Weight: w, Coverage: bench.Coverage(max(cov[i], 0))}
		}
		s.Coverage[a.ItemID] = cov
		if !judged {
			continue
		}
		score, err := bench.RestoreScore(nuggets)
		if err != nil {
			continue // weights summing to 0 are refused at import
		}
		s.Scores[a.ItemID] = score
		s.rests = append(s.rests, a.ItemID)
		scores = append(scores, score)
	}
	s.Items, s.Complete = len(scores), len(scores) == s.Total
	s.K = kText(ks, noK)
	sum := bench.Summarise(scores)
	s.Metric = []bench.Metric{{Name: "restore_mean", Value: sum.Mean}, {Name: "restore_p50", Value: sum.P50},
		{Name: "restore_p90", Value: sum.P90}}
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
func scoreTREC(ctx context.Context, st *store.Store, s *RunScore, r store.Run, g *goldIndex) error {
	qrels, complete := bench.Qrels{}, map[string]bool{}
	for _, p := range g.items {
		if r.Target == store.TargetLanding {
			judged := map[string]int{}
			for pos := 1; pos <= p.Item.AnswerCount(); pos++ {
				if l := p.Label("landing_" + strconv.Itoa(pos)); l >= 0 {
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
		l := p.Label("answer_set")
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
	err := st.RunDocs(ctx, r.ID, func(d store.RunDoc) error {
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
	// The figures rest on the panes whose gold the run's queries meet.
	for _, p := range g.items {
		q, judged := store.RunQuery(p.Item.Query), false
		if r.Target == store.TargetLanding {
			q = p.Item.UID
			judged = len(qrels[q]) > 0
		} else {
			_, judged = qrels[q][p.Item.UID]
		}
		if _, ran := run[q]; ran && judged {
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

// scoreLabels pairs each prediction with its unit's gold label: pooled,
// and per label type. A prediction for a unit the gold says does not
// apply (a facet for a request the gold says needs no clarification) is
// left out, as ClariLM scores facet selection on the requests that need
// it; it waits for nothing. Verdicts on a compare dataset also make the
// win / tie / lose table each side would report.
func scoreLabels(ctx context.Context, st *store.Store, s *RunScore, r store.Run, g *goldIndex) error {
	preds, err := st.RunLabels(ctx, r.ID)
	if err != nil {
		return err
	}
	p := guidelines.ForKind(g.kind)
	var all []bench.Prediction
	byType := map[string][]bench.Prediction{}
	items, scored := map[int64]bool{}, map[int64]bool{}
	s.restsType = map[string][]int64{}
	moot := 0
	for _, pr := range preds {
		items[pr.ItemID] = true
		pg := g.items[pr.ItemID]
		if pg == nil {
			continue
		}
		if c, ok := p.Requires(pr.Unit); ok {
			if v := pg.Label(c.Unit); v >= 0 && v != c.Value {
				moot++
				continue
			}
		}
		gold := pg.Label(pr.Unit)
		if gold < 0 {
			continue
		}
		typ := unitType(pr.Unit)
		scored[pr.ItemID] = true
		s.rests = append(s.rests, pr.ItemID)
		s.restsType[typ] = append(s.restsType[typ], pr.ItemID)
		pair := bench.Prediction{Gold: p.LabelString(gold), Predicted: p.LabelString(pr.Value)}
		all = append(all, pair)
		byType[typ] = append(byType[typ], pair)
	}
	c := bench.Classify(all)
	s.Metric, s.Items, s.Total = c.Metrics(), len(scored), len(items)
	s.Complete = len(all)+moot == len(preds)
	for _, t := range p.Types {
		if ps, ok := byType[t]; ok {
			s.ByType = append(s.ByType, TypeScore{Type: t, Classification: bench.Classify(ps)})
		}
	}
	if g.kind == guidelines.Compare.Kind {
		return scoreVerdicts(s, preds, g)
	}
	return nil
}

// scoreQuestions scores a run's generated clarifying questions against
// the items' reference questions by ClariLM's token F1, averaged over the
// items that have a reference (an item without one cannot be scored, and
// waits for nothing). It needs no gold label.
func scoreQuestions(ctx context.Context, st *store.Store, s *RunScore, r store.Run, g *goldIndex) error {
	qs, err := st.RunQuestions(ctx, r.ID)
	if err != nil {
		return err
	}
	var f1s []float64
	for _, q := range qs {
		p := g.items[q.ItemID]
		if p == nil || p.Flagged || strings.TrimSpace(p.Item.Question) == "" {
			continue // hidden, flagged (a release leaves it out) or without a reference
		}
		f1s = append(f1s, bench.TokenF1(q.Text, p.Item.Question))
	}
	s.Items, s.Total, s.Complete = len(f1s), len(qs), true
	s.Metric = []bench.Metric{{Name: "token_f1", Value: bench.Summarise(f1s).Mean}}
	return nil
}

// unitType is a unit's label type: landing_3 is a landing label.
func unitType(unit string) string {
	if i := strings.LastIndexByte(unit, '_'); i > 0 {
		if _, err := strconv.Atoi(unit[i+1:]); err == nil {
			return unit[:i]
		}
	}
	return unit
}

// metricsJSON keeps the metrics in report order.
type metricsJSON []bench.Metric

func (m metricsJSON) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, x := range m {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(x.Name)
		v, _ := x.Value.MarshalJSON()
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// WriteBenchJSON writes {"runs": [{"name", "kind", "metrics", "items",
// …}], "comparisons": […]}, with a labels run's figures per label type
// under by_type, and each compare dataset's gold table in comparisons.
func WriteBenchJSON(w io.Writer, scores []RunScore, comps []ComparisonScore) error {
	type runJSON struct {
		RunScore
		Metrics        metricsJSON            `json:"metrics"`
		ByType         map[string]metricsJSON `json:"by_type,omitempty"`
		ByTypeWithheld map[string]string      `json:"by_type_withheld,omitempty"`
	}
	out := struct {
		Runs        []runJSON         `json:"runs"`
		Comparisons []ComparisonScore `json:"comparisons,omitempty"`
	}{Runs: []runJSON{}, Comparisons: comps}
	for _, s := range scores {
		r := runJSON{RunScore: s, Metrics: s.Metric}
		for _, t := range s.ByType {
			if t.Withheld != "" {
				if r.ByTypeWithheld == nil {
					r.ByTypeWithheld = map[string]string{}
				}
				r.ByTypeWithheld[t.Type] = t.Withheld
				continue
			}
			if r.ByType == nil {
				r.ByType = map[string]metricsJSON{}
			}
			r.ByType[t.Type] = t.Metrics()
		}
		out.Runs = append(out.Runs, r)
	}
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// BenchLines is the leaderboard as text: nugget runs as the
// Clarify-Then-Search tables (system, k, mean, p50, p90, n), best mean
// first; other runs one row per metric. A run whose figures are
// provisional has its n marked with *.
func BenchLines(scores []RunScore) []string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	nuggets := slices.DeleteFunc(slices.Clone(scores), func(s RunScore) bool { return s.Kind != store.RunNuggets })
	slices.SortStableFunc(nuggets, func(a, b RunScore) int { return CompareMean(b, a) })
	if len(nuggets) > 0 {
		fmt.Fprintln(tw, "system\tk\tmean\tp50\tp90\tn")
		for _, s := range nuggets {
			if s.Withheld != "" {
				fmt.Fprintf(tw, "%s\t%s\t%s\t\t\t%s\n", display.Clean(s.Name), s.K, s.Withheld, JudgedText(s))
				continue
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(s.Name), s.K, s.Metric[0].Value.Format(3),
				s.Metric[1].Value.Format(3), s.Metric[2].Value.Format(3), JudgedText(s))
		}
	}
	first := true
	for _, s := range scores {
		if s.Kind == store.RunNuggets {
			continue
		}
		if first {
			if len(nuggets) > 0 {
				fmt.Fprintln(tw, "\t\t\t\t\t")
			}
			fmt.Fprintln(tw, "run\tagainst\tmetric\tvalue\tn\t")
			first = false
		}
		against := s.Target
		switch s.Kind {
		case store.RunLabels:
			against = "labels"
		case store.RunQuestions:
			against = "reference"
		}
		if s.Withheld != "" {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", display.Clean(s.Name), against, "all", s.Withheld, JudgedText(s))
			continue
		}
		for _, m := range s.Metric {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t\n", display.Clean(s.Name), against, m.Name, m.Value.Format(4), JudgedText(s))
		}
		for _, t := range s.ByType {
			if len(s.ByType) == 1 {
				break // one label type: its rows would repeat the pooled ones
			}
			if t.Withheld != "" {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t\t\n", display.Clean(s.Name), t.Type, "all", t.Withheld)
				continue
			}
			for _, m := range t.Metrics() {
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t\n", display.Clean(s.Name), t.Type, m.Name, m.Value.Format(4), t.N)
			}
		}
	}
	tw.Flush()
	lines := trimLines(b.String())
	for _, s := range scores {
		if s.Withheld != "" || slices.ContainsFunc(s.ByType, func(t TypeScore) bool { return t.Withheld != "" }) {
			lines = append(lines, strings.Split(withheldNote, "\n")...)
			break
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

// Indent indents each line but a blank one by two spaces, in place.
func Indent(lines []string) []string {
	for i, l := range lines {
		if l != "" {
			lines[i] = "  " + l
		}
	}
	return lines
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

// WriteNuggetJudgements writes one JSON line per answer of a nuggets
// dataset, as Clarify-Then-Search's per-item file: the intent's id, the
// system, k, restore_score_100 (null until every nugget has a gold
// judgement) and each nugget's gold coverage (full, partial, none, or
// null when unresolved or not judged yet). Flagged answers are left out,
// and so are answers with a nugget judged by fewer annotators than the
// policy's min unless opts keep them.
func WriteNuggetJudgements(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts ReleaseOptions) (ReleaseSummary, error) {
	opts.IncludeUnresolved = true
	sum := ReleaseSummary{Kept: opts}
	if d.Kind != guidelines.Nuggets.Kind {
		return sum, fmt.Errorf("nugget judgements come from a nuggets dataset, and %q holds %s items", d.Name, d.Kind)
	}
	if err := r.RequireGold(); err != nil {
		return sum, err
	}
	st := r.Store()
	g, err := loadGold(ctx, r, d)
	if err != nil {
		return sum, err
	}
	scores, err := scoreRuns(ctx, st, d, g)
	if err != nil {
		return sum, err
	}
	score, coverage := map[int64]float64{}, map[int64][]int{}
	for _, s := range scores {
		for id, x := range s.Scores {
			score[id] = x
		}
		for id, c := range s.Coverage {
			coverage[id] = c
		}
	}
	rows, err := st.AnswerRows(ctx, d.ID)
	if err != nil {
		return sum, err
	}
	type nuggetJSON struct {
		ID       string  `json:"id"`
		Weight   float64 `json:"weight"`
		Coverage *string `json:"coverage"`
	}
	type itemJSON struct {
		ID      string       `json:"id"`
		System  string       `json:"system"`
		K       *int         `json:"k"`
		Score   *float64     `json:"restore_score_100"`
		Nuggets []nuggetJSON `json:"nuggets"`
	}
	bw := bufio.NewWriter(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc := json.NewEncoder(bw)
	for _, r := range rows {
		// An answer nobody has judged yet is written, its coverage null.
		if p := g.items[r.ItemID]; p != nil && !sum.Keep(p) && (p.Flagged || len(p.Units) > 0) {
			continue
		}
		it := itemJSON{ID: r.Intent, System: r.System, K: r.K}
		if x, ok := score[r.ItemID]; ok {
			it.Score = &x
		}
		for i, id := range r.NuggetIDs {
			n := nuggetJSON{ID: id, Weight: r.Weights[i]}
			if c := coverage[r.ItemID]; i < len(c) && c[i] >= 0 {
				name := guidelines.Nuggets.LabelString(c[i])
				n.Coverage = &name
			}
			it.Nuggets = append(it.Nuggets, n)
		}
		if err := enc.Encode(it); err != nil {
			return sum, err
		}
	}
	return sum, bw.Flush()
}
