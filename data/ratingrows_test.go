package data

import (
	"io"

	"github.com/claritty/claritty/agreement"
)

// ReadRatings reads a whole labels TSV into rows: the tests' way to look at
// a file row by row, and, with RatingsStudy, the plain reference that
// ReadRatingsStudy (which keeps no rows) is checked against.
func ReadRatings(r io.Reader, name string) ([]RatingRow, error) {
	lr := newLineReader(r, name)
	rr, err := newRatingsReader(lr, nil)
	if err != nil {
		return nil, err
	}
	var rows []RatingRow
	for {
		row, err := rr.next()
		if err == io.EOF {
			return rows, needRows(lr)
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
}

// RatingsStudy gathers rows on the given categories (in ordinal order), or
// on the labels they hold when categories is empty.
func RatingsStudy(rows []RatingRow, name string, categories []string) (*agreement.Study, error) {
	scale := agreement.NewScale(categories)
	if len(categories) == 0 {
		labels := make([]string, len(rows))
		for i, r := range rows {
			labels[i] = r.Label
		}
		scale = agreement.InferScale(labels)
	}
	b := agreement.NewBuilder(scale)
	for _, r := range rows {
		if err := b.Add(r.Item, r.Unit, r.Annotator, r.Label); err != nil {
			return nil, lineErr(name, r.Line, "%v", err)
		}
	}
	return b.Study(), nil
}
