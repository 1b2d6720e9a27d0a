package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// refColumns read an item's ItemRef from items i joined to datasets d: what
// its HIT asks depends on its kind, question and counts of answers (a
// protocol file's list), nuggets and (a protocol file's grouped item) rows, or its
// elements when it gathers rows into elements (item.element); a pair's
// drawn side.
const refColumns = `i.id, i.dataset_id, d.kind, i.question, ` + listCount + `,
	(SELECT count(*) FROM answers a JOIN nuggets n ON n.intent_id = a.intent_id WHERE a.item_id = i.id),
	(SELECT count(DISTINCT coalesce(r.element, -r.pos)) FROM item_rows r WHERE r.item_id = i.id),
	(SELECT p.first_left FROM pairs p WHERE p.item_id = i.id), i.meta`

// listCount is the elements of item i's list: its options, or list_len
// past five.
const listCount = `coalesce(i.list_len, (i.option_1 != '') + (i.option_2 != '') + (i.option_3 != '') + (i.option_4 != '') + (i.option_5 != ''))`

// unitValues reads a query's (unit, value) rows into a map, by unit: a
// HIT's labels, a repeat's, an item's known answers.
func unitValues(ctx context.Context, q querier, query string, args []any, into map[string]int) error {
	return eachRow(ctx, q, query, args, func(rows *sql.Rows) error {
		var u string
		var v int
		err := rows.Scan(&u, &v)
		into[u] = v
		return err
	})
}

// refByID reads one item's ItemRef.
const refByID = `SELECT ` + refColumns + ` FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`

// itemRef is the item as its HIT's steps see it.
func itemRef(ctx context.Context, q source, itemID int64, kinds *guidelines.Set) (ItemRef, error) {
	return scanRef(q.QueryRowContext(ctx, refByID, itemID), kinds)
}

func scanRef(row interface{ Scan(...any) error }, kinds *guidelines.Set) (ItemRef, error) {
	var r ItemRef
	var firstLeft sql.NullBool
	err := row.Scan(&r.ID, &r.DatasetID, &r.Kind, &r.Question, &r.Answers, &r.Nuggets, &r.Rows, &firstLeft, &r.Meta)
	r.Pair, r.FirstIsA = firstLeft.Valid, firstLeft.Bool
	if err != nil {
		return r, err
	}
	if !kinds.Known(r.Kind) {
		return r, fmt.Errorf("task kind %q: %w", display.Clean(string(r.Kind)), guidelines.ErrUnknownKind)
	}
	r.Protocol = kinds.For(r.Kind)
	return r, nil
}

// Asked lists the units the item's HIT asked an annotator whose labels are
// these (guidelines.Protocol.Asked).
func (r ItemRef) Asked(labels map[string]int) []string {
	return r.Protocol.Asked(r.shape(), labels)
}

// knownScore scores HIT (item, annotator) against the item's known labels:
// the known units its HIT asked the annotator, and those their labels
// match. A known unit the HIT never asked (a generic pane's question, a
// facet after a no) is not counted either way. Practice scoring, gold
// checks and the quality report all count so.
func knownScore(ctx context.Context, tx *ptx, itemID, annotatorID int64) (units, matched int, err error) {
	answers, err := knownAnswers(ctx, tx, itemID, annotatorID)
	for _, a := range answers {
		units++
		if a.Matched() {
			matched++
		}
	}
	return units, matched, err
}

// checkScore scores a gold check by how it stands (checkOutcome): an
// answered one as knownScore does, and one dodged (given back, or put off
// and not taken up again) as missed: none matched of the known units a
// right answer would be asked, and at least one, so that labels keyed
// before the dodge can neither shrink nor improve it.
func checkScore(ctx context.Context, tx *ptx, itemID, annotatorID int64, dodged Skip) (units, matched int, err error) {
	if dodged == "" {
		return knownScore(ctx, tx, itemID, annotatorID)
	}
	answers, err := knownAsked(ctx, tx, itemID, nil)
	if err != nil {
		return 0, 0, err
	}
	return max(len(answers), 1), 0, nil
}

// knownAnswers are the known units of HIT (item, annotator) its HIT asked,
// in HIT order, each beside the annotator's label.
func knownAnswers(ctx context.Context, tx *ptx, itemID, annotatorID int64) ([]UnitAnswer, error) {
	given := map[string]int{}
	if err := unitValues(ctx, tx, `SELECT unit, value FROM labels WHERE item_id = ? AND annotator_id = ?`,
		[]any{itemID, annotatorID}, given); err != nil {
		return nil, err
	}
	return knownAsked(ctx, tx, itemID, given)
}

// knownAsked lists the item's known units that a HIT labelled given asks,
// in HIT order, each beside given's label; nil given stands for the right
// answer, the known labels themselves (what a dodged check is scored on).
func knownAsked(ctx context.Context, tx *ptx, itemID int64, given map[string]int) ([]UnitAnswer, error) {
	ref, err := itemRef(ctx, tx, itemID, tx.kindSet())
	if err != nil {
		return nil, err
	}
	known := map[string]int{}
	if err := unitValues(ctx, tx, `SELECT unit, value FROM known_labels WHERE item_id = ?`, []any{itemID}, known); err != nil {
		return nil, err
	}
	if given == nil {
		given = known
	}
	var out []UnitAnswer
	for _, u := range ref.Asked(given) {
		want, ok := known[u]
		if !ok {
			continue
		}
		a := UnitAnswer{Unit: u, Expected: want}
		if v, ok := given[u]; ok {
			a.Given = &v
		}
		out = append(out, a)
	}
	return out, nil
}
