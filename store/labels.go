package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// VoteSlots is the length of a unit's votes (labels per value): every
// scale's values fall in 0 … 11 (a choice's element is 1 … 11,
// guidelines.MaxChoice), so a value is its own index.
const VoteSlots = 12

// patternSlots is the fewest counts a kept pattern writes: the six of every
// scale before choices, so the patterns databases already keep read the
// same and a choice's longer pattern is the only one that grows.
const patternSlots = 6

// LabelChange sets (Value non-nil) or removes (Value nil) one label.
type LabelChange struct {
	ItemID      int64
	AnnotatorID int64
	Unit        string
	Value       *int
	// Text is a written answer's words (a text unit's label, whose Value
	// is 0); "" for a label on a scale.
	Text    string
	Seconds float64 // time spent on the step before keying
	Finish  bool    // the HIT is complete with this label
	Source  string  // tui, undo …
	// ActorID is who keys it, when not the annotator: a lead acting as
	// them (--as). History keeps both.
	ActorID int64
	// Move is the step change the label brings, recorded with it.
	Move StepMove
	// Rev, when set, is the HIT's revision as the screen loaded it:
	// SetLabel refuses the label (ErrStale) if the HIT has changed since,
	// in another window or by a merge, and on success sets it to the new
	// revision, for the screen's next key. Only the goroutine that calls
	// SetLabel may touch it.
	Rev *Rev
}

// Rev is a HIT's revision: which record the screen showed (an open
// repeat's second answer, or the HIT itself) and how many writes of its
// labels it had seen (hits.rev, repeats.rev; migration 0015).
type Rev struct {
	Repeat int64 // the open repeat shown; 0: the HIT
	N      int64
}

// ErrStale is a label keyed on a screen that no longer shows the HIT as
// it is: another window (or a merge) changed or finished it since.
var ErrStale = errors.New("changed in another window since this screen loaded it")

// StaleError is ErrStale, saying whether the HIT is finished now.
type StaleError struct{ Finished bool }

func (e *StaleError) Error() string {
	if e.Finished {
		return "finished in another window since this screen loaded it"
	}
	return ErrStale.Error()
}

func (e *StaleError) Is(target error) bool { return target == ErrStale }

// staleRev refuses a change whose screen saw another revision than rev
// of the record it goes to (rid: the open repeat, 0 the HIT itself).
func staleRev(ch LabelChange, rid, rev int64, finished bool) error {
	if ch.Rev != nil && (ch.Rev.Repeat != rid || ch.Rev.N != rev) {
		// A repeat the screen showed that is no longer open was finished.
		return &StaleError{Finished: finished || (ch.Rev.Repeat != 0 && rid == 0)}
	}
	return nil
}

// repeatRev moves an open repeat's revision on and says what it was.
func repeatRev(w *ptx, rid int64) (int64, error) {
	var n int64
	err := w.scan(`UPDATE repeats SET rev = rev + 1 WHERE id = ? RETURNING rev - 1`, []any{rid}, &n)
	return n, err
}

// actor is who keys the change: the lead behind --as, else the annotator.
func (ch LabelChange) actor() int64 { return cmp.Or(ch.ActorID, ch.AnnotatorID) }

// Written is what one SetLabel did: the value the label had before (nil
// when it had none), and the labels the change withdrew because their
// steps waited for the old answer (in HIT order; a yes turned to no takes
// a facet, or every row's usefulness, away).
type Written struct {
	Old       *int
	OldText   string // a written answer's words before ("" when none)
	Withdrawn []Withdrawal
}

// SetLabel applies one keyed label in its own transaction: the label, its
// history entry, the labels it withdraws (each with its own history
// entry) and the HIT's progress commit together or not at all.
func (s *Store) SetLabel(ctx context.Context, ch LabelChange) (done Written, err error) {
	if ch.Source == "" {
		ch.Source = "tui"
	}
	var rev int64
	err = s.txSums(ctx, s.keyLabel(ch, &done, &rev))
	if err != nil {
		return Written{}, fmt.Errorf("set label %s: %w", ch.Unit, err)
	}
	if ch.Rev != nil {
		ch.Rev.N = rev
	}
	return done, nil
}

// keyLabel is SetLabel's write: it sets done to what the label did and
// rev to the HIT's revision after it.
func (s *Store) keyLabel(ch LabelChange, done *Written, rev *int64) func(*ptx) error {
	return func(w *ptx) error {
		now := s.now()
		// The HIT, the item's kind (read once for the label's checks), the
		// annotator's open repeat and their label now, in one read.
		var h heldHIT
		var kind guidelines.Kind
		var rid int64
		var old sql.NullInt64
		var oldText sql.NullString
		if err := w.scan(labelRead, []any{ch.ItemID, ch.AnnotatorID, ch.Unit},
			&h.datasetID, &h.done, &h.touched, &h.rev, &h.skipped, &h.leaseSecs, &kind, &rid, &old, &oldText); err != nil {
			return err
		}
		// A repeat's answer is kept apart from the first (migration 0014).
		if rid != 0 {
			var err error
			*rev, err = repeatRev(w, rid)
			if err == nil {
				err = staleRev(ch, rid, *rev, false)
			}
			if err == nil {
				*done, err = setRepeatLabel(w, rid, ch, now)
			}
			*rev++
			return err
		}
		// Holding the HIT moves its revision on, in the same statement.
		finished, held, err := h.hold(w, s, ch.ItemID, ch.AnnotatorID, 1)
		if err != nil {
			return err
		}
		if err := staleRev(ch, 0, held, finished); err != nil {
			return err
		}
		*rev = held + 1
		p := w.protocol(kind)
		if ch.Value != nil {
			if err := checkAnswer(p, ch.Unit, *ch.Value, ch.Text); err != nil {
				return err
			}
		}
		if old.Valid {
			v := int(old.Int64)
			done.Old, done.OldText = &v, oldText.String
		}
		if err := writeLabel(w, ch, now); err != nil {
			return err
		}
		// The answer's history row comes first: it is what withdraws.
		if !sameValue(done.Old, ch.Value) || done.OldText != ch.Text {
			if _, err := w.exec(`INSERT INTO label_history
				(item_id, unit, annotator_id, old_value, new_value, actor_id, at, source, old_text, new_text)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
				ch.ItemID, ch.Unit, ch.AnnotatorID, done.Old, ch.Value, ch.actor(), now, ch.Source,
				nullText(done.OldText), nullText(ch.Text)); err != nil {
				return fmt.Errorf("append history: %w", err)
			}
		}
		kept, err := keepConditions(w, p, hitLabels{w: w, ch: ch, now: now}, ch, finished && ch.Value != nil)
		if err != nil {
			return err
		}
		done.Withdrawn = kept.withdrawn
		if kept.unwhole && ch.Value != nil && finished {
			// A no turned back to yes asks again what it withdrew: the
			// finished HIT is open until those labels are keyed anew.
			err = reopenHIT(w, ch)
		} else {
			err = touchHIT(w, ch, now)
		}
		if err != nil {
			return err
		}
		// labelRead found no open repeat, and nothing here opens one.
		if err := insertMove(w, stepEventUnlessLast, ch.ItemID, ch.AnnotatorID, ch.Move, now); err != nil {
			return err
		}
		if !finished && !ch.Finish && ch.Value != nil {
			// A label of a HIT in progress counts for nothing yet: the
			// item's counters rest on finished HITs only.
			return nil
		}
		return refreshItem(w, ch.ItemID)
	}
}

func currentLabel(w *ptx, ch LabelChange) (*int, error) {
	var v int
	err := w.scan(`SELECT value FROM labels WHERE item_id = ? AND unit = ? AND annotator_id = ?`,
		[]any{ch.ItemID, ch.Unit, ch.AnnotatorID}, &v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func writeLabel(w *ptx, ch LabelChange, now string) error {
	if ch.Value == nil {
		_, err := w.exec(`DELETE FROM labels WHERE item_id = ? AND unit = ? AND annotator_id = ?`,
			ch.ItemID, ch.Unit, ch.AnnotatorID)
		return err
	}
	// Seconds add up over visits: the time a unit took is all the time spent on it.
	// A changed label keeps the value it was first keyed with (an arm shown
	// a run's label after keying is measured by it), even across an undo
	// of that first key, which deletes the row: a new row takes the first
	// value its history holds (this change's own entry is written after),
	// through label_history_item, a few rows of one item's unit.
	_, err := w.exec(`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, seconds, text, first_value)
		VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, coalesce((SELECT h.new_value FROM label_history h
			WHERE h.item_id = ?1 AND h.unit = ?2 AND h.annotator_id = ?3 AND h.new_value IS NOT NULL ORDER BY h.id LIMIT 1), ?4))
		ON CONFLICT (item_id, unit, annotator_id) DO UPDATE SET
			first_value = coalesce(labels.first_value, labels.value),
			value = excluded.value, updated_at = excluded.updated_at, text = excluded.text,
			seconds = coalesce(labels.seconds, 0) + excluded.seconds`,
		ch.ItemID, ch.Unit, ch.AnnotatorID, *ch.Value, now, now, ch.Seconds, nullText(ch.Text))
	return err
}

// touchHIT keeps the HIT row (made by holdHIT) in step with its labels: a
// removed label reopens a finished HIT, a finishing label closes it; either
// moves the annotator's count of finished HITs.
func touchHIT(w *ptx, ch LabelChange, now string) error {
	var res sql.Result
	var err error
	switch {
	case ch.Value == nil:
		return reopenHIT(w, ch)
	case ch.Finish:
		// A HIT asking an attention question finishes with its answer.
		if waits, err := attentionWaits(w, ch.ItemID, ch.AnnotatorID); err != nil || waits {
			return err
		}
		res, err = w.exec(`UPDATE hits SET finished_at = ?2 WHERE item_id = ?1 AND annotator_id = ?3 AND finished_at IS NULL`,
			ch.ItemID, now, ch.AnnotatorID)
	default:
		return nil
	}
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		if _, err = w.exec(doneAdd, ch.ItemID, ch.AnnotatorID, 1); err == nil {
			err = afterFinish(w, ch.ItemID, ch.AnnotatorID, now)
		}
	}
	return err
}

// reopenHIT opens a finished HIT again (its labels are no longer whole)
// and takes it from the annotator's count of finished HITs.
func reopenHIT(w *ptx, ch LabelChange) error {
	res, err := w.exec(`UPDATE hits SET finished_at = NULL WHERE item_id = ? AND annotator_id = ? AND finished_at IS NOT NULL`,
		ch.ItemID, ch.AnnotatorID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		_, err = w.exec(doneAdd, ch.ItemID, ch.AnnotatorID, -1)
	}
	return err
}

// doneAdd adds ?3 to the finished HITs of annotator ?2 in item ?1's dataset,
// doneAddTo ?3 to annotator ?2's in dataset ?1 (annotator_done, migration
// 0012).
const (
	doneAdd = `INSERT INTO annotator_done (dataset_id, annotator_id, done)
	SELECT i.dataset_id, ?2, ?3 FROM items i WHERE i.id = ?1
	ON CONFLICT DO UPDATE SET done = done + excluded.done`
	doneAddTo = `INSERT INTO annotator_done (dataset_id, annotator_id, done) VALUES (?1, ?2, ?3)
	ON CONFLICT DO UPDATE SET done = done + excluded.done`
)

func sameValue(a, b *int) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

// Labels returns one annotator's current labels on an item, by unit.
func (s *Store) Labels(ctx context.Context, itemID, annotatorID int64) (map[string]int, error) {
	out := map[string]int{}
	if err := unitValues(ctx, s.prepared(), `SELECT unit, value FROM labels WHERE item_id = ? AND annotator_id = ?`,
		[]any{itemID, annotatorID}, out); err != nil {
		return nil, fmt.Errorf("load labels: %w", err)
	}
	return out, nil
}

// HistoryEntry is one change of one label.
type HistoryEntry struct {
	Item      string // the item's uid; a pair's blind id when AsSeen
	Kind      guidelines.Kind
	Unit      string
	Annotator string
	Actor     string
	Old, New  *int // nil: no label (before the first, after a withdrawal or an undo)
	// OldText and NewText are a written answer's words before and after.
	OldText, NewText string
	At               string
	Source           string // tui, undo, merge, withdrawn …
	// AsSeen: a compare item's change for a reader below the lead, Old
	// and New from the side shown as A (as LabelRow.AsSeen).
	AsSeen bool
}

// History lists every change to an item's labels, oldest first, whoever
// asks: for tests and tools that hold the file; a person's command reads
// Reading.LabelHistory, which keeps to their role.
func (s *Store) History(ctx context.Context, itemID int64) ([]HistoryEntry, error) {
	return labelHistory(ctx, s.prepared(), itemID, 0)
}

// LabelRow is one label as exported.
type LabelRow struct {
	Item      string // the item's stable uid; a pair's blind id when AsSeen
	Kind      guidelines.Kind
	Unit      string
	Annotator string
	Value     int
	Answer    string // a written answer's words (Value 0); "" on a scale
	// AsSeen: a compare item's label for a reader below the lead, Item its
	// blind id and Value from the side shown as A (guidelines.AsSeen).
	AsSeen    bool
	CreatedAt string
	UpdatedAt string // when it got its current value
	Seconds   *float64
	// Text and Text2 are the item's two texts (a pane's query and question,
	// a conversation's topic and facet …), and RowID a grouped row's id
	// (Reading.UnitText), from EachLabelText only.
	Text, Text2, RowID string
	// Arm is the annotator's arm on a dataset with arms (blind, after:RUN,
	// before:RUN; "" in none), and First the value first keyed: in a
	// lead's reading only (ArmsInLabels), else "" and Value.
	Arm   string
	First int
	// HITSeconds is the time of the label's HIT, from its opening to its
	// finishing label as the quality report measures it (hitSeconds), in a
	// lead's reading with arms; nil for a HIT unfinished or with no step
	// events (merged) and everywhere else.
	HITSeconds *float64
}

// EachLabel calls fn for every label of the reading's dataset (all
// datasets when it is 0) that the reader may have, in import order, then
// HIT order, then annotator name: a lead's reading has everyone's, a
// reading of one's own labels just theirs. Below the lead a pair comes
// as the judge saw it (LabelRow.AsSeen). A reading for figures has none to
// give: it refuses.
func (r *Reading) EachLabel(ctx context.Context, fn func(LabelRow) error) error {
	return r.eachLabel(ctx, false, fn)
}

// EachLabelText is EachLabel with each label's item's texts (LabelRow.Text,
// Text2), for an export a person reads without joining files.
func (r *Reading) EachLabelText(ctx context.Context, fn func(LabelRow) error) error {
	return r.eachLabel(ctx, true, fn)
}

func (r *Reading) eachLabel(ctx context.Context, text bool, fn func(LabelRow) error) error {
	only := int64(0)
	switch r.scope {
	case scopeOwn:
		only = r.reader.ID
	case scopeFigures:
		return fmt.Errorf("list labels: %w: a reading for figures hands out no labels", ErrNotAllowed)
	}
	texts := `'', ''` // read only when asked: an export of millions of labels
	if text {
		texts = `i.query, i.question`
	}
	var texter unitTexter
	return stream(ctx, r.tx, "list labels", `
		SELECT i.id, i.uid, d.kind, l.unit, a.name, l.value, coalesce(l.text, ''), l.created_at, l.updated_at, l.seconds, `+texts+`,
			CASE WHEN ?3 AND d.kind = '`+string(guidelines.Compare.Kind)+`' THEN (SELECT p.first_left FROM pairs p WHERE p.item_id = l.item_id) END,
			CASE WHEN ?4 THEN coalesce(`+armNameOf("i.dataset_id", "l.annotator_id")+`, '') ELSE '' END,
			CASE WHEN ?4 THEN coalesce(l.first_value, l.value) ELSE l.value END,
			CASE WHEN ?4 THEN (SELECT `+hitSeconds("h.item_id", "h.annotator_id", "h.finished_at")+` FROM hits h
				WHERE h.item_id = l.item_id AND h.annotator_id = l.annotator_id AND h.finished_at IS NOT NULL
				AND EXISTS (SELECT 1 FROM step_events e WHERE e.item_id = h.item_id AND e.annotator_id = h.annotator_id)) END
		FROM labels l JOIN items i ON i.id = l.item_id JOIN annotators a ON a.id = l.annotator_id
			JOIN datasets d ON d.id = i.dataset_id
		WHERE (i.dataset_id = ?1 OR (?1 = 0 AND (SELECT d.purpose FROM datasets d WHERE d.id = i.dataset_id) = 'task'))
			AND (?2 = 0 OR l.annotator_id = ?2)
		ORDER BY i.dataset_id, i.seq, `+r.s.unitOrderOf("unit")+`, a.name`, []any{r.dataset, only, !r.pairs, r.readsArms()}, func(rows *sql.Rows) (LabelRow, error) {
		var l LabelRow
		var itemID int64
		var firstLeft sql.NullBool
		err := rows.Scan(&itemID, &l.Item, &l.Kind, &l.Unit, &l.Annotator, &l.Value, &l.Answer, &l.CreatedAt, &l.UpdatedAt, &l.Seconds, &l.Text, &l.Text2, &firstLeft, &l.Arm, &l.First, &l.HITSeconds)
		if err == nil && text {
			var t UnitText
			t, err = texter.of(ctx, r.tx, itemID, r.Protocol(l.Kind), l.Unit, UnitText{Text: l.Text, Text2: l.Text2})
			l.Text, l.Text2, l.RowID = t.Text, t.Text2, t.RowID
		}
		if err == nil && firstLeft.Valid { // a pair, read below the lead
			err = r.asSeen(ctx, &l, firstLeft.Bool)
		}
		return l, err
	}, fn)
}

// asSeen turns a pair's label into what a reader below the lead may have:
// the pair's blind id, and the label from the side the judge saw as A.
func (r *Reading) asSeen(ctx context.Context, l *LabelRow, firstIsA bool) error {
	if r.namer == nil {
		n, err := loadPairNamer(ctx, r.tx)
		if err != nil {
			return err
		}
		r.namer = &n
	}
	l.Item, l.Value, l.AsSeen = r.namer.name(l.Item), guidelines.SeenSide(l.Value, firstIsA), true
	return nil
}

// UnitVote is one label as agreement needs it: which unit (an index into
// Units), whose, which value.
type UnitVote struct {
	Unit      int
	Annotator int64
	Value     int
	Imported  bool // from a release file, not keyed or merged
}

// ItemVotes is every label of one item.
type ItemVotes struct {
	ID    int64
	UID   string
	Votes []UnitVote // in HIT order of units, then by annotator id
}

// EachItemVotes calls fn for every item of the reading's dataset that has
// settled labels, in import order, with them, leaving out the items hidden
// from the reader. It reads the items by their seq index and each item's
// labels by their primary key, so nothing is sorted; it is the fast path
// for agreement over millions of labels (the ordered, named rows of
// EachLabel are for export). fn must not keep iv.
func (r *Reading) EachItemVotes(ctx context.Context, fn func(iv *ItemVotes) error) error {
	if err := r.votesAllowed(); err != nil {
		return fmt.Errorf("list labels: %w", err)
	}
	if err := r.loadHidden(ctx); err != nil {
		return err
	}
	// One row per item, its labels packed as "unit annotator value" items:
	// a row costs the driver far more than the bytes in it.
	iv := &ItemVotes{}
	return stream(ctx, r.tx, "list labels", `SELECT id, uid, (`+settledVotes+`) AS votes
		FROM items WHERE dataset_id = ? AND votes IS NOT NULL ORDER BY seq`, []any{r.dataset}, func(rows *sql.Rows) (*ItemVotes, error) {
		var packed sql.RawBytes
		if err := rows.Scan(&iv.ID, &iv.UID, &packed); err != nil {
			return nil, err
		}
		if r.hides(iv.ID) {
			return nil, errSkipRow
		}
		var err error
		if iv.Votes, err = unpackVotes(r.s.Kinds(), iv.Votes[:0], packed); err != nil {
			return nil, fmt.Errorf("item %d: %w", iv.ID, err)
		}
		return iv, nil
	}, fn)
}
