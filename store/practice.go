package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
)

// Practice, gold checks and repeats: the HITs NextHIT hands out besides
// real work (migration 0014). Practice and check items are in their own
// datasets, so their labels are an annotator's like any other and never
// reach the task's counters, gold, agreement or exports; a repeat's second
// answer goes to repeat_labels.

// gate is what NextHIT needs to know of the training policy.
type gate struct {
	Training
	standing Standing
	practice int64 // the practice dataset (0: none)
	check    int64 // the gold-check dataset (0: none)
}

// readGate is what NextHIT reads of the dataset first: where the annotator
// stands, the training policy, the side datasets, and the lease (seconds).
func readGate(w *ptx, datasetID, annotatorID int64) (g gate, leaseSecs int64, err error) {
	if g.standing, err = standingOf(w.ctx, w, datasetID, annotatorID); err != nil {
		return g, 0, err
	}
	row := gateRow{w.QueryRowContext(w.ctx, gateRead, datasetID, PurposePractice, PurposeCheck), []any{&leaseSecs, &g.practice, &g.check}}
	g.Training, err = scanTraining(row)
	return g, leaseSecs, err
}

// gateRead is trainingRead with the dataset's lease and its practice and
// gold-check datasets (0: none), in one read: NextHIT asks for all four
// each time, and they were four statements.
const gateRead = `SELECT qualify_hits, qualify_pass, check_rate, repeat_rate, repeat_gap, fast_seconds,
	pause_below, pause_after, attention_rate, swap_rate, lease_seconds,
	coalesce((SELECT p.id FROM datasets p WHERE p.parent_id = d.id AND p.purpose = ?2), 0),
	coalesce((SELECT c.id FROM datasets c WHERE c.parent_id = d.id AND c.purpose = ?3), 0)
	FROM datasets d WHERE d.id = ?1`

// gateRow scans gateRead: trainingRead's columns, then extra.
type gateRow struct {
	row   *sql.Row
	extra []any
}

func (r gateRow) Scan(dest ...any) error { return r.row.Scan(append(dest, r.extra...)...) }

// nextPractice is the annotator's practice HIT: the one they have open,
// else the practice item they have not tried since their last reset (in
// order), else the one they tried longest ago, started afresh.
func nextPractice(w *ptx, g gate, annotatorID int64, now string) (int64, bool, error) {
	if g.practice == 0 {
		return 0, false, nil
	}
	var id int64
	err := w.scan(openInDataset, []any{g.practice, annotatorID}, &id)
	if err == nil {
		_, err = w.exec(claimTouch, id, annotatorID, now, 0)
		return id, err == nil, err
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	err = w.scan(`SELECT i.id FROM items i LEFT JOIN (SELECT item_id, max(id) AS last FROM practice_attempts
			WHERE annotator_id = ?2 AND id >= ?3 GROUP BY item_id) a ON a.item_id = i.id
		WHERE i.dataset_id = ?1 ORDER BY a.last IS NOT NULL, a.last, i.seq LIMIT 1`,
		[]any{g.practice, annotatorID, g.standing.countsFrom}, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return id, true, restartPractice(w, id, annotatorID, false, now)
}

// openInDataset is an annotator's open HIT among a dataset's items.
const openInDataset = `SELECT h.item_id FROM hits h INDEXED BY hits_annotator JOIN items i ON i.id = h.item_id
	WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.later_at IS NULL AND h.given_back_at IS NULL
	AND i.dataset_id = ?1 LIMIT 1`

// restartPractice opens a practice HIT for a new attempt: the labels of the
// last one are taken away (the history keeps them) and the HIT is open
// again; retry marks an attempt made after seeing the answers.
func restartPractice(w *ptx, itemID, annotatorID int64, retry bool, now string) error {
	if _, err := w.exec(`INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at, source)
		SELECT item_id, unit, annotator_id, value, NULL, annotator_id, ?3, 'practice' FROM labels
		WHERE item_id = ?1 AND annotator_id = ?2`, itemID, annotatorID, now); err != nil {
		return err
	}
	if _, err := w.exec(`DELETE FROM labels WHERE item_id = ? AND annotator_id = ?`, itemID, annotatorID); err != nil {
		return err
	}
	res, err := w.exec(`UPDATE hits SET finished_at = NULL, serp_reviewed = NULL, started_at = ?3, touched_at = ?3, retry = ?4,
			rev = rev + 1 WHERE item_id = ?1 AND annotator_id = ?2`, itemID, annotatorID, now, retry)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		_, err = w.exec(`INSERT INTO hits (item_id, annotator_id, started_at, touched_at, retry) VALUES (?1, ?2, ?3, ?3, ?4)`,
			itemID, annotatorID, now, retry)
	}
	return err
}

// RetryPractice opens a finished practice HIT again for the annotator to
// try after seeing its answers; the attempt does not count toward
// qualification.
func (s *Store) RetryPractice(ctx context.Context, itemID, annotatorID int64) error {
	err := s.tx(ctx, func(w *ptx) error {
		var purpose Purpose
		var finished bool
		err := w.scan(`SELECT d.purpose, coalesce(h.finished_at IS NOT NULL, 0) FROM items i JOIN datasets d ON d.id = i.dataset_id
			LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2 WHERE i.id = ?1`,
			[]any{itemID, annotatorID}, &purpose, &finished)
		switch {
		case err != nil:
			return err
		case purpose != PurposePractice:
			return errors.New("only a practice item can be tried again")
		case !finished:
			return errors.New("finish the practice item first")
		}
		return restartPractice(w, itemID, annotatorID, true, s.now())
	})
	if err != nil {
		return fmt.Errorf("try again: %w", err)
	}
	return nil
}

// drawHidden decides, for the HIT (item) about to be handed out, whether
// it is a gold check (share CheckRate), a repeat (share RepeatRate) or a
// swapped repeat (share SwapRate) instead, and opens it. ok is false for
// real work, or when there is no check or repeat left to give.
//
// An annotator in an arm shown a run's label (p.shown) is given no gold
// check: a check's item has no run label, so it would come without the
// suggestion every real HIT of theirs shows, and give itself away; the
// draw that would have been a check is real work. A repeat is of one of
// their own items and shows its run label again, so repeats stay.
func (s *Store) drawHidden(w *ptx, g gate, p armPlace, datasetID, annotatorID, item int64, now string) (int64, bool, error) {
	u := s.draw()
	switch {
	case u < g.CheckRate && (g.check == 0 || p.shown):
		return 0, false, nil
	case u < g.CheckRate:
		return nextCheck(w, g.check, annotatorID, item, now)
	case u >= g.CheckRate && u < g.CheckRate+g.RepeatRate:
		return nextRepeat(w, datasetID, annotatorID, g.RepeatGap, false, now)
	case u >= g.CheckRate+g.RepeatRate && u < g.CheckRate+g.RepeatRate+g.SwapRate:
		return nextRepeat(w, datasetID, annotatorID, g.RepeatGap, true, now)
	}
	return 0, false, nil
}

// draw is a number in [0, 1) from Store.Draws, or from the process's
// source when tests have not set one.
func (s *Store) draw() float64 {
	if s.Draws == nil {
		return rand.Float64()
	}
	s.drawMu.Lock()
	defer s.drawMu.Unlock()
	return s.Draws.Float64()
}

// nextCheck opens the first gold-check item the annotator has not had, in
// the place of the task's item replaced: it is shown under that item's
// number (hits.shown_seq, migration 0022), in this session and any later.
func nextCheck(w *ptx, checkID, annotatorID, replaced int64, now string) (int64, bool, error) {
	var id int64
	err := w.scan(`SELECT i.id FROM items i WHERE i.dataset_id = ?1
		AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id AND h.annotator_id = ?2) ORDER BY i.seq LIMIT 1`,
		[]any{checkID, annotatorID}, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	if _, err = w.exec(claimInsert, id, annotatorID, now, 0); err != nil {
		return 0, false, err
	}
	_, err = w.exec(`UPDATE hits SET shown_seq = (SELECT seq FROM items WHERE id = ?3) WHERE item_id = ?1 AND annotator_id = ?2`,
		id, annotatorID, replaced)
	return id, err == nil, err
}

// nextRepeat opens a repeat of the annotator's HIT finished longest ago
// that has none yet and is at least gap finished HITs behind them;
// swapped shows a comparison's sides the other way round.
func nextRepeat(w *ptx, datasetID, annotatorID int64, gap int, swapped bool, now string) (int64, bool, error) {
	var id int64
	err := w.scan(`SELECT h.item_id FROM hits h INDEXED BY hits_done_no JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND h.done_no IS NOT NULL AND h.finished_at IS NOT NULL
			AND h.done_no <= coalesce((SELECT done FROM annotator_done WHERE dataset_id = ?1 AND annotator_id = ?2), 0) - ?3
			AND i.dataset_id = ?1
			AND NOT EXISTS (SELECT 1 FROM repeats r WHERE r.item_id = h.item_id AND r.annotator_id = ?2)
			AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = h.item_id AND f.annotator_id = ?2 AND `+standingFlag+`)
		ORDER BY h.done_no LIMIT 1`, []any{datasetID, annotatorID, gap}, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	_, err = w.exec(`INSERT INTO repeats (item_id, annotator_id, started_at, swapped) VALUES (?, ?, ?, ?)`,
		id, annotatorID, now, swapped)
	return id, err == nil, err
}

// openHidden is the annotator's open repeat or gold check in the dataset,
// if they have one: it comes before anything else, as an open HIT does.
func openHidden(w *ptx, g gate, datasetID, annotatorID int64, now string) (int64, bool, error) {
	var id int64
	err := w.scan(`SELECT r.item_id FROM repeats r INDEXED BY repeats_open JOIN items i ON i.id = r.item_id
		WHERE r.annotator_id = ?2 AND r.finished_at IS NULL AND r.later_at IS NULL AND r.given_back_at IS NULL
		AND i.dataset_id = ?1 LIMIT 1`,
		[]any{datasetID, annotatorID}, &id)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return id, err == nil, err
	}
	if g.check == 0 {
		return 0, false, nil
	}
	err = w.scan(openInDataset, []any{g.check, annotatorID}, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err == nil {
		_, err = w.exec(claimTouch, id, annotatorID, now, 0)
	}
	return id, err == nil, err
}

// openRepeat is the annotator's open repeat of the item (ok false: none).
func openRepeat(w *ptx, itemID, annotatorID int64) (int64, bool, error) {
	var id int64
	err := w.scan(`SELECT id FROM repeats WHERE item_id = ? AND annotator_id = ? AND finished_at IS NULL AND given_back_at IS NULL`,
		[]any{itemID, annotatorID}, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

// UnitAnswer is one unit of a practice HIT: the known answer and the
// annotator's label (Given nil: none).
type UnitAnswer struct {
	Unit     string
	Expected int
	Given    *int
}

// Matched reports whether the annotator's label is the answer.
func (u UnitAnswer) Matched() bool { return u.Given != nil && *u.Given == u.Expected }

// PracticeFeedback is what the screen shows after a practice HIT: each
// known unit the HIT asked, its answer beside the annotator's label, in HIT
// order, and where they
// now stand in the task dataset.
func (s *Store) PracticeFeedback(ctx context.Context, taskID, itemID, annotatorID int64) ([]UnitAnswer, Standing, error) {
	var out []UnitAnswer
	var st Standing
	err := s.readTx(ctx, func(tx *ptx) error {
		var purpose Purpose
		err := tx.QueryRowContext(ctx, `SELECT d.purpose FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`,
			itemID).Scan(&purpose)
		if err != nil {
			return err
		}
		if purpose == PurposePractice {
			if out, err = knownAnswers(ctx, tx, itemID, annotatorID); err != nil {
				return err
			}
		}
		st, err = standingOf(ctx, tx, taskID, annotatorID)
		return err
	})
	if err != nil {
		return nil, st, fmt.Errorf("practice answers: %w", err)
	}
	return out, st, nil
}
