package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// ErrAnswer is a written answer the store refuses: empty, too long, or
// holding a control character; or words given to a unit on a scale.
var ErrAnswer = errors.New("not a written answer of this unit")

// checkText holds a keyed label to its unit's kind of answer: a text unit
// (a protocol file's kind = "text" step) takes value 0 and words that
// guidelines.CheckAnswer allows; a unit on a scale takes no words. The
// triggers of migration 0026 hold the same of any write; this says why in
// words a person can act on.
func checkText(w *ptx, ch LabelChange) error {
	if ch.Value == nil {
		return nil
	}
	p, err := itemProtocol(w, ch.ItemID)
	if err != nil {
		return err
	}
	return checkAnswer(p, ch.Unit, *ch.Value, ch.Text)
}

// checkAnswer is checkText for a unit of protocol p.
func checkAnswer(p guidelines.Protocol, unit string, value int, text string) error {
	max := p.TextMax(unit)
	switch {
	case max == 0 && text != "":
		return fmt.Errorf("%w: %s is labelled on a scale, not written", ErrAnswer, unit)
	case max == 0:
		return nil
	case value != 0:
		return fmt.Errorf("%w: %s is a written answer, not a value (%d)", ErrAnswer, unit, value)
	}
	if err := guidelines.CheckAnswer(text, max); err != nil {
		return fmt.Errorf("%w: %s: %w", ErrAnswer, unit, err)
	}
	return nil
}

// currentText is the annotator's label of the unit as it stands: its
// value (nil when none) and, for a written answer, its words.
func currentText(w *ptx, ch LabelChange) (*int, string, error) {
	var v int
	var text sql.NullString
	err := w.scan(`SELECT value, text FROM labels WHERE item_id = ? AND unit = ? AND annotator_id = ?`,
		[]any{ch.ItemID, ch.Unit, ch.AnnotatorID}, &v, &text)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	return &v, text.String, nil
}

// nullText is a label's text as stored: NULL for a label on a scale.
func nullText(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// texts reads unit → written answer rows (query q over args).
func (s *Store) texts(ctx context.Context, q string, args ...any) (map[string]string, error) {
	out := map[string]string{}
	err := eachRow(ctx, s.prepared(), q, args, func(rows *sql.Rows) error {
		var unit, text string
		if err := rows.Scan(&unit, &text); err != nil {
			return err
		}
		out[unit] = text
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load HIT: written answers: %w", err)
	}
	return out, nil
}
