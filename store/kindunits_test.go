package store

import (
	"cmp"
	"context"
	"database/sql"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// kind_units holds exactly the built-in kinds' units and those of the
// protocol files the database keeps, each with its scale's lowest and
// highest value, as guidelines defines them.
func TestKindUnitsAreTheProtocols(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	type row struct {
		kind, unit string
		low, high  int
	}
	var want []row
	protocols := slices.Clone(guidelines.Protocols)
	for _, pt := range st.Kinds().Kept() { // the files a database keeps (ClariMM's, issue 47)
		protocols = append(protocols, pt.File.Protocol())
	}
	for _, p := range protocols {
		for _, u := range p.AllUnits {
			var vals []int
			for _, l := range p.ScaleOf(u) {
				vals = append(vals, l.Value)
			}
			want = append(want, row{string(p.Kind), u, slices.Min(vals), slices.Max(vals)})
		}
	}
	got, err := collect(context.Background(), st.db, "kind units", `SELECT kind, unit, low, high FROM kind_units`, nil,
		func(rows *sql.Rows) (r row, err error) { return r, rows.Scan(&r.kind, &r.unit, &r.low, &r.high) })
	if err != nil {
		t.Fatal(err)
	}
	order := func(a, b row) int { return cmp.Or(strings.Compare(a.kind, b.kind), strings.Compare(a.unit, b.unit)) }
	slices.SortFunc(want, order)
	slices.SortFunc(got, order)
	if !slices.Equal(got, want) {
		t.Errorf("kind_units:\n%v\nthe protocols:\n%v", got, want)
	}
}

// The database keeps a label to its item's kind and its unit's scale, on
// insert and on update alike, whichever code writes it.
func TestLabelsKeepToTheirKind(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	_, items, ana := seed(t, st, 1) // a MIMICS pane
	item := items[0]
	ins := `INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at) VALUES (?, ?, ?, ?, 'now', 'now')`
	for _, c := range []struct {
		unit  string
		value int
		ok    bool
	}{
		{"question", 2, true}, {"answer_set", 0, true},
		{"landing_1", 3, false}, // off the MIMICS scale
		{"coherence", 2, false}, // a ClariMM unit
		{"nugget_1", 1, false},  // a nuggets unit
		{"no_such_unit", 1, false},
	} {
		_, err := st.db.Exec(ins, item, c.unit, ana.ID, c.value)
		if (err == nil) != c.ok {
			t.Errorf("insert %s = %d: %v", c.unit, c.value, err)
		}
	}
	if _, err := st.db.Exec(`UPDATE labels SET value = 4 WHERE item_id = ? AND unit = 'question'`, item); err == nil {
		t.Error("an update put a MIMICS question at 4")
	}
	if _, err := st.db.Exec(`UPDATE labels SET unit = 'coherence' WHERE item_id = ? AND unit = 'question'`, item); err == nil {
		t.Error("an update made a MIMICS label a ClariMM unit")
	}
	if _, err := st.db.Exec(`UPDATE labels SET value = 1 WHERE item_id = ? AND unit = 'question'`, item); err != nil {
		t.Errorf("an update within the scale: %v", err)
	}
	adj := `INSERT INTO adjudications (item_id, unit, value, adjudicator_id, at) VALUES (?, ?, ?, ?, 'now')`
	if _, err := st.db.Exec(adj, item, "landing_2", 5, ana.ID); err == nil {
		t.Error("a decision of 5 on a MIMICS landing page")
	}
	if _, err := st.db.Exec(adj, item, "landing_2", 2, ana.ID); err != nil {
		t.Errorf("a decision of 2: %v", err)
	}
	if _, err := st.db.Exec(`UPDATE adjudications SET value = 9 WHERE item_id = ?`, item); err == nil {
		t.Error("an update put a decision at 9")
	}
}
