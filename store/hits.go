package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// HIT is one annotator's progress on one item.
type HIT struct {
	Started      bool
	SERPReviewed bool
	Finished     bool
	Flagged      bool
	Labels       map[string]int
}

// LoadHIT reads an annotator's state on an item.
func (s *Store) LoadHIT(ctx context.Context, itemID, annotatorID int64) (HIT, error) {
	var h HIT
	var reviewed, finished sql.NullString
	err := s.readRow(ctx, `SELECT serp_reviewed, finished_at FROM hits WHERE item_id = ? AND annotator_id = ?`,
		[]any{itemID, annotatorID}, &reviewed, &finished)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return h, fmt.Errorf("load HIT: %w", err)
	default:
		h.Started, h.SERPReviewed, h.Finished = true, reviewed.Valid, finished.Valid
	}
	err = s.readRow(ctx, `SELECT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = ? AND f.annotator_id = ? AND `+standingFlag+`)`,
		[]any{itemID, annotatorID}, &h.Flagged)
	if err != nil {
		return h, fmt.Errorf("load HIT: %w", err)
	}
	h.Labels, err = s.Labels(ctx, itemID, annotatorID)
	return h, err
}

// MarkSERPReviewed records that the annotator finished Step I, and the
// move to the next step that comes with it.
func (s *Store) MarkSERPReviewed(ctx context.Context, itemID, annotatorID int64, move StepMove) error {
	err := s.prepTx(ctx, func(w *ptx) error {
		if _, err := holdHIT(w, s, itemID, annotatorID); err != nil {
			return err
		}
		now := s.now()
		_, err := w.exec(`UPDATE hits SET serp_reviewed = coalesce(serp_reviewed, ?)
			WHERE item_id = ? AND annotator_id = ?`, now, itemID, annotatorID)
		if err != nil {
			return err
		}
		return recordMove(w, itemID, annotatorID, move, now)
	})
	if err != nil {
		return fmt.Errorf("mark results reviewed: %w", err)
	}
	return nil
}

// Progress counts an annotator's finished HITs and all HITs of a dataset.
func (s *Store) Progress(ctx context.Context, datasetID, annotatorID int64) (done, total int, err error) {
	// Counters (migration 0012): counting was a walk over every finished
	// HIT of the annotator for every HIT shown.
	err = s.readRow(ctx, `SELECT
		coalesce((SELECT done FROM annotator_done WHERE dataset_id = ?1 AND annotator_id = ?2), 0),
		(SELECT items_count FROM datasets WHERE id = ?1)`, []any{datasetID, annotatorID}, &done, &total)
	if err != nil {
		return 0, 0, fmt.Errorf("count progress: %w", err)
	}
	return done, total, nil
}

// Status of a HIT in an annotator's queue.
type Status string

const (
	StatusTodo       Status = "to do"
	StatusInProgress Status = "in progress"
	StatusDone       Status = "done"
	StatusFlagged    Status = "flagged"
	// StatusNotNeeded: the annotator has not started it and the pane has
	// all the annotators its policy asks for.
	StatusNotNeeded Status = "not needed"
)

// QueueRow is one line of an annotator's queue.
type QueueRow struct {
	ItemID int64
	Seq    int
	Query  string
	Status Status
}

// Queue lists limit HITs of a dataset from offset (0-based) with the
// annotator's status on each; it reads only the rows it returns.
func (s *Store) Queue(ctx context.Context, datasetID, annotatorID int64, offset, limit int) ([]QueueRow, error) {
	rows, err := s.db.QueryContext(ctx, `
		SELECT i.id, i.seq, i.query,
		       EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2 AND `+standingFlag+`),
		       h.item_id IS NOT NULL, h.finished_at IS NOT NULL, i.open
		FROM items i LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2
		WHERE i.dataset_id = ?1 AND i.seq > ?3 ORDER BY i.seq LIMIT ?4`,
		datasetID, annotatorID, offset, limit)
	if err != nil {
		return nil, fmt.Errorf("list queue: %w", err)
	}
	defer rows.Close()
	var out []QueueRow
	for rows.Next() {
		var r QueueRow
		var flagged, started, finished, open bool
		if err := rows.Scan(&r.ItemID, &r.Seq, &r.Query, &flagged, &started, &finished, &open); err != nil {
			return nil, fmt.Errorf("list queue: %w", err)
		}
		switch {
		case flagged:
			r.Status = StatusFlagged
		case finished:
			r.Status = StatusDone
		case started:
			r.Status = StatusInProgress
		case !open:
			r.Status = StatusNotNeeded
		default:
			r.Status = StatusTodo
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
