package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// FlagReasons are the reasons a pane can be flagged for.
var FlagReasons = []string{"sensitive", "inappropriate", "broken", "other"}

// Flag is one annotator's flag on an item.
type Flag struct {
	Annotator, Reason, Note, At string
}

// standingFlag is the SQL condition of a flag f that stands: open, or
// upheld by a reviewer. A standing flag leaves its item out of releases,
// gold and its author's queue; a cleared or withdrawn one does not.
const standingFlag = `f.status IN ('open', 'upheld')`

// AddFlag flags an item; a flagged item leaves the annotator's to-do list
// and, until a reviewer clears the flag, every release.
func (s *Store) AddFlag(ctx context.Context, itemID, annotatorID int64, reason, note string) error {
	err := s.tx(ctx, func(tx *ptx) error {
		now := s.now()
		res, err := tx.ExecContext(ctx, `INSERT INTO flags (item_id, annotator_id, reason, note, at)
			VALUES (?, ?, ?, ?, ?)`, itemID, annotatorID, reason, note, now)
		if err != nil {
			return err
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		return flagHistory(ctx, tx, id, "flag", annotatorID, note, now)
	})
	if err != nil {
		return fmt.Errorf("flag item: %w", err)
	}
	return nil
}

// Flags lists the flags on an item that who may see: everyone's for a
// lead, or for an adjudicator on an item in the adjudication queue; else
// their own.
func (s *Store) Flags(ctx context.Context, itemID int64, who Annotator) ([]Flag, error) {
	var fs []Flag
	err := s.readItemNotes(ctx, itemID, who, `SELECT a.name, f.reason, f.note, f.at FROM flags f
		JOIN annotators a ON a.id = f.annotator_id WHERE f.item_id = ?1 AND (?2 = 0 OR f.annotator_id = ?2) ORDER BY f.id`,
		func(rows *sql.Rows) error {
			var f Flag
			err := rows.Scan(&f.Annotator, &f.Reason, &f.Note, &f.At)
			fs = append(fs, f)
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("list flags: %w", err)
	}
	return fs, nil
}

// readItemNotes runs one query over an item's notes or flags, with ?2 the
// annotator they are limited to (0: everyone's), in the transaction that
// decides it.
func (s *Store) readItemNotes(ctx context.Context, itemID int64, who Annotator, query string, scan func(*sql.Rows) error) error {
	return s.readTx(ctx, func(tx *ptx) error {
		only := who.ID
		switch err := requireDisputed(ctx, tx, who.ID, itemID, ""); {
		case err == nil:
			only = 0
		case !errors.Is(err, ErrNotAllowed):
			return err
		}
		return eachRow(ctx, tx, query, []any{itemID, only}, scan)
	})
}

// Note is a free-text remark on an item, made at some step.
type Note struct {
	Annotator, Step, Body, At string
}

// AddNote adds a note to an item.
func (s *Store) AddNote(ctx context.Context, itemID, annotatorID int64, step, body string) error {
	err := s.tx(ctx, func(tx *ptx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO notes (item_id, annotator_id, step, body, at)
			VALUES (?, ?, ?, ?, ?)`, itemID, annotatorID, step, body, s.now())
		return err
	})
	if err != nil {
		return fmt.Errorf("add note: %w", err)
	}
	return nil
}

// Notes lists the notes on an item that who may see, as Flags.
func (s *Store) Notes(ctx context.Context, itemID int64, who Annotator) ([]Note, error) {
	var ns []Note
	err := s.readItemNotes(ctx, itemID, who, `SELECT a.name, n.step, n.body, n.at FROM notes n
		JOIN annotators a ON a.id = n.annotator_id WHERE n.item_id = ?1 AND (?2 = 0 OR n.annotator_id = ?2) ORDER BY n.id`,
		func(rows *sql.Rows) error {
			var n Note
			err := rows.Scan(&n.Annotator, &n.Step, &n.Body, &n.At)
			ns = append(ns, n)
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	return ns, nil
}
