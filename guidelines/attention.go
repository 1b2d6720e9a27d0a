package guidelines

import "github.com/claritty/claritty/display"

// AttentionQuestion is an attention check a kind may ask at the end of a
// share of its HITs (store: Training.AttentionRate): a question whose
// answer is a count of what the HIT showed, counted by the kind itself so
// that every layer asks, scores and reports it alike.
type AttentionQuestion struct {
	Ask string // the question, cleaned as a protocol file's text is (Protocol)
	// Answer is the right answer for an item as its HIT shows it: its
	// shape, and its rows as the store keeps them (a protocol file's
	// item_rows lines; none for a built-in kind).
	Answer func(s Shape, rows []string) int
}

// shownAnswers is how many candidate answers a pane shows: its non-empty
// options (a pane with three of five shows three).
func shownAnswers(s Shape, _ []string) int { return s.Answers }

// attentionOf is a protocol file's [attention] as its kind's question:
// the rows or list elements its item shows (AttentionAnswer).
func (f *ProtocolFile) attentionOf() *AttentionQuestion {
	if f.Attention == nil {
		return nil
	}
	return &AttentionQuestion{Ask: display.Clean(f.Attention.Ask), Answer: func(_ Shape, lines []string) int {
		lines = f.FirstRows(lines) // a HIT shows each element once
		rows := make([]ShownRow, len(lines))
		for i, l := range lines {
			rows[i] = f.Shown(l)
		}
		n, _ := f.AttentionAnswer(rows)
		return n
	}}
}
