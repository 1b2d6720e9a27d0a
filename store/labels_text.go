package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// ErrAnswer is a written answer the store refuses: empty, too long, or
// holding a control character; or words given to a unit on a scale.
var ErrAnswer = errors.New("not a written answer of this unit")

// checkAnswer holds a label to its unit's kind of answer: a text unit
// (a protocol file's kind = "text" step) takes value 0 and words that
// guidelines.CheckAnswer allows; a unit on a scale takes no words. The
// triggers of migration 0027 hold the same of any write; this says why in
// words.
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

// ItemAnswers are the settled written answers of one unit of one item, in
// annotator order.
type ItemAnswers struct {
	ItemID  int64
	UID     string
	Unit    string
	Answers []string
	// Annotators are whose, as Answers.
	Annotators []int64
}

// EachAnswers calls fn for every unit of the reading's dataset that has
// settled written answers (a finished HIT's, or imported), in import then
// unit order, leaving out the items hidden from the reader, as votes are.
func (r *Reading) EachAnswers(ctx context.Context, fn func(ItemAnswers) error) error {
	if err := r.votesAllowed(); err != nil {
		return fmt.Errorf("list written answers: %w", err)
	}
	if err := r.loadHidden(ctx); err != nil {
		return err
	}
	var cur ItemAnswers
	flush := func() error {
		if cur.Unit == "" || r.hides(cur.ItemID) {
			return nil
		}
		return fn(cur)
	}
	err := eachRow(ctx, r.tx, `SELECT i.id, i.uid, l.unit, l.annotator_id, l.text
		FROM items i JOIN labels l ON l.item_id = i.id
			LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE i.dataset_id = ? AND l.text IS NOT NULL AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
		ORDER BY i.seq, l.unit, l.annotator_id`, []any{r.dataset}, func(rows *sql.Rows) error {
		var a ItemAnswers
		var who int64
		var text string
		if err := rows.Scan(&a.ItemID, &a.UID, &a.Unit, &who, &text); err != nil {
			return err
		}
		if a.ItemID != cur.ItemID || a.Unit != cur.Unit {
			if err := flush(); err != nil {
				return err
			}
			cur = a
		}
		cur.Answers, cur.Annotators = append(cur.Answers, text), append(cur.Annotators, who)
		return nil
	})
	if err != nil {
		return fmt.Errorf("list written answers: %w", err)
	}
	return flush()
}

// WrittenUnit is what a written unit's gold rests on: its settled answers
// in the order they were first keyed (created_at, then annotator), and
// the adjudicator's answer when one decided it.
type WrittenUnit struct {
	Answers []string
	Decided *string
}

// ItemWritten is the written units of one item with settled answers or a
// decision, by unit.
func (r *Reading) ItemWritten(ctx context.Context, itemID int64) (map[string]*WrittenUnit, error) {
	if err := r.RequireGold(); err != nil {
		return nil, err
	}
	out := map[string]*WrittenUnit{}
	of := func(unit string) *WrittenUnit {
		if out[unit] == nil {
			out[unit] = &WrittenUnit{}
		}
		return out[unit]
	}
	err := eachRow(ctx, r.tx, `SELECT l.unit, l.text FROM labels l
			LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE l.item_id = ? AND l.text IS NOT NULL AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
		ORDER BY l.created_at, l.annotator_id`, []any{itemID}, func(rows *sql.Rows) error {
		var unit, text string
		if err := rows.Scan(&unit, &text); err != nil {
			return err
		}
		w := of(unit)
		w.Answers = append(w.Answers, text)
		return nil
	})
	if err == nil {
		err = eachRow(ctx, r.tx, `SELECT unit, text FROM adjudications WHERE item_id = ? AND text IS NOT NULL`, []any{itemID}, func(rows *sql.Rows) error {
			var unit, text string
			if err := rows.Scan(&unit, &text); err != nil {
				return err
			}
			of(unit).Decided = &text
			return nil
		})
	}
	if err != nil {
		return nil, fmt.Errorf("read written answers: %w", err)
	}
	return out, nil
}

// settledAnswers is SQL for the settled written answers of item i, as a
// JSON array of [unit, text] pairs (NULL for none): what says whether a
// written unit is disputed.
const settledAnswers = `SELECT json_group_array(json_array(l.unit, l.text)) FROM labels l
	LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
	WHERE l.item_id = i.id AND l.text IS NOT NULL AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
	HAVING count(*) > 0`

// answersDiffer reads settledAnswers: for each written unit with answers,
// whether they differ (not all the same trimmed and case folded).
func answersDiffer(packed string) (map[string]bool, error) {
	out := map[string]bool{}
	if packed == "" {
		return out, nil
	}
	var pairs [][2]string
	if err := json.Unmarshal([]byte(packed), &pairs); err != nil {
		return nil, fmt.Errorf("written answers: %w", err)
	}
	first := map[string]string{}
	for _, p := range pairs {
		unit, text := p[0], p[1]
		f, seen := first[unit]
		if !seen {
			first[unit], out[unit] = text, false
			continue
		}
		if !agreement.SameAnswer(f, text) {
			out[unit] = true
		}
	}
	return out, nil
}
