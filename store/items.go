package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/claritty/claritty/guidelines"
)

// Pane is one MIMICS clarification pane as it stands in its source file: every
// field is the raw text of a TSV cell, quotes included.
type Pane struct {
	Query    string
	Question string
	Options  [5]string
	Meta     string // JSON object; "" means {}
	// ListLen is a protocol file's item's list elements when there are
	// more than Options hold (0 otherwise): its HIT asks a unit each.
	ListLen int
}

// UID derives the pane's stable id from its raw fields, so the same pane gets
// the same id in every database and importing a file twice adds nothing.
// Metadata is left out: the pane is its text, not its click statistics.
func (p Pane) UID() string {
	key := p.uidKey()
	return hex.EncodeToString(key[:])
}

// uidKey is the uid as bytes: a map keyed by it holds no pointers, which
// spares the garbage collector when an import keeps 400,000 of them.
func (p Pane) uidKey() [8]byte {
	var buf [512]byte // most panes fit, so hashing allocates nothing
	b := append(buf[:0], p.Query...)
	b = append(b, '\t')
	b = append(b, p.Question...)
	for _, f := range p.Options {
		b = append(b, '\t')
		b = append(b, f...)
	}
	sum := sha256.Sum256(b)
	return [8]byte(sum[:8])
}

// AnswerCount is the number of non-empty candidate answers (a protocol
// file's list elements, however many).
func (p Pane) AnswerCount() int {
	if p.ListLen > 0 {
		return p.ListLen
	}
	n := 0
	for _, o := range p.Options {
		if o != "" {
			n++
		}
	}
	return n
}

// Shape is what of the pane decides its HIT's steps (guidelines.Steps).
// count is what other tables hold: an answer's
// nuggets or a protocol file's item's rows; each kind
// reads only its own field.
func (p Pane) Shape(count int) guidelines.Shape {
	return guidelines.Shape{Question: p.Question, Answers: p.AnswerCount(), Nuggets: count, Rows: count, Fields: p.Meta}
}

// Item is a stored pane with its place in its dataset.
type Item struct {
	ID        int64
	DatasetID int64
	UID       string
	Seq       int
	Pane
}

const itemColumns = `id, dataset_id, uid, seq, query, question,
	option_1, option_2, option_3, option_4, option_5, meta, coalesce(list_len, 0)`

// scanItemRow reads one item with a prepared query.
func scanItemRow(ctx context.Context, s *Store, query string, args ...any) (Item, error) {
	var it Item
	o := &it.Options
	err := s.readRow(ctx, query, args, &it.ID, &it.DatasetID, &it.UID, &it.Seq, &it.Query, &it.Question,
		&o[0], &o[1], &o[2], &o[3], &o[4], &it.Meta, &it.ListLen)
	return it, err
}

// scanItem reads one item of itemColumns, then extra: what a query
// selects after them.
func scanItem(sc interface{ Scan(...any) error }, extra ...any) (Item, error) {
	var it Item
	o := &it.Options
	err := sc.Scan(append([]any{&it.ID, &it.DatasetID, &it.UID, &it.Seq, &it.Query, &it.Question,
		&o[0], &o[1], &o[2], &o[3], &o[4], &it.Meta, &it.ListLen}, extra...)...)
	return it, err
}

// ItemByID loads one item.
func (s *Store) ItemByID(ctx context.Context, id int64) (Item, error) {
	it, err := scanItemRow(ctx, s, `SELECT `+itemColumns+` FROM items WHERE id = ?`, id)
	if errors.Is(err, sql.ErrNoRows) {
		return it, fmt.Errorf("item %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return it, fmt.Errorf("load item %d: %w", id, err)
	}
	return it, nil
}

// ItemByUID finds an item of a dataset by its stable id.
func (s *Store) ItemByUID(ctx context.Context, datasetID int64, uid string) (Item, error) {
	it, err := scanItem(s.prepared().QueryRowContext(ctx,
		`SELECT `+itemColumns+` FROM items WHERE dataset_id = ? AND uid = ?`, datasetID, uid))
	if errors.Is(err, sql.ErrNoRows) {
		return it, fmt.Errorf("item %s: %w", uid, ErrNotFound)
	}
	if err != nil {
		return it, fmt.Errorf("load item %s: %w", uid, err)
	}
	return it, nil
}

// EachItem calls fn for every item of a dataset in import order.
func (s *Store) EachItem(ctx context.Context, datasetID int64, fn func(Item) error) error {
	return stream(ctx, s.prepared(), "list items", `SELECT `+itemColumns+` FROM items WHERE dataset_id = ? ORDER BY seq`,
		[]any{datasetID}, func(rows *sql.Rows) (Item, error) { return scanItem(rows) }, fn)
}

// metaOrEmpty stores a missing metadata object as {} so it always parses.
func metaOrEmpty(m string) string {
	if strings.TrimSpace(m) == "" {
		return "{}"
	}
	return m
}
