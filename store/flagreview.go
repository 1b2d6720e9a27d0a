package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
)

// FlagRow is one flag as a reviewer lists it.
type FlagRow struct {
	ID       int64
	ItemID   int64
	ItemUID  string // a pair's blind id below the lead (pairids.go)
	Query    string // the item's query, raw
	Dataset  string
	Author   string
	Reason   string // one of FlagReasons
	Note     string
	At       string
	Status   string // open, upheld, cleared, withdrawn
	Reviewer string // who upheld, cleared or withdrew it
	Review   string // why
	Reviewed string // when
}

// Flag statuses.
const (
	FlagOpen      = "open"
	FlagUpheld    = "upheld"
	FlagCleared   = "cleared"
	FlagWithdrawn = "withdrawn"
)

// FlagFilter chooses the flags ListFlags returns.
type FlagFilter struct {
	DatasetID int64 // 0: every dataset
	All       bool  // also the cleared and withdrawn ones
}

// ListFlags lists flags, oldest first: everyone's for a lead or an
// adjudicator, else only who's own (so an author can find the one to
// withdraw). Without f.All only standing flags (open or upheld) come.
func (s *Store) ListFlags(ctx context.Context, who Annotator, f FlagFilter) ([]FlagRow, error) {
	var out []FlagRow
	err := s.readTx(ctx, func(tx *ptx) error {
		only := who.ID
		switch err := requireRole(ctx, tx, who.ID, ActReviewFlags); {
		case err == nil:
			only = 0
		case !errors.Is(err, ErrNotAllowed):
			return err
		}
		role, err := roleOf(ctx, tx, who.ID)
		if err != nil {
			return err
		}
		var pairs []bool // by row: the flag's item is a pair
		out, err = collect(ctx, tx, "list flags", `SELECT f.id, i.id, i.uid, i.query, d.name, a.name, f.reason, f.note, f.at, f.status,
			coalesce(r.name, ''), coalesce(h.reason, ''), coalesce(h.at, ''), EXISTS (SELECT 1 FROM pairs p WHERE p.item_id = i.id)
			FROM flags f JOIN items i ON i.id = f.item_id JOIN datasets d ON d.id = i.dataset_id
			JOIN annotators a ON a.id = f.annotator_id
			LEFT JOIN flag_history h ON h.id = (SELECT max(id) FROM flag_history x WHERE x.flag_id = f.id AND x.action != 'flag')
			LEFT JOIN annotators r ON r.id = h.actor_id
			WHERE (?1 = 0 OR i.dataset_id = ?1) AND (?2 = 0 OR f.annotator_id = ?2) AND (?3 OR `+standingFlag+`)
			ORDER BY f.id`, []any{f.DatasetID, only, f.All}, func(rows *sql.Rows) (r FlagRow, err error) {
			var pair bool
			err = rows.Scan(&r.ID, &r.ItemID, &r.ItemUID, &r.Query, &r.Dataset, &r.Author, &r.Reason, &r.Note, &r.At,
				&r.Status, &r.Reviewer, &r.Review, &r.Reviewed, &pair)
			pairs = append(pairs, pair)
			return r, err
		})
		if err != nil || Allows(role, ActPairSystems) || !slices.Contains(pairs, true) {
			return err
		}
		n, err := loadPairNamer(ctx, tx)
		for i := range out {
			if pairs[i] {
				out[i].ItemUID = n.name(out[i].ItemUID)
			}
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("list flags: %w", err)
	}
	return out, nil
}

// ErrFlagState means a flag is not in a state the review step applies to.
var ErrFlagState = errors.New("flag")

// FlagStatusAfter is the status a review step ("uphold", "clear",
// "withdraw") leaves a flag in; "" for no such step.
func FlagStatusAfter(step string) string {
	return map[string]string{"uphold": FlagUpheld, "clear": FlagCleared, "withdraw": FlagWithdrawn}[step]
}

// ReviewFlag applies one review step to flag id, as who, with a reason:
// "uphold" (the item stays out of releases) and "clear" (it goes back in)
// by a lead or an adjudicator, with a reason, on a flag not withdrawn;
// "withdraw" by the flag's author while it is open. The step and its
// reason go to flag_history.
func (s *Store) ReviewFlag(ctx context.Context, who Annotator, id int64, action, reason string) error {
	status := FlagStatusAfter(action)
	if status == "" {
		return fmt.Errorf("review flag: unknown step %q (want uphold, clear or withdraw)", action)
	}
	err := s.tx(ctx, func(tx *ptx) error {
		// The role first: whether a flag exists is not for everyone.
		if action != "withdraw" {
			if err := requireRole(ctx, tx, who.ID, ActReviewFlags); err != nil {
				return err
			}
		}
		var author int64
		var now string
		err := tx.QueryRowContext(ctx, `SELECT annotator_id, status FROM flags WHERE id = ?`, id).Scan(&author, &now)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w %d does not exist", ErrFlagState, id)
		}
		if err != nil {
			return err
		}
		switch {
		case action == "withdraw" && author != who.ID:
			return fmt.Errorf("%w: only its author may withdraw a flag; a lead or adjudicator clears it", ErrNotAllowed)
		case action == "withdraw" && now != FlagOpen:
			return fmt.Errorf("%w %d is %s: only an open flag can be withdrawn", ErrFlagState, id, now)
		case action != "withdraw" && reason == "":
			return fmt.Errorf("%w %d: say why it is %s (--reason)", ErrFlagState, id, status)
		case action != "withdraw" && now == FlagWithdrawn:
			return fmt.Errorf("%w %d was withdrawn by its author", ErrFlagState, id)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE flags SET status = ? WHERE id = ?`, status, id); err != nil {
			return err
		}
		// A flag that no longer stands gives its item back to its author:
		// their assignment walks must see it again (assign_returns).
		if _, err := tx.ExecContext(ctx, `INSERT INTO assign_returns (dataset_id, annotator_id, kind, seq)
			SELECT c.dataset_id, c.annotator_id, k.kind, i.seq
			FROM flags f JOIN items i ON i.id = f.item_id
			JOIN assign_cursors c ON c.dataset_id = i.dataset_id AND c.annotator_id = f.annotator_id,
			(SELECT 'free' AS kind UNION ALL SELECT 'partial') k
			WHERE f.id = ?1 AND f.status NOT IN ('open', 'upheld')
				AND i.seq < iif(k.kind = 'free', c.free_from, c.partial_from)
			ON CONFLICT DO NOTHING`, id); err != nil {
			return err
		}
		return flagHistory(ctx, tx, id, action, who.ActorID(), reason, s.now())
	})
	if err != nil {
		return fmt.Errorf("%s flag %d: %w", action, id, err)
	}
	return nil
}

func flagHistory(ctx context.Context, tx *ptx, flagID int64, action string, actor int64, reason, at string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO flag_history (flag_id, action, actor_id, reason, at) VALUES (?, ?, ?, ?, ?)`,
		flagID, action, actor, reason, at)
	return err
}

// FlagHistoryRow is one step in a flag's history.
type FlagHistoryRow struct {
	Action, Actor, Reason, At string
}

// FlagHistory lists the steps of flag id, oldest first, for whoever may
// list the flag.
func (s *Store) FlagHistory(ctx context.Context, who Annotator, id int64) ([]FlagHistoryRow, error) {
	var out []FlagHistoryRow
	err := s.readTx(ctx, func(tx *ptx) error {
		if err := requireRole(ctx, tx, who.ID, ActReviewFlags); errors.Is(err, ErrNotAllowed) {
			var author int64
			if err := tx.QueryRowContext(ctx, `SELECT annotator_id FROM flags WHERE id = ?`, id).Scan(&author); err != nil || author != who.ID {
				return fmt.Errorf("%w: a flag's history is for its author, leads and adjudicators", ErrNotAllowed)
			}
		} else if err != nil {
			return err
		}
		return eachRow(ctx, tx, `SELECT h.action, a.name, h.reason, h.at FROM flag_history h
			JOIN annotators a ON a.id = h.actor_id WHERE h.flag_id = ? ORDER BY h.id`, []any{id}, func(rows *sql.Rows) error {
			var r FlagHistoryRow
			err := rows.Scan(&r.Action, &r.Actor, &r.Reason, &r.At)
			out = append(out, r)
			return err
		})
	})
	if err != nil {
		return nil, fmt.Errorf("flag history: %w", err)
	}
	return out, nil
}
