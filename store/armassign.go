package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Assignment on a dataset with arms (issue 46). Each item wants exactly
// each arm's count of that arm's annotators. The searches of findHIT, and
// its cursors, rest on an item free for one annotator being free for every
// other who has not had it; with arms that is false (an item its blind
// annotators filled still wants its after: ones), so a dataset with arms is
// searched by the walks below instead, each asking for room in the
// annotator's own arm. A dataset without arms is searched as before.
//
// The walks have no cursors: a free item is passed when the annotator had
// it or their arm filled it, so a walk is as long as the run of such items
// before the first with room. Items fill in seq order and every arm's
// annotators start from the first item, so the run is short unless one arm
// works far ahead of another.

// armPlace is an annotator's arm in a dataset: its seq, how many of its
// annotators each item wants, and whether it is shown a run's label
// (after: or before:). perItem 0: the dataset has no arms.
type armPlace struct {
	seq, perItem int
	shown        bool
}

func (p armPlace) armed() bool { return p.perItem > 0 }

// placeOf is the annotator's arm in the dataset, drawn now if they have
// none (drawArm); a dataset without arms gives the zero armPlace.
func placeOf(w *ptx, datasetID, annotatorID int64) (armPlace, error) {
	seq, ok, err := drawArm(w, datasetID, annotatorID)
	if err != nil || !ok {
		return armPlace{}, err
	}
	p := armPlace{seq: seq}
	err = w.scan(`SELECT per_item, shows <> 'never' FROM arms WHERE dataset_id = ? AND seq = ?`, []any{datasetID, seq}, &p.perItem, &p.shown)
	return p, err
}

// The SQL below reads ?1 dataset, ?2 annotator, ?3 the lease cutoff, ?4
// where a walk starts (the item, for armHoldRoom; the gold-check dataset,
// for armLaterQuery), ?5 the annotator's arm and ?6 its count per item, and
// items i joined with datasets d.
const (
	// armTaken: the places of arm ?5 on item i others hold: HITs finished,
	// or in progress within the lease and not given back (giving back ends
	// the lease, so a given-back or expired HIT frees its arm's place).
	armTaken = `(SELECT count(*) FROM hits h JOIN annotator_arms m ON m.dataset_id = ?1 AND m.annotator_id = h.annotator_id
		WHERE h.item_id = i.id AND m.arm_seq = ?5 AND h.annotator_id != ?2
		AND (h.finished_at IS NOT NULL OR (h.touched_at >= ?3 AND h.given_back_at IS NULL)))`
	// armRoom: the item wants more of the annotator's arm. An item triage
	// sent to the judge (route 'judge', Part D's) goes to no one.
	armRoom = `i.open = 1 AND i.route IS NOT 'judge' AND ` + armTaken + ` < ?6`

	// The annotator's own started HITs, as ownQuery, with room in their arm
	// when past the lease.
	armOwnQuery = `SELECT i.id, i.seq FROM hits h INDEXED BY hits_annotator CROSS JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND i.dataset_id = ?1
		AND h.later_at IS NULL AND h.given_back_at IS NULL
		AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2 AND ` + standingFlag + `)
		AND (h.touched_at >= ?3 OR (` + armRoom + `))
		ORDER BY i.seq LIMIT 1`
	// Items others finished that still want the annotator's arm.
	armPartialQuery = `SELECT i.id, i.seq FROM items i INDEXED BY items_free_partial JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id = ?1 AND ` + freePartial + ` AND i.seq >= ?4 AND ` + notMine + ` AND ` + armRoom + ` ORDER BY i.seq LIMIT 1`
	// Items in play with room in the annotator's arm.
	armFreeQuery = `SELECT i.id, i.seq FROM items i INDEXED BY items_free JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id = ?1 AND ` + free + ` AND i.seq >= ?4 AND ` + notMine + ` AND ` + armRoom + ` ORDER BY i.seq LIMIT 1`
	// Items nobody has had (every arm has room), from datasets.fresh_from.
	armFreshQuery = `SELECT i.id, i.seq FROM items i INDEXED BY items_seq JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id = ?1 AND ` + fresh + ` AND i.seq >= ?4 AND ` + notMine + ` AND ` + armRoom + ` ORDER BY i.seq LIMIT 1`
	// An item whose only room in the arm is a HIT left past its lease.
	armStaleQuery = `SELECT i.id, i.seq FROM hits s INDEXED BY hits_stale JOIN items i ON i.id = s.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE s.finished_at IS NULL AND s.touched_at < ?3 AND i.dataset_id = ?1
		AND ` + notMine + ` AND ` + armRoom + ` ORDER BY i.seq LIMIT 1`
	// Whether item ?4 has room in the arm (holdHIT).
	armHoldRoom = `SELECT ` + armRoom + ` FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?4`
	// The open items the annotator has not had whose arm's places others
	// hold in HITs still in progress: they come back if those are released.
	// (Items the arm filled with finished HITs never come back: they are not
	// counted, nor are items waiting only for other arms.)
	armHeld = `SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.dataset_id = ?1 AND i.open = 1 AND ` + notMine + ` AND NOT (` + armRoom + `)
		AND EXISTS (SELECT 1 FROM hits h JOIN annotator_arms m ON m.dataset_id = ?1 AND m.annotator_id = h.annotator_id
			WHERE h.item_id = i.id AND m.arm_seq = ?5 AND h.finished_at IS NULL AND h.touched_at >= ?3)`
)

// findArmHIT is findHIT for an annotator of arm p: their own started
// HITs, then items others finished that want their arm, then free items
// from where they are, items nobody has had from there, free items and
// new ones from the start, and last an item whose room in their arm is a
// HIT past its lease.
func findArmHIT(w *ptx, p armPlace, datasetID, annotatorID int64, cutoff string, fromSeq int) (id int64, own, ok bool, err error) {
	first := func(q string, start int) (int64, bool, error) {
		var id int64
		var seq int
		err := w.scan(q, []any{datasetID, annotatorID, cutoff, start, p.seq, p.perItem}, &id, &seq)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, false, nil
		}
		return id, err == nil, err
	}
	if id, ok, err = first(armOwnQuery, 0); ok || err != nil {
		return id, ok, ok, err
	}
	// fresh_from is moved on (a write) only when a walk of new items is
	// reached, as findHIT does; -1 until then.
	freshFrom := -1
	for _, st := range []struct {
		query string
		from  int
	}{
		{armPartialQuery, 0},
		{armFreeQuery, fromSeq},
		{armFreshQuery, fromSeq},
		{armFreeQuery, 0},
		{armFreshQuery, 0},
		{armStaleQuery, 0},
	} {
		from := st.from
		if st.query == armFreshQuery {
			if freshFrom < 0 {
				if err := w.scan(freshAdvance, []any{datasetID}, &freshFrom); err != nil {
					return 0, false, false, err
				}
			}
			from = max(from, freshFrom)
		}
		if id, ok, err = first(st.query, from); ok || err != nil {
			return id, false, ok, err
		}
	}
	return 0, false, false, nil
}

// holdRoomFor says whether item itemID of the dataset has room for the
// annotator: in their arm (drawn now, if this queue pick is their first
// HIT there) on a dataset with arms, under the policy on one without.
func holdRoomFor(w *ptx, datasetID, annotatorID int64, cutoff string, itemID int64) (bool, error) {
	p, err := placeOf(w, datasetID, annotatorID)
	if err != nil {
		return false, err
	}
	var free bool
	if !p.armed() {
		err = w.scan(holdRoom, []any{datasetID, annotatorID, cutoff, itemID}, &free)
		return free, err
	}
	err = w.scan(armHoldRoom, []any{datasetID, annotatorID, cutoff, itemID, p.seq, p.perItem}, &free)
	return free, err
}

// armHeldByOthers is NoWork.HeldByOthers for an annotator of arm p.
func armHeldByOthers(w *ptx, p armPlace, datasetID, annotatorID int64, cutoff string) (int, error) {
	var n int
	err := w.scan(armHeld, []any{datasetID, annotatorID, cutoff, 0, p.seq, p.perItem}, &n)
	return n, err
}

// ErrArmsDecide refuses --min or --max on a dataset with arms: each item
// wants exactly the sum of the arms' counts.
var ErrArmsDecide = errors.New("the dataset's arms decide its min and max")

// checkArmsPolicy refuses a policy whose min or max is not the sum of the
// dataset's arms' counts, if it has arms.
func checkArmsPolicy(w *ptx, datasetID int64, p Policy) error {
	var total int
	if err := w.scan(`SELECT coalesce(sum(per_item), 0) FROM arms WHERE dataset_id = ?`, []any{datasetID}, &total); err != nil {
		return err
	}
	if total > 0 && (p.Min != total || p.Max != total) {
		return fmt.Errorf("%w: each item gets exactly %d annotators (the sum of the arms' counts); "+
			"change --arms to change them, or end the arms with --arms none before the first HIT", ErrArmsDecide, total)
	}
	return nil
}

// overArm lists the (item, arm) pairs holding more HITs of the arm than
// its count: finished, or in progress within the dataset's lease now and
// not given back. Only HITs claritty handed out count (claimed_max set):
// merged work has no arm.
const overArm = `SELECT 'item ' || i.id || ': ' || count(*) || ' HITs of arm ' || a.seq || ' (' ||
		CASE a.shows WHEN 'never' THEN 'blind' ELSE a.shows || ':' || coalesce(r.name, '?') END || '), its count ' || a.per_item
	FROM hits h JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
	JOIN annotator_arms m ON m.dataset_id = i.dataset_id AND m.annotator_id = h.annotator_id
	JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq LEFT JOIN runs r ON r.id = a.run_id
	WHERE h.claimed_max IS NOT NULL AND (h.finished_at IS NOT NULL OR (h.given_back_at IS NULL
		AND h.touched_at >= strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-' || d.lease_seconds || ' seconds')))
	GROUP BY i.id, a.seq HAVING count(*) > a.per_item`

// armless lists the annotators with a HIT claritty handed out on a
// dataset with arms but no arm there.
const armless = `SELECT DISTINCT 'annotator ' || h.annotator_id || ' has a HIT on dataset ' || i.dataset_id || ' but no arm'
	FROM hits h JOIN items i ON i.id = h.item_id
	WHERE h.claimed_max IS NOT NULL AND EXISTS (SELECT 1 FROM arms a WHERE a.dataset_id = i.dataset_id)
	AND NOT EXISTS (SELECT 1 FROM annotator_arms m WHERE m.dataset_id = i.dataset_id AND m.annotator_id = h.annotator_id)`

// armsCheck holds assignment to a study's arms: no item holds more HITs
// of an arm than its count, and everyone with a HIT on a dataset with
// arms is in one. A file from before migration 0028 has no arms.
func armsCheck(ctx context.Context, db *sql.DB) (CheckResult, error) {
	r := CheckResult{Name: "no item holds more HITs of an arm than its count, and everyone with a HIT on a dataset with arms has one"}
	if kept, err := hasTable(ctx, db, "annotator_arms"); err != nil || !kept {
		return r, err
	}
	for _, q := range []string{overArm, armless} {
		found, err := pragmaRows(ctx, db, q+` LIMIT 5`)
		if err != nil {
			return r, err
		}
		r.Problems = append(r.Problems, found...)
	}
	return r, nil
}
