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

func ensureHIT(ctx context.Context, tx *sql.Tx, itemID, annotatorID int64, now string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO hits (item_id, annotator_id, started_at) VALUES (?, ?, ?)
		ON CONFLICT DO NOTHING`, itemID, annotatorID, now)
	return err
}

// LoadHIT reads an annotator's state on an item.
func (s *Store) LoadHIT(ctx context.Context, itemID, annotatorID int64) (HIT, error) {
	var h HIT
	var reviewed, finished sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT serp_reviewed, finished_at FROM hits WHERE item_id = ? AND annotator_id = ?`,
		itemID, annotatorID).Scan(&reviewed, &finished)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return h, fmt.Errorf("load HIT: %w", err)
	default:
		h.Started, h.SERPReviewed, h.Finished = true, reviewed.Valid, finished.Valid
	}
	err = s.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM flags WHERE item_id = ? AND annotator_id = ?)`,
		itemID, annotatorID).Scan(&h.Flagged)
	if err != nil {
		return h, fmt.Errorf("load HIT: %w", err)
	}
	h.Labels, err = s.Labels(ctx, itemID, annotatorID)
	return h, err
}

// MarkSERPReviewed records that the annotator finished Step I.
func (s *Store) MarkSERPReviewed(ctx context.Context, itemID, annotatorID int64) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		now := s.now()
		if err := ensureHIT(ctx, tx, itemID, annotatorID, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE hits SET serp_reviewed = coalesce(serp_reviewed, ?)
			WHERE item_id = ? AND annotator_id = ?`, now, itemID, annotatorID)
		return err
	})
	if err != nil {
		return fmt.Errorf("mark results reviewed: %w", err)
	}
	return nil
}

// unfinished selects an annotator's items still to do: not finished and not
// set aside with a flag.
const unfinished = `dataset_id = ?1 AND id NOT IN (
		SELECT item_id FROM hits WHERE annotator_id = ?2 AND finished_at IS NOT NULL
		UNION SELECT item_id FROM flags WHERE annotator_id = ?2)`

// NextUnfinished returns the first item at or after seq that the annotator
// has not finished, wrapping round to the start; ok is false when all are done.
func (s *Store) NextUnfinished(ctx context.Context, datasetID, annotatorID int64, seq int) (id int64, ok bool, err error) {
	for _, q := range []string{
		`SELECT id FROM items WHERE ` + unfinished + ` AND seq >= ?3 ORDER BY seq LIMIT 1`,
		`SELECT id FROM items WHERE ` + unfinished + ` ORDER BY seq LIMIT 1`,
	} {
		err = s.db.QueryRowContext(ctx, q, datasetID, annotatorID, seq).Scan(&id)
		if err == nil {
			return id, true, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return 0, false, fmt.Errorf("find next HIT: %w", err)
		}
	}
	return 0, false, nil
}

// Progress counts an annotator's finished HITs and all HITs of a dataset.
func (s *Store) Progress(ctx context.Context, datasetID, annotatorID int64) (done, total int, err error) {
	err = s.db.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM hits h JOIN items i ON i.id = h.item_id
		 WHERE h.annotator_id = ?2 AND h.finished_at IS NOT NULL AND i.dataset_id = ?1),
		(SELECT count(*) FROM items WHERE dataset_id = ?1)`, datasetID, annotatorID).Scan(&done, &total)
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
		       EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2),
		       h.item_id IS NOT NULL, h.finished_at IS NOT NULL
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
		var flagged, started, finished bool
		if err := rows.Scan(&r.ItemID, &r.Seq, &r.Query, &flagged, &started, &finished); err != nil {
			return nil, fmt.Errorf("list queue: %w", err)
		}
		switch {
		case flagged:
			r.Status = StatusFlagged
		case finished:
			r.Status = StatusDone
		case started:
			r.Status = StatusInProgress
		default:
			r.Status = StatusTodo
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
