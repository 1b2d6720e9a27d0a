package store

import (
	"context"
	"fmt"
	"testing"
)

// A merge's HITs over many items end as each would alone: a HIT finished
// before keeps its times and only moves its revision on; a HIT the file
// completes is finished and counted (MergeStats.Finished); an incomplete
// one stays open; each item's refresh counts them (items.finished); and
// the items left past their policy's max are counted once at the end
// (MergeStats.PastMax, countPastMax), every one of them and no other.
func TestMergeCountsHITsAndPastMaxOverManyItems(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	const panes = 90
	ds, _, _ := seed(t, st, panes)
	p, err := st.DatasetPolicy(ctx, ds)
	if err != nil {
		t.Fatal(err)
	}
	p.Min, p.Max = 1, 2
	if err := st.SetPolicy(ctx, lead, ds, p); err != nil {
		t.Fatal(err)
	}
	merge := func(add func(i int, ref ItemRef) []MergedLabel) MergeStats {
		t.Helper()
		m, err := st.BeginMerge(ctx, lead, "")
		if err != nil {
			t.Fatal(err)
		}
		defer m.Rollback()
		for i, ref := range mergeItems(t, st, m, ds) {
			for _, l := range add(i, ref) {
				if err := m.Add(l); err != nil {
					t.Fatal(err)
				}
			}
		}
		stats, err := m.Commit(ItemRef.Complete)
		if err != nil {
			t.Fatal(err)
		}
		return stats
	}
	// whole is a HIT's labels on every unit; part on the first only.
	whole := func(ref ItemRef, who, at string) []MergedLabel {
		var out []MergedLabel
		for _, u := range ref.Units() {
			out = append(out, MergedLabel{Item: ref, Unit: u, Annotator: who, Value: 1, CreatedAt: at, UpdatedAt: at})
		}
		return out
	}
	part := func(ref ItemRef, who, at string) []MergedLabel { return whole(ref, who, at)[:1] }
	const day1, day2 = "2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z"
	// First: ana finishes every pane; bo starts every third and stops.
	first := merge(func(i int, ref ItemRef) []MergedLabel {
		ls := whole(ref, "ana", day1)
		if i%3 == 0 {
			ls = append(ls, part(ref, "bo", day1)...)
		}
		return ls
	})
	if first.Finished != panes || first.PastMax != 0 {
		t.Fatalf("first merge: %+v, want %d finished, none past max", first, panes)
	}
	type hit struct {
		finished any
		rev      int64
	}
	hits := func() map[string]hit {
		t.Helper()
		rows, err := st.db.Query(`SELECT i.uid, a.name, h.finished_at, h.rev FROM hits h
			JOIN items i ON i.id = h.item_id JOIN annotators a ON a.id = h.annotator_id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]hit{}
		for rows.Next() {
			var uid, who string
			var h hit
			if err := rows.Scan(&uid, &who, &h.finished, &h.rev); err != nil {
				t.Fatal(err)
			}
			out[uid+" "+who] = h
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		return out
	}
	before := hits()
	// Then, item by item: ana's finished HIT again (newer values, which
	// change nothing of the HIT but its revision), bo's open one finished
	// on every third pane, cy a whole HIT on even panes and part of one on
	// the rest.
	var wantFinished, wantPast int
	ids := make([]int64, panes)
	second := merge(func(i int, ref ItemRef) []MergedLabel {
		ids[i] = ref.ID
		ls := whole(ref, "ana", day2)
		for j := range ls {
			ls[j].Value = 0 // changed, not the same again
		}
		done := 1
		if i%3 == 0 {
			ls = append(ls, whole(ref, "bo", day2)...)
			wantFinished++
			done++
		}
		if i%2 == 0 {
			ls = append(ls, whole(ref, "cy", day2)...)
			wantFinished++
			done++
		} else {
			ls = append(ls, part(ref, "cy", day2)...)
		}
		if done > p.Max {
			wantPast++
		}
		return ls
	})
	if second.Finished != wantFinished || second.PastMax != wantPast {
		t.Errorf("second merge: %+v, want %d finished, %d past max", second, wantFinished, wantPast)
	}
	after := hits()
	for i := range panes {
		var uid string
		if err := st.db.QueryRow(`SELECT uid FROM items WHERE id = ?`, ids[i]).Scan(&uid); err != nil {
			t.Fatal(err)
		}
		want := map[string]hit{"ana": {before[uid+" ana"].finished, before[uid+" ana"].rev + 1}}
		if i%3 == 0 {
			want["bo"] = hit{day2, before[uid+" bo"].rev + 1}
		}
		if i%2 == 0 {
			want["cy"] = hit{day2, 0}
		} else {
			want["cy"] = hit{nil, 0}
		}
		for who, w := range want {
			got, ok := after[uid+" "+who]
			if !ok || fmt.Sprint(got) != fmt.Sprint(w) {
				t.Errorf("pane %d, %s's HIT: %v (there: %v), want %v", i, who, got, ok, w)
			}
		}
		var finished int
		if err := st.db.QueryRow(`SELECT finished FROM items WHERE id = ?`, ids[i]).Scan(&finished); err != nil {
			t.Fatal(err)
		}
		if n := len(want) - map[bool]int{true: 0, false: 1}[i%2 == 0]; finished != n {
			t.Errorf("pane %d: %d finished HITs counted, want %d", i, finished, n)
		}
	}
	if wantPast == 0 || wantPast == panes {
		t.Fatalf("%d of %d items past their max: the count cannot tell some from all", wantPast, panes)
	}
}
