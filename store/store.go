// Package store keeps everything claritty knows in one SQLite file: datasets,
// items, annotators, labels and their history, HIT progress, flags and notes.
// Every write is one immediate transaction, so a label is on disk the moment
// the call returns and several processes can share the file.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// Store is an open claritty database.
type Store struct {
	db       *sql.DB
	path     string
	borrowed bool // Close leaves the database open (Borrow)
	// writers lets this process's write transactions through one at a
	// time: the writer's batches (writer.go), imports and merges, and
	// single statements (write). SQLite's busy handler sleeps and retries
	// and, with hundreds of sessions writing, gave up; other processes
	// still queue on busy_timeout. Shared by every Borrow of the store.
	writers *sync.Mutex
	stmts   *stmtCache // the hot path's prepared statements (prepared.go)
	w       *writer    // runs Store.tx writes, several to a transaction (writer.go)
	// Now is the clock used for every timestamp; tests replace it.
	Now func() time.Time
}

// timeFormat is how timestamps are stored: UTC, sortable as text.
const timeFormat = "2006-01-02T15:04:05.000Z"

// Open opens (creating if needed) the database at path and brings its schema
// up to date. It refuses files that are not claritty databases and databases
// written by a newer claritty.
func Open(ctx context.Context, path string) (*Store, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("create database folder: %w", err)
		}
	}
	db, err := sql.Open("sqlite", dsn(path))
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// database/sql keeps 2 idle connections by default: with a server's
	// sessions reading at once it opened and closed SQLite connections
	// all the time (each mapping and unmapping the WAL index).
	db.SetMaxIdleConns(32)
	s := &Store{db: db, path: path, Now: time.Now, writers: &sync.Mutex{}, stmts: &stmtCache{db: db}}
	if err := s.checkWAL(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	s.startWriter()
	return s, nil
}

// dsn orders the pragmas so busy_timeout applies before journal_mode, which
// itself may need the lock; _txlock=immediate makes every transaction take the
// write lock at BEGIN, so two writers queue instead of failing mid-transaction.
func dsn(path string) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", fmt.Sprintf("threads(%d)", sortThreads()))
	q.Add("_txlock", "immediate")
	return "file:" + path + "?" + q.Encode()
}

// sortThreads is how many helper threads SQLite may use to sort, which
// makes building an index after a big import (store/import.go) about twice
// as fast on two cores.
func sortThreads() int {
	return min(runtime.NumCPU(), 4)
}

func (s *Store) checkWAL(ctx context.Context) error {
	var mode string
	if err := s.db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return fmt.Errorf("open %s: %w", s.path, err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("open %s: journal mode is %q, want wal", s.path, mode)
	}
	return nil
}

// Close closes the database, unless this handle is borrowed.
func (s *Store) Close() error {
	if s.borrowed {
		return nil
	}
	s.closeWriter()
	s.stmts.close()
	return s.db.Close()
}

// Path is the file the store was opened on.
func (s *Store) Path() string { return s.path }

// DB exposes the handle for read-only reports and tests.
func (s *Store) DB() *sql.DB { return s.db }

func (s *Store) now() string { return s.Now().UTC().Format(timeFormat) }

// ErrNotFound is returned when a named row does not exist.
var ErrNotFound = errors.New("not found")

// Borrow returns a handle on the same database whose Close does nothing:
// the server lends its one store to each session's command this way.
func (s *Store) Borrow() *Store {
	b := *s
	b.borrowed = true
	return &b
}
