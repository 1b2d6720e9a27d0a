package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
)

// PatternCount is one row of a dataset's kept agreement table: how many
// units of a type have these settled labels per value (Votes[v] labels of
// value v), the count pattern every agreement coefficient sums over.
type PatternCount struct {
	Type  string
	Votes [VoteSlots]int
	Units int
}

// The statements that keep agreement_patterns (migration 0011).
const (
	patternsOfItem = `SELECT i.dataset_id, i.patterns FROM items i WHERE i.id = ?`
	settledOfItem  = `SELECT l.unit, l.value FROM labels l
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE l.item_id = ? AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)`
	patternAdd = `INSERT INTO agreement_patterns (dataset_id, unit_type, pattern, units) VALUES (?, ?, ?, 1)
		ON CONFLICT DO UPDATE SET units = units + 1`
	patternTake = `UPDATE agreement_patterns SET units = units - 1
		WHERE dataset_id = ? AND unit_type = ? AND pattern = ? AND units > 1`
	patternDrop = `DELETE FROM agreement_patterns
		WHERE dataset_id = ? AND unit_type = ? AND pattern = ? AND units = 1`
	patternsSet = `UPDATE items SET patterns = ? WHERE id = ?`
)

// refreshPatterns brings the item's part of its dataset's agreement table
// up to date with its settled labels: every transaction that may settle,
// change or unsettle a label runs it for the item (through refreshItem, an
// import's labelled items, a claim over imported labels).
func refreshPatterns(w *ptx, itemID int64) error {
	var datasetID int64
	var stored string
	if err := w.scan(patternsOfItem, []any{itemID}, &datasetID, &stored); err != nil {
		return err
	}
	now, err := settledPatterns(w, itemID)
	if err != nil {
		return err
	}
	if err := applyPatterns(w, datasetID, stored, now); err != nil {
		return err
	}
	if now == stored {
		return nil
	}
	_, err = w.exec(patternsSet, now, itemID)
	return err
}

// applyPatterns changes the dataset's table from an item's old part to its
// new one: only the units whose pattern changed.
func applyPatterns(w *ptx, datasetID int64, stored, now string) error {
	if now == stored {
		return nil
	}
	was, is := parsePatterns(stored), parsePatterns(now)
	for unit, p := range was {
		if is[unit] != p {
			if w.deltas != nil {
				w.deltas[patternKey{datasetID, agreement.UnitType(unit), p}]--
			} else if err := takePattern(w, datasetID, unit, p); err != nil {
				return err
			}
		}
	}
	for unit, p := range is {
		if was[unit] != p {
			if w.deltas != nil {
				w.deltas[patternKey{datasetID, agreement.UnitType(unit), p}]++
			} else if _, err := w.exec(patternAdd, datasetID, agreement.UnitType(unit), p); err != nil {
				return err
			}
		}
	}
	return nil
}

// patternKey is one row of agreement_patterns.
type patternKey struct {
	dataset       int64
	unitType, pat string
}

// flushPatterns writes the gathered changes to agreement_patterns.
func flushPatterns(w *ptx) error {
	for k, d := range w.deltas {
		switch {
		case d > 0:
			if _, err := w.exec(`INSERT INTO agreement_patterns (dataset_id, unit_type, pattern, units) VALUES (?1, ?2, ?3, ?4)
				ON CONFLICT DO UPDATE SET units = units + ?4`, k.dataset, k.unitType, k.pat, d); err != nil {
				return err
			}
		case d < 0:
			res, err := w.exec(`UPDATE agreement_patterns SET units = units + ?4
				WHERE dataset_id = ?1 AND unit_type = ?2 AND pattern = ?3 AND units + ?4 > 0`, k.dataset, k.unitType, k.pat, d)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				continue
			}
			// The row's units fall to nothing (or below: a bug).
			res, err = w.exec(`DELETE FROM agreement_patterns WHERE dataset_id = ? AND unit_type = ? AND pattern = ? AND units = ?`,
				k.dataset, k.unitType, k.pat, -d)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return fmt.Errorf("agreement table: cannot take %d units of type %s with pattern %q", -d, k.unitType, k.pat)
			}
		}
	}
	clear(w.deltas)
	return nil
}

func takePattern(w *ptx, datasetID int64, unit, p string) error {
	typ := agreement.UnitType(unit)
	res, err := w.exec(patternTake, datasetID, typ, p)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n > 0 {
		return nil
	}
	res, err = w.exec(patternDrop, datasetID, typ, p)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("agreement table: no unit of type %s with pattern %q to take out", typ, p)
	}
	return nil
}

// settledPatterns is an item's part of the table as items.patterns holds
// it: "unit c0 c1 c2 c3 c4 c5" per unit with settled labels, in the order
// of Units, comma-separated.
func settledPatterns(w *ptx, itemID int64) (string, error) {
	rows, err := w.query(settledOfItem, itemID)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	votes := map[string]*[VoteSlots]int{}
	for rows.Next() {
		var unit string
		var v int
		if err := rows.Scan(&unit, &v); err != nil {
			return "", err
		}
		if votes[unit] == nil {
			votes[unit] = &[VoteSlots]int{}
		}
		votes[unit][v]++
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return formatPatterns(votes), nil
}

func formatPatterns(votes map[string]*[VoteSlots]int) string {
	var parts []string
	for _, u := range Units {
		if c := votes[u]; c != nil {
			parts = append(parts, u+" "+formatVotes(*c))
		}
	}
	return strings.Join(parts, ",")
}

func formatVotes(c [VoteSlots]int) string {
	var b strings.Builder
	for i, n := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// parsePatterns reads items.patterns: unit -> pattern.
func parsePatterns(s string) map[string]string {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		if unit, p, ok := strings.Cut(part, " "); ok {
			out[unit] = p
		}
	}
	return out
}

func parseVotes(p string) ([VoteSlots]int, error) {
	var c [VoteSlots]int
	f := strings.Fields(p)
	if len(f) != VoteSlots {
		return c, fmt.Errorf("pattern %q has %d counts, want %d", p, len(f), VoteSlots)
	}
	for i, s := range f {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return c, fmt.Errorf("pattern %q: count %q", p, s)
		}
		c[i] = n
	}
	return c, nil
}

// PatternCounts is the reading's dataset's kept agreement table, less the
// items hidden from the reader (their part is taken out, as if they had no
// labels), in a stable order: what the side pane and `claritty agree`
// compute every coefficient from, at a cost that grows with the distinct
// patterns, not the labels.
func (r *Reading) PatternCounts(ctx context.Context) ([]PatternCount, error) {
	if err := r.votesAllowed(); err != nil {
		return nil, fmt.Errorf("read agreement: %w", err)
	}
	counts := map[[2]string]int{}
	rows, err := r.tx.QueryContext(ctx, `SELECT unit_type, pattern, units FROM agreement_patterns WHERE dataset_id = ?`, r.dataset)
	if err != nil {
		return nil, fmt.Errorf("read agreement: %w", err)
	}
	for rows.Next() {
		var typ, p string
		var n int
		if err := rows.Scan(&typ, &p, &n); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read agreement: %w", err)
		}
		counts[[2]string{typ, p}] += n
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read agreement: %w", err)
	}
	for id := range r.hidden {
		var p string
		if err := r.tx.QueryRowContext(ctx, `SELECT patterns FROM items WHERE id = ?`, id).Scan(&p); err != nil {
			return nil, fmt.Errorf("read agreement: %w", err)
		}
		for unit, pat := range parsePatterns(p) {
			counts[[2]string{agreement.UnitType(unit), pat}]--
		}
	}
	return patternRows(counts)
}

func patternRows(counts map[[2]string]int) ([]PatternCount, error) {
	var out []PatternCount
	for k, n := range counts {
		if n == 0 {
			continue
		}
		v, err := parseVotes(k[1])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("read agreement: type %s: %d units of %q (%v)", k[0], n, k[1], err)
		}
		out = append(out, PatternCount{Type: k[0], Votes: v, Units: n})
	}
	slices.SortFunc(out, func(a, b PatternCount) int {
		if c := strings.Compare(a.Type, b.Type); c != 0 {
			return c
		}
		return slices.Compare(a.Votes[:], b.Votes[:])
	})
	return out, nil
}

// recountPatterns counts the agreement table again from the labels, the
// way migration 0011 and refreshPatterns never do (one pass over every
// settled label, in Go), and lists where the kept table or an item's part
// of it differs: `claritty check` and the tests hold the kept table to it.
func recountPatterns(ctx context.Context, q rowQuerier) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT i.id, i.dataset_id, i.patterns, l.unit, l.value
		FROM items i JOIN labels l ON l.item_id = i.id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE h.item_id IS NULL OR h.finished_at IS NOT NULL ORDER BY i.id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	type key struct {
		dataset  int64
		typ, pat string
	}
	want := map[key]int{}
	var problems []string
	var item, dataset int64 = -1, 0
	var stored string
	votes := map[string]*[VoteSlots]int{}
	flush := func() {
		if item < 0 {
			return
		}
		now := formatPatterns(votes)
		if !maps.Equal(parsePatterns(now), parsePatterns(stored)) && len(problems) < 5 {
			problems = append(problems, fmt.Sprintf("item %d keeps %q, its labels give %q", item, stored, now))
		}
		for unit, p := range parsePatterns(now) {
			want[key{dataset, agreement.UnitType(unit), p}]++
		}
		clear(votes)
	}
	for rows.Next() {
		var id, ds int64
		var patterns, unit string
		var v int
		if err := rows.Scan(&id, &ds, &patterns, &unit, &v); err != nil {
			return nil, err
		}
		if id != item {
			flush()
			item, dataset, stored = id, ds, patterns
		}
		if v < 0 || v >= VoteSlots {
			return nil, fmt.Errorf("item %d: %s label %d is off every scale", id, unit, v)
		}
		if votes[unit] == nil {
			votes[unit] = &[VoteSlots]int{}
		}
		votes[unit][v]++
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	flush()
	var stale int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM items i WHERE i.patterns != '' AND NOT EXISTS (
		SELECT 1 FROM labels l LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE l.item_id = i.id AND (h.item_id IS NULL OR h.finished_at IS NOT NULL))`).Scan(&stale); err != nil {
		return nil, err
	}
	if stale > 0 {
		problems = append(problems, fmt.Sprintf("%d items keep patterns but have no settled labels", stale))
	}
	kept, err := q.QueryContext(ctx, `SELECT dataset_id, unit_type, pattern, units FROM agreement_patterns`)
	if err != nil {
		return nil, err
	}
	defer kept.Close()
	for kept.Next() {
		var k key
		var n int
		if err := kept.Scan(&k.dataset, &k.typ, &k.pat, &n); err != nil {
			return nil, err
		}
		if want[k] != n && len(problems) < 10 {
			problems = append(problems, fmt.Sprintf("dataset %d, %s %q: kept %d units, the labels give %d", k.dataset, k.typ, k.pat, n, want[k]))
		}
		delete(want, k)
	}
	if err := kept.Err(); err != nil {
		return nil, err
	}
	for k, n := range want {
		if len(problems) < 10 {
			problems = append(problems, fmt.Sprintf("dataset %d, %s %q: kept 0 units, the labels give %d", k.dataset, k.typ, k.pat, n))
		}
	}
	return problems, nil
}

// rowQuerier is a *sql.DB or *sql.Tx.
type rowQuerier interface {
	querier
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
