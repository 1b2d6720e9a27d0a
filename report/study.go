package report

import (
	"context"
	"fmt"
	"slices"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// MIMICSScale is the 2/1/0 scale as agreement sees it: Bad < Fair < Good,
// with the numbers as interval values.
var MIMICSScale = ScaleOf(guidelines.MIMICS)

// ScaleOf is a protocol's scale as agreement sees it: its labels from the
// lowest up, with their values as interval values (a named scale's too:
// none, partial and full are worth 0, ½ and 1 of a nugget, evenly spaced).
func ScaleOf(p guidelines.Protocol) agreement.Scale {
	s := agreement.NewScale(p.Categories())
	if p.Named {
		for i := range s.Categories {
			s.Values = append(s.Values, float64(p.Low()+i))
		}
	}
	return s
}

// DatasetStudy gathers every label of the reading's dataset for an
// agreement report, less the items the reading hides. Units come in import
// order, then HIT order; the store guarantees one label per annotator and
// unit, on the scale, so the study is built directly, which keeps a report
// over millions of labels fast.
func DatasetStudy(ctx context.Context, r *store.Reading) (*agreement.Study, error) {
	st, datasetID := r.Store(), r.DatasetID()
	people, err := st.Annotators(ctx)
	if err != nil {
		return nil, err
	}
	kind, err := st.DatasetKind(ctx, datasetID)
	if err != nil {
		return nil, err
	}
	p := guidelines.ForKind(kind)
	study := &agreement.Study{Scale: ScaleOf(p), Types: p.Types}
	typeOf := make([]int, len(store.Units)) // unit index -> type index
	for i, u := range store.Units {
		typeOf[i] = slices.Index(p.Types, agreement.UnitType(u))
	}
	low := p.Low()
	rater := map[int64]int{} // annotator id -> index into study.Raters
	err = r.EachItemVotes(ctx, func(iv *store.ItemVotes) error {
		last := -1
		for _, v := range iv.Votes {
			if v.Unit != last {
				last = v.Unit
				if typeOf[v.Unit] < 0 {
					return fmt.Errorf("item %s has a %s label, which %s items do not have", iv.UID, store.Units[v.Unit], kind)
				}
				study.Subjects = append(study.Subjects, agreement.Subject{
					Item: iv.UID, Unit: store.Units[v.Unit], Type: typeOf[v.Unit]})
			}
			r, ok := rater[v.Annotator]
			if !ok {
				r = len(study.Raters)
				rater[v.Annotator] = r
				study.Raters = append(study.Raters, nameOf(people, v.Annotator))
			}
			s := &study.Subjects[len(study.Subjects)-1]
			s.Ratings = append(s.Ratings, agreement.Rating{Rater: r, Category: v.Value - low})
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read labels: %w", err)
	}
	return study, nil
}

func nameOf(people []store.Annotator, id int64) string {
	for _, a := range people {
		if a.ID == id {
			return a.Name
		}
	}
	return fmt.Sprintf("annotator %d", id) // added since the list was read
}

// KeptReport is the agreement report of the reading's dataset from its
// kept table of count patterns (store.Reading.PatternCounts): every
// coefficient and interval of agreement.Analyze over DatasetStudy, at a
// cost that grows with the distinct patterns rather than the labels, but
// without pairs, annotators against the majority or per-unit majorities.
func KeptReport(ctx context.Context, r *store.Reading, opt agreement.Options) (agreement.Report, error) {
	kind, err := r.Store().DatasetKind(ctx, r.DatasetID())
	if err != nil {
		return agreement.Report{}, err
	}
	rows, err := r.PatternCounts(ctx)
	if err != nil {
		return agreement.Report{}, err
	}
	p := guidelines.ForKind(kind)
	scale, low, q := ScaleOf(p), p.Low(), len(p.Categories())
	counts := make([]agreement.PatternCount, 0, len(rows))
	for _, row := range rows {
		t := slices.Index(p.Types, row.Type)
		if t < 0 {
			return agreement.Report{}, fmt.Errorf("agreement table: %s units in a %s dataset", row.Type, kind)
		}
		c := agreement.PatternCount{Type: t, Counts: make([]int, q), Units: row.Units}
		for v, n := range row.Votes {
			if n == 0 {
				continue
			}
			if v < low || v-low >= q {
				return agreement.Report{}, fmt.Errorf("agreement table: %s label %d is off the %s scale", row.Type, v, kind)
			}
			c.Counts[v-low] = n
		}
		counts = append(counts, c)
	}
	return agreement.AnalyzeCounts(scale, p.Types, counts, opt), nil
}
