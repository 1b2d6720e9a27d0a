package bench

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Doc is one document a run retrieved for a query, with its score.
type Doc struct {
	ID    string
	Score float64
}

// Run maps a query to the documents retrieved for it, in any order: only
// the scores rank them, as in trec_eval (the rank column is ignored).
type Run map[string][]Doc

// Qrels maps a query to its judged documents and their grades (0 = not
// relevant). A query with judgements is evaluated even when none of them
// is relevant: it then scores 0.
type Qrels map[string]map[string]int

// Cutoffs of the ranking metrics reported.
var (
	NDCGCutoffs      = []int{1, 3, 5}
	PrecisionCutoffs = []int{1, 3}
)

// Metric is one named figure.
type Metric struct {
	Name  string
	Value Value
}

// Ranking is a run's ranking metrics, averaged over the queries that are
// both in the run and judged (trec_eval's default, without -c).
type Ranking struct {
	Queries int
	Metrics []Metric // ndcg@1, ndcg@3, ndcg@5, mrr, p@1, p@3
}

// QueryScores are one query's metrics in Ranking's order.
type QueryScores []float64

// Order sorts a query's documents as trec_eval does: by score, highest
// first, ties broken by document id in descending (byte) order. It refuses
// a document retrieved twice, which trec_eval also refuses.
func Order(docs []Doc) ([]Doc, error) {
	out := slices.Clone(docs)
	slices.SortFunc(out, func(a, b Doc) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return strings.Compare(b.ID, a.ID)
	})
	seen := make(map[string]bool, len(out))
	for _, d := range out {
		if seen[d.ID] {
			return nil, fmt.Errorf("document %q is retrieved twice", d.ID)
		}
		seen[d.ID] = true
	}
	return out, nil
}

// Score computes one query's metrics from its documents (any order) and
// judgements: gain is the grade, the discount log2(rank+1), the ideal
// ranking comes from every judged grade (retrieved or not), an unjudged
// document counts as not relevant, a document is relevant from grade 1
// on, and P@k divides by k even when fewer were retrieved.
func Score(docs []Doc, judged map[string]int) (QueryScores, error) {
	ranked, err := Order(docs)
	if err != nil {
		return nil, err
	}
	gains := make([]int, len(ranked))
	for i, d := range ranked {
		gains[i] = max(judged[d.ID], 0)
	}
	ideal := make([]int, 0, len(judged))
	for _, g := range judged {
		if g > 0 {
			ideal = append(ideal, g)
		}
	}
	slices.Sort(ideal)
	slices.Reverse(ideal)

	var out QueryScores
	for _, k := range NDCGCutoffs {
		out = append(out, ndcg(gains, ideal, k))
	}
	out = append(out, reciprocalRank(gains))
	for _, k := range PrecisionCutoffs {
		out = append(out, precision(gains, k))
	}
	return out, nil
}

// metricNames are the names of QueryScores' entries.
func metricNames() []string {
	var names []string
	for _, k := range NDCGCutoffs {
		names = append(names, fmt.Sprintf("ndcg@%d", k))
	}
	names = append(names, "mrr")
	for _, k := range PrecisionCutoffs {
		names = append(names, fmt.Sprintf("p@%d", k))
	}
	return names
}

func dcg(gains []int, k int) float64 {
	var sum float64
	for i := 0; i < len(gains) && i < k; i++ {
		if gains[i] > 0 {
			sum += float64(gains[i]) / math.Log2(float64(i+2)) // rank i+1
		}
	}
	return sum
}

// ndcg is 0 when nothing is relevant, as in trec_eval.
func ndcg(gains, ideal []int, k int) float64 {
	best := dcg(ideal, k)
	if best == 0 {
		return 0
	}
	return dcg(gains, k) / best
}

func reciprocalRank(gains []int) float64 {
	for i, g := range gains {
		if g >= 1 {
			return 1 / float64(i+1)
		}
	}
	return 0
}

func precision(gains []int, k int) float64 {
	rel := 0
	for i := 0; i < len(gains) && i < k; i++ {
		if gains[i] >= 1 {
			rel++
		}
	}
	return float64(rel) / float64(k)
}

// Evaluate averages each metric over the queries in both run and qrels.
// With no such query every metric is undefined.
func Evaluate(run Run, qrels Qrels) (Ranking, error) {
	names := metricNames()
	sums := make([]float64, len(names))
	queries := make([]string, 0, len(run))
	for q := range run {
		if _, ok := qrels[q]; ok {
			queries = append(queries, q)
		}
	}
	slices.Sort(queries) // a fixed order, so sums round the same each time
	for _, q := range queries {
		s, err := Score(run[q], qrels[q])
		if err != nil {
			return Ranking{}, fmt.Errorf("query %q: %w", q, err)
		}
		for i, x := range s {
			sums[i] += x
		}
	}
	r := Ranking{Queries: len(queries)}
	for i, name := range names {
		v := Undefined
		if len(queries) > 0 {
			v = Of(sums[i] / float64(len(queries)))
		}
		r.Metrics = append(r.Metrics, Metric{Name: name, Value: v})
	}
	return r, nil
}
