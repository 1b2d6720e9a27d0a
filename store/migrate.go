package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// ApplicationID marks a SQLite file as a claritty database ("ClRt").
const ApplicationID = 0x436c5274

// ErrNewerDatabase means the file was written by a newer claritty.
var ErrNewerDatabase = errors.New("database was written by a newer claritty")

// ErrNotClaritty means the file is a SQLite database of some other program.
var ErrNotClaritty = errors.New("not a claritty database")

type migration struct {
	version int
	name    string
	sql     string
	// run, when not nil, is the migration's Go step: what SQL alone cannot
	// do (build a protocol file's JSONL line from a kind's typed tables),
	// run after sql in the same transaction, before the foreign keys are
	// checked, so a failing step leaves the file as it was.
	run func(ctx context.Context, tx *sql.Tx) error
}

// goSteps are the Go steps of the migrations that have one, by version.
var goSteps = map[int]func(ctx context.Context, tx *sql.Tx) error{
	30: moveKindsToFiles,
	32: addFreeMark,
}

// addFreeMark adds assign_cursors.free_mark (migration 0032) where it is
// missing: SQLite has no ADD COLUMN IF NOT EXISTS, and a file whose
// version was set back (as arenarule_test does, to run 25 on again) has it.
func addFreeMark(ctx context.Context, tx *sql.Tx) error {
	var has bool
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pragma_table_info('assign_cursors') WHERE name = 'free_mark')`).Scan(&has); err != nil || has {
		return err
	}
	_, err := tx.ExecContext(ctx, `ALTER TABLE assign_cursors ADD COLUMN free_mark INTEGER NOT NULL DEFAULT 4611686018427387904`)
	return err
}

// migrations lists the embedded NNNN_name.sql files in order. Their numbers
// must run 1, 2, 3 … with no gaps, because user_version counts them.
func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFS, "migrations")
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		num, _, ok := strings.Cut(e.Name(), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil {
			return nil, fmt.Errorf("migration %s: name must start with a number", e.Name())
		}
		body, err := fs.ReadFile(migrationFS, "migrations/"+e.Name())
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(body), run: goSteps[v]})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	for i, m := range ms {
		if m.version != i+1 {
			return nil, fmt.Errorf("migration %s: expected number %d", m.name, i+1)
		}
	}
	return ms, nil
}

// SchemaVersion is the user_version this binary writes.
func SchemaVersion() int { return schemaVersion() }

var schemaVersion = sync.OnceValue(func() int {
	ms, _ := migrations()
	return len(ms)
})

// schemaHeld refuses a transaction once the file's schema is newer than
// this binary's: a newer claritty migrated it while this one ran, and
// what this one wrote would be read otherwise by the newer schema, or
// what it read be read otherwise by it (0030 moved ClariMM's and
// necessity's items to item_rows, and 0031 dropped the typed tables an
// older binary reads and writes them in). A write transaction is immediate and a read one a snapshot, so
// the version tx reads holds until it ends.
func schemaHeld(ctx context.Context, tx source) error {
	var version int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if known := SchemaVersion(); version > known {
		return fmt.Errorf("%w since this claritty opened it (schema %d, this binary knows %d): "+
			"stop it and run the newer claritty", ErrNewerDatabase, version, known)
	}
	return nil
}

// migrate applies each pending migration in its own immediate transaction,
// which also sets user_version, so a crash leaves the file at a known version
// and two processes opening a new file at once apply each step only once.
func (s *Store) migrate(ctx context.Context) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	for {
		done, err := s.migrateOne(ctx, ms)
		if err != nil {
			return fmt.Errorf("open %s: %w", s.path, err)
		}
		if done {
			return nil
		}
	}
}

// migrateOne applies the next migration, if any, and reports whether the
// schema was already current. It runs on a connection with foreign keys
// off, because rebuilding a table (SQLite's way to change its constraints)
// drops a table others refer to; the keys are checked before commit instead.
func (s *Store) migrateOne(ctx context.Context, ms []migration) (done bool, err error) {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return false, err
	}
	defer func() {
		if _, onErr := conn.ExecContext(ctx, "PRAGMA foreign_keys = ON"); onErr != nil {
			// Never hand the pool a connection that skips foreign keys.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if done, err = applyNext(ctx, tx, ms); err != nil || done {
		return done, err
	}
	return false, tx.Commit()
}

// applyNext checks the file is ours, then applies the migration after its
// user_version and records it, inside tx.
func applyNext(ctx context.Context, tx *sql.Tx, ms []migration) (done bool, err error) {
	version, err := checkOwner(ctx, tx)
	if err != nil {
		return false, err
	}
	if version > len(ms) {
		return false, fmt.Errorf("%w (schema %d, this binary knows %d)", ErrNewerDatabase, version, len(ms))
	}
	if version == len(ms) {
		return true, nil
	}
	m := ms[version]
	if _, err := tx.ExecContext(ctx, m.sql); err != nil {
		return false, fmt.Errorf("migration %s: %w", m.name, err)
	}
	if m.run != nil {
		if err := m.run(ctx, tx); err != nil {
			return false, fmt.Errorf("migration %s: %w", m.name, err)
		}
	}
	if err := foreignKeyCheck(ctx, tx); err != nil {
		return false, fmt.Errorf("migration %s: %w", m.name, err)
	}
	_, err = tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version))
	return false, err
}

// checkOwner refuses other programs' databases, marks a new empty file as
// claritty's, and returns its schema version.
func checkOwner(ctx context.Context, tx *sql.Tx) (version int, err error) {
	var appID int
	if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
		return 0, err
	}
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return 0, err
	}
	if appID != 0 && appID != ApplicationID {
		return 0, ErrNotClaritty
	}
	if appID == 0 {
		var tables int
		// Litestream's tables may come first (store/litestream.go).
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE NOT `+litestreamTable).Scan(&tables); err != nil {
			return 0, err
		}
		if tables > 0 {
			return 0, ErrNotClaritty
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
			return 0, err
		}
	}
	return version, nil
}

// foreignKeyCheck fails if any row refers to a row that is not there.
func foreignKeyCheck(ctx context.Context, tx *sql.Tx) error {
	return eachRow(ctx, tx, "PRAGMA foreign_key_check", nil, func(rows *sql.Rows) error {
		var table string
		var rowid sql.NullInt64
		var parent string
		var fk int
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return err
		}
		if rowid.Valid {
			return fmt.Errorf("row %d of %s refers to a missing %s row", rowid.Int64, table, parent)
		}
		return fmt.Errorf("a row of %s refers to a missing %s row", table, parent)
	})
}
