package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// source is what a read of one row runs on: the database, or a
// transaction (a Reading's snapshot among them). Reads are written once,
// over a source or a querier, so a Store method and its Reading twin share
// the SQL and the scan.
type source interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// collect runs query on q and returns every row as scan reads it; what
// names the read in its errors.
func collect[T any](ctx context.Context, q querier, what, query string, args []any, scan func(*sql.Rows) (T, error)) ([]T, error) {
	var out []T
	err := eachRow(ctx, q, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		out = append(out, v)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// scanValue reads a row of one column: collect's scan for a list of ids or
// names.
func scanValue[T any](rows *sql.Rows) (v T, err error) { return v, rows.Scan(&v) }

// eachRow runs a query and hands each row to fn, stopping at its first
// error.
func eachRow(ctx context.Context, q querier, query string, args []any, fn func(*sql.Rows) error) error {
	rows, err := q.QueryContext(ctx, query, args...)
	return eachOf(rows, err, fn)
}

// eachOf is eachRow for rows already asked for (a named statement's, say):
// err is the asking's error.
func eachOf(rows *sql.Rows, err error, fn func(*sql.Rows) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// prepared is the database as a source whose every statement goes through
// the store's statement cache (prepared once per process), the way
// readRow and readRows run theirs.
func (s *Store) prepared() source { return cachedSource{s} }

type cachedSource struct{ s *Store }

func (c cachedSource) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return c.s.readRows(ctx, query, args...)
}

func (c cachedSource) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	st, err := c.s.stmts.get(ctx, query)
	if err != nil {
		// A *sql.Row carries its error only from database/sql: the same
		// query unprepared fails the same way.
		return c.s.db.QueryRowContext(ctx, query, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// errSkipRow is what a stream's scan returns for a row fn must not see
// (an item hidden from the reader).
var errSkipRow = errors.New("row left out")

// stream runs query on q and hands each row, as scan reads it, to fn.
// fn's own error comes back as fn gave it; the read's are named by what.
func stream[T any](ctx context.Context, q querier, what, query string, args []any,
	scan func(*sql.Rows) (T, error), fn func(T) error) error {
	var fnErr error
	err := eachRow(ctx, q, query, args, func(rows *sql.Rows) error {
		v, err := scan(rows)
		if errors.Is(err, errSkipRow) {
			return nil
		}
		if err != nil {
			return err
		}
		fnErr = fn(v)
		return fnErr
	})
	switch {
	case fnErr != nil:
		return fnErr
	case err != nil:
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}
