package data

import (
	"context"
	"fmt"
	"strconv"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/store"
)

// MIMICSScale is the 2/1/0 scale as agreement sees it: Bad < Fair < Good,
// with the numbers as interval values.
var MIMICSScale = agreement.NewScale([]string{"0", "1", "2"})

// DatasetStudy gathers every label of a dataset for an agreement report,
// leaving out the items in hidden (by uid; nil hides none).
func DatasetStudy(ctx context.Context, st *store.Store, datasetID int64, hidden map[string]bool) (*agreement.Study, error) {
	b := agreement.NewBuilder(MIMICSScale)
	b.DeclareTypes("question", "answer_set", "landing")
	err := st.EachLabel(ctx, datasetID, func(r store.LabelRow) error {
		if hidden[r.Item] {
			return nil
		}
		return b.Add(r.Item, r.Unit, r.Annotator, strconv.Itoa(r.Value))
	})
	if err != nil {
		return nil, fmt.Errorf("read labels: %w", err)
	}
	return b.Study(), nil
}

// RatingsStudy gathers the rows of a labels TSV on the given categories (in
// ordinal order), or on the labels it holds when categories is empty.
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
