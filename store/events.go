package store

import (
	"context"
	"fmt"
	"time"
)

// StepEvent records that an annotator entered or left a step of a HIT. It
// holds nothing: looking at an item is not working on it.
func (s *Store) StepEvent(ctx context.Context, itemID, annotatorID int64, step, event string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO step_events (item_id, annotator_id, step, event, at)
		VALUES (?, ?, ?, ?, ?)`, itemID, annotatorID, step, event, s.now())
	if err != nil {
		return fmt.Errorf("record %s %s: %w", event, step, err)
	}
	return nil
}

// TimeSpent sums, per step, the time from each enter to the next event of the
// same HIT. An enter with nothing after it (a killed process) counts nothing.
func (s *Store) TimeSpent(ctx context.Context, itemID, annotatorID int64) (perStep map[string]time.Duration, total time.Duration, err error) {
	rows, err := s.db.QueryContext(ctx, `SELECT step, event, at FROM step_events
		WHERE item_id = ? AND annotator_id = ? ORDER BY id`, itemID, annotatorID)
	if err != nil {
		return nil, 0, fmt.Errorf("time spent: %w", err)
	}
	defer rows.Close()
	perStep = map[string]time.Duration{}
	var open string
	var since time.Time
	for rows.Next() {
		var step, event, at string
		if err := rows.Scan(&step, &event, &at); err != nil {
			return nil, 0, fmt.Errorf("time spent: %w", err)
		}
		t, err := time.Parse(timeFormat, at)
		if err != nil {
			return nil, 0, fmt.Errorf("time spent: %w", err)
		}
		if open != "" {
			d := t.Sub(since)
			perStep[open] += d
			total += d
			open = ""
		}
		if event == "enter" {
			open, since = step, t
		}
	}
	return perStep, total, rows.Err()
}
