package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// HIT is one annotator's progress on one item.
type HIT struct {
	Started      bool
	SERPReviewed bool
	Finished     bool
	Flagged      bool
	Labels       map[string]int
	// Texts are the written answers among Labels, by unit (migration 0026).
	Texts map[string]string
	// Note is the annotator's latest note on the item ("" for none): the
	// screen shows it beside the item and opens it for editing.
	Note string
	// Undo is what u takes back, last first: the labels the annotator keyed
	// on this HIT that are not undone yet, rebuilt from the label history
	// so that a reopened HIT can still be undone.
	Undo []UndoStep
	// Practice: the item is a practice item with known answers
	// (PracticeFeedback); a gold check or a repeat looks like any HIT.
	Practice bool
	// ShownSeq is the number a gold check is shown under: that of the
	// task's HIT it took the place of (0 on any other HIT, which is
	// shown under its item's own).
	ShownSeq int
	// Rev is the revision loaded, read before anything else: a label
	// keyed on it is refused once the HIT has changed (LabelChange.Rev).
	Rev Rev
	// Attention: the HIT ends with its kind's attention question
	// (AnswerAttention); AttentionAnswer is the answer given, if any.
	Attention       bool
	AttentionAnswer *int
	// Swapped: an open repeat of a comparison that shows its sides the
	// other way round from the drawn order (Training.SwapRate).
	Swapped bool
	// Suggested is the run's label of each of the HIT's units that the
	// annotator's arm shows them (issue 46), by unit; SuggestWhen is
	// when: ShowsBefore from the start, ShowsAfter once they have keyed
	// their own. Nil for a blind arm, an annotator with no arm, an item
	// they hold no HIT on, or an item the run gives no label: the run's
	// name never leaves the store with it.
	Suggested   map[string]int
	SuggestWhen ArmShows
}

// UndoStep is one keyed label and the value it replaced (nil: none).
type UndoStep struct {
	Unit    string
	Old     *int
	OldText string // a written answer's words before
}

// LoadHIT reads an annotator's state on an item.
func (s *Store) LoadHIT(ctx context.Context, itemID, annotatorID int64) (HIT, error) {
	var h HIT
	var reviewed, finished sql.NullString
	var repeatID int64
	var rev int64
	var swapped bool
	err := s.readRow(ctx, `SELECT r.id, r.serp_reviewed, r.rev, r.swapped FROM repeats r
		WHERE r.item_id = ? AND r.annotator_id = ? AND r.finished_at IS NULL AND r.given_back_at IS NULL`, []any{itemID, annotatorID},
		&repeatID, &reviewed, &rev, &swapped)
	switch {
	case err == nil:
		h, err := loadRepeat(ctx, s, repeatID, reviewed.Valid)
		h.Rev, h.Swapped = Rev{Repeat: repeatID, N: rev}, swapped
		if err == nil {
			err = s.suggestions(ctx, itemID, annotatorID, &h)
		}
		return h, err
	case !errors.Is(err, sql.ErrNoRows):
		return h, fmt.Errorf("load HIT: %w", err)
	}
	err = s.readRow(ctx, `SELECT d.purpose = 'practice' FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`,
		[]any{itemID}, &h.Practice)
	if err != nil {
		return h, fmt.Errorf("load HIT: %w", err)
	}
	// The revision first: labels read after it are at least as new, so a
	// change in between makes the screen's next key stale, never lost.
	err = s.readRow(ctx, `SELECT serp_reviewed, finished_at, rev, coalesce(shown_seq, 0) FROM hits WHERE item_id = ? AND annotator_id = ?`,
		[]any{itemID, annotatorID}, &reviewed, &finished, &h.Rev.N, &h.ShownSeq)
	switch {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return h, fmt.Errorf("load HIT: %w", err)
	default:
		h.Started, h.SERPReviewed, h.Finished = true, reviewed.Valid, finished.Valid
	}
	err = s.readRow(ctx, `SELECT EXISTS (SELECT 1 FROM flags f WHERE f.item_id = ? AND f.annotator_id = ? AND `+standingFlag+`)`,
		[]any{itemID, annotatorID}, &h.Flagged)
	if err != nil {
		return h, fmt.Errorf("load HIT: %w", err)
	}
	if h.Labels, err = s.Labels(ctx, itemID, annotatorID); err != nil {
		return h, err
	}
	if h.Texts, err = s.texts(ctx, `SELECT unit, text FROM labels WHERE item_id = ? AND annotator_id = ? AND text IS NOT NULL`, itemID, annotatorID); err != nil {
		return h, err
	}
	if h.Note, err = s.latestNote(ctx, itemID, annotatorID); err != nil {
		return h, err
	}
	var answer sql.NullInt64
	err = s.readRow(ctx, `SELECT answer FROM attention WHERE item_id = ? AND annotator_id = ?`, []any{itemID, annotatorID}, &answer)
	switch {
	case err == nil:
		h.Attention = true
		if answer.Valid {
			n := int(answer.Int64)
			h.AttentionAnswer = &n
		}
	case !errors.Is(err, sql.ErrNoRows):
		return h, fmt.Errorf("load HIT: %w", err)
	}
	if h.Undo, err = s.undoSteps(ctx, itemID, annotatorID); err != nil {
		return h, err
	}
	if h.Started {
		err = s.suggestions(ctx, itemID, annotatorID, &h)
	}
	return h, err
}

// suggestions loads into h the labels the annotator's arm shows them on
// the item: their arm's run's, where the arm shows one (after: or
// before:). It is read only for the HIT's own annotator (the caller holds
// their HIT); a blind arm, or no arm, reads nothing.
func (s *Store) suggestions(ctx context.Context, itemID, annotatorID int64, h *HIT) error {
	err := eachRow(ctx, s.prepared(), `SELECT a.shows, l.unit, l.value FROM items i
		JOIN annotator_arms m ON m.dataset_id = i.dataset_id AND m.annotator_id = ?2
		JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq AND a.shows IN ('after', 'before')
		JOIN run_labels l ON l.run_id = a.run_id AND l.item_id = i.id
		WHERE i.id = ?1`, []any{itemID, annotatorID}, func(rows *sql.Rows) error {
		var unit string
		var v int
		if err := rows.Scan(&h.SuggestWhen, &unit, &v); err != nil {
			return err
		}
		if h.Suggested == nil {
			h.Suggested = map[string]int{}
		}
		h.Suggested[unit] = v
		return nil
	})
	if err != nil {
		return fmt.Errorf("load HIT: suggestions: %w", err)
	}
	return nil
}

// loadRepeat is an open repeat as the screen shows it: a HIT like a new
// one, with the labels of the second answer so far (nothing of the first:
// no labels, note or undo).
func loadRepeat(ctx context.Context, s *Store, repeatID int64, reviewed bool) (HIT, error) {
	h := HIT{Started: true, SERPReviewed: reviewed, Labels: map[string]int{}}
	if err := unitValues(ctx, s.prepared(), `SELECT unit, value FROM repeat_labels WHERE repeat_id = ?`,
		[]any{repeatID}, h.Labels); err != nil {
		return h, fmt.Errorf("load HIT: %w", err)
	}
	var err error
	h.Texts, err = s.texts(ctx, `SELECT unit, text FROM repeat_labels WHERE repeat_id = ? AND text IS NOT NULL`, repeatID)
	return h, err
}

// latestNote is the annotator's last note on the item, or "".
func (s *Store) latestNote(ctx context.Context, itemID, annotatorID int64) (string, error) {
	var body string
	err := s.readRow(ctx, `SELECT body FROM notes WHERE item_id = ? AND annotator_id = ? ORDER BY id DESC LIMIT 1`,
		[]any{itemID, annotatorID}, &body)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("load HIT: note: %w", err)
	}
	return body, nil
}

// undoSteps replays the annotator's label history on the item: a keyed
// label (source tui) is pushed, an undo pops the last one, a label a
// changed answer withdrew is no step of the annotator's (undoing the
// answer does not bring it back, as on the screen), and anything else (an
// import, a merge) replaced the labels wholesale, so nothing before it can
// be undone.
func (s *Store) undoSteps(ctx context.Context, itemID, annotatorID int64) ([]UndoStep, error) {
	var out []UndoStep
	err := eachRow(ctx, s.prepared(), `SELECT unit, old_value, source, coalesce(old_text, '') FROM label_history
		WHERE item_id = ? AND annotator_id = ? ORDER BY id`, []any{itemID, annotatorID}, func(rows *sql.Rows) error {
		var u UndoStep
		var old sql.NullInt64
		var source string
		if err := rows.Scan(&u.Unit, &old, &source, &u.OldText); err != nil {
			return err
		}
		switch source {
		case "tui":
			if old.Valid {
				v := int(old.Int64)
				u.Old = &v
			}
			out = append(out, u)
		case "undo":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case sourceWithdrawn:
		default:
			out = out[:0]
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("load HIT: history: %w", err)
	}
	return out, nil
}

// asWork lists task dataset ?1 and its gold-check dataset: an annotator's
// own counts take in both, for a check is shown as real work, and a check
// the counts left out gave itself away (issue 42: "3 done / 3 yours" on a
// check, "3 done / 4 yours" on a real HIT).
const asWork = `(?1, (SELECT id FROM datasets WHERE parent_id = ?1 AND purpose = 'check'))`

// ownDone is SQL for annotator ?2's finished HITs in task dataset ?1, its
// gold checks among them, from the counters (migration 0012).
const ownDone = `coalesce((SELECT sum(done) FROM annotator_done WHERE dataset_id IN ` + asWork + ` AND annotator_id = ?2), 0)`

// OpenHITs counts the annotator's HITs in the dataset that are started and
// not finished (flagged ones among them, and gold checks): with the
// finished ones, the HITs assigned to them so far. It walks the
// annotator's open HITs only.
func (s *Store) OpenHITs(ctx context.Context, datasetID, annotatorID int64) (int, error) {
	var n int
	err := s.readRow(ctx, `SELECT count(*) FROM hits h JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.given_back_at IS NULL AND i.dataset_id IN `+asWork,
		[]any{datasetID, annotatorID}, &n)
	if err != nil {
		return 0, fmt.Errorf("count open HITs: %w", err)
	}
	return n, nil
}

// DoneAndOpen is Progress's done and OpenHITs in one read, as a session's
// header reads them after every label it keys: one statement rather than
// two, and without Progress's total, which a label does not move.
func (s *Store) DoneAndOpen(ctx context.Context, datasetID, annotatorID int64) (done, open int, err error) {
	err = s.readRow(ctx, `SELECT `+ownDone+`, (SELECT count(*) FROM hits h JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.given_back_at IS NULL AND i.dataset_id IN `+asWork+`)`,
		[]any{datasetID, annotatorID}, &done, &open)
	if err != nil {
		return 0, 0, fmt.Errorf("count finished and open HITs: %w", err)
	}
	return done, open, nil
}

// MarkSERPReviewed records that the annotator finished Step I, and the
// move to the next step that comes with it.
func (s *Store) MarkSERPReviewed(ctx context.Context, itemID, annotatorID int64, move StepMove) error {
	err := s.tx(ctx, func(w *ptx) error {
		now := s.now()
		if rid, repeat, err := openRepeat(w, itemID, annotatorID); err != nil || repeat {
			if err == nil {
				_, err = w.exec(`UPDATE repeats SET serp_reviewed = coalesce(serp_reviewed, ?) WHERE id = ?`, now, rid)
			}
			return err
		}
		if _, _, err := holdHIT(w, s, itemID, annotatorID, 0); err != nil {
			return err
		}
		_, err := w.exec(`UPDATE hits SET serp_reviewed = coalesce(serp_reviewed, ?)
			WHERE item_id = ? AND annotator_id = ?`, now, itemID, annotatorID)
		if err != nil {
			return err
		}
		return recordMove(w, itemID, annotatorID, move, now)
	})
	if err != nil {
		return fmt.Errorf("mark results reviewed: %w", err)
	}
	return nil
}

// Progress counts an annotator's finished HITs (their gold checks among
// them) and all HITs of a dataset, less the judge's items below the lead
// (judgeUnseen).
func (s *Store) Progress(ctx context.Context, datasetID, annotatorID int64) (done, total int, err error) {
	// Counters (migration 0012): counting was a walk over every finished
	// HIT of the annotator for every HIT shown.
	err = s.readRow(ctx, `SELECT `+ownDone+`, (SELECT items_count FROM datasets WHERE id = ?1) - `+judgeUnseen,
		[]any{datasetID, annotatorID}, &done, &total)
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
	// StatusLater: the annotator put it off (SkipLater).
	StatusLater Status = "later"
	// StatusGivenBack: the annotator gave it back (SkipGiveBack).
	StatusGivenBack Status = "given back"
	// StatusNotNeeded: the annotator has not started it and the pane has
	// all the annotators its policy asks for.
	StatusNotNeeded Status = "not needed"
)

// Statuses are the queue's states, in the order a filter goes through them.
var Statuses = []Status{StatusTodo, StatusInProgress, StatusLater, StatusDone, StatusFlagged, StatusGivenBack, StatusNotNeeded}

// QueueRow is one line of an annotator's queue.
type QueueRow struct {
	ItemID int64
	Seq    int
	Query  string
	Status Status
}

// QueueFilter narrows a queue to one status ("" for any) and to items
// whose topic holds Text, in any case of ASCII letters ("" for any).
type QueueFilter struct {
	Status Status
	Text   string
}

// On says whether the filter leaves anything out.
func (f QueueFilter) On() bool { return f.Status != "" || f.Text != "" }

// Queue lists limit HITs of a dataset from offset (0-based) with the
// annotator's status on each. Unfiltered, the offset is by HIT number and
// it reads only the rows it returns; a filter walks the dataset.
func (s *Store) Queue(ctx context.Context, datasetID, annotatorID int64, f QueueFilter, offset, limit int) ([]QueueRow, error) {
	q := `SELECT i.id, i.seq, i.query, ` + queueStatusSQL + `
		FROM items i LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2
		WHERE i.dataset_id = ?1 AND i.seq > ?3 ORDER BY i.seq LIMIT ?4`
	args := []any{datasetID, annotatorID, offset, limit}
	if !knownStatus(f.Status) {
		return nil, fmt.Errorf("list queue: no status %q", f.Status)
	}
	if f.On() {
		q = queueFiltered(`i.id, i.seq, i.query, `+queueStatusSQL, f.Status) + ` ORDER BY i.seq LIMIT ?4 OFFSET ?3`
		args = append(args, string(f.Status), likePattern(f.Text))
	}
	return collect(ctx, s.prepared(), "list queue", q, args, func(rows *sql.Rows) (r QueueRow, err error) {
		err = rows.Scan(&r.ItemID, &r.Seq, &r.Query, &r.Status)
		return r, err
	})
}

// QueueCount counts the HITs of a dataset that pass the filter.
func (s *Store) QueueCount(ctx context.Context, datasetID, annotatorID int64, f QueueFilter) (int, error) {
	var n int
	if !knownStatus(f.Status) {
		return 0, fmt.Errorf("count queue: no status %q", f.Status)
	}
	err := s.readRow(ctx, queueFiltered(`count(*)`, f.Status),
		[]any{datasetID, annotatorID, 0, 0, string(f.Status), likePattern(f.Text)}, &n)
	if err != nil {
		return 0, fmt.Errorf("count queue: %w", err)
	}
	return n, nil
}

// queueFiltered is the dataset's queue rows that pass the status s (""
// for any) and ?6 (a LIKE pattern), with the columns cols. A status only
// a HIT of the annotator's can have is looked for among their HITs, and
// flagged among their flags: those are few, where a walk of every item
// takes a second at 400,000.
func queueFiltered(cols string, s Status) string {
	from := `FROM items i LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2 WHERE i.dataset_id = ?1`
	switch s {
	case StatusDone, StatusInProgress, StatusLater, StatusGivenBack:
		from = `FROM hits h INDEXED BY hits_annotator CROSS JOIN items i ON i.id = h.item_id
			WHERE h.annotator_id = ?2 AND i.dataset_id = ?1`
	case StatusFlagged:
		from = `FROM items i LEFT JOIN hits h ON h.item_id = i.id AND h.annotator_id = ?2
			WHERE i.id IN (SELECT f.item_id FROM flags f WHERE f.annotator_id = ?2) AND i.dataset_id = ?1`
	}
	return `SELECT ` + cols + ` ` + from + ` AND i.query LIKE ?6 ESCAPE '\' AND ` + statusIs(s)
}

// statusWhen is each status but flagged as a condition on items i and the
// annotator's HIT h; exactly one holds for a row without a standing flag.
var statusWhen = map[Status]string{
	StatusDone:       `h.finished_at IS NOT NULL`,
	StatusGivenBack:  `h.finished_at IS NULL AND h.given_back_at IS NOT NULL`,
	StatusLater:      `h.finished_at IS NULL AND h.given_back_at IS NULL AND h.later_at IS NOT NULL`,
	StatusInProgress: `h.item_id IS NOT NULL AND h.finished_at IS NULL AND h.given_back_at IS NULL AND h.later_at IS NULL`,
	StatusNotNeeded:  `h.item_id IS NULL AND (i.open = 0 OR ` + armFilled + `)`,
	StatusTodo:       `h.item_id IS NULL AND i.open != 0 AND NOT ` + armFilled,
}

// armFilled: on a dataset with arms, the annotator's (?2) arm holds every
// place it has on item i (HITs not given back, as the walks count them),
// so the item is not needed of them though others' arms still want it.
// Without an arm it is false at one look-up.
const armFilled = `EXISTS (SELECT 1 FROM annotator_arms m JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq
	WHERE m.dataset_id = i.dataset_id AND m.annotator_id = ?2
		AND (SELECT count(*) FROM hits x JOIN annotator_arms n ON n.dataset_id = m.dataset_id
			AND n.annotator_id = x.annotator_id AND n.arm_seq = m.arm_seq
			WHERE x.item_id = i.id AND x.given_back_at IS NULL) >= a.per_item)`

// queueStatusSQL is a HIT's status in the queue: a standing flag first,
// else the status whose condition holds.
var queueStatusSQL = func() string {
	var b strings.Builder
	b.WriteString("CASE WHEN " + flaggedSQL + " THEN '" + string(StatusFlagged) + "'")
	for _, s := range Statuses {
		if s != StatusFlagged {
			fmt.Fprintf(&b, " WHEN %s THEN '%s'", statusWhen[s], s)
		}
	}
	return b.String() + " END"
}()

// statusIs is a filter's condition: the status's own, so that a filter
// does not work out every row's status to compare it ("" any status).
func statusIs(s Status) string {
	switch s {
	case "":
		return `1`
	case StatusFlagged:
		return flaggedSQL
	}
	return `NOT ` + flaggedSQL + ` AND ` + statusWhen[s]
}

// knownStatus says whether a filter's status is one the queue has.
func knownStatus(s Status) bool { return s == "" || slices.Contains(Statuses, s) }

// flaggedSQL: the annotator (?2) has a standing flag on item i.
const flaggedSQL = `EXISTS (SELECT 1 FROM flags f WHERE f.item_id = i.id AND f.annotator_id = ?2 AND ` + standingFlag + `)`

// likePattern matches text anywhere, its own % _ and \ taken literally.
func likePattern(text string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(text) + "%"
}
