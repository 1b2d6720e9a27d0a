package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
)

// open_parts (migration 0024) keeps what a reading for figures below the
// lead takes out of the kept agreement table, so it costs a few rows, not
// a walk of the dataset: per task dataset, the open items' parts
// (annotator 0), and per annotator the parts of the open items they
// finished, with how many such items (the row of unit type and pattern
// ""). An item's parts_by names the rows its stored part is in. Every
// change to an item's part, its open mark or who finished it passes
// through refreshItem, which moves it from the rows parts_by names to
// the rows it belongs in now (applyOpenParts); a policy change, which
// opens and closes items in bulk, counts its dataset again
// (recountOpenParts).

// partKey is one row of open_parts.
type partKey struct {
	dataset, annotator int64
	unitType, pat      string
}

// openBy is the rows an item's part belongs in: annotator 0 while the
// item is open and has a part, and each annotator who finished it while
// it is open. "" when it belongs in none.
func openBy(open bool, part string, finishers []int64) string {
	if !open {
		return ""
	}
	var ids []string
	if part != "" {
		ids = append(ids, "0")
	}
	for _, a := range finishers {
		ids = append(ids, strconv.FormatInt(a, 10))
	}
	return strings.Join(ids, " ")
}

// applyOpenParts moves an item's part from the rows wasBy names (its
// stored part, was) to the rows isBy names (its part now, is): at once,
// or, when the transaction gathers them (w.openDeltas, a merge's commit),
// at its flush.
func applyOpenParts(w *ptx, datasetID int64, was, wasBy, is, isBy string) error {
	if was == is && wasBy == isBy {
		return nil
	}
	deltas := w.openDeltas
	if deltas == nil {
		deltas = map[partKey]int{}
	}
	addParts(deltas, datasetID, was, wasBy, -1)
	addParts(deltas, datasetID, is, isBy, +1)
	if w.openDeltas != nil {
		return nil
	}
	return writeOpenParts(w, deltas)
}

// addParts adds sign times an item's part to each row of open_parts that
// by names, and to each finisher's count of items: the one bookkeeping
// that both a refresh's move and a recount do.
func addParts(rows map[partKey]int, datasetID int64, part, by string, sign int) {
	units := parsePatterns(part)
	for _, f := range strings.Fields(by) {
		a, _ := strconv.ParseInt(f, 10, 64)
		for unit, p := range units {
			rows[partKey{datasetID, a, agreement.UnitType(unit), p}] += sign
		}
		if a > 0 {
			rows[partKey{datasetID, a, "", ""}] += sign
		}
	}
}

// The statements that change open_parts by ?5 units.
const (
	openPartAdd = `INSERT INTO open_parts (dataset_id, annotator_id, unit_type, pattern, units) VALUES (?1, ?2, ?3, ?4, ?5)
		ON CONFLICT DO UPDATE SET units = units + ?5`
	openPartTake = `UPDATE open_parts SET units = units + ?5
		WHERE dataset_id = ?1 AND annotator_id = ?2 AND unit_type = ?3 AND pattern = ?4 AND units + ?5 > 0`
	openPartDrop = `DELETE FROM open_parts WHERE dataset_id = ?1 AND annotator_id = ?2 AND unit_type = ?3 AND pattern = ?4 AND units = -?5`
)

// writeOpenParts changes open_parts by deltas.
func writeOpenParts(w *ptx, deltas map[partKey]int) error {
	for k, d := range deltas {
		args := []any{k.dataset, k.annotator, k.unitType, k.pat, d}
		switch {
		case d > 0:
			if _, err := w.exec(openPartAdd, args...); err != nil {
				return err
			}
		case d < 0:
			res, err := w.exec(openPartTake, args...)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n > 0 {
				continue
			}
			if res, err = w.exec(openPartDrop, args...); err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 { // fewer units than taken: a bug
				return fmt.Errorf("open parts: cannot take %d of annotator %d's %s %q", -d, k.annotator, k.unitType, k.pat)
			}
		}
	}
	clear(deltas)
	return nil
}

// openByList is openBy with the finishers as the refresh reads them
// (itemHITCounts: their ids in order, space-separated).
func openByList(open bool, part, finishers string) string {
	switch {
	case !open:
		return ""
	case part == "":
		return finishers
	case finishers == "":
		return "0"
	}
	return "0 " + finishers
}

// itemFinishers are the annotators who finished a HIT on the item, in
// order: what itemHITCounts lists for a refresh.
const itemFinishers = `SELECT annotator_id FROM hits WHERE item_id = ? AND finished_at IS NOT NULL ORDER BY annotator_id`

// recountOpenParts counts a task dataset's open_parts and its items'
// parts_by again from the items' stored parts, open marks and finished
// HITs: after a policy change, which opens and closes items without
// refreshing them one by one.
func recountOpenParts(w *ptx, datasetID int64) error {
	if _, err := w.exec(`DELETE FROM open_parts WHERE dataset_id = ?`, datasetID); err != nil {
		return err
	}
	if _, err := w.exec(`UPDATE items SET parts_by = '' WHERE dataset_id = ? AND parts_by != ''`, datasetID); err != nil {
		return err
	}
	want, byItem, err := countOpenParts(w.ctx, w, datasetID)
	if err != nil {
		return err
	}
	for id, by := range byItem {
		if _, err := w.exec(itemPartsBy, by, id); err != nil {
			return err
		}
	}
	return writeOpenParts(w, want)
}

// countOpenParts counts what open_parts and parts_by should hold for a
// task dataset (0: every task dataset) from its open items.
func countOpenParts(ctx context.Context, q source, datasetID int64) (map[partKey]int, map[int64]string, error) {
	rows := map[partKey]int{}
	byItem := map[int64]string{}
	var cur struct {
		id, dataset int64
		part        string
		who         []int64
	}
	flush := func() {
		if cur.id == 0 {
			return
		}
		by := openBy(true, cur.part, cur.who)
		if by != "" {
			byItem[cur.id] = by
		}
		addParts(rows, cur.dataset, cur.part, by, +1)
		cur.id, cur.who = 0, cur.who[:0]
	}
	err := eachRow(ctx, q, `SELECT i.id, i.dataset_id, i.patterns, h.annotator_id FROM items i JOIN datasets d ON d.id = i.dataset_id
		LEFT JOIN hits h ON h.item_id = i.id AND h.finished_at IS NOT NULL
		WHERE d.purpose = 'task' AND i.open = 1 AND (?1 = 0 OR i.dataset_id = ?1) ORDER BY i.id, h.annotator_id`, []any{datasetID},
		func(r *sql.Rows) error {
			var id, dataset int64
			var part string
			var who sql.NullInt64
			if err := r.Scan(&id, &dataset, &part, &who); err != nil {
				return err
			}
			if id != cur.id {
				flush()
				cur.id, cur.dataset, cur.part = id, dataset, part
			}
			if who.Valid {
				cur.who = append(cur.who, who.Int64)
			}
			return nil
		})
	flush()
	return rows, byItem, err
}

// recheckOpenParts lists where open_parts or an item's parts_by differs
// from a recount (countOpenParts over every task dataset): `claritty
// check` and the tests hold them to it.
func recheckOpenParts(ctx context.Context, q source) ([]string, error) {
	want, byItem, err := countOpenParts(ctx, q, 0)
	if err != nil {
		return nil, err
	}
	var problems []string
	note := func(format string, args ...any) {
		if len(problems) < 5 {
			problems = append(problems, fmt.Sprintf(format, args...))
		}
	}
	have := map[partKey]int{}
	err = eachRow(ctx, q, `SELECT dataset_id, annotator_id, unit_type, pattern, units FROM open_parts`, nil, func(r *sql.Rows) error {
		var k partKey
		var n int
		err := r.Scan(&k.dataset, &k.annotator, &k.unitType, &k.pat, &n)
		have[k] = n
		return err
	})
	if err != nil {
		return nil, err
	}
	keys := slices.Collect(maps.Keys(want))
	for k := range have {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, comparePartKeys)
	for _, k := range keys {
		if want[k] != have[k] {
			note("dataset %d, annotator %d, %q %q: %d kept, %d counted", k.dataset, k.annotator, k.unitType, k.pat, have[k], want[k])
		}
	}
	err = eachRow(ctx, q, `SELECT id, parts_by FROM items WHERE parts_by != '' OR id IN (SELECT i.id FROM items i
		JOIN datasets d ON d.id = i.dataset_id WHERE d.purpose = 'task' AND i.open = 1) ORDER BY id`, nil, func(r *sql.Rows) error {
		var id int64
		var by string
		if err := r.Scan(&id, &by); err != nil {
			return err
		}
		if by != byItem[id] {
			note("item %d: parts_by %q, counted %q", id, by, byItem[id])
		}
		return nil
	})
	return problems, err
}

// comparePartKeys orders open_parts' rows by their key.
func comparePartKeys(a, b partKey) int {
	return cmp.Or(cmp.Compare(a.dataset, b.dataset), cmp.Compare(a.annotator, b.annotator),
		strings.Compare(a.unitType, b.unitType), strings.Compare(a.pat, b.pat))
}
