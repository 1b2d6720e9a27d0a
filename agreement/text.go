package agreement

import (
	"math"
	"strings"
	"unicode"
)

// TextFigures is the agreement of written answers (a protocol file's
// kind = "text" units of one type), which have no categories and so no κ
// or α: over the Items with two or more answers, the share whose answers
// are all the same after trimming and case folding (SameAnswer), and the
// mean over those items of the mean token F1 of each pair of answers
// (TokenF1, the measure ClariLM and SQuAD use). Answers counts every
// answer, those of items with one too.
type TextFigures struct {
	Type      string
	Items     int     // items with two or more answers
	Answers   int     // answers of the type
	Identical float64 // share of Items whose answers are all SameAnswer; NaN for no item
	MeanF1    float64 // mean of the items' mean pairwise token F1; NaN for no item
}

// NormalAnswer is an answer as agreement compares it whole: without the
// spaces at its ends, case folded.
func NormalAnswer(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// SameAnswer says whether two written answers agree whole.
func SameAnswer(a, b string) bool { return NormalAnswer(a) == NormalAnswer(b) }

// AnswerTokens are an answer's words as token F1 counts them: lower-cased,
// split at every character that is not a letter or a digit (so
// punctuation and spaces separate words and are no words themselves).
func AnswerTokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// TokenF1 is the harmonic mean of the precision and recall of a's tokens
// against b's, counting a token as often as both have it: 1 when both
// have no token, 0 when one has none.
func TokenF1(a, b string) float64 {
	ta, tb := AnswerTokens(a), AnswerTokens(b)
	if len(ta) == 0 || len(tb) == 0 {
		if len(ta) == len(tb) {
			return 1
		}
		return 0
	}
	left := map[string]int{}
	for _, t := range tb {
		left[t]++
	}
	common := 0
	for _, t := range ta {
		if left[t] > 0 {
			left[t]--
			common++
		}
	}
	if common == 0 {
		return 0
	}
	p, r := float64(common)/float64(len(ta)), float64(common)/float64(len(tb))
	return 2 * p * r / (p + r)
}

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
				sum += TokenF1(answers[i], answers[j])
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
}

func writtensJSON(fs []TextFigures) []writtenJSON {
	var out []writtenJSON
	for _, f := range fs {
		out = append(out, writtenJSON{Type: f.Type, Items: f.Items, Answers: f.Answers, Identical: orNull(f.Identical), MeanF1: orNull(f.MeanF1)})
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
