package agreement

import (
	"math"
	"strings"

	"github.com/claritty/claritty/bench"
)

// TextFigures is the agreement of written answers (a protocol file's
// kind = "text" units of one type), which have no categories and so no κ
// or α: over the Items with two or more answers, the share whose answers
// are all the same after trimming and case folding (SameAnswer), and the
// mean over those items of the mean token F1 of each pair of answers
// (bench.TokenF1: ClariLM's measure, the one bench scores generated
// questions by, so a written answer's agreement and a run's score are
// one measure). Answers counts every
// answer, those of items with one too.
type TextFigures struct {
	Type      string
	Items     int     // items with two or more answers
	Answers   int     // answers of the type
	Identical float64 // share of Items whose answers are all SameAnswer; NaN for no item
	MeanF1    float64 // mean of the items' mean pairwise token F1; NaN for no item
	// Withheld, when set, is what shows in place of the figures: a reader
	// below the lead sees none that rests on too few items (it would give
	// their answers away).
	Withheld string
}

// NormalAnswer is an answer as agreement compares it whole: without the
// spaces at its ends, case folded.
func NormalAnswer(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// SameAnswer says whether two written answers agree whole.
func SameAnswer(a, b string) bool { return NormalAnswer(a) == NormalAnswer(b) }

// TextAgreement is the figures of one type's written answers, one list of
// answers per item.
func TextAgreement(typ string, items [][]string) TextFigures {
	f := TextFigures{Type: typ}
	same, f1 := 0, 0.0
	for _, answers := range items {
		f.Answers += len(answers)
		if len(answers) < 2 {
			continue
		}
		f.Items++
		all, sum, pairs := true, 0.0, 0
		for i := range answers {
			all = all && SameAnswer(answers[i], answers[0])
			for j := i + 1; j < len(answers); j++ {
				sum += bench.TokenF1(answers[i], answers[j])
				pairs++
			}
		}
		if all {
			same++
		}
		f1 += sum / float64(pairs)
	}
	f.Identical, f.MeanF1 = perItem(float64(same), f.Items), perItem(f1, f.Items)
	return f
}

// perItem is a/n, NaN for no n.
func perItem(a float64, n int) float64 {
	if n == 0 {
		return math.NaN()
	}
	return a / float64(n)
}

// writtenJSON is a written type's figures as agree --json writes them: null
// where there is no item with two answers.
type writtenJSON struct {
	Type      string   `json:"type"`
	Items     int      `json:"items_with_2plus_answers"`
	Answers   int      `json:"answers"`
	Identical *float64 `json:"identical_share"`
	MeanF1    *float64 `json:"mean_token_f1"`
	Withheld  string   `json:"withheld,omitempty"`
}

func writtensJSON(fs []TextFigures) []writtenJSON {
	var out []writtenJSON
	for _, f := range fs {
		w := writtenJSON{Type: f.Type, Items: f.Items, Answers: f.Answers, Identical: orNull(f.Identical), MeanF1: orNull(f.MeanF1), Withheld: f.Withheld}
		if f.Withheld != "" {
			w.Identical, w.MeanF1 = nil, nil
		}
		out = append(out, w)
	}
	return out
}

// orNull is a figure as JSON has it: null for NaN.
func orNull(v float64) *float64 {
	if math.IsNaN(v) {
		return nil
	}
	return &v
}
