package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
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
		ms = append(ms, migration{version: v, name: e.Name(), sql: string(body)})
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
func SchemaVersion() int {
	ms, _ := migrations()
	return len(ms)
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

func (s *Store) migrateOne(ctx context.Context, ms []migration) (done bool, err error) {
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var appID, version int
		if err := tx.QueryRowContext(ctx, "PRAGMA application_id").Scan(&appID); err != nil {
			return err
		}
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
			return err
		}
		if appID != 0 && appID != ApplicationID {
			return ErrNotClaritty
		}
		if appID == 0 {
			var tables int
			if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
				return err
			}
			if tables > 0 {
				return ErrNotClaritty
			}
			if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA application_id = %d", ApplicationID)); err != nil {
				return err
			}
		}
		if version > len(ms) {
			return fmt.Errorf("%w (schema %d, this binary knows %d)", ErrNewerDatabase, version, len(ms))
		}
		if version == len(ms) {
			done = true
			return nil
		}
		m := ms[version]
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			return fmt.Errorf("migration %s: %w", m.name, err)
		}
		_, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version))
		return err
	})
	return done, err
}
