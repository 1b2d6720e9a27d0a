package store

import (
	"context"
	"database/sql"
	"errors"
)

// ArmLabel is one settled label of a dataset with arms, every arm's (the
// per-arm figures read them all, whatever gold comes from): its arm, the
// value first keyed and the final one.
type ArmLabel struct {
	ItemID    int64
	Item      string // the item's uid
	Unit      string
	Annotator int64
	Arm       int // the annotator's arm's seq; -1: in no arm (a release file's)
	First     int // the value first keyed (first_value, else the value)
	Value     int
}

// ArmHIT is a finished HIT of a dataset with arms: its annotator's arm and
// its time as the quality report measures it (hitSeconds); Timed is false
// for a HIT with no step events (merged from a file).
type ArmHIT struct {
	ItemID    int64
	Annotator int64
	Arm       int
	Seconds   float64
	Timed     bool
}

// StudyData is what the per-arm figures are computed from: the arms, every
// settled label and finished HIT with its arm, and each arm's run's labels
// (by run id, then item id and unit).
type StudyData struct {
	Study
	Labels []ArmLabel
	HITs   []ArmHIT
	Runs   map[int64]map[ItemUnit]int
}

// ItemUnit names one unit of one item.
type ItemUnit struct {
	ItemID int64
	Unit   string
}

// StudyData reads the dataset's arms and every settled label and finished
// HIT with its arm, for a lead (ok false below the lead, or without arms:
// nobody else learns that there are arms). Labels of HITs in progress are
// left out, as from every figure.
func (r *Reading) StudyData(ctx context.Context) (d StudyData, ok bool, err error) {
	if d.Study, ok, err = r.Study(ctx); !ok || err != nil {
		return StudyData{}, false, err
	}
	d.Labels, err = collect(ctx, r.tx, "read arm labels", `SELECT l.item_id, i.uid, l.unit, l.annotator_id,
			coalesce(m.arm_seq, -1), coalesce(l.first_value, l.value), l.value
		FROM items i JOIN labels l ON l.item_id = i.id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		LEFT JOIN annotator_arms m ON m.dataset_id = i.dataset_id AND m.annotator_id = l.annotator_id
		WHERE i.dataset_id = ? AND l.value IS NOT NULL AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
		ORDER BY i.seq, l.unit, l.annotator_id`, []any{r.dataset}, func(rows *sql.Rows) (l ArmLabel, err error) {
		return l, rows.Scan(&l.ItemID, &l.Item, &l.Unit, &l.Annotator, &l.Arm, &l.First, &l.Value)
	})
	if err != nil {
		return d, false, err
	}
	d.HITs, err = collect(ctx, r.tx, "read arm HITs", `SELECT h.item_id, h.annotator_id, m.arm_seq,
			`+hitSeconds("h.item_id", "h.annotator_id", "h.finished_at")+`,
			EXISTS (SELECT 1 FROM step_events e WHERE e.item_id = h.item_id AND e.annotator_id = h.annotator_id)
		FROM hits h JOIN items i ON i.id = h.item_id
		JOIN annotator_arms m ON m.dataset_id = i.dataset_id AND m.annotator_id = h.annotator_id
		WHERE i.dataset_id = ? AND h.finished_at IS NOT NULL ORDER BY i.seq, h.annotator_id`, []any{r.dataset},
		func(rows *sql.Rows) (h ArmHIT, err error) {
			return h, rows.Scan(&h.ItemID, &h.Annotator, &h.Arm, &h.Seconds, &h.Timed)
		})
	if err != nil {
		return d, false, err
	}
	d.Runs = map[int64]map[ItemUnit]int{}
	for _, a := range d.Arms {
		if a.Blind() || d.Runs[a.RunID] != nil {
			continue
		}
		labels, err := runLabels(ctx, r.tx, a.RunID)
		if err != nil {
			return d, false, err
		}
		m := make(map[ItemUnit]int, len(labels))
		for _, l := range labels {
			m[ItemUnit{l.ItemID, l.Unit}] = l.Value
		}
		d.Runs[a.RunID] = m
	}
	return d, true, nil
}

// armNameOf is SQL for the name of an annotator's arm in a dataset
// (blind, after:RUN, before:RUN; NULL in none): Arm.Name in SQL.
func armNameOf(dataset, annotator string) string {
	return `(SELECT CASE a.shows WHEN 'never' THEN 'blind' ELSE a.shows || ':' || r.name END
		FROM annotator_arms m JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq
		LEFT JOIN runs r ON r.id = a.run_id
		WHERE m.dataset_id = ` + dataset + ` AND m.annotator_id = ` + annotator + `)`
}

// ArmsInLabels says whether the reading's labels carry arms (LabelRow.Arm,
// First): a lead's reading of labels, of a dataset with arms (of any, for
// every dataset's). Nobody else learns that there are arms.
func (r *Reading) ArmsInLabels(ctx context.Context) (bool, error) {
	if !r.readsArms() {
		return false, nil
	}
	var has bool
	err := r.tx.scan(`SELECT EXISTS (SELECT 1 FROM arms a JOIN datasets d ON d.id = a.dataset_id
		WHERE a.dataset_id = ?1 OR (?1 = 0 AND d.purpose = 'task'))`, []any{r.dataset}, &has)
	return has, err
}

// GoldMin is the fewest annotators a unit's gold wants (provenance
// insufficient below it): the policy's min, or, when the dataset's gold
// comes from its blind arm alone (goldVoter), that arm's count per item,
// since the other arms' labels are not gold's to count.
func (r *Reading) GoldMin(ctx context.Context) (int, error) {
	p, err := datasetPolicy(ctx, r.tx, r.dataset)
	if err != nil {
		return 0, err
	}
	var blind sql.NullInt64
	err = r.tx.scan(`SELECT (SELECT a.per_item FROM arms a WHERE a.dataset_id = d.id AND a.shows = 'never')
		FROM datasets d WHERE d.id = ? AND d.gold_from = 'blind'`, []any{r.dataset}, &blind)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if blind.Valid {
		return int(blind.Int64), nil
	}
	return p.Min, nil
}

// readsArms says whether the reading may hand out labels' arms: a lead's
// reading of everyone's labels.
func (r *Reading) readsArms() bool { return r.scope == scopeAll && Allows(r.role, ActPolicy) }
