package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Annotator is a person (or a release) who labels items, as they act:
// when a lead acts as someone else (--as), ID, Name and Role are that
// annotator's (their rights apply) and ByID, ByName the lead's, so history
// can say who really did it.
type Annotator struct {
	ID     int64
	Name   string
	Role   string
	ByID   int64
	ByName string
	Keys   int // SSH keys registered (Annotators fills it)
}

// ActorID is who really acts: the lead behind --as, else the annotator.
func (a Annotator) ActorID() int64 {
	if a.ByID != 0 {
		return a.ByID
	}
	return a.ID
}

// EnsureAnnotator returns the named annotator, adding them if they are new.
func (s *Store) EnsureAnnotator(ctx context.Context, name string) (Annotator, error) {
	var a Annotator
	err := s.tx(ctx, func(tx *ptx) error {
		id, err := s.ensureAnnotator(ctx, tx, name)
		if err != nil {
			return err
		}
		a.ID, a.Name = id, name
		return tx.QueryRowContext(ctx, `SELECT role FROM annotators WHERE id = ?`, id).Scan(&a.Role)
	})
	if err != nil {
		return a, fmt.Errorf("annotator %q: %w", name, err)
	}
	return a, nil
}

func (s *Store) ensureAnnotator(ctx context.Context, tx *ptx, name string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM annotators WHERE name = ?`, name).Scan(&id)
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return 0, err
	}
	if err := CheckName(name); err != nil {
		return 0, err
	}
	if other, err := sameIgnoringCase(ctx, tx, name); err != nil || other != "" {
		return 0, cmp.Or(err, fmt.Errorf("annotator %q: %q is already here, and names are unique ignoring case", name, other))
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO annotators (name, created_at) VALUES (?, ?)`, name, s.now())
	if err != nil {
		return 0, err
	}
	return res.LastInsertId()
}

// MaxNameLen is the longest annotator name, in characters.
const MaxNameLen = 64

// CheckName says what is wrong with a new annotator's name: empty, too
// long, space at either end, or a character that is not printable (a
// control character, an escape, a tab): names appear on every screen and
// in every export, and two people must not pass for one.
func CheckName(name string) error {
	switch {
	case name == "":
		return errors.New("annotator name is empty")
	case !utf8.ValidString(name):
		return fmt.Errorf("annotator name %q is not valid UTF-8", name)
	case utf8.RuneCountInString(name) > MaxNameLen:
		return fmt.Errorf("annotator name %q is longer than %d characters", name, MaxNameLen)
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("annotator name %q has space at its start or end (say %q)", name, strings.TrimSpace(name))
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("annotator name %q holds %U, which is not printable", name, r)
		}
	}
	return nil
}

// sameIgnoringCase is the annotator whose name differs from name only in
// case ("LP" beside "lp"), or "".
func sameIgnoringCase(ctx context.Context, tx *ptx, name string) (string, error) {
	names, err := collect(ctx, tx, "annotator names", `SELECT name FROM annotators`, nil, scanValue[string])
	if err != nil {
		return "", err
	}
	for _, other := range names {
		if strings.EqualFold(other, name) {
			return other, nil
		}
	}
	return "", nil
}

// Annotators lists everyone, by id.
func (s *Store) Annotators(ctx context.Context) ([]Annotator, error) {
	return listAnnotators(ctx, s.prepared())
}

func listAnnotators(ctx context.Context, q source) ([]Annotator, error) {
	return collect(ctx, q, "list annotators", `SELECT id, name, role,
		(SELECT count(*) FROM annotator_keys k WHERE k.annotator_id = annotators.id) FROM annotators ORDER BY id`, nil,
		func(rows *sql.Rows) (a Annotator, err error) { return a, rows.Scan(&a.ID, &a.Name, &a.Role, &a.Keys) })
}

// AnnotatorByName finds an annotator; ErrNotFound when there is none.
func (s *Store) AnnotatorByName(ctx context.Context, name string) (Annotator, error) {
	a := Annotator{Name: name}
	err := s.readRow(ctx, `SELECT id, role FROM annotators WHERE name = ?`, []any{name}, &a.ID, &a.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("annotator %q: %w", name, ErrNotFound)
	}
	if err != nil {
		return a, fmt.Errorf("find annotator %q: %w", name, err)
	}
	return a, nil
}
