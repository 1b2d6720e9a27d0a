package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// Actor resolves who is acting from the operating system's user: osUser
// acts as themself, unless they are a lead and ask to act as someone else
// (as, when not ""), who must already be an annotator. A database without a
// lead makes its first OS user one, so a new database has someone who can
// give out roles; typing another name never raises anyone's rights.
func (s *Store) Actor(ctx context.Context, osUser, as string) (Annotator, error) {
	if s.readOnly {
		return s.actorReadOnly(ctx, osUser, as)
	}
	var a Annotator
	err := s.tx(ctx, func(tx *ptx) error {
		me, err := s.ensureAnnotator(ctx, tx, osUser)
		if err != nil {
			return err
		}
		var leads int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM annotators WHERE role = 'lead'`).Scan(&leads); err != nil {
			return err
		}
		if leads == 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE annotators SET role = 'lead' WHERE id = ?`, me); err != nil {
				return err
			}
		}
		a, err = actAs(ctx, tx, me, as)
		return err
	})
	if err != nil {
		return a, fmt.Errorf("who is acting: %w", err)
	}
	return a, nil
}

// ActAs resolves who acts for an annotator already known (over SSH, the
// owner of the key): themself, or with as, another annotator, if they are
// a lead. Nobody is made a lead here.
func (s *Store) ActAs(ctx context.Context, me Annotator, as string) (Annotator, error) {
	var a Annotator
	err := s.readTx(ctx, func(tx *ptx) error {
		var err error
		a, err = actAs(ctx, tx, me.ID, as)
		return err
	})
	if err != nil {
		return a, fmt.Errorf("who is acting: %w", err)
	}
	return a, nil
}

func actAs(ctx context.Context, tx *ptx, me int64, as string) (Annotator, error) {
	self, err := annotatorByID(ctx, tx, me)
	if err != nil || as == "" || as == self.Name {
		return self, err
	}
	if err := requireRole(ctx, tx, me, ActActAs); err != nil {
		return self, err
	}
	var other Annotator
	err = tx.QueryRowContext(ctx, `SELECT id, name, role FROM annotators WHERE name = ?`, as).
		Scan(&other.ID, &other.Name, &other.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return self, fmt.Errorf("--as %s: %s is not an annotator yet (add them first: claritty annotators %s --role annotator)",
			as, as, as)
	}
	other.ByID, other.ByName = self.ID, self.Name
	return other, err
}

func annotatorByID(ctx context.Context, tx *ptx, id int64) (Annotator, error) {
	var a Annotator
	err := tx.QueryRowContext(ctx, `SELECT id, name, role FROM annotators WHERE id = ?`, id).Scan(&a.ID, &a.Name, &a.Role)
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("annotator %d: %w", id, ErrNotFound)
	}
	return a, err
}

// SetRole gives an annotator (added if new) a role; only a lead may.
func (s *Store) SetRole(ctx context.Context, actor Annotator, name, role string) (Annotator, error) {
	a := Annotator{Name: name, Role: role}
	if !slices.Contains(Roles, role) {
		return a, fmt.Errorf("role %q: want annotator, adjudicator or lead", role)
	}
	err := s.tx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, actor.ID, ActRoles); err != nil {
			return err
		}
		var err error
		if a.ID, err = s.ensureAnnotator(ctx, tx, name); err != nil {
			return err
		}
		if role != RoleLead {
			// The last lead cannot step down: nobody could give roles again.
			var others int
			err := tx.QueryRowContext(ctx, `SELECT count(*) FROM annotators WHERE role = 'lead' AND id != ?`, a.ID).Scan(&others)
			if err != nil {
				return err
			}
			if others == 0 {
				return fmt.Errorf("%w: %s is the only lead; make someone else a lead first", ErrNotAllowed, name)
			}
		}
		_, err = tx.ExecContext(ctx, `UPDATE annotators SET role = ? WHERE id = ?`, role, a.ID)
		return err
	})
	if err != nil {
		return a, fmt.Errorf("set role: %w", err)
	}
	return a, nil
}
