package store

import (
	"context"
	"database/sql"
	"fmt"
)

// FlagReasons are the reasons a pane can be flagged for.
var FlagReasons = []string{"sensitive", "inappropriate", "broken", "other"}

// Flag is one annotator's flag on an item.
type Flag struct {
	Annotator, Reason, Note, At string
}

// AddFlag flags an item; a flagged item leaves the annotator's to-do list.
func (s *Store) AddFlag(ctx context.Context, itemID, annotatorID int64, reason, note string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO flags (item_id, annotator_id, reason, note, at)
			VALUES (?, ?, ?, ?, ?)`, itemID, annotatorID, reason, note, s.now())
		return err
	})
	if err != nil {
		return fmt.Errorf("flag item: %w", err)
	}
	return nil
}

// Flags lists the flags on an item.
func (s *Store) Flags(ctx context.Context, itemID int64) ([]Flag, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT a.name, f.reason, f.note, f.at FROM flags f
		JOIN annotators a ON a.id = f.annotator_id WHERE f.item_id = ? ORDER BY f.id`, itemID)
	if err != nil {
		return nil, fmt.Errorf("list flags: %w", err)
	}
	defer rows.Close()
	var fs []Flag
	for rows.Next() {
		var f Flag
		if err := rows.Scan(&f.Annotator, &f.Reason, &f.Note, &f.At); err != nil {
			return nil, fmt.Errorf("list flags: %w", err)
		}
		fs = append(fs, f)
	}
	return fs, rows.Err()
}

// Note is a free-text remark on an item, made at some step.
type Note struct {
	Annotator, Step, Body, At string
}

// AddNote adds a note to an item.
func (s *Store) AddNote(ctx context.Context, itemID, annotatorID int64, step, body string) error {
	err := s.tx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO notes (item_id, annotator_id, step, body, at)
			VALUES (?, ?, ?, ?, ?)`, itemID, annotatorID, step, body, s.now())
		return err
	})
	if err != nil {
		return fmt.Errorf("add note: %w", err)
	}
	return nil
}

// Notes lists the notes on an item.
func (s *Store) Notes(ctx context.Context, itemID int64) ([]Note, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT a.name, n.step, n.body, n.at FROM notes n
		JOIN annotators a ON a.id = n.annotator_id WHERE n.item_id = ? ORDER BY n.id`, itemID)
	if err != nil {
		return nil, fmt.Errorf("list notes: %w", err)
	}
	defer rows.Close()
	var ns []Note
	for rows.Next() {
		var n Note
		if err := rows.Scan(&n.Annotator, &n.Step, &n.Body, &n.At); err != nil {
			return nil, fmt.Errorf("list notes: %w", err)
		}
		ns = append(ns, n)
	}
	return ns, rows.Err()
}
