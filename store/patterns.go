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
	"github.com/claritty/claritty/display"
)

// PatternCount is one row of a dataset's kept agreement table: how many
// units of a type have these settled labels per value (Votes[v] labels of
// value v), the count pattern every agreement coefficient sums over.
type PatternCount struct {
	Type  string
	Votes [VoteSlots]int
	Units int
}

// applyPatterns changes the dataset's table from an item's old part to its
// new one, only for the units whose pattern changed: at once, or, when the
// transaction gathers them (w.deltas, a merge's commit), at its flush.
func applyPatterns(w *ptx, datasetID int64, stored, now string) error {
	if now == stored {
		return nil
	}
	deltas := w.deltas
	if deltas == nil {
		deltas = map[patternKey]int{}
	}
	was, is := parsePatterns(stored), parsePatterns(now)
	for unit, p := range was {
		if is[unit] != p {
			deltas[patternKey{datasetID, agreement.UnitType(unit), p}]--
		}
	}
	for unit, p := range is {
		if was[unit] != p {
			deltas[patternKey{datasetID, agreement.UnitType(unit), p}]++
		}
	}
	if w.deltas != nil {
		return nil
	}
	return writePatterns(w, deltas)
}

// patternKey is one row of agreement_patterns.
type patternKey struct {
	dataset       int64
	unitType, pat string
}

// The statements that change agreement_patterns by ?4 units (migration
// 0011): an addition, a taking that leaves some, a taking of the last.
const (
	patternAdd = `INSERT INTO agreement_patterns (dataset_id, unit_type, pattern, units) VALUES (?1, ?2, ?3, ?4)
		ON CONFLICT DO UPDATE SET units = units + ?4`
	patternTake = `UPDATE agreement_patterns SET units = units + ?4
		WHERE dataset_id = ?1 AND unit_type = ?2 AND pattern = ?3 AND units + ?4 > 0`
	patternDrop = `DELETE FROM agreement_patterns WHERE dataset_id = ?1 AND unit_type = ?2 AND pattern = ?3 AND units = -?4`
)

// flushPatterns writes the changes the transaction gathered.
func flushPatterns(w *ptx) error {
	err := writePatterns(w, w.deltas)
	clear(w.deltas)
	if err == nil {
		err = writeOpenParts(w, w.openDeltas)
	}
	return err
}

// writePatterns changes agreement_patterns by deltas (units per row).
func writePatterns(w *ptx, deltas map[patternKey]int) error {
	for k, d := range deltas {
		args := []any{k.dataset, k.unitType, k.pat, d}
		if d > 0 {
			if _, err := w.exec(patternAdd, args...); err != nil {
				return err
			}
			continue
		}
		if d == 0 {
			continue
		}
		for _, q := range []string{patternTake, patternDrop} {
			res, err := w.exec(q, args...)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				break
			}
			if q == patternDrop { // fewer units than taken: a bug
				return fmt.Errorf("agreement table: cannot take %d units of type %s with pattern %q", -d, k.unitType, k.pat)
			}
		}
	}
	return nil
}

// formatPatterns is an item's part of the table as items.patterns holds
// it: "unit c0 c1 c2 c3 c4 c5" per unit with settled labels, in the order
// of Units, comma-separated.
func formatPatterns(units []string, votes map[string]*[VoteSlots]int) string {
	var parts []string
	for _, u := range units {
		if c := votes[u]; c != nil {
			parts = append(parts, u+" "+formatVotes(*c))
		}
	}
	return strings.Join(parts, ",")
}

// formatEveryPattern is formatPatterns over every unit of votes, in name
// order.
func formatEveryPattern(votes map[string]*[VoteSlots]int) string {
	var parts []string
	for _, u := range slices.Sorted(maps.Keys(votes)) {
		parts = append(parts, u+" "+formatVotes(*votes[u]))
	}
	return strings.Join(parts, ",")
}

func formatVotes(c [VoteSlots]int) string {
	var b strings.Builder
	end := patternSlots
	for i := end; i < VoteSlots; i++ {
		if c[i] > 0 {
			end = i + 1
		}
	}
	for i, n := range c[:end] {
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
	if len(f) < patternSlots || len(f) > VoteSlots {
		return c, fmt.Errorf("pattern %q has %d counts, want %d to %d", p, len(f), patternSlots, VoteSlots)
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
// patterns and the hidden items with settled labels, not the labels.
func (r *Reading) PatternCounts(ctx context.Context) ([]PatternCount, error) {
	if err := r.votesAllowed(); err != nil {
		return nil, fmt.Errorf("read agreement: %w", err)
	}
	counts := map[[2]string]int{}
	err := eachRow(ctx, r.tx, `SELECT unit_type, pattern, units FROM agreement_patterns WHERE dataset_id = ?`, []any{r.dataset},
		func(rows *sql.Rows) error {
			var typ, p string
			var n int
			err := rows.Scan(&typ, &p, &n)
			counts[[2]string{typ, p}] += n
			return err
		})
	if err == nil {
		var hidden map[[2]string]int
		hidden, err = r.hiddenParts(ctx)
		for k, n := range hidden {
			counts[k] -= n
		}
	}
	if err != nil {
		return nil, fmt.Errorf("read agreement: %w", err)
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
//
// armed says the file has migration 0028's arms, which goldVoter reads: a
// file from before it (check runs no migration) counts every settled label.
func recountPatterns(ctx context.Context, q source, armed bool) ([]string, error) {
	voter := "1"
	if armed {
		voter = goldVoter("i.dataset_id")
	}
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
		// Every unit, known to this process or not: check opens no store,
		// so a protocol file's units may be unknown here (formatPatterns
		// would leave them out), and the comparison is by unit anyway.
		now := formatEveryPattern(votes)
		if !maps.Equal(parsePatterns(now), parsePatterns(stored)) && len(problems) < 5 {
			problems = append(problems, fmt.Sprintf("item %d keeps %q, its labels give %q", item, stored, now))
		}
		for unit, p := range parsePatterns(now) {
			want[key{dataset, agreement.UnitType(unit), p}]++
		}
		clear(votes)
	}
	err := eachRow(ctx, q, `SELECT i.id, i.dataset_id, i.patterns, l.unit, l.value
		FROM items i JOIN labels l ON l.item_id = i.id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE (h.item_id IS NULL OR h.finished_at IS NOT NULL) AND `+voter+` ORDER BY i.id`, nil, func(rows *sql.Rows) error {
		var id, ds int64
		var patterns, unit string
		var v int
		if err := rows.Scan(&id, &ds, &patterns, &unit, &v); err != nil {
			return err
		}
		if id != item {
			flush()
			item, dataset, stored = id, ds, patterns
		}
		if v < 0 || v >= VoteSlots {
			return fmt.Errorf("item %d: %s label %d is off every scale", id, unit, v)
		}
		if votes[unit] == nil {
			votes[unit] = &[VoteSlots]int{}
		}
		votes[unit][v]++
		return nil
	})
	if err != nil {
		return nil, err
	}
	flush()
	var stale int
	if err := q.QueryRowContext(ctx, `SELECT count(*) FROM items i WHERE i.patterns != '' AND NOT EXISTS (
		SELECT 1 FROM labels l LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE l.item_id = i.id AND (h.item_id IS NULL OR h.finished_at IS NOT NULL) AND `+voter+`)`).Scan(&stale); err != nil {
		return nil, err
	}
	if stale > 0 {
		problems = append(problems, display.Count(stale, "item keeps patterns but has", "items keep patterns but have")+" no settled labels")
	}
	err = eachRow(ctx, q, `SELECT dataset_id, unit_type, pattern, units FROM agreement_patterns`, nil, func(kept *sql.Rows) error {
		var k key
		var n int
		if err := kept.Scan(&k.dataset, &k.typ, &k.pat, &n); err != nil {
			return err
		}
		if want[k] != n && len(problems) < 10 {
			problems = append(problems, fmt.Sprintf("dataset %d, %s %q: kept %s, the labels give %d", k.dataset, k.typ, k.pat, display.Count(n, "unit", "units"), want[k]))
		}
		delete(want, k)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, n := range want {
		if len(problems) < 10 {
			problems = append(problems, fmt.Sprintf("dataset %d, %s %q: kept 0 units, the labels give %d", k.dataset, k.typ, k.pat, n))
		}
	}
	return problems, nil
}
