package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// Attention questions (migration 0017): a kind's attention question
// (guidelines.Protocol.Attention: a protocol file's [attention], a MIMICS
// pane's candidate answers, a ClariMM conversation's turns) asks, on a
// share of the HITs handed out (Training.AttentionRate), how many of
// something the item showed. The question is drawn when the HIT is handed
// out and kept with its right answer, counted from the item as shown
// then; the HIT finishes with the answer, not with its last label.
// Answers are no labels: they live in their own table, so no gold,
// agreement, statistic or export meets them, and they count in the
// annotator's quality beside the gold checks (and in the pause rule).

// MaxAttentionAnswer is the largest answer taken: an item has at most
// a few rows (a group has no cap, but no screen shows 999) and five list elements, so three digits is room
// for any mistake an annotator makes.
const MaxAttentionAnswer = 999

// ErrNotAsked is an attention answer for a HIT that asked no question.
var ErrNotAsked = errors.New("this HIT asks no attention question")

// attentionAsked refuses a rate of attention questions for a dataset whose
// kind asks none.
func attentionAsked(w *ptx, datasetID int64, rate float64) error {
	if rate == 0 {
		return nil
	}
	var kind guidelines.Kind
	if err := w.scan(`SELECT kind FROM datasets WHERE id = ?`, []any{datasetID}, &kind); err != nil {
		return err
	}
	if w.protocol(kind).Attention == nil {
		return fmt.Errorf("policy: a %s item asks no attention question (MIMICS panes and a protocol file with [attention] ask one)", kind)
	}
	return nil
}

// drawAttention decides, for a HIT just handed out (new, unfinished),
// whether it ends with the attention question, at the dataset's rate, and
// keeps the question with its right answer.
func (s *Store) drawAttention(w *ptx, g gate, itemID, annotatorID int64, now string) error {
	if g.AttentionRate == 0 || s.draw() >= g.AttentionRate {
		return nil
	}
	ref, err := itemRef(w.ctx, w, itemID, w.kindSet())
	if err != nil {
		return err
	}
	q := ref.Protocol.Attention
	if q == nil {
		return nil // the kind asks none (its file changed since the policy was set)
	}
	rows, err := collect(w.ctx, w, "item rows", `SELECT line FROM item_rows WHERE item_id = ? ORDER BY pos`, []any{itemID},
		func(r *sql.Rows) (string, error) {
			var line string
			err := r.Scan(&line)
			return line, err
		})
	if err != nil {
		return err
	}
	expected := q.Answer(ref.shape(), rows)
	_, err = w.exec(`INSERT INTO attention (item_id, annotator_id, expected, asked_at)
		SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM hits WHERE item_id = ?1 AND annotator_id = ?2 AND finished_at IS NULL)
		ON CONFLICT DO NOTHING`, itemID, annotatorID, expected, now)
	return err
}

// attentionWaits says whether the HIT asks an attention question not yet
// answered: its last label then does not finish it; the answer does. A
// question the kind no longer asks (its file's) waits for nothing, since no
// screen asks it: a process that had not yet read the changed file (which
// dropped [attention], ending the questions then waiting: changeProtocol)
// may have drawn it. It goes, and the HIT finishes as any other.
func attentionWaits(w *ptx, itemID, annotatorID int64) (bool, error) {
	var kind guidelines.Kind
	err := w.scan(`SELECT d.kind FROM attention a JOIN items i ON i.id = a.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE a.item_id = ? AND a.annotator_id = ? AND a.answer IS NULL`, []any{itemID, annotatorID}, &kind)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, err
	}
	if w.protocol(kind).Attention != nil {
		return true, nil
	}
	_, err = w.exec(`DELETE FROM attention WHERE item_id = ? AND annotator_id = ? AND answer IS NULL`, itemID, annotatorID)
	return false, err
}

// AttentionAnswer is an annotator's answer to their HIT's attention
// question.
type AttentionAnswer struct {
	ItemID, AnnotatorID int64
	Answer              int
	Move                StepMove // recorded with it
	Rev                 *Rev     // as LabelChange.Rev
}

// AnswerAttention keeps the answer and finishes the HIT, in one
// transaction. It is refused for a HIT that asked no question, one
// answered already, and one with a step still to label.
func (s *Store) AnswerAttention(ctx context.Context, a AttentionAnswer) error {
	if a.Answer < 0 || a.Answer > MaxAttentionAnswer {
		return fmt.Errorf("attention answer %d: want a count from 0 to %d", a.Answer, MaxAttentionAnswer)
	}
	var rev int64
	err := s.tx(ctx, func(w *ptx) error {
		now := s.now()
		// A repeat's second answer asks no question.
		if _, repeat, err := openRepeat(w, a.ItemID, a.AnnotatorID); err != nil {
			return err
		} else if repeat {
			return ErrNotAsked
		}
		finished, held, err := holdHIT(w, s, a.ItemID, a.AnnotatorID, 1)
		if err != nil {
			return err
		}
		if err := staleRev(LabelChange{Rev: a.Rev}, 0, held, finished); err != nil {
			return err
		}
		rev = held + 1
		if err := unanswered(w, a.ItemID, a.AnnotatorID); err != nil {
			return err
		}
		if err := hitComplete(w, a.ItemID, a.AnnotatorID); err != nil {
			return err
		}
		if _, err := w.exec(`UPDATE attention SET answer = ?3, answered_at = ?4 WHERE item_id = ?1 AND annotator_id = ?2`,
			a.ItemID, a.AnnotatorID, a.Answer, now); err != nil {
			return err
		}
		if err := recordMove(w, a.ItemID, a.AnnotatorID, a.Move, now); err != nil {
			return err
		}
		done := a.Answer
		if err := touchHIT(w, LabelChange{ItemID: a.ItemID, AnnotatorID: a.AnnotatorID, Value: &done, Finish: true}, now); err != nil {
			return err
		}
		return refreshItem(w, a.ItemID)
	})
	if err != nil {
		return fmt.Errorf("answer the attention question: %w", err)
	}
	if a.Rev != nil {
		a.Rev.N = rev
	}
	return nil
}

// unanswered refuses a HIT with no attention question, or one answered.
func unanswered(w *ptx, itemID, annotatorID int64) error {
	var answer sql.NullInt64
	err := w.scan(`SELECT answer FROM attention WHERE item_id = ? AND annotator_id = ?`, []any{itemID, annotatorID}, &answer)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNotAsked
	case err != nil:
		return err
	case answer.Valid:
		return errors.New("the attention question is answered already")
	}
	return nil
}

// hitComplete refuses a HIT with a step still to label: the answer
// finishes the HIT, so it comes last.
func hitComplete(w *ptx, itemID, annotatorID int64) error {
	ref, labels, err := hitSoFar(w, itemID, annotatorID)
	if err != nil {
		return err
	}
	if !ref.Complete(labels) {
		return errors.New("label every step of the HIT before answering its attention question")
	}
	return nil
}

// hitSoFar is an annotator's HIT on an item as stored: the item, and
// their labels on it by unit.
func hitSoFar(w *ptx, itemID, annotatorID int64) (ItemRef, map[string]int, error) {
	ref, err := itemRef(w.ctx, w, itemID, w.kindSet())
	if err != nil {
		return ref, nil, err
	}
	labels, err := hitValues(w, itemID, annotatorID)
	return ref, labels, err
}

// hitValues are an annotator's labels on an item, by unit.
func hitValues(w *ptx, itemID, annotatorID int64) (map[string]int, error) {
	labels := map[string]int{}
	err := unitValues(w.ctx, w, `SELECT unit, value FROM labels WHERE item_id = ? AND annotator_id = ?`,
		[]any{itemID, annotatorID}, labels)
	return labels, err
}

// attentionSince counts the annotator's answered attention questions in
// the task (and its gold checks) since their last resume, and those
// answered right.
func attentionSince(w *ptx, taskID, annotatorID int64) (asked, right int, err error) {
	err = w.scan(`SELECT count(*), coalesce(sum(a.answer = a.expected), 0) FROM attention a
		JOIN items i ON i.id = a.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE a.annotator_id = ?2 AND a.answer IS NOT NULL AND coalesce(d.parent_id, d.id) = ?1 AND d.purpose != 'practice'
			AND a.answered_at >= coalesce((SELECT checks_since FROM standing WHERE dataset_id = ?1 AND annotator_id = ?2), '')`,
		[]any{taskID, annotatorID}, &asked, &right)
	return asked, right, err
}
