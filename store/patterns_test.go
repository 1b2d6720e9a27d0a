package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
)

// recount fails the test when the kept agreement table differs from a
// recount of the settled labels.
func recount(t *testing.T, st *Store, when string) {
	t.Helper()
	problems, err := recountPatterns(context.Background(), st.db, true)
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	if len(problems) > 0 {
		t.Fatalf("%s: the kept table is wrong:\n%s", when, strings.Join(problems, "\n"))
	}
	if problems, err = recheckOpenParts(context.Background(), st.db); err != nil || len(problems) > 0 {
		t.Fatalf("%s: the kept open parts are wrong (%v):\n%s", when, err, strings.Join(problems, "\n"))
	}
}

// The kept agreement table equals a recount from labels after every kind
// of change: a release's labels imported, HITs keyed and finished, a label
// of a finished HIT changed, one removed (its HIT reopens, its labels stop
// counting), a merge that adds and replaces labels, an annotator opening a
// pane they have release labels on, a decision, a new gold rule; and the
// migration that built it from existing work counts the same.
func TestKeptPatternsMatchLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 80 {
		var labels []UnitLabel
		if i%4 == 0 { // a release's labels, by "ana" and "rel"
			for _, who := range []string{"ana", "rel"} {
				labels = append(labels, UnitLabel{Unit: "answer_set", Annotator: who, Value: rng.IntN(3)})
			}
		}
		p := Pane{Query: "q" + string(rune('A'+i%26)) + strings.Repeat("x", i), Question: "Which?", Options: [5]string{"a", "b"}}
		if _, err := im.AddPane(p, labels...); err != nil {
			t.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	recount(t, st, "after an import with labels")
	var items []int64
	st.EachItem(ctx, ds, func(it Item) error { items = append(items, it.ID); return nil })
	people := annotators(t, st, "ana", "bo", "cy", "di")
	for step := range 300 {
		who := people[rng.IntN(len(people))]
		switch r := rng.IntN(10); {
		case r < 6:
			id, ok, _, err := st.NextHIT(ctx, ds, who, 0)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				label(t, st, id, who, rng.IntN(3))
			}
		case r == 6: // change or remove a label of a finished HIT
			var item int64
			if st.db.QueryRow(`SELECT item_id FROM hits WHERE annotator_id = ? AND finished_at IS NOT NULL ORDER BY random() LIMIT 1`, who).Scan(&item) == nil {
				ch := LabelChange{ItemID: item, AnnotatorID: who, Unit: "landing_1", Value: ptr(rng.IntN(3))}
				if rng.IntN(2) == 0 {
					ch.Value = nil
				}
				if _, err := st.SetLabel(ctx, ch); err != nil {
					t.Fatal(err)
				}
			}
		case r == 7: // a merge
			m, err := st.BeginMerge(ctx, lead, "d")
			if err != nil {
				t.Fatal(err)
			}
			for range 5 {
				ref := ItemRef{ID: items[rng.IntN(len(items))], Kind: "mimics", Question: "Which?", Answers: 2}
				for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
					if err := m.Add(MergedLabel{Item: ref, Unit: u, Annotator: "eve", Value: rng.IntN(3)}); err != nil {
						t.Fatal(err)
					}
				}
			}
			if _, err := m.Commit(func(ItemRef, map[string]int) bool { return rng.IntN(3) > 0 }); err != nil {
				t.Fatal(err)
			}
		case r == 8 && step%3 == 0: // the lead opens or closes items in bulk
			p := Policy{Min: 1 + rng.IntN(3), Lease: time.Hour}
			p.Max = p.Min + rng.IntN(3)
			if err := st.SetPolicy(ctx, lead, ds, p); err != nil {
				t.Fatal(err)
			}
		case r == 8: // ana opens a pane she has release labels on
			st.ClaimHIT(ctx, items[4*rng.IntN(len(items)/4)], people[0])
		default:
			var item int64
			if st.db.QueryRow(`SELECT id FROM items WHERE tied > 0 ORDER BY random() LIMIT 1`).Scan(&item) == nil {
				if err := st.Adjudicate(ctx, item, "landing_1", ptr(rng.IntN(3)), lead, "test"); err != nil && !strings.Contains(err.Error(), "not") {
					t.Fatal(err)
				}
			}
		}
		recount(t, st, "step "+string(rune('0'+step%10)))
		if step%10 == 0 {
			keptMatchesWalk(t, st, ds, people, fmt.Sprint("step ", step))
		}
	}
	var kept int
	st.db.QueryRow(`SELECT sum(units) FROM agreement_patterns`).Scan(&kept)
	if kept < 200 {
		t.Fatalf("only %d units kept: the test did little", kept)
	}

	// The migration counts existing work the same way.
	body, err := fs.ReadFile(migrationFS, "migrations/0011_agreement_patterns.sql")
	if err != nil {
		t.Fatal(err)
	}
	backfill := string(body)[strings.Index(string(body), "CREATE TEMP TABLE"):]
	if _, err := st.db.Exec(`DELETE FROM agreement_patterns; UPDATE items SET patterns = '';` + backfill); err != nil {
		t.Fatal(err)
	}
	var again int
	st.db.QueryRow(`SELECT sum(units) FROM agreement_patterns`).Scan(&again)
	if again != kept {
		t.Fatalf("the migration counts %d units, the kept table %d", again, kept)
	}
	recount(t, st, "after the migration's count")

	// And 0024 counts the open items' parts the same way too.
	body, err = fs.ReadFile(migrationFS, "migrations/0024_items_open.sql")
	if err != nil {
		t.Fatal(err)
	}
	var openKept int
	st.db.QueryRow(`SELECT sum(units) FROM open_parts`).Scan(&openKept)
	backfill = string(body)[strings.Index(string(body), "CREATE TEMP TABLE"):]
	if _, err := st.db.Exec(`DELETE FROM open_parts; UPDATE items SET parts_by = '';` + backfill); err != nil {
		t.Fatal(err)
	}
	var openAgain int
	st.db.QueryRow(`SELECT sum(units) FROM open_parts`).Scan(&openAgain)
	if openAgain != openKept || openKept == 0 {
		t.Fatalf("the migration counts %d open units, the kept table %d", openAgain, openKept)
	}
	recount(t, st, "after 0024's count")

	// Every other kept counter (items, complete items, each annotator's
	// finished HITs) holds after the same work.
	results, err := CheckFile(ctx, st.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			t.Errorf("check %q: %s", r.Name, strings.Join(r.Problems, "; "))
		}
	}
}

// A kept pattern writes six counts, as before facets, unless a label past
// the sixth value (a facet choice) needs more; both read back the same.
func TestPatternsKeepTheirOldFormat(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		votes [VoteSlots]int
		want  string
	}{
		{[VoteSlots]int{0, 2, 1}, "0 2 1 0 0 0"},
		{[VoteSlots]int{5: 1}, "0 0 0 0 0 1"},
		{[VoteSlots]int{2: 1, 7: 2}, "0 0 1 0 0 0 0 2"},
		{[VoteSlots]int{11: 3}, "0 0 0 0 0 0 0 0 0 0 0 3"},
	} {
		got := formatVotes(c.votes)
		if got != c.want {
			t.Errorf("formatVotes(%v) = %q, want %q", c.votes, got, c.want)
		}
		back, err := parseVotes(got)
		if err != nil || back != c.votes {
			t.Errorf("parseVotes(%q) = %v, %v", got, back, err)
		}
	}
	for _, bad := range []string{"0 1 2", "0 0 0 0 0 0 0 0 0 0 0 0 1", "0 0 0 0 0 x"} {
		if _, err := parseVotes(bad); err == nil {
			t.Errorf("parseVotes(%q) accepted", bad)
		}
	}
}

// keptMatchesWalk fails the test unless every annotator's kept table less
// what their reading hides (open_parts) is the table summed over the items
// the walk shows them: the two ways a reading decides what it hides agree.
func keptMatchesWalk(t *testing.T, st *Store, datasetID int64, people []int64, when string) {
	t.Helper()
	ctx := context.Background()
	for _, id := range people {
		r, err := st.ReadFigures(ctx, Annotator{ID: id}, datasetID)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := r.PatternCounts(ctx)
		if err == nil {
			err = r.loadHidden(ctx)
		}
		if err != nil {
			r.Close()
			t.Fatalf("%s: %v", when, err)
		}
		walked := map[[2]string]int{}
		err = eachRow(ctx, r.tx, `SELECT id, patterns FROM items WHERE dataset_id = ?`, []any{datasetID}, func(rows *sql.Rows) error {
			var item int64
			var p string
			if err := rows.Scan(&item, &p); err != nil || r.hides(item) {
				return err
			}
			for unit, pat := range parsePatterns(p) {
				walked[[2]string{agreement.UnitType(unit), pat}]++
			}
			return nil
		})
		any, anyErr := r.HidesAny(ctx)
		r.Close()
		if err != nil || anyErr != nil {
			t.Fatalf("%s: %v %v", when, err, anyErr)
		}
		got := map[[2]string]int{}
		for _, pc := range kept {
			got[[2]string{pc.Type, formatVotes(pc.Votes)}] = pc.Units
		}
		if !maps.Equal(got, walked) {
			t.Fatalf("%s: annotator %d's kept table %v, walked %v", when, id, got, walked)
		}
		if any != (len(r.hide.set.words) > 0) {
			t.Fatalf("%s: annotator %d: HidesAny %v, the walk hides %d words", when, id, any, len(r.hide.set.words))
		}
	}
}
