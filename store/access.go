package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// The roles an annotator can have, in order of rights. Everyone annotates
// their own queue; adjudicators also settle disputed units; leads run the
// project.
const (
	RoleAnnotator   = "annotator"
	RoleAdjudicator = "adjudicator"
	RoleLead        = "lead"
)

// Roles lists the roles in order of rights.
var Roles = []string{RoleAnnotator, RoleAdjudicator, RoleLead}

// ErrNotAllowed means the acting annotator's role does not allow the action.
var ErrNotAllowed = errors.New("not allowed")

// Action is something only some roles may do. Annotating one's own queue,
// notes and flags, and reading aggregate figures, are open to every role
// and need no Action.
type Action int

// The actions that need a role. Every store method that does one checks it
// with requireRole in its own transaction, so no screen, command or SSH
// session can do it any other way.
const (
	ActImport      Action = iota + 1 // add items, search results, nuggets, answers, benchmark runs
	ActPolicy                        // change a dataset's redundancy policy
	ActRoles                         // give roles, register and remove SSH keys
	ActSettings                      // database-wide settings
	ActActAs                         // act as another annotator (--as)
	ActRefer                         // send units to adjudication
	ActBackup                        // copy the whole database
	ActAdjudicate                    // the adjudication queue: disputed units, their labels, decisions
	ActReadGold                      // every label, per-unit votes, majorities and gold labels
	ActMergeOthers                   // merge labels under another annotator's name
	ActReviewFlags                   // list everyone's flags, uphold or clear them
	ActStanding                      // waive or reset an annotator's qualification, resume a paused one
	ActQuality                       // each annotator's quality: gold checks, consistency, error rates
	ActReadSignals                   // items' online signals (MIMICS-Click impressions, engagement, click rates)
	ActPairSystems                   // name a compare item by its systems (its full id) and its labels from the first system's side
)

// permission is who may do an action, and how a refusal names it.
type permission struct {
	what  string
	roles []string
}

var leadOnly = []string{RoleLead}

// permissions is the one table of who may do what (the table of
// roles): everything below a lead is refused.
var permissions = map[Action]permission{
	ActImport:      {"importing data, runs or protocols", leadOnly},
	ActPolicy:      {"changing a dataset's policy", leadOnly},
	ActRoles:       {"changing roles and keys", leadOnly},
	ActSettings:    {"changing settings", leadOnly},
	ActActAs:       {"acting as someone else (--as)", leadOnly},
	ActRefer:       {"sending units to adjudication", leadOnly},
	ActBackup:      {"taking a backup", leadOnly},
	ActAdjudicate:  {"adjudication", []string{RoleAdjudicator, RoleLead}},
	ActReadGold:    {"reading others' labels, votes, majorities and gold labels", leadOnly},
	ActMergeOthers: {"importing labels under another annotator's name", leadOnly},
	ActReviewFlags: {"reviewing flags", []string{RoleAdjudicator, RoleLead}},
	ActStanding:    {"waiving, resetting or resuming an annotator", leadOnly},
	ActQuality:     {"reading annotators' quality", []string{RoleAdjudicator, RoleLead}},
	// An annotator who saw how often real users engaged with a pane would
	// judge it with that in mind: the signals are for whoever runs the
	// study.
	ActReadSignals: {"reading items' click signals", leadOnly},
	// Which system wrote A is what a blinded comparison keeps from its
	// judges: below the lead a pair is its blind id (pairids.go) and a
	// label the side the judge saw.
	ActPairSystems: {"naming a pair's systems", leadOnly},
}

// Allows reports whether a role may do an action.
func Allows(role string, a Action) bool { return slices.Contains(permissions[a].roles, role) }

// CanAdjudicate reports whether a role may open adjudication.
func CanAdjudicate(role string) bool { return Allows(role, ActAdjudicate) }

// requireRole refuses (ErrNotAllowed) unless the annotator's role, as it
// stands in this transaction, allows the action. The refusal is one line:
// what was refused, the role it needs, and who can grant it.
func requireRole(ctx context.Context, tx *ptx, id int64, a Action) error {
	role, err := roleOf(ctx, tx, id)
	if err != nil {
		return err
	}
	p := permissions[a]
	if slices.Contains(p.roles, role) {
		return nil
	}
	return refusal(ctx, tx, id, role, p)
}

func refusal(ctx context.Context, tx *ptx, id int64, role string, p permission) error {
	var name, leads string
	err := tx.QueryRowContext(ctx, `SELECT coalesce((SELECT name FROM annotators WHERE id = ?), ''),
		coalesce((SELECT group_concat(name, ', ') FROM (SELECT name FROM annotators WHERE role = 'lead' ORDER BY name)), '')`, id).
		Scan(&name, &leads)
	if err != nil {
		return err
	}
	need := p.roles[0]
	return fmt.Errorf("%w: %s needs the %s role; %s is %s (a lead can grant it: claritty annotators %s --role %s; leads: %s)",
		ErrNotAllowed, p.what, strings.Join(p.roles, " or "), name, article(role), name, need, leads)
}

func article(role string) string {
	if role == RoleAdjudicator || role == RoleAnnotator {
		return "an " + role
	}
	return "a " + role
}

func roleOf(ctx context.Context, tx source, id int64) (string, error) {
	var role string
	err := tx.QueryRowContext(ctx, `SELECT role FROM annotators WHERE id = ?`, id).Scan(&role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("%w: nobody is acting (annotator %d is unknown)", ErrNotAllowed, id)
	}
	return role, err
}

// Require refuses, with the same words as the action's own check, unless
// who may do a. A command that takes an upload asks before it reads a byte
// of it, so a caller without the role costs the server no reading or
// parsing; the action's own transaction checks again, since a role may
// change in between.
func (s *Store) Require(ctx context.Context, who Annotator, a Action) error {
	tx, err := s.db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("check role: %w", err)
	}
	defer tx.Rollback()
	return requireRole(ctx, s.wrap(ctx, tx), who.ID, a)
}
