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

// RatingsStudy gathers rows on each unit type's scale: its own given, the
// shared one, or the labels its rows hold (as Inferred), joined.
func RatingsStudy(rows []RatingRow, name string, scales RatingScales) (*agreement.Study, error) {
	var types []string
	labels := map[string][]string{}
	for _, r := range rows {
		typ := agreement.UnitType(r.Unit)
		if _, ok := labels[typ]; !ok {
			types = append(types, typ)
		}
		labels[typ] = append(labels[typ], r.Label)
	}
	var own []agreement.Scale
	for _, typ := range types {
		s := agreement.InferScale(labels[typ])
		s.Inferred = true
		if cats, ok := scales.Of[typ]; ok {
			s = agreement.NewScale(cats)
		} else if scales.Shared != nil {
			s = agreement.NewScale(scales.Shared)
		}
		own = append(own, s)
	}
	b := agreement.NewBuilder(agreement.JoinScales(own))
	for _, r := range rows {
		if err := b.Add(r.Item, r.Unit, r.Annotator, r.Label); err != nil {
			return nil, lineErr(name, r.Line, "%v", err)
		}
	}
	return b.Study(), nil
}
