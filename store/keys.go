package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Key is an SSH public key that identifies an annotator to claritty serve.
type Key struct {
	Fingerprint string // OpenSSH's SHA256:… form
	Public      string // authorized_keys form: type and base64
	Comment     string
	Annotator   string
	AddedAt     string
}

// AddKeys registers keys for the named annotator, who must exist; only a
// lead may. A key already theirs is kept as it is; a key registered to
// someone else is refused, since a key is one person.
func (s *Store) AddKeys(ctx context.Context, who Annotator, name string, keys []Key) error {
	err := s.keysTx(ctx, who, name, func(tx *ptx, id int64) error {
		for _, k := range keys {
			var owner string
			err := tx.QueryRowContext(ctx, `SELECT a.name FROM annotator_keys k JOIN annotators a ON a.id = k.annotator_id
				WHERE k.fingerprint = ?`, k.Fingerprint).Scan(&owner)
			switch {
			case err == nil && owner == name:
				continue
			case err == nil:
				return fmt.Errorf("key %s is %s's already; a key identifies one person", k.Fingerprint, owner)
			case !errors.Is(err, sql.ErrNoRows):
				return err
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO annotator_keys (fingerprint, annotator_id, public_key, comment, added_by, added_at)
				VALUES (?, ?, ?, ?, ?, ?)`, k.Fingerprint, id, k.Public, k.Comment, who.ActorID(), s.now())
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("add key: %w", err)
	}
	return nil
}

// RemoveKey unregisters one of the named annotator's keys; only a lead may.
func (s *Store) RemoveKey(ctx context.Context, who Annotator, name, fingerprint string) error {
	err := s.keysTx(ctx, who, name, func(tx *ptx, id int64) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM annotator_keys WHERE fingerprint = ? AND annotator_id = ?`, fingerprint, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return fmt.Errorf("%s has no key %s (claritty annotators --keys lists them)", name, fingerprint)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("remove key: %w", err)
	}
	return nil
}

// KeyOwner finds the annotator a key identifies; ErrNotFound when the key
// is not registered.
func (s *Store) KeyOwner(ctx context.Context, fingerprint string) (Annotator, error) {
	var a Annotator
	err := s.prepared().QueryRowContext(ctx, `SELECT a.id, a.name, a.role FROM annotator_keys k
		JOIN annotators a ON a.id = k.annotator_id WHERE k.fingerprint = ?`, fingerprint).Scan(&a.ID, &a.Name, &a.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("key %s: %w", fingerprint, ErrNotFound)
	}
	if err != nil {
		return a, fmt.Errorf("find key: %w", err)
	}
	return a, nil
}

// Keys lists every registered key, by annotator; only a lead may.
func (s *Store) Keys(ctx context.Context, who Annotator) ([]Key, error) {
	var out []Key
	err := s.readTx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, who.ID, ActRoles); err != nil {
			return err
		}
		var err error
		out, err = collect(ctx, tx, "keys", `SELECT k.fingerprint, k.public_key, k.comment, a.name, k.added_at
			FROM annotator_keys k JOIN annotators a ON a.id = k.annotator_id ORDER BY a.name, k.added_at`, nil,
			func(rows *sql.Rows) (k Key, err error) {
				return k, rows.Scan(&k.Fingerprint, &k.Public, &k.Comment, &k.Annotator, &k.AddedAt)
			})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list keys: %w", err)
	}
	return out, nil
}

// keysTx runs fn on the named annotator's keys, in a transaction that
// first checks who may change keys.
func (s *Store) keysTx(ctx context.Context, who Annotator, name string, fn func(tx *ptx, id int64) error) error {
	return s.tx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, who.ID, ActRoles); err != nil {
			return err
		}
		id, err := annotatorID(ctx, tx, name)
		if err != nil {
			return err
		}
		return fn(tx, id)
	})
}

func annotatorID(ctx context.Context, tx *ptx, name string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM annotators WHERE name = ?`, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("%s is not an annotator yet (add them: claritty annotators %s --role annotator)", name, name)
	}
	return id, err
}
