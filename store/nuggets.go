package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
)

// Intent is one Clarify-Then-Search intent query with its weighted gold
// nuggets, in the gold file's order (nugget n is unit nugget_n).
type Intent struct {
	ID, Query, Blurred string
	Nuggets            []Nugget
}

// Nugget is one gold nugget: its weight (Clarify-Then-Search) and, from a
// TREC RAG nugget file, its importance, vital or okay ("" for none).
type Nugget struct {
	ID, Text string
	Weight   float64
	// Importance is left out of the fingerprint when empty, so intents
	// imported before it existed are the same intents now.
	Importance string `json:",omitempty"`
}

// The importances of a TREC RAG nugget.
const (
	Vital = "vital"
	Okay  = "okay"
)

func (in Intent) fingerprint() string { return contentPrint(in) }

// AddIntent adds an intent unless the dataset already has it (same id,
// same content); the same id with other content is ErrConflict.
func (im *Importer) AddIntent(in Intent) (added bool, err error) {
	if im.datasetID == 0 {
		return false, fmt.Errorf("add intent: this import has no dataset")
	}
	fp := in.fingerprint()
	var have string
	err = im.w.QueryRowContext(im.ctx, `SELECT fingerprint FROM intents WHERE dataset_id = ? AND uid = ?`,
		im.datasetID, in.ID).Scan(&have)
	switch {
	case err == nil && have == fp:
		im.stats.ItemsKnown++
		return false, nil
	case err == nil:
		return false, fmt.Errorf("intent %q is already imported with other nuggets: %w", in.ID, ErrConflict)
	case !errors.Is(err, sql.ErrNoRows):
		return false, fmt.Errorf("add intent: %w", err)
	}
	res, err := im.w.ExecContext(im.ctx, `INSERT INTO intents (dataset_id, uid, seq, query, blurred_query, fingerprint)
		VALUES (?1, ?2, (SELECT coalesce(max(seq), 0) + 1 FROM intents WHERE dataset_id = ?1), ?3, ?4, ?5)`,
		im.datasetID, in.ID, in.Query, in.Blurred, fp)
	if err != nil {
		return false, fmt.Errorf("add intent %q: %w", in.ID, err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return false, fmt.Errorf("add intent %q: %w", in.ID, err)
	}
	for i, n := range in.Nuggets {
		_, err := im.w.ExecContext(im.ctx, `INSERT INTO nuggets (intent_id, pos, nugget, text, weight, importance)
			VALUES (?, ?, ?, ?, ?, ?)`, id, i+1, n.ID, n.Text, n.Weight, n.Importance)
		if err != nil {
			return false, fmt.Errorf("add intent %q: nugget %q: %w", in.ID, n.ID, err)
		}
	}
	im.stats.Intents++
	return true, nil
}

// Answer is one system's answer to an intent: a nuggets-run item.
type Answer struct {
	Intent, System, Text string
	K                    *int // clarification turns the system asked, when known
	// ResponseLength is a TREC RAG answers file's response_length, kept
	// for nuggetizer's assign output (nil when the file gives none).
	ResponseLength *int
}

// UID is the answer's item id: the intent and the system. The judging
// screen never shows it.
func (a Answer) UID() string { return a.Intent + "@" + a.System }

// ErrUnknownIntent means an answer is to an intent the dataset lacks.
var ErrUnknownIntent = errors.New("no such intent")

// AddAnswer adds an answer as an item of the system's nuggets run (made
// when first needed) unless the dataset has it already; the same system's
// answer to the same intent with other text is ErrConflict.
func (im *Importer) AddAnswer(a Answer) (added bool, err error) {
	var intentID int64
	var query string
	err = im.w.QueryRowContext(im.ctx, `SELECT id, query FROM intents WHERE dataset_id = ? AND uid = ?`,
		im.datasetID, a.Intent).Scan(&intentID, &query)
	if errors.Is(err, sql.ErrNoRows) {
		return false, fmt.Errorf("intent %q: %w", a.Intent, ErrUnknownIntent)
	}
	if err != nil {
		return false, fmt.Errorf("add answer: %w", err)
	}
	runID, err := im.ensureRun(a.System, "nuggets", "", "")
	if err != nil {
		return false, err
	}
	var have string
	var haveK sql.NullInt64
	err = im.w.QueryRowContext(im.ctx, `SELECT i.question, a.k FROM answers a JOIN items i ON i.id = a.item_id
		WHERE a.intent_id = ? AND a.run_id = ?`, intentID, runID).Scan(&have, &haveK)
	switch {
	case err == nil && have == a.Text && sameK(haveK, a.K):
		im.stats.ItemsKnown++
		return false, nil
	case err == nil:
		return false, fmt.Errorf("system %q already has another answer to intent %q: %w", a.System, a.Intent, ErrConflict)
	case !errors.Is(err, sql.ErrNoRows):
		return false, fmt.Errorf("add answer: %w", err)
	}
	res, err := im.w.ExecContext(im.ctx, `INSERT INTO items (dataset_id, uid, seq, query, question)
		VALUES (?, ?, ?, ?, ?)`, im.datasetID, a.UID(), placeholderSeq-im.nextSeq, query, a.Text)
	if err != nil {
		return false, fmt.Errorf("add answer %q: %w", a.UID(), err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return false, fmt.Errorf("add answer %q: %w", a.UID(), err)
	}
	_, err = im.w.ExecContext(im.ctx, `INSERT INTO answers (item_id, intent_id, run_id, k, shuffle, response_length)
		VALUES (?, ?, ?, ?, ?, ?)`, id, intentID, runID, a.K, shuffle(a.UID()), a.ResponseLength)
	if err != nil {
		return false, fmt.Errorf("add answer %q: %w", a.UID(), err)
	}
	im.nextSeq++
	im.stats.Items++
	im.renumber = true
	return true, nil
}

func sameK(have sql.NullInt64, k *int) bool {
	if k == nil {
		return !have.Valid
	}
	return have.Valid && have.Int64 == int64(*k)
}

// shuffle is a fixed pseudo-random key: the same answer sorts to the same
// place in every database, and one system's answers to successive intents
// do not come in the same order.
func shuffle(uid string) int64 {
	sum := sha256.Sum256([]byte(uid))
	return int64(binary.BigEndian.Uint64(sum[:8]) >> 1)
}

// placeholderSeq places a new answer until Commit numbers it: far below
// any seq renumberAnswers uses, so no two ever meet.
const placeholderSeq = -(1 << 40)

// renumberAnswers gives a nuggets dataset's items their judging order:
// intent by intent, the systems' answers to each in shuffled order, so
// answers from different systems come interleaved and no system's come in
// a row. Seq goes negative first, as it must stay unique at every step.
// (One UPDATE with a window function over a CTE was quadratic here.)
func (im *Importer) renumberAnswers() error {
	order, err := collect(im.ctx, im.tx, "order answers", `SELECT a.item_id FROM answers a JOIN intents n ON n.id = a.intent_id
		WHERE n.dataset_id = ? ORDER BY n.seq, a.shuffle, a.item_id`, []any{im.datasetID},
		func(rows *sql.Rows) (id int64, err error) { return id, rows.Scan(&id) })
	if err != nil {
		return err
	}
	set, err := im.tx.PrepareContext(im.ctx, `UPDATE items SET seq = ? WHERE id = ?`)
	if err != nil {
		return fmt.Errorf("order answers: %w", err)
	}
	defer set.Close()
	for _, pass := range []int{-1, 1} {
		for i, id := range order {
			if _, err := set.ExecContext(im.ctx, pass*(i+1), id); err != nil {
				return fmt.Errorf("order answers: %w", err)
			}
		}
	}
	// Assignment's cursors are places in the old order: start them again.
	if _, err := im.w.ExecContext(im.ctx, `DELETE FROM assign_returns WHERE dataset_id = ?`, im.datasetID); err != nil {
		return fmt.Errorf("order answers: %w", err)
	}
	if _, err := im.w.ExecContext(im.ctx, `DELETE FROM assign_cursors WHERE dataset_id = ?`, im.datasetID); err != nil {
		return fmt.Errorf("order answers: %w", err)
	}
	if _, err := im.w.ExecContext(im.ctx, `UPDATE datasets SET fresh_from = 0 WHERE id = ?`, im.datasetID); err != nil {
		return fmt.Errorf("order answers: %w", err)
	}
	return nil
}

// IntentOf is what the judging screen shows of an answer's intent.
type IntentOf struct {
	ID, Query, Blurred string
	Nuggets            []Nugget
}

// AnswerIntent loads the intent an answer item answers, with its nuggets
// in order.
func (s *Store) AnswerIntent(ctx context.Context, itemID int64) (IntentOf, error) {
	var in IntentOf
	var intentID int64
	err := s.prepared().QueryRowContext(ctx, `SELECT n.id, n.uid, n.query, n.blurred_query FROM answers a
		JOIN intents n ON n.id = a.intent_id WHERE a.item_id = ?`, itemID).Scan(&intentID, &in.ID, &in.Query, &in.Blurred)
	if errors.Is(err, sql.ErrNoRows) {
		return in, fmt.Errorf("item %d is not an answer: %w", itemID, ErrNotFound)
	}
	if err != nil {
		return in, fmt.Errorf("load intent: %w", err)
	}
	in.Nuggets, err = collect(ctx, s.prepared(), "load nuggets", `SELECT nugget, text, weight, importance FROM nuggets
		WHERE intent_id = ? ORDER BY pos`, []any{intentID},
		func(rows *sql.Rows) (n Nugget, err error) {
			return n, rows.Scan(&n.ID, &n.Text, &n.Weight, &n.Importance)
		})
	return in, err
}

// UnitCounts maps each item of a dataset to how many repeated units it
// has beyond its list: an answer's nuggets, a protocol file's item's rows
// (or elements). Other kinds have none.
func (s *Store) UnitCounts(ctx context.Context, datasetID int64) (map[int64]int, error) {
	return unitCounts(ctx, s.prepared(), datasetID)
}

func unitCounts(ctx context.Context, q source, datasetID int64) (map[int64]int, error) {
	out := map[int64]int{}
	err := eachRow(ctx, q, `
		SELECT a.item_id, count(*) FROM answers a JOIN nuggets n ON n.intent_id = a.intent_id
			JOIN items i ON i.id = a.item_id WHERE i.dataset_id = ?1 GROUP BY a.item_id
		UNION ALL
		SELECT r.item_id, count(DISTINCT coalesce(r.element, -r.pos)) FROM item_rows r JOIN items i ON i.id = r.item_id
			WHERE i.dataset_id = ?1 GROUP BY r.item_id`, []any{datasetID}, func(rows *sql.Rows) error {
		var id int64
		var n int
		err := rows.Scan(&id, &n)
		out[id] = n
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("count units: %w", err)
	}
	return out, nil
}
