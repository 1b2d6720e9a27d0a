package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
)

// ArmShows is when an arm's annotators see a run's label: never (the blind
// arm), after they key their own, or before.
type ArmShows string

const (
	ShowsNever  ArmShows = "never"
	ShowsAfter  ArmShows = "after"
	ShowsBefore ArmShows = "before"
)

// Arm is one arm of a dataset's study: how many of its annotators each item
// gets, and which run's label they are shown, when.
type Arm struct {
	Seq     int // its place in the policy, from 0
	Shows   ArmShows
	Run     string // the labels run shown ("" for the blind arm)
	RunID   int64
	PerItem int
}

// Name is the arm as a policy names it: blind, after:RUN or before:RUN.
func (a Arm) Name() string {
	if a.Shows == ShowsNever {
		return "blind"
	}
	return string(a.Shows) + ":" + a.Run
}

// Blind reports whether the arm never sees a run's label.
func (a Arm) Blind() bool { return a.Shows == ShowsNever }

// MaxArms bounds a policy's arms: a study compares a few conditions.
const MaxArms = 8

// ParseArms reads a policy's arms, 'blind=3, after:RUN=2' (before:RUN
// too): each arm once, at most one blind arm, each count 1 or more. Runs
// are named, not checked: SetArms checks them against the dataset.
func ParseArms(spec string) ([]Arm, error) {
	var arms []Arm
	seen := map[string]bool{}
	for i, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		name, count, ok := strings.Cut(part, "=")
		name, count = strings.TrimSpace(name), strings.TrimSpace(count)
		n, err := strconv.Atoi(count)
		if !ok || err != nil || n < 1 {
			return nil, fmt.Errorf("--arms: arm %d %q: want NAME=COUNT, COUNT 1 or more (blind=3, after:RUN=2, before:RUN=2)",
				i+1, display.Clean(part))
		}
		a := Arm{Seq: i, PerItem: n, Shows: ShowsNever}
		if name != "blind" {
			shows, run, ok := strings.Cut(name, ":")
			if !ok || run == "" || (shows != string(ShowsAfter) && shows != string(ShowsBefore)) {
				return nil, fmt.Errorf("--arms: arm %q: an arm is blind, after:RUN or before:RUN", display.Clean(name))
			}
			a.Shows, a.Run = ArmShows(shows), run
		}
		if seen[a.Name()] {
			return nil, fmt.Errorf("--arms: arm %q is named twice", display.Clean(a.Name()))
		}
		seen[a.Name()] = true
		arms = append(arms, a)
	}
	if len(arms) > MaxArms {
		return nil, fmt.Errorf("--arms: %d arms, at most %d", len(arms), MaxArms)
	}
	return arms, nil
}

// ArmsSpec writes arms back as a policy names them.
func ArmsSpec(arms []Arm) string {
	parts := make([]string, len(arms))
	for i, a := range arms {
		parts[i] = fmt.Sprintf("%s=%d", a.Name(), a.PerItem)
	}
	return strings.Join(parts, ", ")
}

// GoldFrom is whose labels a dataset with arms takes its gold from.
type GoldFrom string

const (
	GoldFromBlind GoldFrom = "blind" // the blind arm's (the default)
	GoldFromAll   GoldFrom = "all"   // every arm's
)

// ErrArmsStarted refuses a change of arms once a HIT of the dataset was
// handed out: the arms an annotator was drawn into, and the counts items
// were filled to, would no longer be the study's.
var ErrArmsStarted = errors.New("the dataset's arms are fixed once its first HIT is handed out")

// datasetArms reads a dataset's arms in order, with their runs' names.
func datasetArms(ctx context.Context, q source, datasetID int64) ([]Arm, error) {
	return collect(ctx, q, "read arms", `SELECT a.seq, a.shows, coalesce(r.name, ''), coalesce(a.run_id, 0), a.per_item
		FROM arms a LEFT JOIN runs r ON r.id = a.run_id WHERE a.dataset_id = ? ORDER BY a.seq`,
		[]any{datasetID}, func(rows *sql.Rows) (a Arm, err error) {
			err = rows.Scan(&a.Seq, &a.Shows, &a.Run, &a.RunID, &a.PerItem)
			return a, err
		})
}

// hasArms reports whether the dataset has arms.
func hasArms(w *ptx, datasetID int64) (bool, error) {
	var armed bool
	err := w.scan(`SELECT EXISTS (SELECT 1 FROM arms WHERE dataset_id = ?)`, []any{datasetID}, &armed)
	return armed, err
}

// drawArm is the annotator's arm in the dataset: the one they were drawn
// into, else (at their first HIT there) the arm with the fewest annotators
// for the annotators it wants per item, the first named on a tie, so arms
// fill in the proportion of their counts. ok is false when the dataset has
// no arms.
func drawArm(w *ptx, datasetID, annotatorID int64) (arm int, ok bool, err error) {
	err = w.scan(`SELECT arm_seq FROM annotator_arms WHERE dataset_id = ? AND annotator_id = ?`,
		[]any{datasetID, annotatorID}, &arm)
	if err == nil {
		return arm, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, false, err
	}
	// members ÷ per_item in floating point: equal ratios round to the same
	// double (division is correctly rounded), and distinct ratios of counts
	// below 2^26 differ by more than the rounding, so ties and order are
	// those of the exact fractions.
	err = w.scan(`SELECT a.seq FROM arms a WHERE a.dataset_id = ?1
		ORDER BY (SELECT count(*) FROM annotator_arms m WHERE m.dataset_id = ?1 AND m.arm_seq = a.seq) * 1.0 / a.per_item, a.seq
		LIMIT 1`, []any{datasetID}, &arm)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	_, err = w.exec(`INSERT INTO annotator_arms (dataset_id, annotator_id, arm_seq) VALUES (?, ?, ?)`,
		datasetID, annotatorID, arm)
	return arm, err == nil, err
}

// Arms reads a dataset's arms and whose labels its gold rests on; only a
// lead may: an annotator never learns the arms.
func (s *Store) Arms(ctx context.Context, who Annotator, datasetID int64) ([]Arm, GoldFrom, error) {
	var arms []Arm
	var from GoldFrom
	err := s.readTx(ctx, func(w *ptx) error {
		if err := requireRole(ctx, w, who.ID, ActPolicy); err != nil {
			return err
		}
		var err error
		if arms, err = datasetArms(ctx, w, datasetID); err != nil {
			return err
		}
		return w.scan(`SELECT gold_from FROM datasets WHERE id = ?`, []any{datasetID}, &from)
	})
	return arms, from, err
}

// SetArms makes arms the dataset's (none: no arms) and from whose labels
// its gold comes, if who is a lead. Each item then wants exactly the sum
// of the arms' counts (the policy's min and max both). Arms change only
// before the dataset's first HIT; from may change at any time.
func (s *Store) SetArms(ctx context.Context, who Annotator, datasetID int64, arms []Arm, from GoldFrom) error {
	if from != GoldFromBlind && from != GoldFromAll {
		return fmt.Errorf("--gold-from %q: want blind or all", display.Clean(string(from)))
	}
	err := s.tx(ctx, func(w *ptx) error {
		if err := requireRole(ctx, w, who.ID, ActPolicy); err != nil {
			return err
		}
		if len(arms) > 0 {
			if err := requireTask(w, datasetID, "arms"); err != nil {
				return err
			}
		}
		if arms != nil {
			if err := replaceArms(w, datasetID, arms); err != nil {
				return err
			}
		}
		return setGoldFrom(w, datasetID, from)
	})
	if err != nil {
		return fmt.Errorf("set arms: %w", err)
	}
	return nil
}

// ErrNotTask refuses arms or triage on a dataset of practice items or
// gold checks: they are handed out by rules of their own (nextPractice,
// nextCheck) that know neither arms nor routes.
var ErrNotTask = errors.New("arms and triage are for a task dataset")

// requireTask refuses what (arms, triage) on a dataset that is not a task
// dataset.
func requireTask(w *ptx, datasetID int64, what string) error {
	var purpose Purpose
	if err := w.scan(`SELECT purpose FROM datasets WHERE id = ?`, []any{datasetID}, &purpose); err != nil {
		return err
	}
	if purpose != PurposeTask {
		return fmt.Errorf("%w: this dataset holds %s items, not a task's (no %s)", ErrNotTask, purpose, what)
	}
	return nil
}

// setGoldFrom sets whose labels the dataset's gold comes from and, when
// that changes, counts every item's ties and agreement patterns again:
// they rest on the labels that count for gold (goldVoter).
func setGoldFrom(w *ptx, datasetID int64, from GoldFrom) error {
	var was GoldFrom
	if err := w.scan(`SELECT gold_from FROM datasets WHERE id = ?`, []any{datasetID}, &was); err != nil {
		return err
	}
	if was == from {
		return nil
	}
	if _, err := w.exec(`UPDATE datasets SET gold_from = ? WHERE id = ?`, string(from), datasetID); err != nil {
		return err
	}
	return refreshDataset(w, datasetID)
}

// replaceArms writes the dataset's arms (an empty list: none) and sets its
// min and max to their sum.
func replaceArms(w *ptx, datasetID int64, arms []Arm) error {
	var started bool
	if err := w.scan(`SELECT EXISTS (SELECT 1 FROM hits h JOIN items i ON i.id = h.item_id WHERE i.dataset_id = ?)`,
		[]any{datasetID}, &started); err != nil {
		return err
	}
	if started {
		return ErrArmsStarted
	}
	// An arm is drawn at an annotator's first search, which may give no
	// HIT of the dataset (a hidden gold check, or nothing found): with no
	// HIT yet those draws are no one's study, and they name the arms.
	if _, err := w.exec(`DELETE FROM annotator_arms WHERE dataset_id = ?`, datasetID); err != nil {
		return err
	}
	if _, err := w.exec(`DELETE FROM arms WHERE dataset_id = ?`, datasetID); err != nil {
		return err
	}
	total := 0
	for i, a := range arms {
		var runID sql.NullInt64
		if !a.Blind() {
			id, err := labelsRun(w, datasetID, fmt.Sprintf("arm %q", display.Clean(a.Name())), a.Run)
			if err != nil {
				return err
			}
			runID = sql.NullInt64{Int64: id, Valid: true}
		}
		if _, err := w.exec(`INSERT INTO arms (dataset_id, seq, shows, run_id, per_item) VALUES (?, ?, ?, ?, ?)`,
			datasetID, i, string(a.Shows), runID, a.PerItem); err != nil {
			return err
		}
		total += a.PerItem
	}
	if len(arms) == 0 {
		return nil
	}
	p, err := datasetPolicy(w.ctx, w, datasetID)
	if err != nil {
		return err
	}
	p.Min, p.Max, p.Gold = total, total, ""
	return setPolicy(w, datasetID, p)
}

// Study is a dataset's arms as a lead's reading sees them.
type Study struct {
	Arms     []Arm
	ArmOf    map[int64]int // annotator id → arm seq, for those drawn
	GoldFrom GoldFrom
}

// Study reads the dataset's arms and each annotator's. Below the lead it
// is empty (ok false): no reader but a lead learns who is in which arm,
// or that there are arms.
func (r *Reading) Study(ctx context.Context) (st Study, ok bool, err error) {
	if !Allows(r.role, ActPolicy) {
		return Study{}, false, nil
	}
	if st.Arms, err = datasetArms(ctx, r.tx, r.dataset); err != nil || len(st.Arms) == 0 {
		return st, false, err
	}
	if err = r.tx.scan(`SELECT gold_from FROM datasets WHERE id = ?`, []any{r.dataset}, &st.GoldFrom); err != nil {
		return st, false, err
	}
	st.ArmOf = map[int64]int{}
	err = eachRow(ctx, r.tx, `SELECT annotator_id, arm_seq FROM annotator_arms WHERE dataset_id = ?`,
		[]any{r.dataset}, func(rows *sql.Rows) error {
			var id int64
			var seq int
			if err := rows.Scan(&id, &seq); err != nil {
				return err
			}
			st.ArmOf[id] = seq
			return nil
		})
	return st, err == nil, err
}
