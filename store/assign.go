package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// Policy is a dataset's redundancy policy: every item goes to Min
// annotators; a unit without a majority sends its item to one more, up to
// Max; a HIT untouched for Lease is released to others.
type Policy struct {
	Min, Max int
	Lease    time.Duration
	// Gold picks a unit's gold label from its votes: majority (the
	// default), or median for rating scales. "" keeps the dataset's rule.
	Gold agreement.Rule
}

// DefaultPolicy is MIMICS-Manual's: three annotators, up to five.
var DefaultPolicy = Policy{Min: 3, Max: 5, Lease: 30 * time.Minute, Gold: agreement.RuleMajority}

// Check refuses a policy that cannot work.
func (p Policy) Check() error {
	switch {
	case p.Min < 1:
		return fmt.Errorf("policy: min is %d, want at least 1", p.Min)
	case p.Max < p.Min:
		return fmt.Errorf("policy: max %d is below min %d", p.Max, p.Min)
	case p.Lease < time.Second:
		return fmt.Errorf("policy: lease %v is shorter than a second", p.Lease)
	case p.Gold != "" && p.Gold != agreement.RuleMajority && p.Gold != agreement.RuleMedian:
		return fmt.Errorf("policy: gold rule %q is not majority or median", p.Gold)
	}
	return nil
}

// ErrNoRoom means the item already has as many annotators as its policy
// asks for (or the annotator's HIT was released to others after the lease).
var ErrNoRoom = errors.New("held by as many annotators as the policy asks for")

// DatasetPolicy reads a dataset's policy.
func (s *Store) DatasetPolicy(ctx context.Context, datasetID int64) (Policy, error) {
	var p Policy
	var secs int64
	err := s.db.QueryRowContext(ctx, `SELECT min_annotators, max_annotators, lease_seconds, gold_rule
		FROM datasets WHERE id = ?`, datasetID).Scan(&p.Min, &p.Max, &secs, &p.Gold)
	if err != nil {
		return p, fmt.Errorf("read policy: %w", err)
	}
	p.Lease = time.Duration(secs) * time.Second
	return p, nil
}

// SetPolicy changes a dataset's policy, if who is a lead; items it now
// wants more annotators for are open again at once.
func (s *Store) SetPolicy(ctx context.Context, who Annotator, datasetID int64, p Policy) error {
	if err := p.Check(); err != nil {
		return err
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := requireRole(ctx, tx, who.ID, ActPolicy); err != nil {
			return err
		}
		return setPolicy(ctx, tx, datasetID, p)
	})
	if err != nil {
		return fmt.Errorf("set policy: %w", err)
	}
	return nil
}

func setPolicy(ctx context.Context, tx *sql.Tx, datasetID int64, p Policy) error {
	var kind string
	var rule agreement.Rule
	err := tx.QueryRowContext(ctx, `SELECT kind, gold_rule FROM datasets WHERE id = ?`, datasetID).Scan(&kind, &rule)
	if err != nil {
		return err
	}
	if p.Gold == agreement.RuleMedian && kind != guidelines.ClariMM.Kind {
		return fmt.Errorf("the median rule is for rating scales (clarimm datasets), not %s", kind)
	}
	_, err = tx.ExecContext(ctx, `UPDATE datasets SET min_annotators = ?, max_annotators = ?, lease_seconds = ?,
		gold_rule = coalesce(nullif(?, ''), gold_rule) WHERE id = ?`,
		p.Min, p.Max, int64(p.Lease/time.Second), string(p.Gold), datasetID)
	if err != nil {
		return err
	}
	if p.Gold != "" && p.Gold != rule {
		// Another rule settles other units: count every item's ties again.
		if err := refreshDataset(ctx, tx, datasetID); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE items SET open = (finished < ?2 OR (tied > 0 AND finished < ?3))
		WHERE dataset_id = ?1`, datasetID, p.Min, p.Max)
	return err
}

// refreshDataset recounts every item of a dataset (refreshItem).
func refreshDataset(ctx context.Context, tx *sql.Tx, datasetID int64) error {
	rows, err := tx.QueryContext(ctx, `SELECT id FROM items WHERE dataset_id = ? AND finished > 0`, datasetID)
	if err != nil {
		return err
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		if err := refreshItem(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

// The SQL below reads ?1 dataset, ?2 annotator, ?3 the lease cutoff (a HIT
// touched before it is released), and items i joined with datasets d.
const (
	// notMine: the annotator has not opened, labelled or flagged the item.
	notMine = `NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id AND h.annotator_id = ?2)
		AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = i.id AND l.annotator_id = ?2)
		AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2)`
	// room: fewer others hold the item than it still wants.
	room = `(SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NULL
			AND h.annotator_id != ?2 AND h.touched_at >= ?3)
		< CASE WHEN i.finished < d.min_annotators THEN d.min_annotators - i.finished ELSE 1 END`
	candidate = `SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id = ?1 AND i.open = 1 AND ` + notMine + ` AND ` + room
)

var nextQueries = []string{
	// 1. The annotator's own started HITs, unless released and taken since.
	`SELECT i.id FROM hits h JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND i.dataset_id = ?1
		AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2)
		AND (h.touched_at >= ?3 OR (i.open = 1 AND ` + room + `))
		ORDER BY i.seq LIMIT 1`,
	// 2. Items others finished that still want annotators (ties, or short
	// of min), so items complete before new ones start.
	candidate + ` AND i.finished > 0 ORDER BY i.seq LIMIT 1`,
	// 3. Anything open from the annotator's place on, then from the start.
	candidate + ` AND i.seq >= ?4 ORDER BY i.seq LIMIT 1`,
	candidate + ` ORDER BY i.seq LIMIT 1`,
}

// NextHIT gives the annotator their next HIT in the dataset and holds it
// for them, all in one immediate transaction, so two processes can never
// hand out the same last place. fromSeq is where the annotator is. When
// there is none, ok is false and NoWork says why.
func (s *Store) NextHIT(ctx context.Context, datasetID, annotatorID int64, fromSeq int) (id int64, ok bool, nw NoWork, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		now, cutoff, err := s.leaseTimes(ctx, tx, datasetID)
		if err != nil {
			return err
		}
		for _, q := range nextQueries {
			err = tx.QueryRowContext(ctx, q, datasetID, annotatorID, cutoff, fromSeq).Scan(&id)
			if errors.Is(err, sql.ErrNoRows) {
				continue
			}
			if err != nil {
				return err
			}
			ok = true
			return claim(ctx, tx, id, annotatorID, now)
		}
		nw, err = noWork(ctx, tx, datasetID, annotatorID, cutoff)
		return err
	})
	if err != nil {
		return 0, false, nw, fmt.Errorf("find next HIT: %w", err)
	}
	return id, ok, nw, nil
}

// leaseTimes is now, and the time before which an untouched HIT is released.
func (s *Store) leaseTimes(ctx context.Context, tx *sql.Tx, datasetID int64) (now, cutoff string, err error) {
	var secs int64
	if err := tx.QueryRowContext(ctx, `SELECT lease_seconds FROM datasets WHERE id = ?`, datasetID).Scan(&secs); err != nil {
		return "", "", err
	}
	t := s.Now().UTC()
	return t.Format(timeFormat), t.Add(-time.Duration(secs) * time.Second).Format(timeFormat), nil
}

func claim(ctx context.Context, tx *sql.Tx, itemID, annotatorID int64, now string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO hits (item_id, annotator_id, started_at, touched_at) VALUES (?1, ?2, ?3, ?3)
		ON CONFLICT DO UPDATE SET touched_at = excluded.touched_at`, itemID, annotatorID, now)
	return err
}

// ClaimHIT holds an item the annotator picked themselves (from the queue),
// if the policy has room for them; ErrNoRoom if not.
func (s *Store) ClaimHIT(ctx context.Context, itemID, annotatorID int64) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		return holdHIT(ctx, tx, s, itemID, annotatorID)
	})
	if err != nil {
		return fmt.Errorf("open HIT: %w", err)
	}
	return nil
}

// holdHIT makes sure the annotator holds the item before they write to it:
// a finished HIT or one still within its lease is theirs; a new one, or one
// released after the lease, needs room under the policy.
func holdHIT(ctx context.Context, tx *sql.Tx, s *Store, itemID, annotatorID int64) error {
	var datasetID int64
	var finished, touched sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT i.dataset_id, h.finished_at, h.touched_at FROM items i
		LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2 WHERE i.id = ?1`,
		itemID, annotatorID).Scan(&datasetID, &finished, &touched)
	if err != nil {
		return err
	}
	now, cutoff, err := s.leaseTimes(ctx, tx, datasetID)
	if err != nil {
		return err
	}
	if finished.Valid || (touched.Valid && touched.String >= cutoff) {
		return claim(ctx, tx, itemID, annotatorID, now)
	}
	var free bool
	err = tx.QueryRowContext(ctx, `SELECT i.open = 1 AND `+room+` FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.id = ?4`, datasetID, annotatorID, cutoff, itemID).Scan(&free)
	if err != nil {
		return err
	}
	if !free {
		return ErrNoRoom
	}
	return claim(ctx, tx, itemID, annotatorID, now)
}

// refreshItem recounts an item's finished annotators and its units whose
// labels settle nothing under the dataset's gold rule (no majority, or no
// median), and whether its policy wants more.
func refreshItem(ctx context.Context, tx *sql.Tx, itemID int64) error {
	var rule agreement.Rule
	err := tx.QueryRowContext(ctx, `SELECT d.gold_rule FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.id = ?`, itemID).Scan(&rule)
	if err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT l.unit, l.value FROM labels l
		JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE l.item_id = ? AND h.finished_at IS NOT NULL`, itemID)
	if err != nil {
		return err
	}
	votes := map[string][]int{}
	for rows.Next() {
		var unit string
		var v int
		if err := rows.Scan(&unit, &v); err != nil {
			rows.Close()
			return err
		}
		if votes[unit] == nil {
			votes[unit] = make([]int, VoteSlots)
		}
		votes[unit][v]++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	tied := 0
	for _, v := range votes {
		if rule.Pick(v) < 0 {
			tied++
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE items SET
		finished = (SELECT count(*) FROM hits WHERE item_id = ?1 AND finished_at IS NOT NULL), tied = ?2
		WHERE id = ?1`, itemID, tied)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE items SET open = (finished < d.min_annotators
		OR (tied > 0 AND finished < d.max_annotators)) FROM datasets d WHERE items.id = ? AND d.id = items.dataset_id`, itemID)
	return err
}

// NoWork says why an annotator has no HIT: how many items they finished,
// how many need nobody more, how many are held by others for now (they come
// back if released), and how many units wait for adjudication.
type NoWork struct {
	Done, Complete, HeldByOthers, Adjudication int
}

func noWork(ctx context.Context, tx *sql.Tx, datasetID, annotatorID int64, cutoff string) (NoWork, error) {
	var nw NoWork
	err := tx.QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM hits h JOIN items i ON i.id = h.item_id
			WHERE h.annotator_id = ?2 AND h.finished_at IS NOT NULL AND i.dataset_id = ?1),
		(SELECT count(*) FROM items i WHERE i.dataset_id = ?1 AND i.open = 0 AND i.tied = 0),
		(SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id
			WHERE i.dataset_id = ?1 AND i.open = 1 AND `+notMine+` AND NOT (`+room+`))`,
		datasetID, annotatorID, cutoff).Scan(&nw.Done, &nw.Complete, &nw.HeldByOthers)
	if err != nil {
		return nw, err
	}
	waiting, err := disputed(ctx, tx, datasetID, 0, false)
	nw.Adjudication = len(waiting)
	return nw, err
}
