package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// DatasetProgress is where a dataset stands under its policy.
type DatasetProgress struct {
	Items        int // panes in the dataset
	Complete     int // panes with all the annotators they need and a majority on every unit
	Adjudication int // units waiting for a decision: tied after the policy's max annotators, or referred
}

// DatasetProgress reads a dataset's counters (kept by every label's
// transaction and each import: migration 0012), without counting items, as
// viewer (an annotator's id) may see them: below the lead the items triage
// gave the judge are left out (judgeUnseen).
func (s *Store) DatasetProgress(ctx context.Context, datasetID, viewerID int64) (DatasetProgress, error) {
	var p DatasetProgress
	// Only the count of waiting units leaves the store here: no role is
	// needed to see it, and the queue itself is not built (waitingUnits).
	err := s.prepared().QueryRowContext(ctx, `SELECT items_count - `+judgeUnseen+`, complete_count - `+judgeUnseen+`, `+waitingUnits+`
		FROM datasets WHERE id = ?1`, datasetID, viewerID).Scan(&p.Items, &p.Complete, &p.Adjudication)
	if err != nil {
		return p, fmt.Errorf("dataset progress: %w", err)
	}
	return p, nil
}

// judgeUnseen is SQL for how many items of dataset ?1 triage gave the
// judge, when annotator ?2 is below the lead, else 0. Such an item is
// closed with no HIT: counted complete (or in the dataset's total) it
// would tell an annotator that triage took it. Counted only while the
// dataset has triage, so datasets without it pay one probe.
const judgeUnseen = `(CASE WHEN EXISTS (SELECT 1 FROM triage WHERE dataset_id = ?1)
		AND (SELECT role FROM annotators WHERE id = ?2) IS NOT 'lead'
	THEN (SELECT count(*) FROM items INDEXED BY items_judge WHERE dataset_id = ?1 AND route = 'judge') ELSE 0 END)`

// HITTimes is the HIT time (hitSeconds: from opening to the finishing
// label, from the stored step events) of each HIT the annotator finished in
// the dataset, as the quality report reads it. HITs with no recorded steps
// (merged from another database) are left out.
func (s *Store) HITTimes(ctx context.Context, datasetID, annotatorID int64) ([]time.Duration, error) {
	// The HITs with step events first (a merged HIT has none), then their
	// items' dataset: most of a merged team's HITs are never read twice.
	return collect(ctx, s.prepared(), "HIT times", `WITH timed AS MATERIALIZED (SELECT h.item_id, h.annotator_id, h.finished_at FROM hits h
			WHERE h.annotator_id = ?1 AND h.finished_at IS NOT NULL
				AND EXISTS (SELECT 1 FROM step_events e WHERE e.item_id = h.item_id AND e.annotator_id = ?1))
		SELECT `+hitSeconds("h.item_id", "h.annotator_id", "h.finished_at")+`
		FROM timed h JOIN items i ON i.id = h.item_id WHERE i.dataset_id = ?2`,
		[]any{annotatorID, datasetID}, func(rows *sql.Rows) (time.Duration, error) {
			var secs float64
			err := rows.Scan(&secs)
			return time.Duration(secs * float64(time.Second)), err
		})
}

// ChangeMark moves whenever a label or a decision changes, in this
// process or another: the last entries of the two append-only histories.
type ChangeMark struct{ Labels, Decisions int64 }

// Changes reads the current mark; two cheap lookups of a max rowid.
func (s *Store) Changes(ctx context.Context) (ChangeMark, error) {
	var c ChangeMark
	err := s.prepared().QueryRowContext(ctx, `SELECT coalesce((SELECT max(id) FROM label_history), 0),
		coalesce((SELECT max(id) FROM adjudication_history), 0)`).Scan(&c.Labels, &c.Decisions)
	if err != nil {
		return c, fmt.Errorf("read changes: %w", err)
	}
	return c, nil
}
