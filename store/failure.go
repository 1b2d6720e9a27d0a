package store

import (
	"context"
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// sqliteCode is the primary result code of a SQLite error in err's chain,
// or 0.
func sqliteCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code() & 0xff
	}
	return 0
}

// IsStorageFailure reports whether err is the database file or the disk
// failing (full, unreadable, damaged, not a database, interrupted) rather
// than anything about what was asked: such an error must never be blamed
// on a line of an input file.
func IsStorageFailure(err error) bool {
	switch sqliteCode(err) {
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR, sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB,
		sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_NOMEM, sqlite3.SQLITE_BUSY,
		sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_INTERRUPT, sqlite3.SQLITE_PROTOCOL:
		return true
	}
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// IsDiskFull reports whether err is SQLite finding the disk full.
func IsDiskFull(err error) bool { return sqliteCode(err) == sqlite3.SQLITE_FULL }

// IsDamaged reports whether err says the database file is damaged or not
// a database at all.
func IsDamaged(err error) bool {
	c := sqliteCode(err)
	return c == sqlite3.SQLITE_CORRUPT || c == sqlite3.SQLITE_NOTADB || errors.Is(err, ErrDamaged)
}

// explained is an error with what to do about it added (Explain).
type explained struct {
	err    error
	advice string
}

func (e *explained) Error() string { return e.err.Error() + "\n" + e.advice }
func (e *explained) Unwrap() error { return e.err }

// Explain adds what to do to the storage failures people meet: a damaged
// file, a full disk. Other errors, and ones already explained (Open
// explains its own; the command line explains whatever reaches it), come
// back unchanged.
func Explain(err error) error {
	var done *explained
	switch {
	case errors.As(err, &done):
		return err
	case IsDamaged(err):
		return &explained{err, "the database file is damaged. Stop every claritty using it, keep a copy of the file, " +
			"run claritty check to see what is wrong, and restore the latest backup (claritty backup makes one); " +
			"sqlite3's .recover can often save the rest"}
	case IsDiskFull(err):
		return &explained{err, "the disk is full: free some space and run the command again; nothing was written"}
	}
	return err
}
