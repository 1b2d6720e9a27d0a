package bench

// TREC 2024 RAG's nugget evaluation, as castorini/nuggetizer scores it
// (nuggetizer/core/metrics.py): each nugget of an answer is vital or okay
// and is assigned support, partial_support or not_support, which are
// claritty's full, partial and none.

// RAGNugget is one graded nugget and how the answer supports it.
type RAGNugget struct {
	Vital    bool
	Coverage Coverage
}

// RAGScores are nuggetizer's four scores of one answer, or their means
// over a run's answers.
type RAGScores struct {
	StrictVital float64 `json:"strict_vital"`
	StrictAll   float64 `json:"strict_all"`
	Vital       float64 `json:"vital"`
	All         float64 `json:"all"`
}

// ScoreRAG is nuggetizer's calculate_nugget_scores: strict_vital and
// strict_all are the shares of the vital, and of all, nuggets supported;
// vital and all count a partial_support as half. As nuggetizer scores it,
// an answer with no vital nugget scores 0 on both vital figures (and one
// with no nugget 0 on all four).
func ScoreRAG(nuggets []RAGNugget) RAGScores {
	var vital, vitalFull, vitalPartial, full, partial int
	for _, n := range nuggets {
		switch n.Coverage {
		case Full:
			full++
		case Partial:
			partial++
		}
		if !n.Vital {
			continue
		}
		vital++
		switch n.Coverage {
		case Full:
			vitalFull++
		case Partial:
			vitalPartial++
		}
	}
	share := func(num float64, den int) float64 {
		if den == 0 {
			return 0
		}
		return num / float64(den)
	}
	return RAGScores{
		StrictVital: share(float64(vitalFull), vital),
		StrictAll:   share(float64(full), len(nuggets)),
		Vital:       share(float64(vitalFull)+0.5*float64(vitalPartial), vital),
		All:         share(float64(full)+0.5*float64(partial), len(nuggets)),
	}
}

// MeanRAG is nuggetizer's calculate_global_metrics: each score's mean
// over the answers (its "qid": "all" line). Undefined over none.
func MeanRAG(scores []RAGScores) (RAGScores, bool) {
	var m RAGScores
	if len(scores) == 0 {
		return m, false
	}
	for _, s := range scores {
		m.StrictVital += s.StrictVital
		m.StrictAll += s.StrictAll
		m.Vital += s.Vital
		m.All += s.All
	}
	n := float64(len(scores))
	return RAGScores{m.StrictVital / n, m.StrictAll / n, m.Vital / n, m.All / n}, true
}
