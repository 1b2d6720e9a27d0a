package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A merge counts an item's votes from the labels it holds (refreshMerged)
// rather than reading them back: on a dataset whose gold is the blind
// arm's, with HITs keyed before the merge, HITs the merge finishes and one
// it leaves open, the item's row, the agreement table and open_parts are
// what refreshItem makes of them, and the blind arm's 0 against 2 ties
// every unit though the after arm's 2s would settle them.
func TestMergeRefreshCountsAsRefreshItem(t *testing.T) {
	t.Parallel()
	for _, b2done := range []bool{true, false} {
		t.Run(fmt.Sprint("b2 finished ", b2done), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			st := openTemp(t)
			_, item, lead, byArm := armGold(t, st)
			b1, b2, a1, a2 := byArm[0][0], byArm[0][1], byArm[1][0], byArm[1][1]
			label(t, st, item, b1, 0)
			label(t, st, item, a1, 2)
			name := func(id int64) string {
				var n string
				if err := st.db.QueryRow(`SELECT name FROM annotators WHERE id = ?`, id).Scan(&n); err != nil {
					t.Fatal(err)
				}
				return n
			}
			m, err := st.BeginMerge(ctx, lead, "d")
			if err != nil {
				t.Fatal(err)
			}
			ref := ItemRef{ID: item}
			for _, who := range []int64{b2, a2} {
				for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
					if err := m.Add(MergedLabel{Item: ref, Unit: u, Annotator: name(who), Value: 2}); err != nil {
						t.Fatal(err)
					}
				}
			}
			// b2's HIT is whole only when b2done: else it stays open and
			// b2's labels are no votes yet.
			var n int
			if _, err := m.Commit(func(ItemRef, map[string]int) bool { n++; return n == 2 || b2done }); err != nil {
				t.Fatal(err)
			}
			merged := refreshState(t, st, item)
			if err := st.tx(ctx, func(w *ptx) error { return refreshItem(w, item) }); err != nil {
				t.Fatal(err)
			}
			if again := refreshState(t, st, item); again != merged {
				t.Errorf("after the merge:\n%s\nrefreshItem makes it:\n%s", merged, again)
			}
			if b2done && !strings.HasPrefix(merged, "finished 4 tied 4 ") {
				t.Errorf("the blind arm's 0 against 2 should tie all four units of the four finished HITs:\n%s", merged)
			}
			recount(t, st, "after the merge")
		})
	}
}

// refreshState is what refreshing an item writes: its row's counters,
// marks and parts, the agreement table and open_parts.
func refreshState(t *testing.T, st *Store, item int64) string {
	t.Helper()
	var b strings.Builder
	var finished, tied int
	var open bool
	var free *bool
	var patterns, partsBy string
	if err := st.db.QueryRow(`SELECT finished, tied, open, free, patterns, parts_by FROM items WHERE id = ?`, item).
		Scan(&finished, &tied, &open, &free, &patterns, &partsBy); err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&b, "finished %d tied %d open %v free %v patterns %q parts_by %q\n", finished, tied, open, free != nil && *free, patterns, partsBy)
	for _, q := range []string{`SELECT dataset_id, unit_type, pattern, units FROM agreement_patterns ORDER BY 1, 2, 3`,
		`SELECT dataset_id, annotator_id, unit_type, pattern, units FROM open_parts ORDER BY 1, 2, 3, 4`} {
		rows, err := st.db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(&b, vals...)
		}
		rows.Close()
	}
	return b.String()
}
