package store

import (
	"database/sql"
	"fmt"

	"github.com/claritty/claritty/display"
)

// afterFinish is what a HIT's finishing label sets going, in its
// transaction: by the purpose of the item's dataset, a task HIT gets its
// place in the annotator's count (for repeats), a practice HIT is scored
// (and may qualify the annotator), a gold check may pause them. No speed
// mark is set here: whether a HIT was too fast is read from its recorded
// time against the policy as it stands (tooFast).
func afterFinish(w *ptx, itemID, annotatorID int64, now string) error {
	var purpose Purpose
	var datasetID, taskID int64
	var asked bool // an attention question answered is a check too
	err := w.scan(`SELECT d.id, d.purpose, coalesce(d.parent_id, d.id),
		EXISTS (SELECT 1 FROM attention a WHERE a.item_id = ?1 AND a.annotator_id = ?2) FROM items i
		JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?1`,
		[]any{itemID, annotatorID}, &datasetID, &purpose, &taskID, &asked)
	if err != nil {
		return err
	}
	switch purpose {
	case PurposePractice:
		return scorePractice(w, taskID, itemID, annotatorID, now)
	case PurposeCheck:
		return judgeChecks(w, taskID, datasetID, annotatorID, now)
	}
	if _, err := w.exec(`UPDATE hits SET done_no = (SELECT done FROM annotator_done WHERE dataset_id = ?3 AND annotator_id = ?2)
		WHERE item_id = ?1 AND annotator_id = ?2`, itemID, annotatorID, datasetID); err != nil {
		return err
	}
	if !asked {
		return nil
	}
	checkID, _, err := sideDataset(w.ctx, w, taskID, PurposeCheck)
	if err != nil {
		return err
	}
	return judgeChecks(w, taskID, checkID, annotatorID, now)
}

// hitSeconds is SQL for a HIT's time, from its stored step events: each
// enter of a step counts until the HIT's next event, Step I included, up
// to until (the finishing label's time). The events are the store's, so the
// time runs on when the annotator reconnects to the HIT in another session;
// an enter left open by a killed session counts until the HIT's next
// event. item and annotator are SQL expressions naming the HIT.
func hitSeconds(item, annotator, until string) string {
	return `(SELECT coalesce(sum(d), 0) / 1000.0 FROM (SELECT CASE WHEN event = 'enter'
			THEN lead(` + msOf("at") + `) OVER (ORDER BY id) - ` + msOf("at") + ` END AS d
		FROM step_events WHERE item_id = ` + item + ` AND annotator_id = ` + annotator + ` AND at <= ` + until + `))`
}

// msOf is SQL for a stored time (timeFormat) in whole milliseconds since
// 1970: integers, so a HIT's time sums exactly.
func msOf(col string) string {
	return `(CAST(strftime('%s', ` + col + `) AS INTEGER) * 1000 + CAST(substr(` + col + `, 21, 3) AS INTEGER))`
}

// scorePractice records a finished practice attempt and, when it ends a
// round of the qualification, passes or fails the round.
func scorePractice(w *ptx, taskID, itemID, annotatorID int64, now string) error {
	var retry bool
	units, matched, err := knownScore(w.ctx, w, itemID, annotatorID)
	if err != nil {
		return err
	}
	if err := w.scan(`SELECT retry FROM hits WHERE item_id = ? AND annotator_id = ?`, []any{itemID, annotatorID}, &retry); err != nil {
		return err
	}
	if _, err := w.exec(`INSERT INTO practice_attempts (dataset_id, annotator_id, item_id, units, matched, retry, at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, taskID, annotatorID, itemID, units, matched, retry, now); err != nil {
		return err
	}
	if retry {
		return nil
	}
	st, err := standingOf(w.ctx, w, taskID, annotatorID)
	if err != nil || !st.Required || st.Qualified != "" || st.InRound != 0 || st.LastRound < 0 {
		return err
	}
	// This attempt ended a round.
	detail := fmt.Sprintf("round %d: %.0f%% of units matched over %s (pass %.0f%%)",
		st.Round-1, 100*st.LastRound, display.Count(st.Need, "practice HIT", "practice HITs"), 100*st.Pass)
	if _, err := w.exec(standingMake, taskID, annotatorID); err != nil {
		return err
	}
	if st.LastRound+1e-12 < st.Pass {
		return standingEvent(w, taskID, annotatorID, "failed", detail, annotatorID, now)
	}
	if _, err := w.exec(`UPDATE standing SET qualified = 'passed' WHERE dataset_id = ? AND annotator_id = ?`,
		taskID, annotatorID); err != nil {
		return err
	}
	return standingEvent(w, taskID, annotatorID, "passed", detail, annotatorID, now)
}

// checkOutcome is SQL for how gold-check HIT h stands, as a Skip: empty
// when answered, SkipGiveBack when given back, SkipLater when put off and
// not taken up again; NULL while it is open. checkSettled is when it came to
// stand so, NULL while open.
//
// A check given back or put off counts as missed (checkScore), for the
// pause rule and in the quality report: else an annotator who tells a
// check from real work could dodge every one and never be paused. One
// put off counts from the moment it is put off, while it stays so, for it
// comes back only once the annotator has no other work, which may be
// never; taken up again it is open, and answered it counts by its answer,
// once. A pause it brought about stands until a lead resumes.
const (
	checkOutcome = `CASE WHEN h.finished_at IS NOT NULL THEN ''
		WHEN h.given_back_at IS NOT NULL THEN '` + string(SkipGiveBack) + `'
		WHEN h.later_at IS NOT NULL THEN '` + string(SkipLater) + `' END`
	checkSettled = `coalesce(h.finished_at, h.given_back_at, h.later_at)`
)

// judgeChecks pauses the annotator when their gold-check accuracy since
// they were last resumed is below the dataset's pause-below, over at least
// pause-after checks, those given back or put off counted as missed
// (checkOutcome). Each attention question answered (attentionSince) is a
// check of one unit.
func judgeChecks(w *ptx, taskID, checkID, annotatorID int64, now string) error {
	var below float64
	var after int
	var paused bool
	err := w.scan(`SELECT d.pause_below, d.pause_after, coalesce(s.paused_at IS NOT NULL, 0) FROM datasets d
		LEFT JOIN standing s ON s.dataset_id = d.id AND s.annotator_id = ?2 WHERE d.id = ?1`,
		[]any{taskID, annotatorID}, &below, &after, &paused)
	if err != nil || below == 0 || paused {
		return err
	}
	type check struct {
		item   int64
		dodged Skip
	}
	var checks []check
	err = eachRow(w.ctx, w, `SELECT h.item_id, `+checkOutcome+` FROM hits h JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND i.dataset_id = ?1
			AND `+checkSettled+` >= coalesce((SELECT checks_since FROM standing WHERE dataset_id = ?3 AND annotator_id = ?2), '')`,
		[]any{checkID, annotatorID, taskID}, func(rows *sql.Rows) error {
			var c check
			err := rows.Scan(&c.item, &c.dodged)
			checks = append(checks, c)
			return err
		})
	if err != nil {
		return err
	}
	asked, right, err := attentionSince(w, taskID, annotatorID)
	if err != nil || len(checks)+asked < after {
		return err
	}
	units, matched, dodged := asked, right, 0
	for _, c := range checks {
		u, m, err := checkScore(w.ctx, w, c.item, annotatorID, c.dodged)
		if err != nil {
			return err
		}
		units, matched = units+u, matched+m
		if c.dodged != "" {
			dodged++
		}
	}
	if share(matched, units)+1e-12 >= below {
		return nil
	}
	if _, err := w.exec(standingMake, taskID, annotatorID); err != nil {
		return err
	}
	if _, err := w.exec(`UPDATE standing SET paused_at = ? WHERE dataset_id = ? AND annotator_id = ?`,
		now, taskID, annotatorID); err != nil {
		return err
	}
	return standingEvent(w, taskID, annotatorID, "paused", pauseDetail(matched, units, len(checks), dodged, right, asked, below), annotatorID, now)
}

// pauseDetail says in the standing history why the annotator was paused.
func pauseDetail(matched, units, checks, dodged, right, asked int, below float64) string {
	over := display.Count(checks, "check", "checks")
	if dodged > 0 {
		over += fmt.Sprintf(", %d of them given back or put off and counted as missed", dodged)
	}
	if asked == 0 {
		return fmt.Sprintf("gold-check accuracy %.0f%% (%d of %s over %s), below %.0f%%",
			100*share(matched, units), matched, display.Count(units, "unit", "units"), over, 100*below)
	}
	return fmt.Sprintf("accuracy on gold checks and attention questions %.0f%% (%d of %s over %s, %d of %s), below %.0f%%",
		100*share(matched, units), matched-right, display.Count(units-asked, "gold-check unit", "gold-check units"), over,
		right, display.Count(asked, "attention question", "attention questions"), 100*below)
}

// setRepeatLabel applies a label change to an open repeat: the second
// answer, kept apart from the first, under the same conditions (a changed
// answer withdraws the second answers that waited for it). It returns the
// value it had, and what it withdrew.
func setRepeatLabel(w *ptx, repeatID int64, ch LabelChange, now string) (Written, error) {
	var done Written
	p, err := itemProtocol(w, ch.ItemID)
	if err != nil {
		return done, err
	}
	if ch.Value != nil {
		if !p.HasUnit(ch.Unit) || !p.Valid(ch.Unit, *ch.Value) {
			return done, fmt.Errorf("%s=%d is not a label", ch.Unit, *ch.Value)
		}
		if err := checkAnswer(p, ch.Unit, *ch.Value, ch.Text); err != nil {
			return done, err
		}
	}
	held := repeatLabels{w: w, id: repeatID}
	old, err := held.label(ch.Unit)
	if err != nil {
		return done, err
	}
	done.Old = old
	if ch.Value == nil {
		_, err = w.exec(`DELETE FROM repeat_labels WHERE repeat_id = ? AND unit = ?`, repeatID, ch.Unit)
	} else {
		_, err = w.exec(`INSERT INTO repeat_labels (repeat_id, unit, value, seconds, at, text) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
			ON CONFLICT DO UPDATE SET value = excluded.value, at = excluded.at, text = excluded.text,
				seconds = coalesce(repeat_labels.seconds, 0) + excluded.seconds`,
			repeatID, ch.Unit, *ch.Value, ch.Seconds, now, nullText(ch.Text))
	}
	if err != nil {
		return done, err
	}
	kept, err := keepConditions(w, p, held, ch, false)
	done.Withdrawn = kept.withdrawn
	if err != nil || !ch.Finish || ch.Value == nil {
		return done, err
	}
	_, err = w.exec(`UPDATE repeats SET finished_at = ?2 WHERE id = ?1`, repeatID, now)
	return done, err
}
