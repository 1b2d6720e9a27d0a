package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Assignment on a dataset with arms (issue 46). Each item wants exactly
// each arm's count of that arm's annotators. An item free for one
// annotator is then not free for every other who has not had it (an item
// its blind annotators filled still wants its after: ones), so each of
// NextHIT's searches also asks for room in the annotator's own arm
// (armSearches), from cursors that mean as much (findArmHIT). A dataset
// without arms is searched as before.

// armPlace is an annotator's arm in a dataset: its seq, how many of its
// annotators each item wants, and whether it is shown a run's label
// (after: or before:). perItem 0: the dataset has no arms.
type armPlace struct {
	seq, perItem int
	shown        bool
}

func (p armPlace) armed() bool { return p.perItem > 0 }

// placeOf is the annotator's arm in the dataset, drawn now if they have
// none (drawArm); a dataset without arms gives the zero armPlace. One read
// says whether the dataset has arms and the arm drawn, if any, with its
// count and showing: every NextHIT asks, and most datasets have none.
func placeOf(w *ptx, datasetID, annotatorID int64) (armPlace, error) {
	var armed bool
	var seq, perItem sql.NullInt64
	var shown sql.NullBool
	if err := w.scan(armPlaceRead, []any{datasetID, annotatorID}, &armed, &seq, &perItem, &shown); err != nil || !armed {
		return armPlace{}, err
	}
	if seq.Valid {
		return armPlace{seq: int(seq.Int64), perItem: int(perItem.Int64), shown: shown.Bool}, nil
	}
	drawn, ok, err := drawArm(w, datasetID, annotatorID)
	if err != nil || !ok {
		return armPlace{}, err
	}
	p := armPlace{seq: drawn}
	err = w.scan(`SELECT per_item, shows <> 'never' FROM arms WHERE dataset_id = ? AND seq = ?`, []any{datasetID, drawn}, &p.perItem, &p.shown)
	return p, err
}

// armPlaceRead is whether dataset ?1 has arms, and annotator ?2's arm there
// (NULLs if not drawn yet).
const armPlaceRead = `SELECT EXISTS (SELECT 1 FROM arms WHERE dataset_id = ?1), m.arm_seq, a.per_item, a.shows <> 'never'
	FROM (SELECT 1) LEFT JOIN annotator_arms m ON m.dataset_id = ?1 AND m.annotator_id = ?2
	LEFT JOIN arms a ON a.dataset_id = ?1 AND a.seq = m.arm_seq`

// The SQL below reads ?1 dataset, ?2 annotator, ?3 the lease cutoff, ?4
// where a walk starts (the item, for armHoldRoom; the gold-check dataset,
// for armLaterQuery), ?5 the annotator's arm and ?6 its count per item, and
// items i joined with datasets d.
// armHolding counts the places of arm ?5 on item i others hold: their
// HITs finished, or in progress and held (SQL on the HIT h).
func armHolding(held string) string {
	return `(SELECT count(*) FROM hits h JOIN annotator_arms m ON m.dataset_id = ?1 AND m.annotator_id = h.annotator_id
		WHERE h.item_id = i.id AND m.arm_seq = ?5 AND h.annotator_id != ?2
		AND (h.finished_at IS NOT NULL OR (` + held + `)))`
}

var (
	// armRoom: the item is open (never, then, one triage gave the judge)
	// and wants more of the annotator's arm than others hold, a HIT in
	// progress held within its lease and until given back (giving back
	// ends the lease, so a given-back or expired HIT frees its arm's place).
	armRoom = `i.open = 1 AND ` + armHolding(`h.touched_at >= ?3 AND h.given_back_at IS NULL`) + ` < ?6`
	// armFree is armRoom for the walks, which read no lease, as an item's
	// free mark does not: a HIT in progress holds its place until given
	// back. A place whose only room is a HIT past its lease is the stale
	// search's, as without arms, so a place comes back behind a cursor
	// only when given back (giveBackArm).
	armFree = `i.open = 1 AND ` + armHolding(`h.given_back_at IS NULL`) + ` < ?6`

	// The open items the annotator has not had whose arm's places others
	// hold in HITs still in progress: they come back if those are released.
	// (Items the arm filled with finished HITs never come back: they are not
	// counted, nor are items waiting only for other arms.)
	armHeld = `NOT (` + armRoom + `)
		AND EXISTS (SELECT 1 FROM hits h JOIN annotator_arms m ON m.dataset_id = ?1 AND m.annotator_id = h.annotator_id
			WHERE h.item_id = i.id AND m.arm_seq = ?5 AND h.finished_at IS NULL AND h.touched_at >= ?3)`
)

// armSearches are NextHIT's searches for an annotator of an arm: each
// walk asks for room in their arm, since an item free for one arm may be
// full for another.
var armSearches = searchesFor(armRoom, ` AND `+armFree)

// armHoldRoom is holdRoom for an annotator of arm ?5.
var armHoldRoom = holdRoomSQL(armRoom)

// findArmHIT is findHIT for an annotator of arm p: the same searches,
// each asking for room in their arm, from the same cursors. Their
// meaning, for an arm's annotator: every free item before free_from
// (partly done, before partial_from) that is not listed in assign_returns
// is theirs, or has no room in their arm by armFree. The arm's places on
// an item come back only when a HIT of the arm is given back (giveBackArm
// moves the cursors of the arm's annotators back to it), when its lease
// runs out (the stale search, last, needs no cursor), or when the item
// itself becomes free again or a flag of the annotator's stops standing
// (both listed in assign_returns, as without arms). Items triage gives
// back to people are nobody's yet (fresh), walked from fresh_from, which
// afterRouting sets back.
func findArmHIT(w *ptx, p armPlace, datasetID, annotatorID int64, cutoff string, fromSeq int) (id int64, own, ok bool, err error) {
	s := &search{w: w, dataset: datasetID, annotator: annotatorID, cutoff: cutoff, arm: []any{p.seq, p.perItem}}
	return s.find(armSearches, fromSeq)
}

// giveBackArm moves the cursors of the annotators of the arm whose HIT on
// the item was just given back to the item: it has a place in that arm
// again, though it may have stayed free (wanted by another arm) all along
// and so not be listed by the free trigger. A dataset without arms has no
// arm rows, and nothing moves.
func giveBackArm(w *ptx, itemID, annotatorID int64) error {
	_, err := w.exec(`UPDATE assign_cursors SET free_from = min(free_from, i.seq), partial_from = min(partial_from, i.seq)
		FROM items i JOIN annotator_arms g ON g.dataset_id = i.dataset_id AND g.annotator_id = ?2
		JOIN annotator_arms m ON m.dataset_id = i.dataset_id AND m.arm_seq = g.arm_seq
		WHERE i.id = ?1 AND assign_cursors.dataset_id = i.dataset_id AND assign_cursors.annotator_id = m.annotator_id`,
		itemID, annotatorID)
	return err
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
