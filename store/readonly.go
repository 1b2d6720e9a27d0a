package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"

	sqlite3 "modernc.org/sqlite/lib"
)

// ErrReadOnly is a write asked of a store opened read-only.
var ErrReadOnly = errors.New("the database is open read-only (the file or its folder is not writable): " +
	"only reading commands work on it")

// readOnlyError is ErrReadOnly saying whose file it is and its mode, so
// the reader knows whom to ask.
func (s *Store) readOnlyError() error {
	fi, err := os.Stat(s.path)
	owner := ownerOf(s.path)
	if err != nil || owner == "" {
		return ErrReadOnly
	}
	return fmt.Errorf("%w; %s belongs to %s (mode %04o): ask them, or a lead, for write access (a group-shared "+
		"file wants mode 0660 and its folder the group's write, claritty --db-mode)", ErrReadOnly, s.path, owner, fi.Mode().Perm())
}

// OpenReadOnly opens an existing database for reading only, as every
// command does when the file or its folder is not the user's to write
// (cmd/claritty): no migration, no WAL switch, no writes; each write
// returns ErrReadOnly, so reading commands (stats, agree, export,
// annotators, check) work and the others say why they cannot. A schema
// older than this binary's is refused: upgrading it is a write.
func OpenReadOnly(ctx context.Context, path string) (*Store, error) {
	if err := checkFolder(path); err != nil {
		return nil, err
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("open %s: there is no database there", path)
	}
	if err := checkHeader(path); err != nil {
		return nil, err
	}
	db, err := openReader(ctx, path)
	if err != nil {
		return nil, Explain(fmt.Errorf("open %s read-only: %w", path, err))
	}
	s := newStore(db, path)
	s.readOnly = true
	if err := s.checkSchemaCurrent(ctx); err != nil {
		db.Close()
		return nil, err
	}
	if err := s.openProtocols(ctx); err != nil {
		db.Close()
		return nil, err
	}
	s.startWriter() // never given a job (tx refuses first); Close stops it
	return s, nil
}

// openReader opens path read-only. SQLite needs the WAL's index (-shm) to
// read a WAL database; in a folder where it cannot make one, and with no
// WAL left to read (the last writer checkpointed and removed it), the
// file is read as immutable: nobody can be writing it then, for a writer
// would need the same folder.
func openReader(ctx context.Context, path string) (*sql.DB, error) {
	db, err := openRO(ctx, path, false)
	if c := sqliteCode(err); c != sqlite3.SQLITE_READONLY && c != sqlite3.SQLITE_CANTOPEN {
		return db, err
	}
	if fi, werr := os.Stat(path + "-wal"); werr == nil && fi.Size() > 0 {
		return nil, fmt.Errorf("%w: its WAL (%s-wal) holds changes not yet in the file, and this folder "+
			"does not let SQLite make the index it needs to read them; open it once with write access", err, path)
	}
	return openRO(ctx, path, true)
}

// openRO opens path read-only (immutable: no locks, no WAL) and reads
// from it once, so a file SQLite cannot read fails here.
func openRO(ctx context.Context, path string, immutable bool) (*sql.DB, error) {
	q := url.Values{}
	q.Add("mode", "ro")
	if immutable {
		q.Add("immutable", "1")
	}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "query_only(1)")
	db, err := sql.Open("sqlite", "file:"+uriPath(absPath(path))+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&n); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// checkSchemaCurrent refuses a database that is not claritty's, is newer,
// or needs a migration.
func (s *Store) checkSchemaCurrent(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	var appID, version int
	if err := s.db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
		return Explain(fmt.Errorf("open %s: %w", s.path, err))
	}
	if err := s.db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return Explain(fmt.Errorf("open %s: %w", s.path, err))
	}
	switch {
	case appID != ApplicationID:
		return fmt.Errorf("open %s: %w", s.path, ErrNotClaritty)
	case version > len(ms):
		return fmt.Errorf("open %s: %w (schema %d, this binary knows %d)", s.path, ErrNewerDatabase, version, len(ms))
	case version < len(ms):
		return fmt.Errorf("open %s: its schema (%d) is older than this claritty's (%d), and a read-only file cannot be "+
			"upgraded: open it once with write access", s.path, version, len(ms))
	}
	return nil
}

// ReadOnly says whether the store was opened read-only.
func (s *Store) ReadOnly() bool { return s.readOnly }

// actorReadOnly is Actor without writes: a name the database knows acts
// as it would on a writable file; one it does not know is refused, since
// adding it is a write.
func (s *Store) actorReadOnly(ctx context.Context, osUser, as string) (Annotator, error) {
	var a Annotator
	err := s.readTx(ctx, func(tx *ptx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM annotators WHERE name = ?`, osUser).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s is not in this database, and a read-only one cannot take a new name "+
				"(a lead adds you: claritty annotators %s --role annotator)", ErrNotAllowed, osUser, osUser)
		}
		if err != nil {
			return err
		}
		a, err = actAs(ctx, tx, id, as)
		return err
	})
	if err != nil {
		return a, fmt.Errorf("who is acting: %w", err)
	}
	return a, nil
}
