package data

import (
	"strconv"

	"github.com/claritty/claritty/guidelines"
)

// choiceLabel checks a choice step's known label as a file writes it: the
// number of the element picked, from 1; for a list, one of the row's own
// elements. A grouped item's rows are counted once the item is whole (the
// store holds the label to them).
func (rd *protoReader) choiceLabel(r FileRow, col, raw string) error {
	n := guidelines.MaxChoice
	if rd.f.Item.Group == "" {
		n = min(n, len(r.List))
	}
	if n == 0 {
		return lineErr(rd.lr.file, r.Line, "%s is %q, but the row has no %s to pick", col, raw, rd.noun())
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < 1 || v > n || strconv.Itoa(v) != raw {
		return lineErr(rd.lr.file, r.Line, "%s is %q, not the number of one of the %d %ss to pick from (1-%d)", col, raw, n, rd.noun(), n)
	}
	return nil
}

// noun is what one element a choice picks is called.
func (rd *protoReader) noun() string {
	if rd.f.Item.Group != "" {
		return rd.f.RowNoun()
	}
	return rd.f.Item.ListName
}
