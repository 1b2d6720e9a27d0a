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
	mine   map[int64]bool
}

// DefaultWithholdBelow is a new dataset's Min.
const DefaultWithholdBelow = 5

// Mine says whether the reader has finished the item.
func (b Blind) Mine(itemID int64) bool { return b.mine[itemID] }

// Shows says whether a figure resting on n items, mine of them the
// reader's finished ones, may be shown.
func (b Blind) Shows(n, mine int) bool { return b.All || n >= b.Min || mine >= n }

// Spread says whether label distributions, per-annotator figures and
// position shares may be shown.
func (b Blind) Spread() bool { return b.All || b.Worked }

// Withheld is what a withheld figure shows instead: "< 5 panes".
func (b Blind) Withheld(noun string) string { return fmt.Sprintf("< %d %s", b.Min, noun) }

// Blind is the reading's rule for figures.
func (r *Reading) Blind() Blind { return r.blind }

// loadBlind reads what the reader may see: a lead everything; anyone
// else under the dataset's policy, with the items they have finished.
func (r *Reading) loadBlind(ctx context.Context, role string) error {
	if role == RoleLead {
		r.blind = Blind{All: true}
		return nil
	}
	b := Blind{Min: DefaultWithholdBelow, mine: map[int64]bool{}}
	if r.dataset != 0 {
		if err := r.tx.QueryRowContext(ctx, `SELECT withhold_below FROM datasets WHERE id = ?`, r.dataset).Scan(&b.Min); err != nil {
			return fmt.Errorf("figures: %w", err)
		}
	}
	rows, err := r.tx.QueryContext(ctx, `SELECT h.item_id FROM hits h JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?1 AND h.finished_at IS NOT NULL AND (?2 = 0 OR i.dataset_id = ?2)`, r.reader.ID, r.dataset)
	if err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return fmt.Errorf("figures: %w", err)
		}
		b.mine[id] = true
	}
	b.Worked = len(b.mine) > 0 || role != RoleAnnotator
	r.blind = b
	return rows.Err()
}

// SettledItems counts the items of the reading's dataset (less the
// hidden ones) that have a unit among units with at least minRaters
// settled labels (finished HITs, or a release file), and the reader's
// finished items among them: what a figure of the kept agreement table,
// which holds counts and no items, rests on. Its callers ask only when
// the table's units are too few to settle it, so it reads few labels.
func (r *Reading) SettledItems(ctx context.Context, units []string, minRaters int) (n, mine int, err error) {
	marks := strings.TrimSuffix(strings.Repeat("?,", len(units)), ",")
	args := []any{r.dataset}
	for _, u := range units {
		args = append(args, u)
	}
	args = append(args, max(minRaters, 1))
	rows, err := r.tx.QueryContext(ctx, `SELECT DISTINCT item_id FROM (SELECT l.item_id FROM labels l
		JOIN items i ON i.id = l.item_id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE i.dataset_id = ? AND l.unit IN (`+marks+`) AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)
		GROUP BY l.item_id, l.unit HAVING count(*) >= ?)`, args...)
	if err != nil {
		return 0, 0, fmt.Errorf("figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return 0, 0, fmt.Errorf("figures: %w", err)
		}
		if r.hidden[id] {
			continue
		}
		n++
		if r.blind.mine[id] {
			mine++
		}
	}
	return n, mine, rows.Err()
}
