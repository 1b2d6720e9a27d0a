package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// LabelHistory lists every change to the labels of an item of the
// reading's dataset, oldest first, that the reader may have, as EachLabel
// hands out the labels themselves: a lead's reading has everyone's, a
// reading of one's own labels just the reader's rows (their keys, undos
// and merges, and the labels their changed answers withdrew, whoever
// acted); below the lead a pair is its blind id and each value the side
// the judge saw as A. A reading for figures hands out no labels, and so
// no history.
func (r *Reading) LabelHistory(ctx context.Context, itemID int64) ([]HistoryEntry, error) {
	only := int64(0)
	switch r.scope {
	case scopeOwn:
		only = r.reader.ID
	case scopeFigures:
		return nil, fmt.Errorf("load history: %w: a reading for figures hands out no labels", ErrNotAllowed)
	}
	var dataset int64
	var firstLeft sql.NullBool // a pair's: which side its first system was shown on
	err := r.tx.scan(`SELECT dataset_id, (SELECT first_left FROM pairs WHERE item_id = items.id) FROM items WHERE id = ?`,
		[]any{itemID}, &dataset, &firstLeft)
	if errors.Is(err, sql.ErrNoRows) || err == nil && r.dataset != 0 && dataset != r.dataset {
		err = fmt.Errorf("item %d: %w in the dataset read", itemID, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("load history: %w", err)
	}
	out, err := labelHistory(ctx, r.tx, itemID, only)
	if err != nil || !firstLeft.Valid || r.pairs {
		return out, err
	}
	for i := range out {
		if err := r.seenHistory(ctx, &out[i], firstLeft.Bool); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// labelHistory reads an item's label history (one annotator's when only
// is set), oldest first.
func labelHistory(ctx context.Context, q querier, itemID, only int64) ([]HistoryEntry, error) {
	return collect(ctx, q, "load history", `
		SELECT i.uid, d.kind, h.unit, a.name, x.name, h.old_value, h.new_value, h.at, h.source,
			coalesce(h.old_text, ''), coalesce(h.new_text, '')
		FROM label_history h JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
			JOIN annotators a ON a.id = h.annotator_id JOIN annotators x ON x.id = h.actor_id
		WHERE h.item_id = ?1 AND (?2 = 0 OR h.annotator_id = ?2) ORDER BY h.id`, []any{itemID, only},
		func(rows *sql.Rows) (h HistoryEntry, err error) {
			return h, rows.Scan(&h.Item, &h.Kind, &h.Unit, &h.Annotator, &h.Actor, &h.Old, &h.New, &h.At, &h.Source, &h.OldText, &h.NewText)
		})
}

// seenHistory turns a pair's history row into what a reader below the
// lead may have, as asSeen turns a label: the pair's blind id, each value
// from the side the judge saw as A.
func (r *Reading) seenHistory(ctx context.Context, h *HistoryEntry, firstIsA bool) error {
	l := LabelRow{Item: h.Item}
	if err := r.asSeen(ctx, &l, firstIsA); err != nil {
		return err
	}
	h.Item, h.AsSeen = l.Item, true
	for _, v := range []*int{h.Old, h.New} {
		if v != nil {
			*v = guidelines.SeenSide(*v, firstIsA)
		}
	}
	return nil
}
