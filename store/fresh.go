package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
)

// A command refused on a database that did not exist must not leave one
// behind: a mistyped first import would otherwise leave a new database,
// its first user a lead, where the user meant to start one. So Open notes
// when it created the file itself (O_EXCL), and the command, once refused,
// asks Discard to remove it. Removing a database is safe only when no one
// else has it and it holds nothing anyone wrote. Every claritty process
// holds a shared lock on one byte of the file from before it opens the
// database until after it closes it (holdOpen); Discard takes that byte
// exclusively, so no claritty process can have the file or open it while
// Discard decides, and then it checks the content is still what Open (and
// the command's who-is-acting) made, and that no other program holds
// SQLite's own locks. Where locks cannot tell (a system without
// open-file-description locks), the file is kept and the user told.

// Fresh is a database file this process created at Open: what Discard
// needs to remove it after its store is closed.
type Fresh struct {
	path   string
	file   fs.FileInfo // the file as created, so a file put in its place is not taken for it
	digest string      // the content as Open (or MarkFresh) left it
}

// Path is the database file.
func (f *Fresh) Path() string { return f.path }

// Fresh is the file this store's Open created, or nil when the file was
// there before (or the store is borrowed or read-only).
func (s *Store) Fresh() *Fresh {
	if s.borrowed {
		return nil
	}
	return s.fresh
}

// MarkFresh takes what a fresh database holds now as what opening it
// made (the acting user, made a lead as the database's first user): a
// refused command's Discard removes the file only if it still holds just
// that. It does nothing for a database that existed before.
func (s *Store) MarkFresh(ctx context.Context) error {
	f := s.Fresh()
	if f == nil {
		return nil
	}
	d, err := contentDigest(ctx, s.db)
	if err != nil {
		return fmt.Errorf("read the new database: %w", err)
	}
	f.digest = d
	return nil
}

// errNotOurs is a path that now holds a symlink: not the file this
// process created.
var errNotOurs = errors.New("not the file this process created")

// Discard removes a database file this process created, with its WAL, its
// index and any rollback journal, after its store is closed, if no other
// process has it open and it holds only what opening it made. It reports
// whether it removed it; a file kept because it holds more (this command
// committed something, or another process did) is no error, one kept
// because it could not be known safe to remove comes with why.
func (f *Fresh) Discard(ctx context.Context) (bool, error) {
	fd, err := discardOpen(f.path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, errNotOurs) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	defer fd.Close()
	if fi, err := fd.Stat(); err != nil || !os.SameFile(fi, f.file) {
		return false, nil // another file is there now: not this process's
	}
	// No claritty process has it open, and none opens it while this lock
	// is held (holdOpen waits, then finds the file gone and starts anew).
	if err := lockByte(fd, claritty, true); err != nil {
		return false, keptFor(err)
	}
	same, err := f.unchanged(ctx)
	if err != nil || !same {
		return false, err
	}
	// Nor another program (sqlite3, Litestream): every SQLite connection to
	// a WAL database holds a shared lock on its own bytes while it is open.
	if err := lockByte(fd, sqliteLocks, true); err != nil {
		return false, keptFor(err)
	}
	if fi, err := os.Stat(f.path); err != nil || !os.SameFile(fi, f.file) {
		return false, nil
	}
	// The companions first: a database removed first could be made anew by
	// another process, whose WAL a late removal would take.
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(f.path + suffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false, err
		}
	}
	if err := os.Remove(f.path); err != nil {
		return false, err
	}
	return true, nil
}

// keptFor is why a file was kept that a lock could not be had on.
func keptFor(err error) error {
	if errors.Is(err, errLocked) {
		return errors.New("another process has it open")
	}
	return fmt.Errorf("this system cannot tell whether another process has it open (%w)", err)
}

// byteRange is a span of a database file's bytes that a lock covers.
type byteRange struct{ start, len int64 }

// sqlitePending is where SQLite's lock bytes start in every database file
// (its unix VFS): the pending byte, the reserved byte, then 510 shared
// bytes. No page of the database is stored there.
const sqlitePending = 0x40000000

var (
	// sqliteLocks are SQLite's own lock bytes: a connection to a WAL
	// database holds the shared ones for as long as it is open.
	sqliteLocks = byteRange{sqlitePending, 512}
	// claritty is the byte after them, which no SQLite connection locks:
	// every claritty process holds it shared while it has the database
	// open (holdOpen), and Discard exclusively.
	claritty = byteRange{sqlitePending + 512, 1}
)

// errLocked is a lock another process holds.
var errLocked = errors.New("locked by another process")

// errReplaced is a database file removed, or another put in its place,
// between opening it and locking it: a refused command's Discard took it.
var errReplaced = errors.New("the file was removed or replaced while it was being opened; run the command again")

// lockWait, when set, is called each time holdOpen finds the byte held
// (a test waits for it).
var lockWait func()

// holdOpen opens the database file and holds the claritty byte shared, for
// the store to keep until it closes: no Discard removes the file while it
// is held. It waits while a Discard holds the byte, and says errReplaced
// when the file it opened is no longer the one at path (that Discard
// removed it). Where the byte cannot be locked (another system, a file
// it cannot read) the store goes without: nil, nil.
func holdOpen(ctx context.Context, path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil // SQLite says why, in its words
	}
	for {
		err := lockByte(f, claritty, false)
		if err == nil {
			break
		}
		if !errors.Is(err, errLocked) {
			f.Close()
			return nil, nil
		}
		// A Discard holds it for as long as it takes to read a new
		// database and remove it: a moment.
		if lockWait != nil {
			lockWait()
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	fi, err := f.Stat()
	now, nowErr := os.Stat(path)
	if err != nil || nowErr != nil || !os.SameFile(fi, now) {
		f.Close()
		return nil, errReplaced
	}
	return f, nil
}

// unchanged says whether the database still holds what Open or MarkFresh
// saw, read by a connection of its own (the store is closed by now).
func (f *Fresh) unchanged(ctx context.Context) (bool, error) {
	if f.digest == "" {
		return false, nil
	}
	// Read-write, though it only reads: a read-only connection cannot
	// remove the WAL and index it makes, and the file may be kept.
	db, err := sql.Open("sqlite", dsn(f.path))
	if err != nil {
		return false, err
	}
	defer db.Close()
	d, err := contentDigest(ctx, db)
	if err != nil {
		return false, err
	}
	return d == f.digest, nil
}

// contentDigest is a hash of everything a database holds: its schema
// version, and every row of every table (a new database's few). Rows are
// hashed in their text's order, so the digest depends on the content
// only.
func contentDigest(ctx context.Context, q source) (string, error) {
	var version int64
	if err := q.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return "", err
	}
	var tables []string
	err := eachRow(ctx, q, `SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`, nil, func(rows *sql.Rows) error {
		var name string
		err := rows.Scan(&name)
		tables = append(tables, name)
		return err
	})
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintf(h, "user_version %d\n", version)
	for _, t := range append([]string{"sqlite_schema"}, tables...) {
		lines, err := tableLines(ctx, q, t)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "table %q %d\n%s", t, len(lines), strings.Join(lines, ""))
	}
	return fmt.Sprintf("%x", h.Sum(nil)), nil
}

// tableLines is every row of a table as a line of text, sorted.
func tableLines(ctx context.Context, q source, table string) ([]string, error) {
	var lines []string
	err := eachRow(ctx, q, `SELECT * FROM "`+strings.ReplaceAll(table, `"`, `""`)+`"`, nil, func(rows *sql.Rows) error {
		cols, err := rows.Columns()
		if err != nil {
			return err
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		lines = append(lines, fmt.Sprintf("%#v\n", vals))
		return nil
	})
	slices.Sort(lines)
	return lines, err
}
