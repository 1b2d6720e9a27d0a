package report

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// ScoreNuggetsRun scores a nuggets run: its answers came with the
// dataset's (goldIndex.answers), so it reads nothing more.
func ScoreNuggetsRun(_ context.Context, _ *store.Reading, s *RunScore, r store.Run, g *goldIndex) error {
	scoreNuggets(s, r.ID, g.answers, g)
	return nil
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
	// The release carries what nuggets runs score (each answer's restore
	// score and nugget coverage); other runs are the benchmark's.
	runs = slices.DeleteFunc(runs, func(r store.Run) bool { return r.Kind != store.RunNuggets })
	scores, err := scoreRuns(ctx, r, g, runs, []BenchRun{{Kind: store.RunNuggets, Score: ScoreNuggetsRun}})
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
		out = append(out, answerJudgement(a, score, coverage[a.ItemID]))
	}
	return out, sum, nil
}

// answerJudgement is one answer as its release file has it, with its
// restore score from score (if it has one) and its nuggets' gold coverage
// cov (-1 where it has none).
func answerJudgement(a store.AnswerRow, score map[int64]float64, cov []int) AnswerJudgement {
	it := AnswerJudgement{Intent: a.Intent, System: a.System, K: a.K, Query: a.Query, Answer: a.Answer,
		ResponseLength: a.ResponseLength}
	if x, ok := score[a.ItemID]; ok {
		it.Score = &x
	}
	for i, id := range a.NuggetIDs {
		n := NuggetCoverage{ID: id, Weight: a.Weights[i], Coverage: -1, Text: a.NuggetTexts[i], Importance: a.Importances[i]}
		if i < len(cov) && cov[i] >= 0 {
			n.Coverage = cov[i]
		}
		it.Nuggets = append(it.Nuggets, n)
	}
	return it
}
