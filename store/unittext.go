package store

import (
	"context"

	"github.com/claritty/claritty/guidelines"
)

// UnitText is what an export's text columns say of one unit of an item,
// for a reader without the data file: the item's two texts and, for a
// grouped row's unit, that row's id.
type UnitText struct {
	Text, Text2, RowID string
}

// UnitText is what the text columns of an export say of a unit of it:
// an item's stored texts (query and question), or, for a protocol file's
// grouped item, the group's text and each row's own text and id
// (guidelines.ProtocolFile.UnitText), read from the rows kept as the file
// had them. Only the item's text and id columns are read, never a label
// column, so any reading of labels may have them.
func (r *Reading) UnitText(ctx context.Context, it Item, kind guidelines.Kind, unit string) (UnitText, error) {
	return r.texter.of(ctx, r.tx, it.ID, r.Protocol(kind), unit, UnitText{Text: it.Query, Text2: it.Question})
}

// unitTexter reads grouped items' rows for UnitText one item at a time,
// keeping the last: exports go item by item, unit by unit.
type unitTexter struct {
	item int64
	rows []string
}

// of is UnitText for the unit of item itemID of kind, stored its texts.
func (u *unitTexter) of(ctx context.Context, q source, itemID int64, p guidelines.Protocol, unit string, stored UnitText) (UnitText, error) {
	if !p.Grouped() {
		return stored, nil
	}
	if u.item != itemID { // item ids start at 1: the zero texter has read none
		rows, err := collect(ctx, q, "item rows", `SELECT line FROM item_rows WHERE item_id = ? ORDER BY pos`, []any{itemID},
			scanValue[string])
		if err != nil {
			return stored, err
		}
		u.item, u.rows = itemID, rows
	}
	var t UnitText
	t.Text, t.Text2, t.RowID = p.UnitText(unit, u.rows)
	return t, nil
}
