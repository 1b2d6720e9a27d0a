package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// The roles an annotator can have. Adjudicators and leads may adjudicate;
// only leads change roles, act as someone else, or send units to
// adjudication.
const (
	RoleAnnotator   = "annotator"
	RoleAdjudicator = "adjudicator"
	RoleLead        = "lead"
)

// Roles lists the roles in order of rights.
var Roles = []string{RoleAnnotator, RoleAdjudicator, RoleLead}

// ErrNotAllowed means the acting annotator's role does not allow the action.
var ErrNotAllowed = errors.New("not allowed")

// CanAdjudicate reports whether a role may open adjudication.
func CanAdjudicate(role string) bool { return role == RoleAdjudicator || role == RoleLead }

// Actor resolves who is acting. osUser is the operating system's user, who
// is always who acts, unless they are a lead and ask to act as someone else
// (as, when not ""). A database without a lead makes its first OS user one,
// so a new database has someone who can give out roles; typing another name
// never raises anyone's rights.
func (s *Store) Actor(ctx context.Context, osUser, as string) (Annotator, error) {
	var a Annotator
	err := s.tx(ctx, func(tx *sql.Tx) error {
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
		name, id := osUser, me
		if as != "" && as != osUser {
			if role, err := roleOf(ctx, tx, me); err != nil || role != RoleLead {
				return cmpErr(err, fmt.Errorf("%w: only a lead may act as someone else (--as %s); %s is %s",
					ErrNotAllowed, as, osUser, article(role)))
			}
			if id, err = s.ensureAnnotator(ctx, tx, as); err != nil {
				return err
			}
			name = as
		}
		a.ID, a.Name = id, name
		a.Role, err = roleOf(ctx, tx, id)
		return err
	})
	if err != nil {
		return a, fmt.Errorf("who is acting: %w", err)
	}
	return a, nil
}

// cmpErr returns err if it is set, else alt.
func cmpErr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}

func article(role string) string {
	if role == RoleAdjudicator || role == RoleAnnotator {
		return "an " + role
	}
	return "a " + role
}

func roleOf(ctx context.Context, tx *sql.Tx, id int64) (string, error) {
	var role string
	err := tx.QueryRowContext(ctx, `SELECT role FROM annotators WHERE id = ?`, id).Scan(&role)
	return role, err
}

// requireRole refuses (ErrNotAllowed) unless the annotator has one of roles.
func requireRole(ctx context.Context, tx *sql.Tx, id int64, what string, roles ...string) error {
	role, err := roleOf(ctx, tx, id)
	if err != nil {
		return err
	}
	if !slices.Contains(roles, role) {
		return fmt.Errorf("%w: %s needs the role %s; you are %s", ErrNotAllowed, what, joinOr(roles), article(role))
	}
	return nil
}

func joinOr(xs []string) string {
	switch len(xs) {
	case 1:
		return xs[0]
	case 2:
		return xs[0] + " or " + xs[1]
	}
	return fmt.Sprint(xs)
}

// SetRole gives an annotator (added if new) a role; only a lead may.
func (s *Store) SetRole(ctx context.Context, actorID int64, name, role string) (Annotator, error) {
	a := Annotator{Name: name, Role: role}
	if !slices.Contains(Roles, role) {
		return a, fmt.Errorf("role %q: want annotator, adjudicator or lead", role)
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		if err := requireRole(ctx, tx, actorID, "changing roles", RoleLead); err != nil {
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
