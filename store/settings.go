package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// Setting reads a database-wide setting; when it is not set yet, it stores
// and returns what create makes, in one transaction, so two processes
// asking at once agree on one value.
func (s *Store) Setting(ctx context.Context, key string, create func() (string, error)) (string, error) {
	var v string
	err := s.tx(ctx, func(tx *sql.Tx) error {
		err := tx.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if v, err = create(); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)`, key, v)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("setting %s: %w", key, err)
	}
	return v, nil
}

// settingValues lists the settings a lead may set, with their values.
var settingValues = map[string][]string{
	"adjudication_names": {"names", "pseudonyms"},
}

// SetSetting changes a database-wide setting; only a lead may.
func (s *Store) SetSetting(ctx context.Context, who Annotator, key, value string) error {
	if !slices.Contains(settingValues[key], value) {
		return fmt.Errorf("setting %s: %q is not one of %v", key, value, settingValues[key])
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := requireRole(ctx, tx, who.ID, ActSettings); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO settings (key, value) VALUES (?, ?)
			ON CONFLICT DO UPDATE SET value = excluded.value`, key, value)
		return err
	})
	if err != nil {
		return fmt.Errorf("setting %s: %w", key, err)
	}
	return nil
}
