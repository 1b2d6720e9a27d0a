package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Skip is what an annotator does with an open HIT they do not want now.
type Skip string

const (
	// SkipLater puts the HIT off: NextHIT offers it again only once they
	// can have no other (the end of their queue). They keep holding it,
	// under the lease like any HIT.
	SkipLater Skip = "later"
	// SkipGiveBack releases the HIT to others at once; it is never offered
	// to the annotator again, though they may open it from the queue while
	// it has room. Labels keyed on it stay, unfinished, and count nowhere.
	SkipGiveBack Skip = "give back"
)

// ErrNoOpenHIT: the annotator has no open HIT on the item to put off.
var ErrNoOpenHIT = errors.New("no open HIT of yours on this item")

// ErrPracticeSkip: practice HITs are how an annotator qualifies, in order.
var ErrPracticeSkip = errors.New("a practice HIT cannot be put off or given back: it is how you qualify")

// SkipHIT puts the annotator's open HIT on the item off or gives it back,
// and records it (hit_skips). A repeat or a gold check looks like any HIT
// and is treated like one: a repeat given back is never scored, and a gold
// check given back or put off counts as missed (checkOutcome), so it may
// pause the annotator here and now.
func (s *Store) SkipHIT(ctx context.Context, itemID, annotatorID int64, how Skip) error {
	if how != SkipLater && how != SkipGiveBack {
		return fmt.Errorf("skip HIT: %q is neither %q nor %q", how, SkipLater, SkipGiveBack)
	}
	err := s.tx(ctx, func(w *ptx) error {
		now := s.now()
		rid, repeat, err := openRepeat(w, itemID, annotatorID)
		if err != nil {
			return err
		}
		if repeat {
			if err := skipRepeat(w, rid, how, now); err != nil {
				return err
			}
		} else if err := skipTaskHIT(w, itemID, annotatorID, how, now); err != nil {
			return err
		}
		_, err = w.exec(`INSERT INTO hit_skips (item_id, annotator_id, action, repeat, at) VALUES (?, ?, ?, ?, ?)`,
			itemID, annotatorID, string(how), repeat, now)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s: %w", how, err)
	}
	return nil
}

func skipRepeat(w *ptx, repeatID int64, how Skip, now string) error {
	stmt := `UPDATE repeats SET later_at = ?2, rev = rev + 1 WHERE id = ?1`
	if how == SkipGiveBack {
		stmt = `UPDATE repeats SET given_back_at = ?2, later_at = NULL, rev = rev + 1 WHERE id = ?1`
	}
	_, err := w.exec(stmt, repeatID, now)
	return err
}

// skipTaskHIT marks the HIT. One given back has its lease ended (touched
// at the beginning of time) and stops counting as a place taken, so the
// item is free to others at once. A gold check is judged with the others.
func skipTaskHIT(w *ptx, itemID, annotatorID int64, how Skip, now string) error {
	var purpose Purpose
	var datasetID, taskID int64
	err := w.scan(`SELECT d.purpose, d.id, coalesce(d.parent_id, d.id) FROM hits h JOIN items i ON i.id = h.item_id
		JOIN datasets d ON d.id = i.dataset_id
		WHERE h.item_id = ?1 AND h.annotator_id = ?2 AND h.finished_at IS NULL AND h.given_back_at IS NULL`,
		[]any{itemID, annotatorID}, &purpose, &datasetID, &taskID)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return ErrNoOpenHIT
	case err != nil:
		return err
	case purpose == PurposePractice:
		return ErrPracticeSkip
	}
	if err := markSkipped(w, itemID, annotatorID, how, now); err != nil || purpose != PurposeCheck {
		return err
	}
	return judgeChecks(w, taskID, datasetID, annotatorID, now)
}

// markSkipped puts the HIT off or gives it back.
func markSkipped(w *ptx, itemID, annotatorID int64, how Skip, now string) error {
	if how == SkipLater {
		_, err := w.exec(`UPDATE hits SET later_at = ?3, rev = rev + 1 WHERE item_id = ?1 AND annotator_id = ?2`, itemID, annotatorID, now)
		return err
	}
	_, err := w.exec(`UPDATE hits SET given_back_at = ?3, later_at = NULL, touched_at = '', rev = rev + 1
		WHERE item_id = ?1 AND annotator_id = ?2`, itemID, annotatorID, now)
	if err == nil {
		err = giveBackArm(w, itemID, annotatorID)
	}
	if err != nil {
		return err
	}
	_, err = w.exec(refreshFree, itemID)
	return err
}

// laterQuery is the annotator's HIT put off longest ago that they may
// still have: a task HIT of dataset ?1 (within its lease, or with room
// again), a gold check of ?4, or a repeat of ?1. kind says which table.
var laterQuery = laterSQL(room)

// armLaterQuery is laterQuery for an annotator of arm ?5 (?6 its count):
// a task HIT past its lease needs room in their arm.
var armLaterQuery = laterSQL(armRoom)

// laterSQL is the later search with room the condition for a task HIT
// past its lease.
func laterSQL(room string) string {
	return `SELECT id, kind FROM (
	SELECT h.item_id AS id, 'hit' AS kind, h.later_at AS at FROM hits h INDEXED BY hits_annotator
		CROSS JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.later_at IS NOT NULL AND h.given_back_at IS NULL
		AND (i.dataset_id = ?4 OR (i.dataset_id = ?1 AND (h.touched_at >= ?3 OR (i.open = 1 AND (` + room + `)))))
		AND NOT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2 AND ` + standingFlag + `)
	UNION ALL
	SELECT r.item_id, 'repeat', r.later_at FROM repeats r INDEXED BY repeats_open JOIN items i ON i.id = r.item_id
		WHERE r.annotator_id = ?2 AND r.finished_at IS NULL AND r.later_at IS NOT NULL AND r.given_back_at IS NULL
		AND i.dataset_id = ?1
) ORDER BY at, id LIMIT 1`
}

// nextLater takes up the HIT put off longest ago, if any: it holds it
// again and clears its mark.
func nextLater(w *ptx, g gate, p armPlace, datasetID, annotatorID int64, now, cutoff string) (int64, bool, error) {
	var id int64
	var kind string
	q, args := laterQuery, []any{datasetID, annotatorID, cutoff, g.check}
	if p.armed() {
		q, args = armLaterQuery, append(args, p.seq, p.perItem)
	}
	err := w.scan(q, args, &id, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	if kind == "repeat" {
		_, err = w.exec(`UPDATE repeats SET later_at = NULL WHERE item_id = ? AND annotator_id = ? AND finished_at IS NULL`, id, annotatorID)
		return id, err == nil, err
	}
	if _, err = w.exec(`UPDATE hits SET later_at = NULL WHERE item_id = ? AND annotator_id = ?`, id, annotatorID); err != nil {
		return 0, false, err
	}
	return id, true, claim(w, id, annotatorID, now, 0)
}

// takeUp clears a HIT's later and given-back marks; one given back is a
// place taken again.
func takeUp(w *ptx, itemID, annotatorID int64) error {
	_, err := w.exec(`UPDATE hits SET later_at = NULL, given_back_at = NULL WHERE item_id = ? AND annotator_id = ?`, itemID, annotatorID)
	if err == nil {
		_, err = w.exec(refreshFree, itemID)
	}
	return err
}
