package store

import (
	"context"
	"fmt"
	"strings"
)

// Blind is what a reading's reader may see of aggregate figures, decided
// here for every route (commands, SSH, the TUI's statistics and side
// pane), since a mean over one pane is that pane's gold:
//
//   - a figure that rests on fewer than Min items is withheld, unless
//     every one of them is an item the reader has finished (they know
//     their own labels, and others' cannot be told apart from them by a
//     figure they could not see before finishing);
//   - label distributions, per-annotator figures and position shares of a
//     dataset are withheld from an annotator who has finished nothing in
//     it: before their first HIT they must not learn how others label.
//
// A lead sees every figure.
type Blind struct {
	All    bool // a lead's reading
	Min    int  // the dataset's policy (withhold_below)
	Worked bool // the reader may see how labels spread (Spread)
	// mine counts the items among ids the reader has finished. It is
	// asked only of a figure over fewer than Min items, so a reader with
	// hundreds of thousands of finished HITs costs nothing more.
	mine func(ids []int64) (int, error)
}

// DefaultWithholdBelow is a new dataset's Min.
const DefaultWithholdBelow = 5

// Shows says whether a figure resting on n distinct items may be shown;
// few are the first Min of them (all of them when there are fewer), whose
// reader's own are counted only then. A failed count withholds it.
func (b Blind) Shows(n int, few []int64) bool {
	if b.All || n >= b.Min {
		return true
	}
	mine, err := b.mine(few)
	return err == nil && mine >= n
}

// Finished says whether every one of ids (distinct items) is an item the
// reader has finished: a figure resting on them alone may be shown
// whatever their number. A lead's reading holds them all; a failed count
// holds none.
func (b Blind) Finished(ids []int64) bool {
	if b.All {
		return true
	}
	mine, err := b.mine(ids)
	return err == nil && mine >= len(ids)
}

// Spread says whether label distributions, per-annotator figures and
// position shares may be shown.
func (b Blind) Spread() bool { return b.All || b.Worked }

// Withheld is what a withheld figure shows instead: "< 5 panes".
func (b Blind) Withheld(noun string) string { return fmt.Sprintf("< %d %s", b.Min, noun) }

// Blind is the reading's rule for figures.
func (r *Reading) Blind() Blind { return r.blind }

// loadBlind reads what the reader may see: a lead everything; anyone
// else under the dataset's policy. Whether an annotator has finished work
// in the dataset comes from its kept counter (annotator_done).
func (r *Reading) loadBlind(ctx context.Context, role string) error {
	if role == RoleLead {
		r.blind = Blind{All: true}
		return nil
	}
	b := Blind{Min: DefaultWithholdBelow, Worked: role != RoleAnnotator}
	if r.dataset != 0 {
		if err := r.tx.QueryRowContext(ctx, `SELECT withhold_below FROM datasets WHERE id = ?`, r.dataset).Scan(&b.Min); err != nil {
			return fmt.Errorf("figures: %w", err)
		}
	}
	if !b.Worked {
		err := r.tx.QueryRowContext(ctx, `SELECT coalesce(sum(done), 0) > 0 FROM annotator_done
			WHERE annotator_id = ?1 AND (?2 = 0 OR dataset_id = ?2)`, r.reader.ID, r.dataset).Scan(&b.Worked)
		if err != nil {
			return fmt.Errorf("figures: %w", err)
		}
	}
	b.mine = func(ids []int64) (int, error) { return r.finishedAmong(ctx, ids) }
	r.blind = b
	return nil
}

// finishedAmong counts the items among ids the reader has finished.
func (r *Reading) finishedAmong(ctx context.Context, ids []int64) (int, error) {
	if len(ids) == 0 {
		return 0, nil
	}
	args := []any{r.reader.ID}
	for _, id := range ids {
		args = append(args, id)
	}
	var n int
	err := r.tx.QueryRowContext(ctx, `SELECT count(*) FROM hits WHERE annotator_id = ? AND finished_at IS NOT NULL
		AND item_id IN (`+marks(len(ids))+`)`, args...).Scan(&n)
	return n, err
}

func marks(n int) string { return strings.TrimSuffix(strings.Repeat("?,", n), ",") }

// SettledItems counts the items of the reading's dataset (less the
// hidden ones) that have a unit among units with at least minRaters
// settled labels (finished HITs, or a release file), and the reader's
// finished items among them: what a figure of the kept agreement table,
// which holds counts and no items, rests on. As that table, it counts the
// labels that count for gold (goldVoter): on a dataset with arms, the
// blind arm's by default. Its callers ask only when
// the table's units are too few to settle it, so it reads few labels.
func (r *Reading) SettledItems(ctx context.Context, units []string, minRaters int) (n int, few []int64, err error) {
	args := []any{r.dataset}
	for _, u := range units {
		args = append(args, u)
	}
	args = append(args, max(minRaters, 1))
	ids, err := collect(ctx, r.tx, "figures", `SELECT DISTINCT item_id FROM (SELECT l.item_id FROM labels l
		JOIN items i ON i.id = l.item_id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE i.dataset_id = ? AND l.unit IN (`+marks(len(units))+`) AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
			AND `+goldVoter("i.dataset_id")+`
		GROUP BY l.item_id, l.unit HAVING count(*) >= ?)`, args, scanValue[int64])
	if err == nil {
		err = r.loadHidden(ctx)
	}
	if err != nil {
		return 0, nil, err
	}
	for _, id := range ids {
		if r.hides(id) {
			continue
		}
		if n++; len(few) < r.blind.Min {
			few = append(few, id)
		}
	}
	return n, few, nil
}
