package report

import (
	"cmp"
	"encoding/json"
	"slices"
)

// Support assessment (TREC 2024 RAG, Thakur et al., 2025) judges each
// (answer sentence, cited segment) pair: full support, partial support or
// no support. A RAG system's answers are then scored by two weighted
// figures, full support counting 1 and partial ½:
//
//   - weighted precision: of an answer's citations, the weighted share
//     that support their sentence (the sum of the pairs' weights over the
//     number of pairs);
//   - weighted recall: of an answer's sentences, the weighted share its
//     citations support (each sentence counts its best citation's weight;
//     a sentence that cites nothing counts 0), over every sentence.
//
// A run's figure is the mean of its answers' (one per topic), so each
// topic weighs alike. An answer that cites nothing has precision 0 (it
// supports nothing it claims); an answer with a pair not yet judged is not
// scored, and counted apart.

// Support weights: what full and partial support count.
const (
	FullSupport    = 1.0
	PartialSupport = 0.5
)

// SupportAnswer is one answer's judged citations: Sentences[i] holds the
// weights of sentence i's citations (FullSupport, PartialSupport or 0),
// empty for a sentence that cites nothing. Unjudged is how many of its
// pairs have no judgment yet.
type SupportAnswer struct {
	Run, Topic string
	Sentences  [][]float64
	Unjudged   int
	Item       int64 // the answer's item, for the blinding rule
}

// SupportScore is one run's support figures over its scored answers.
type SupportScore struct {
	Run       string  `json:"run"`
	Answers   int     `json:"answers"`  // answers scored
	Unscored  int     `json:"unscored"` // answers with a pair not yet judged
	Precision float64 `json:"weighted_precision"`
	Recall    float64 `json:"weighted_recall"`
	// Withheld, when set, shows in place of the figures: a reader below
	// the lead sees none resting on too few answers (one answer's one
	// citation would give its gold away).
	Withheld string `json:"withheld,omitempty"`
}

// MarshalJSON writes a run with no scored answer with null figures: it
// has no mean, which 0 (a run whose citations support nothing) would
// claim.
func (s SupportScore) MarshalJSON() ([]byte, error) {
	type fields SupportScore
	var p, r *float64
	if s.Answers > 0 && s.Withheld == "" {
		p, r = &s.Precision, &s.Recall
	}
	return json.Marshal(struct {
		fields
		Precision *float64 `json:"weighted_precision"`
		Recall    *float64 `json:"weighted_recall"`
	}{fields(s), p, r})
}

// SupportPrecisionRecall are one answer's weighted support precision and
// recall.
func SupportPrecisionRecall(sentences [][]float64) (precision, recall float64) {
	var sum, best float64
	pairs := 0
	for _, cites := range sentences {
		top := 0.0
		for _, w := range cites {
			sum += w
			top = max(top, w)
		}
		pairs += len(cites)
		best += top
	}
	if pairs > 0 {
		precision = sum / float64(pairs)
	}
	if len(sentences) > 0 {
		recall = best / float64(len(sentences))
	}
	return precision, recall
}

// SupportScores scores each run (in name order) by the mean of its
// answers' weighted precision and recall.
func SupportScores(answers []SupportAnswer) []SupportScore {
	byRun := map[string]*SupportScore{}
	for _, a := range answers {
		s := byRun[a.Run]
		if s == nil {
			s = &SupportScore{Run: a.Run}
			byRun[a.Run] = s
		}
		if a.Unjudged > 0 {
			s.Unscored++
			continue
		}
		p, r := SupportPrecisionRecall(a.Sentences)
		s.Answers++
		s.Precision += p
		s.Recall += r
	}
	out := make([]SupportScore, 0, len(byRun))
	for _, s := range byRun {
		if s.Answers > 0 {
			s.Precision /= float64(s.Answers)
			s.Recall /= float64(s.Answers)
		}
		out = append(out, *s)
	}
	slices.SortFunc(out, func(a, b SupportScore) int { return cmp.Compare(a.Run, b.Run) })
	return out
}
