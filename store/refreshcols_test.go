package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// refreshColumnNames are the columns of items a refresh may write.
var refreshColumnNames = []string{"finished", "tied", "patterns", "open", "free", "parts_by"}

// watchRefreshColumns adds a trigger on each column a refresh may write
// that notes the column whenever an UPDATE names it: SQLite fires an
// UPDATE OF trigger, and updates the indexes on a column, whenever the SET
// names it, changed or not, so what the triggers note is the refresh's cost.
func watchRefreshColumns(t *testing.T, st *Store) {
	t.Helper()
	stmts := []string{`CREATE TABLE named (col TEXT NOT NULL)`}
	for _, c := range refreshColumnNames {
		stmts = append(stmts, fmt.Sprintf(`CREATE TRIGGER named_%[1]s AFTER UPDATE OF %[1]s ON items BEGIN INSERT INTO named VALUES ('%[1]s'); END`, c))
	}
	for _, q := range stmts {
		if _, err := st.db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

// namedColumns are the columns the UPDATEs since the last call named, in
// order, and forgets them.
func namedColumns(t *testing.T, st *Store) []string {
	t.Helper()
	var cols []string
	rows, err := st.db.Query(`SELECT DISTINCT col FROM named`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	rows.Close()
	if _, err := st.db.Exec(`DELETE FROM named`); err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(cols, func(a, b string) int {
		return slices.Index(refreshColumnNames, a) - slices.Index(refreshColumnNames, b)
	})
	return cols
}

// A refresh writes only the columns of the item's row that change: a
// refresh with nothing new writes nothing, and a HIT's end that leaves the
// item open and untied names neither its open mark nor its ties (whose
// indexes and trigger it would otherwise touch).
func TestRefreshNamesOnlyWhatChanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 3)
	bo := annotators(t, st, "bo")[0]
	watchRefreshColumns(t, st)
	refresh := func(id int64) {
		t.Helper()
		if err := st.tx(ctx, func(w *ptx) error { return refreshItem(w, id) }); err != nil {
			t.Fatal(err)
		}
	}

	refresh(items[0])
	if got := namedColumns(t, st); len(got) > 0 {
		t.Errorf("refreshing an item nobody touched named %v, want nothing", got)
	}
	id, ok, _, err := st.NextHIT(ctx, ds, ana.ID, 0)
	if err != nil || !ok {
		t.Fatalf("NextHIT: %v %v", ok, err)
	}
	namedColumns(t, st)
	label(t, st, id, ana.ID, 1) // the first of three: the item stays open, nothing tied
	got := namedColumns(t, st)
	for _, c := range []string{"open", "tied"} {
		if slices.Contains(got, c) {
			t.Errorf("the first HIT's end named %s: %v", c, got)
		}
	}
	if !slices.Contains(got, "finished") || !slices.Contains(got, "patterns") {
		t.Errorf("the first HIT's end named %v, want finished and patterns among them", got)
	}
	refresh(id)
	if got := namedColumns(t, st); len(got) > 0 {
		t.Errorf("refreshing again with nothing new named %v, want nothing", got)
	}
	if _, ok, _, err := st.NextHIT(ctx, ds, bo, 0); err != nil || !ok {
		t.Fatalf("NextHIT: %v %v", ok, err)
	}
	namedColumns(t, st)
	refresh(id)
	if got := namedColumns(t, st); len(got) > 0 {
		t.Errorf("refreshing after another's HIT began named %v, want nothing", got)
	}
}

// itemRow is what a refresh keeps in an item's row.
type itemRow struct {
	finished, tied int
	patterns       string
	open           bool
	free           sql.NullInt64
	partsBy        string
}

func readItemRow(t *testing.T, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, id int64) itemRow {
	t.Helper()
	var r itemRow
	err := q.QueryRowContext(context.Background(), `SELECT finished, tied, patterns, open, free, parts_by FROM items WHERE id = ?`, id).
		Scan(&r.finished, &r.tied, &r.patterns, &r.open, &r.free, &r.partsBy)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The row a refresh writes is the one itemRefresh's SQL (the one
// statement that named every column) writes, in every state of an item:
// no HITs, HITs going and finished, below, at and above the policy's
// minimum and maximum, with ties and without, routed to the judge or not.
func TestRefreshWritesWhatTheFullUpdateWrites(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 16)
	people := annotators(t, st, "ana", "bo", "cy", "di", "ed", "fi", "gu", "hy")
	rng := rand.New(rand.NewPCG(48, 5))
	for range 60 {
		who := people[rng.IntN(len(people))]
		id, ok, _, err := st.NextHIT(ctx, ds, who, 0)
		if err != nil {
			t.Fatal(err)
		}
		if ok && rng.IntN(3) > 0 {
			label(t, st, id, who, rng.IntN(3))
		}
	}
	// HITs going on items nobody finished: the last two, claimed (with
	// room under the policy: their HITs' work is what the loop did not
	// reach, 60 rounds over 16 items).
	for i, id := range items[len(items)-2:] {
		for _, who := range people[:i+1] {
			if err := st.ClaimHIT(ctx, id, who); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, id := range items[:4] {
		if _, err := st.db.Exec(`UPDATE items SET route = 'judge' WHERE id = ?`, id); err != nil {
			t.Fatal(err)
		}
	}
	states := map[string]bool{}
	for _, policy := range [][2]int{{1, 1}, {2, 3}, {3, 5}, {4, 6}, {5, 5}} {
		if _, err := st.db.Exec(`UPDATE datasets SET min_annotators = ?, max_annotators = ? WHERE id = ?`, policy[0], policy[1], ds); err != nil {
			t.Fatal(err)
		}
		for _, id := range items {
			var full itemRow
			var refreshed itemRow
			err := st.tx(ctx, func(w *ptx) error {
				if err := refreshItem(w, id); err != nil {
					return err
				}
				refreshed = readItemRow(t, w, id)
				var open bool
				if err := w.scan(itemRefresh, []any{id, refreshed.tied, refreshed.patterns}, &open); err != nil {
					return err
				}
				full = readItemRow(t, w, id)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			full.partsBy = refreshed.partsBy // itemRefresh does not write it
			if full != refreshed {
				t.Errorf("policy %v, item %d: the refresh wrote %+v, itemRefresh %+v", policy, id, refreshed, full)
			}
			states[fmt.Sprintf("open=%v free=%v,%v tied>0=%v", full.open, full.free.Valid, full.free.Int64, full.tied > 0)] = true
			if full.finished == 0 && full.free.Valid {
				states["going, none finished"] = true
			}
		}
		recount(t, st, fmt.Sprintf("refreshed under policy %v", policy))
	}
	// The states the items went through: open and closed, free, taken
	// and untouched, tied and not.
	if len(states) < 6 || !states["going, none finished"] {
		var seen []string
		for s := range states {
			seen = append(seen, s)
		}
		t.Errorf("the work reached too few states to compare: %s", strings.Join(seen, "; "))
	}
}
