package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// StepEvent records that an annotator entered or left a step of a HIT. It
// holds nothing: looking at an item is not working on it.
func (s *Store) StepEvent(ctx context.Context, itemID, annotatorID int64, step, event string) error {
	err := s.write(ctx, insertStepEvent, itemID, annotatorID, step, event, s.now())
	if err != nil {
		return fmt.Errorf("record %s %s: %w", event, step, err)
	}
	return nil
}

// insertStepEvent records ?4 (enter or leave) of step ?3 of a HIT, unless
// the HIT's last event is that very one: a screen that reloads the HIT it
// shows (after a failed write, say, once the disk has room again) would
// otherwise enter the same step twice and count its time twice. A repeat's
// steps are not recorded: they would count as time on the first answer.
const insertStepEvent = stepEventUnlessLast + `
	AND NOT EXISTS (SELECT 1 FROM repeats r WHERE r.item_id = ?1 AND r.annotator_id = ?2 AND r.finished_at IS NULL
		AND r.given_back_at IS NULL)`

// stepEventUnlessLast is insertStepEvent without its look for an open
// repeat, for a write that has read there is none (a keyed label's
// labelRead): one probe fewer a label.
const stepEventUnlessLast = `INSERT INTO step_events (item_id, annotator_id, step, event, at)
	SELECT ?1, ?2, ?3, ?4, ?5 WHERE NOT EXISTS (SELECT 1 FROM (SELECT step, event FROM step_events
		WHERE item_id = ?1 AND annotator_id = ?2 ORDER BY id DESC LIMIT 1) last
		WHERE last.step = ?3 AND last.event = ?4)`

// StepMove is leaving one step of a HIT (Leave) for another (Enter);
// either may be "" (the HIT's last step left, or its first entered).
type StepMove struct{ Leave, Enter string }

// MoveStep records a move between steps in one transaction. A label or a
// review usually moves on too: SetLabel and MarkSERPReviewed take the move
// and record it with themselves, as moving on is most of a HIT's writes.
func (s *Store) MoveStep(ctx context.Context, itemID, annotatorID int64, move StepMove) error {
	err := s.tx(ctx, func(w *ptx) error { return recordMove(w, itemID, annotatorID, move, s.now()) })
	if err != nil {
		return fmt.Errorf("record leave %s, enter %s: %w", move.Leave, move.Enter, err)
	}
	return nil
}

func recordMove(w *ptx, itemID, annotatorID int64, move StepMove, now string) error {
	return insertMove(w, insertStepEvent, itemID, annotatorID, move, now)
}

// insertMove records move's leave and enter with query (insertStepEvent
// or stepEventUnlessLast).
func insertMove(w *ptx, query string, itemID, annotatorID int64, move StepMove, now string) error {
	for _, e := range []struct{ step, event string }{{move.Leave, "leave"}, {move.Enter, "enter"}} {
		if e.step == "" {
			continue
		}
		_, err := w.exec(query, itemID, annotatorID, e.step, e.event, now)
		if err != nil {
			return err
		}
	}
	return nil
}

// TimeSpent sums, per step, the time from each enter to the next event of the
// same HIT. An enter with nothing after it (a killed process) counts nothing.
func (s *Store) TimeSpent(ctx context.Context, itemID, annotatorID int64) (perStep map[string]time.Duration, total time.Duration, err error) {
	perStep = map[string]time.Duration{}
	var open string
	var since time.Time
	err = eachRow(ctx, s.prepared(), `SELECT step, event, at FROM step_events
		WHERE item_id = ? AND annotator_id = ? ORDER BY id`, []any{itemID, annotatorID}, func(rows *sql.Rows) error {
		var step, event, at string
		if err := rows.Scan(&step, &event, &at); err != nil {
			return err
		}
		t, err := time.Parse(timeFormat, at)
		if err != nil {
			return err
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
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("time spent: %w", err)
	}
	return perStep, total, nil
}
