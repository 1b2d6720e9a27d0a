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
	v, ok, err := s.readSetting(ctx, key)
	if err != nil || ok {
		return v, err
	}
	// Only a setting not there yet takes the write lock, once.
	err = s.tx(ctx, func(tx *ptx) error {
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

// SettingOr reads a setting, or def when it was never set; it writes
// nothing.
func (s *Store) SettingOr(ctx context.Context, key, def string) (string, error) {
	v, ok, err := s.readSetting(ctx, key)
	if !ok {
		v = def
	}
	return v, err
}

func (s *Store) readSetting(ctx context.Context, key string) (string, bool, error) {
	var v string
	err := s.readRow(ctx, `SELECT value FROM settings WHERE key = ?`, []any{key}, &v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return "", false, nil
	case err != nil:
		return "", false, fmt.Errorf("setting %s: %w", key, err)
	}
	return v, true, nil
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
	err := s.tx(ctx, func(tx *ptx) error {
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
