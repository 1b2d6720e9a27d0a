package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// Training is a dataset's policy for trained annotators (migration 0014).
type Training struct {
	// Qualify is the practice HITs in a round; an annotator works for real
	// once a round's share of units matching the answers reaches Pass. 0
	// asks for no qualification.
	Qualify int
	Pass    float64
	// CheckRate and RepeatRate are the shares of HITs handed out that are
	// hidden gold checks and repeats of a HIT the annotator finished at
	// least RepeatGap HITs before.
	CheckRate, RepeatRate float64
	RepeatGap             int
	// Fast marks a HIT whose HIT time (hitSeconds) is under this (0: none).
	Fast time.Duration
	// PauseBelow pauses an annotator whose gold-check accuracy falls under
	// it, once they have done PauseAfter checks since they were last
	// resumed (0: never).
	PauseBelow float64
	PauseAfter int
	// AttentionRate is the share of HITs handed out that end with the
	// kind's attention question (a protocol file's [attention]); 0 for a
	// kind that asks none.
	AttentionRate float64
	// SwapRate is the share of HITs handed out that repeat a blinded
	// comparison the judge finished, its sides swapped (a compare
	// dataset's only); they wait RepeatGap HITs as repeats do.
	SwapRate float64
}

// DefaultTraining asks nothing of anyone.
var DefaultTraining = Training{Pass: 0.7, RepeatGap: 20, PauseAfter: 5}

// Check refuses a training policy that cannot work.
func (t Training) Check() error {
	rate := func(name string, v float64) error {
		if math.IsNaN(v) || v < 0 || v > 1 {
			return fmt.Errorf("policy: %s %v is not a share between 0 and 1", name, v)
		}
		return nil
	}
	for _, r := range []struct {
		name string
		v    float64
	}{{"pass", t.Pass}, {"check rate", t.CheckRate}, {"repeat rate", t.RepeatRate}, {"pause-below", t.PauseBelow}, {"attention rate", t.AttentionRate}, {"swap rate", t.SwapRate}} {
		if err := rate(r.name, r.v); err != nil {
			return err
		}
	}
	switch {
	case t.Qualify < 0:
		return fmt.Errorf("policy: qualify %d is below 0", t.Qualify)
	case t.CheckRate+t.RepeatRate+t.SwapRate > 0.5:
		return fmt.Errorf("policy: check rate %v, repeat rate %v and swap rate %v leave less than half the HITs for real work",
			t.CheckRate, t.RepeatRate, t.SwapRate)
	case t.RepeatGap < 1:
		return fmt.Errorf("policy: repeat gap %d is below 1", t.RepeatGap)
	case t.Fast < 0:
		return fmt.Errorf("policy: fast %v is below 0", t.Fast)
	case t.PauseAfter < 1:
		return fmt.Errorf("policy: pause-after %d is below 1", t.PauseAfter)
	}
	return nil
}

const trainingRead = `SELECT qualify_hits, qualify_pass, check_rate, repeat_rate, repeat_gap, fast_seconds,
	pause_below, pause_after, attention_rate, swap_rate FROM datasets WHERE id = ?`

func scanTraining(row interface{ Scan(...any) error }) (Training, error) {
	var t Training
	var fast float64
	err := row.Scan(&t.Qualify, &t.Pass, &t.CheckRate, &t.RepeatRate, &t.RepeatGap, &fast, &t.PauseBelow, &t.PauseAfter, &t.AttentionRate, &t.SwapRate)
	t.Fast = time.Duration(fast * float64(time.Second))
	return t, err
}

// DatasetTraining reads a dataset's training policy.
func (s *Store) DatasetTraining(ctx context.Context, datasetID int64) (Training, error) {
	t, err := scanTraining(s.prepared().QueryRowContext(ctx, trainingRead, datasetID))
	if err != nil {
		return t, fmt.Errorf("read training policy: %w", err)
	}
	return t, nil
}

// kindAllows refuses rates the dataset's kind cannot take: attention
// questions where its protocol asks none, swapped repeats where it has no
// sides.
func kindAllows(w *ptx, datasetID int64, t Training) error {
	if err := attentionAsked(w, datasetID, t.AttentionRate); err != nil || t.SwapRate == 0 {
		return err
	}
	var kind guidelines.Kind
	if err := w.scan(`SELECT kind FROM datasets WHERE id = ?`, []any{datasetID}, &kind); err != nil {
		return err
	}
	if kind != guidelines.Compare.Kind {
		return fmt.Errorf("policy: a %s item has no sides to swap (swapped repeats are for compare datasets)", kind)
	}
	return nil
}

// CheckTraining refuses a training policy that cannot work for the
// dataset, changing nothing: a caller changing more than the training
// policy asks first.
func (s *Store) CheckTraining(ctx context.Context, datasetID int64, t Training) error {
	if err := t.Check(); err != nil {
		return err
	}
	return s.readTx(ctx, func(tx *ptx) error { return kindAllows(tx, datasetID, t) })
}

// SetTraining changes a dataset's training policy, if who is a lead.
func (s *Store) SetTraining(ctx context.Context, who Annotator, datasetID int64, t Training) error {
	if err := t.Check(); err != nil {
		return err
	}
	err := s.tx(ctx, func(w *ptx) error {
		if err := requireRole(ctx, w, who.ID, ActPolicy); err != nil {
			return err
		}
		if err := kindAllows(w, datasetID, t); err != nil {
			return err
		}
		_, err := w.ExecContext(ctx, `UPDATE datasets SET qualify_hits = ?, qualify_pass = ?, check_rate = ?,
			repeat_rate = ?, repeat_gap = ?, fast_seconds = ?, pause_below = ?, pause_after = ?, attention_rate = ?,
			swap_rate = ? WHERE id = ?`,
			t.Qualify, t.Pass, t.CheckRate, t.RepeatRate, t.RepeatGap, t.Fast.Seconds(), t.PauseBelow, t.PauseAfter,
			t.AttentionRate, t.SwapRate, datasetID)
		return err
	})
	if err != nil {
		return fmt.Errorf("set training policy: %w", err)
	}
	return nil
}

// Purpose is what a dataset is for: a task, or a task's practice or
// gold-check items (migration 0014).
type Purpose string

// The purposes.
const (
	PurposeTask     Purpose = "task"
	PurposePractice Purpose = "practice"
	PurposeCheck    Purpose = "check"
)

// sideName is the name a task's practice or check dataset is stored
// under: a unit separator no name from a command line or file holds keeps
// it from meeting a dataset anyone names (and every lookup by name asks
// for tasks only).
func sideName(parent string, purpose Purpose) string { return parent + "\x1f" + string(purpose) }

// sideDataset is the id of the task's dataset of that purpose (ok false
// when there is none).
func sideDataset(ctx context.Context, tx *ptx, taskID int64, purpose Purpose) (int64, bool, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM datasets WHERE parent_id = ? AND purpose = ?`, taskID, purpose).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

// Standing is where an annotator stands in a task dataset.
type Standing struct {
	// Required: the dataset asks for qualification and the annotator is
	// not a lead. Qualified is "passed", "waived" or "" (not yet).
	Required  bool
	Qualified string
	// Practice: the dataset's practice items; the rounds so far.
	PracticeItems int
	Round         int // the round under way, from 1
	InRound       int // scored practice HITs in it
	Units         int // the round's units so far
	Matched       int // those matching the answers
	Need          int // HITs in a round
	Pass          float64
	// LastRound is the share of the last finished round (-1: none).
	LastRound float64
	Paused    bool
	PausedAt  string
	// countsFrom: practice attempts from this id on count (a reset
	// moves it past those before).
	countsFrom int64
}

// Cleared reports whether the annotator may do real work: qualified, or
// not asked to be.
func (s Standing) Cleared() bool { return !s.Required || s.Qualified != "" }

// Standing reads an annotator's standing in a task dataset.
func (s *Store) Standing(ctx context.Context, datasetID, annotatorID int64) (Standing, error) {
	var st Standing
	err := s.readTx(ctx, func(tx *ptx) error {
		var err error
		st, err = standingOf(ctx, tx, datasetID, annotatorID)
		return err
	})
	if err != nil {
		return st, fmt.Errorf("read standing: %w", err)
	}
	return st, nil
}

func standingOf(ctx context.Context, tx *ptx, datasetID, annotatorID int64) (Standing, error) {
	st := Standing{LastRound: -1}
	var role string
	var qualified, paused sql.NullString
	err := tx.QueryRowContext(ctx, `SELECT d.qualify_hits, d.qualify_pass, a.role, s.qualified, coalesce(s.counts_from, 0), s.paused_at,
			(SELECT count(*) FROM items i JOIN datasets p ON p.id = i.dataset_id WHERE p.parent_id = d.id AND p.purpose = 'practice')
		FROM datasets d JOIN annotators a ON a.id = ?2
		LEFT JOIN standing s ON s.dataset_id = d.id AND s.annotator_id = a.id WHERE d.id = ?1`,
		datasetID, annotatorID).Scan(&st.Need, &st.Pass, &role, &qualified, &st.countsFrom, &paused, &st.PracticeItems)
	if err != nil {
		return st, err
	}
	st.Required = st.Need > 0 && role != RoleLead
	st.Qualified, st.Paused, st.PausedAt = qualified.String, paused.Valid && role != RoleLead, paused.String
	if st.Need == 0 {
		return st, nil
	}
	countsFrom := st.countsFrom
	var scored int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM practice_attempts
		WHERE dataset_id = ? AND annotator_id = ? AND retry = 0 AND id >= ?`, datasetID, annotatorID, countsFrom).Scan(&scored); err != nil {
		return st, err
	}
	st.Round, st.InRound = scored/st.Need+1, scored%st.Need
	if err := roundSums(ctx, tx, datasetID, annotatorID, countsFrom, 0, st.InRound, &st.Units, &st.Matched); err != nil {
		return st, err
	}
	if scored >= st.Need {
		var units, matched int
		// The last finished round is the Need attempts before this round's.
		if err := roundSums(ctx, tx, datasetID, annotatorID, countsFrom, st.InRound, st.Need, &units, &matched); err != nil {
			return st, err
		}
		st.LastRound = share(matched, units)
	}
	return st, nil
}

// roundSums adds up the units and matches of n scored attempts, the last
// skip left out.
func roundSums(ctx context.Context, tx *ptx, datasetID, annotatorID, countsFrom int64, skip, n int, units, matched *int) error {
	return tx.QueryRowContext(ctx, `SELECT coalesce(sum(units), 0), coalesce(sum(matched), 0) FROM
		(SELECT units, matched FROM practice_attempts WHERE dataset_id = ? AND annotator_id = ? AND retry = 0 AND id >= ?
			ORDER BY id DESC LIMIT ? OFFSET ?)`,
		datasetID, annotatorID, countsFrom, n, skip).Scan(units, matched)
}

// share is matched/units; a round without units (none can be imported)
// counts as matched.
func share(matched, units int) float64 {
	if units == 0 {
		return 1
	}
	return float64(matched) / float64(units)
}

// The changes of standing a lead makes by hand.
const (
	StandingWaive  = "waived"
	StandingReset  = "reset"
	StandingResume = "resumed"
)

// ChangeStanding waives or resets an annotator's qualification, or resumes
// them after a pause, if who is a lead; the change goes into the history.
func (s *Store) ChangeStanding(ctx context.Context, who Annotator, datasetID, annotatorID int64, change string) error {
	err := s.tx(ctx, func(w *ptx) error {
		if err := requireRole(ctx, w, who.ID, ActStanding); err != nil {
			return err
		}
		now := s.now()
		if _, err := w.exec(standingMake, datasetID, annotatorID); err != nil {
			return err
		}
		var q string
		switch change {
		case StandingWaive:
			q = `UPDATE standing SET qualified = 'waived' WHERE dataset_id = ?1 AND annotator_id = ?2`
		case StandingReset:
			// Practice done before a reset no longer counts.
			q = `UPDATE standing SET qualified = NULL,
				counts_from = (SELECT coalesce(max(id), 0) + 1 FROM practice_attempts)
				WHERE dataset_id = ?1 AND annotator_id = ?2`
		case StandingResume:
			// Checks done before a resume no longer count toward a pause.
			q = `UPDATE standing SET paused_at = NULL, checks_since = ?3 WHERE dataset_id = ?1 AND annotator_id = ?2`
		default:
			return fmt.Errorf("no such change of standing: %q", change)
		}
		if _, err := w.exec(q, datasetID, annotatorID, now); err != nil {
			return err
		}
		return standingEvent(w, datasetID, annotatorID, change, "", who.ActorID(), now)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", change, err)
	}
	return nil
}

const standingMake = `INSERT INTO standing (dataset_id, annotator_id) VALUES (?1, ?2) ON CONFLICT DO NOTHING`

func standingEvent(w *ptx, datasetID, annotatorID int64, event, detail string, actor int64, now string) error {
	_, err := w.exec(`INSERT INTO standing_history (dataset_id, annotator_id, event, detail, actor_id, at)
		VALUES (?, ?, ?, ?, ?, ?)`, datasetID, annotatorID, event, detail, actor, now)
	return err
}

// StandingEntry is one change of an annotator's standing.
type StandingEntry struct {
	Annotator, Event, Detail, Actor, At string
}

// StandingHistory lists a task dataset's changes of standing, oldest first.
func (s *Store) StandingHistory(ctx context.Context, datasetID int64) ([]StandingEntry, error) {
	return collect(ctx, s.prepared(), "standing history", `SELECT a.name, h.event, h.detail, b.name, h.at FROM standing_history h
		JOIN annotators a ON a.id = h.annotator_id JOIN annotators b ON b.id = h.actor_id
		WHERE h.dataset_id = ? ORDER BY h.id`, []any{datasetID}, func(rows *sql.Rows) (e StandingEntry, err error) {
		return e, rows.Scan(&e.Annotator, &e.Event, &e.Detail, &e.Actor, &e.At)
	})
}

// Summary says where the annotator stands in a line: qualified or
// practising (how far), and paused.
func (s Standing) Summary() string {
	var out string
	switch {
	case s.Qualified == "passed":
		out = "qualified"
	case s.Qualified == "waived":
		out = "qualified (waived)"
	case !s.Required && s.Need > 0:
		out = "lead: no practice asked"
	case !s.Required:
		out = "no qualification asked"
	default:
		out = fmt.Sprintf("practising: round %d, %d of %s", s.Round, s.InRound, display.Count(s.Need, "HIT", "HITs"))
		if s.Units > 0 {
			out += fmt.Sprintf(", %.0f%% matched", 100*share(s.Matched, s.Units))
		}
		out += fmt.Sprintf(" (pass %.0f%%)", 100*s.Pass)
		if s.LastRound >= 0 {
			out += fmt.Sprintf("; last round %.0f%%", 100*s.LastRound)
		}
	}
	if s.Paused {
		out += "; paused since " + s.PausedAt
	}
	return out
}
