package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// QualityData is what the quality report is computed from, for one task
// dataset: its finished HITs, gold checks (answered or dodged), repeats
// and settled labels.
type QualityData struct {
	Kind guidelines.Kind
	// Protocol is the kind's, as the database has it.
	Protocol guidelines.Protocol
	// FastSeconds is the policy's speed mark as it stands now (0: none):
	// each HIT's TooFast is read against it.
	FastSeconds float64
	HITs        []QualityHIT
	Checks      []QualityCheck
	Repeats     []RepeatPair
	// Attention are the attention questions answered, on the task's HITs
	// and its gold checks.
	Attention []QualityAttention
	// Labels are the task's settled labels: of finished HITs, and
	// imported ones (which have no HIT).
	Labels []QualityLabel
	// Skips are the HITs put off or given back (SkipHIT), the task's, its
	// gold checks' and its repeats'.
	Skips []QualitySkip
}

// QualitySkip is one use of later or give back.
type QualitySkip struct {
	Annotator string
	Action    Skip
}

// QualityHIT is a finished HIT of the task: its HIT time, from opening
// (Step I included) to its finishing label, from the stored step events
// (hitSeconds), and whether that time is under the policy's fast seconds
// as they stand when it is read (tooFast). Timed is false for a HIT with
// no step events (merged from a file): it has no time.
type QualityHIT struct {
	Annotator string
	Item      int64
	Seconds   float64
	Timed     bool
	TooFast   bool
}

// QualityCheck is a gold check answered or dodged: the known units its
// HIT asked (knownScore) and those the annotator's labels matched; for a
// dodged one, the units a right answer is asked, none matched
// (checkScore).
type QualityCheck struct {
	Annotator      string
	Item           int64
	Units, Matched int
	// Dodged is "" for a check answered, SkipGiveBack for one given back,
	// SkipLater for one put off and not taken up again.
	Dodged Skip
}

// QualityAttention is an answered attention question: the right answer
// (counted from the item as shown) and the annotator's.
type QualityAttention struct {
	Annotator        string
	Item             int64
	Expected, Answer int
}

// RepeatPair is one unit of a finished repeat: the first answer and the
// second (a unit answered only once is left out).
type RepeatPair struct {
	Annotator     string
	Item          int64
	Unit          string
	First, Second int
	// Swapped: the second answer saw a comparison's sides swapped.
	Swapped bool
}

// QualityLabel is one settled label of the task.
type QualityLabel struct {
	Annotator string
	Item      int64
	Unit      string
	Value     int
}

// ReadQuality reads a task dataset's quality data, if who is a lead or an
// adjudicator, in one snapshot.
func (s *Store) ReadQuality(ctx context.Context, who Annotator, datasetID int64) (QualityData, error) {
	var q QualityData
	err := s.readTx(ctx, func(tx *ptx) error {
		var err error
		q, err = s.quality(ctx, tx, who, datasetID)
		return err
	})
	return q, err
}

// Quality is ReadQuality on the reading's snapshot, so a report can read
// more (the figures per arm) from the same state.
func (r *Reading) Quality(ctx context.Context) (QualityData, error) {
	return r.s.quality(ctx, r.tx, r.reader, r.dataset)
}

func (s *Store) quality(ctx context.Context, tx *ptx, who Annotator, datasetID int64) (QualityData, error) {
	var q QualityData
	err := requireRole(ctx, tx, who.ID, ActQuality)
	if err == nil {
		err = tx.QueryRowContext(ctx, `SELECT kind, fast_seconds FROM datasets WHERE id = ? AND purpose = 'task'`,
			datasetID).Scan(&q.Kind, &q.FastSeconds)
	}
	if err == nil {
		q.Protocol = s.Protocol(q.Kind)
		err = readQuality(ctx, tx, datasetID, &q)
	}
	if err != nil {
		return q, fmt.Errorf("read quality: %w", err)
	}
	return q, nil
}

// tooFast says whether a HIT's recorded time is under fast seconds (0:
// no mark). It is read whenever the figures are, never stored at the
// finish: a HIT finished before policy --fast was set, or changed, is
// judged by the policy as it stands, as the pause rule scores every check
// since the last resume from the records each time it runs.
func tooFast(h QualityHIT, fast float64) bool {
	return h.Timed && fast > 0 && h.Seconds < fast
}

func readQuality(ctx context.Context, tx *ptx, datasetID int64, q *QualityData) error {
	err := eachRow(ctx, tx, `SELECT a.name, h.item_id, `+hitSeconds("h.item_id", "h.annotator_id", "h.finished_at")+`,
			EXISTS (SELECT 1 FROM step_events e WHERE e.item_id = h.item_id AND e.annotator_id = h.annotator_id)
		FROM hits h JOIN items i ON i.id = h.item_id JOIN annotators a ON a.id = h.annotator_id
		WHERE i.dataset_id = ? AND h.finished_at IS NOT NULL ORDER BY a.name, h.item_id`, []any{datasetID},
		func(rows *sql.Rows) error {
			var h QualityHIT
			err := rows.Scan(&h.Annotator, &h.Item, &h.Seconds, &h.Timed)
			h.TooFast = tooFast(h, q.FastSeconds)
			q.HITs = append(q.HITs, h)
			return err
		})
	if err != nil {
		return err
	}
	var annotatorIDs []int64
	err = eachRow(ctx, tx, `SELECT a.name, a.id, h.item_id, `+checkOutcome+`
		FROM hits h JOIN items i ON i.id = h.item_id JOIN datasets c ON c.id = i.dataset_id
		JOIN annotators a ON a.id = h.annotator_id
		WHERE c.parent_id = ? AND c.purpose = 'check' AND `+checkSettled+` IS NOT NULL
		ORDER BY a.name, h.item_id`, []any{datasetID},
		func(rows *sql.Rows) error {
			var c QualityCheck
			var id int64
			err := rows.Scan(&c.Annotator, &id, &c.Item, &c.Dodged)
			q.Checks = append(q.Checks, c)
			annotatorIDs = append(annotatorIDs, id)
			return err
		})
	if err != nil {
		return err
	}
	for i, c := range q.Checks {
		var err error
		q.Checks[i].Units, q.Checks[i].Matched, err = checkScore(ctx, tx, c.Item, annotatorIDs[i], c.Dodged)
		if err != nil {
			return err
		}
	}
	err = eachRow(ctx, tx, `SELECT a.name, t.item_id, t.expected, t.answer
		FROM attention t JOIN items i ON i.id = t.item_id JOIN datasets d ON d.id = i.dataset_id
		JOIN annotators a ON a.id = t.annotator_id
		WHERE coalesce(d.parent_id, d.id) = ? AND d.purpose != 'practice' AND t.answer IS NOT NULL
		ORDER BY a.name, t.item_id`, []any{datasetID},
		func(rows *sql.Rows) error {
			var at QualityAttention
			err := rows.Scan(&at.Annotator, &at.Item, &at.Expected, &at.Answer)
			q.Attention = append(q.Attention, at)
			return err
		})
	if err != nil {
		return err
	}
	err = eachRow(ctx, tx, `SELECT a.name, s.action FROM hit_skips s JOIN items i ON i.id = s.item_id
		JOIN datasets d ON d.id = i.dataset_id JOIN annotators a ON a.id = s.annotator_id
		WHERE coalesce(d.parent_id, d.id) = ? AND d.purpose != 'practice' ORDER BY a.name, s.id`, []any{datasetID},
		func(rows *sql.Rows) error {
			var k QualitySkip
			err := rows.Scan(&k.Annotator, &k.Action)
			q.Skips = append(q.Skips, k)
			return err
		})
	if err != nil {
		return err
	}
	err = eachRow(ctx, tx, `SELECT a.name, r.item_id, rl.unit, l.value, rl.value, r.swapped
		FROM repeats r JOIN items i ON i.id = r.item_id JOIN annotators a ON a.id = r.annotator_id
		JOIN repeat_labels rl ON rl.repeat_id = r.id
		JOIN labels l ON l.item_id = r.item_id AND l.annotator_id = r.annotator_id AND l.unit = rl.unit
		WHERE i.dataset_id = ? AND r.finished_at IS NOT NULL ORDER BY a.name, r.item_id, `+tx.s.unitOrderOf("rl.unit"),
		[]any{datasetID},
		func(rows *sql.Rows) error {
			var p RepeatPair
			err := rows.Scan(&p.Annotator, &p.Item, &p.Unit, &p.First, &p.Second, &p.Swapped)
			q.Repeats = append(q.Repeats, p)
			return err
		})
	if err != nil {
		return err
	}
	return eachRow(ctx, tx, `SELECT a.name, l.item_id, l.unit, l.value
		FROM labels l JOIN items i ON i.id = l.item_id JOIN annotators a ON a.id = l.annotator_id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE i.dataset_id = ? AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
		ORDER BY l.item_id, `+tx.s.unitOrderOf("l.unit")+`, a.name`, []any{datasetID},
		func(rows *sql.Rows) error {
			var l QualityLabel
			err := rows.Scan(&l.Annotator, &l.Item, &l.Unit, &l.Value)
			q.Labels = append(q.Labels, l)
			return err
		})
}
