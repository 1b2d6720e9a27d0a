package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Every query NextHIT and a HIT's transactions run searches an index or a
// key: none walks a table, none sorts, so their cost does not grow with the
// items or labels of the dataset. (What they cost is for benchmarks; the
// plan is what a test can hold.) The trigger that keeps assign_cursors true
// is read from the schema and checked the same way.
func TestAssignmentUsesIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 10000)
	anns := annotators(t, st, "bo", "cy")
	for _, it := range items[:50] {
		for _, a := range append(anns, ana.ID) {
			label(t, st, it, a, rand.IntN(3))
		}
	}
	if _, _, _, err := st.NextHIT(ctx, ds, ana.ID, 0); err != nil {
		t.Fatal(err)
	}
	queries := map[string]string{
		"own": ownQuery, "partial": partialQuery, "free": freeQuery, "fresh": freshQuery, "stale": staleQuery,
		"partialReturns": partialReturns, "freeReturns": freeReturns, "returnsDone": returnsDone, "cursorMake": cursorMake, "cursorRead": cursorRead, "cursorSet": cursorSet, "freshAdvance": freshAdvance,
		"refreshFree": refreshFree, "lease": leaseRead, "claimTouch": claimTouch, "claimInsert": claimInsert,
		"holdRead": holdRead, "holdRoom": holdRoom, "itemState": itemState, "itemVotes": itemVotes,
		"itemRefresh": itemRefresh, "waitingUnits": "SELECT " + waitingUnits,
		"patternAdd": patternAdd, "patternTake": patternTake, "patternDrop": patternDrop,
		// What a reading for figures hides walks the open items, not the dataset.
		"hiddenBelowLead": hiddenBelowLead, "liveHITs": liveHITs, "openItems": openItems, "itemFinishers": itemFinishers,
		"openPartAdd": openPartAdd, "openPartTake": openPartTake, "openPartDrop": openPartDrop, "itemPartsBy": itemPartsBy,
	}
	var trigger string
	if err := st.db.QueryRow(`SELECT sql FROM sqlite_master WHERE name = 'items_free_returns'`).Scan(&trigger); err != nil {
		t.Fatal(err)
	}
	body := trigger[strings.Index(trigger, "BEGIN")+len("BEGIN") : strings.LastIndex(trigger, "END")]
	queries["trigger"] = regexp.MustCompile(`new\.\w+`).ReplaceAllString(strings.TrimSpace(body), "?1")
	for name, q := range queries {
		args := []any{ds, ana.ID, "x", 1}
		for _, m := range regexp.MustCompile(`\?(\d+)`).FindAllStringSubmatch(q, -1) {
			for n, _ := strconv.Atoi(m[1]); len(args) < n; {
				args = append(args, 1)
			}
		}
		rows, err := st.db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+strings.TrimSuffix(q, ";"), args...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		materialized := map[string]bool{}
		for _, step := range plan {
			for _, made := range []string{"MATERIALIZE ", "CO-ROUTINE "} {
				if m, ok := strings.CutPrefix(step, made); ok {
					materialized[m] = true
				}
			}
		}
		for _, step := range plan {
			// The own and stale searches sort what they found: the
			// annotator's HITs in progress, the HITs past their lease.
			sorts := strings.Contains(step, "TEMP B-TREE") && name != "own" && name != "stale"
			// A subquery's result, made by searches, is read whole, and
			// a row of constants is no table.
			scan, ok := strings.CutPrefix(step, "SCAN ")
			// The referrals (units a lead sent to adjudication, a handful)
			// are read whole: probing them from each item of the dataset
			// was a search in the plan but a walk over every item.
			referrals := name == "waitingUnits" && scan == "r"
			if (ok && !materialized[scan] && scan != "CONSTANT ROW" && !referrals) || sorts {
				t.Errorf("%s walks a table or sorts: %q\nplan: %s", name, step, strings.Join(plan, " | "))
			}
		}
	}
}

// The cursors only let NextHIT skip what a walk from the start would skip:
// under random work (HITs finished with random labels so units tie, HITs
// picked from the queue out of order, flags raised and withdrawn, a policy
// change) every NextHIT gives the item a full walk without cursors gives.
func TestCursorsSkipOnlyWhatAFullWalkSkips(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 600)
	lead := testLead(t, st)
	byID := map[int64]Annotator{ana.ID: ana}
	people := []int64{ana.ID}
	for _, n := range []string{"bo", "cy", "di", "ed", "fi"} {
		a, err := st.EnsureAnnotator(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		byID[a.ID], people = a, append(people, a.ID)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	fromSeq := map[int64]int{}
	for step := range 1500 {
		who := people[rng.IntN(len(people))]
		switch r := rng.IntN(100); {
		case r < 3: // pick from the queue
			it := items[rng.IntN(len(items))]
			st.ClaimHIT(ctx, it, who) // ErrNoRoom is fine
		case r < 6: // flag an item and, sometimes, withdraw it
			it := items[rng.IntN(len(items))]
			// A flag from the item's screen (its HIT held) or without a HIT.
			if rng.IntN(2) == 0 || st.ClaimHIT(ctx, it, who) == nil {
				if err := st.AddFlag(ctx, it, who, "other", ""); err != nil {
					t.Fatal(err)
				}
			}
			var id int64
			if st.db.QueryRow(`SELECT id FROM flags WHERE annotator_id = ? AND status = 'open' ORDER BY random() LIMIT 1`, who).Scan(&id) == nil && rng.IntN(2) == 0 {
				if err := st.ReviewFlag(ctx, byID[who], id, "withdraw", ""); err != nil {
					t.Fatal(err)
				}
			}
		case r == 6 && step > 500:
			p := DefaultPolicy
			p.Min = 2 + rng.IntN(3)
			p.Max = p.Min + rng.IntN(3)
			if err := st.SetPolicy(ctx, lead, ds, p); err != nil {
				t.Fatal(err)
			}
		default:
			want := fullWalk(t, st, ds, who, fromSeq[who])
			id, ok, _, err := st.NextHIT(ctx, ds, who, fromSeq[who])
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				id = 0
			}
			if id != want {
				t.Fatalf("step %d: annotator %d got item %d, a full walk gives %d", step, who, id, want)
			}
			if ok && rng.IntN(4) > 0 {
				label(t, st, id, who, rng.IntN(3))
				var seq int
				st.db.QueryRow(`SELECT seq FROM items WHERE id = ?`, id).Scan(&seq)
				fromSeq[who] = seq
			}
		}
	}
	checkFree(t, st)
	var cursors int
	st.db.QueryRow(`SELECT count(*) FROM assign_cursors WHERE partial_from > 0 OR free_from > 0`).Scan(&cursors)
	if cursors == 0 {
		t.Fatal("no cursor ever moved: the test did not exercise them")
	}
}

// fullWalk is NextHIT's choice found the plain way: each search from the
// start (or the annotator's place), no cursor.
func fullWalk(t *testing.T, st *Store, ds, who int64, fromSeq int) int64 {
	t.Helper()
	var secs int64
	if err := st.db.QueryRow(leaseRead, ds).Scan(&secs); err != nil {
		t.Fatal(err)
	}
	cutoff := FormatTime(st.Now().Add(-time.Duration(secs) * time.Second))
	for _, s := range []struct {
		q    string
		from int
	}{{ownQuery, 0}, {partialQuery, 0}, {freeQuery, fromSeq}, {freshQuery, fromSeq}, {freeQuery, 0}, {freshQuery, 0}, {staleQuery, 0}} {
		var id int64
		var seq int
		err := st.db.QueryRow(s.q, ds, who, cutoff, s.from).Scan(&id, &seq)
		if err == nil {
			return id
		}
		if !strings.Contains(err.Error(), "no rows") {
			t.Fatal(fmt.Errorf("full walk: %w", err))
		}
	}
	return 0
}

// A withdrawn flag gives its item back to its author even after their
// walks have passed it.
func TestWithdrawnFlagComesBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 3)
	bo := annotators(t, st, "bo")[0]
	label(t, st, items[0], bo, 1) // item 1 wants two more annotators
	if err := st.AddFlag(ctx, items[0], ana.ID, "other", ""); err != nil {
		t.Fatal(err)
	}
	if id, _, _ := next(t, st, ds, ana.ID); id != items[1] {
		t.Fatalf("with item 1 flagged ana got %d, want item 2 (%d)", id, items[1])
	}
	label(t, st, items[1], ana.ID, 1)
	var flag int64
	if err := st.db.QueryRow(`SELECT id FROM flags WHERE item_id = ?`, items[0]).Scan(&flag); err != nil {
		t.Fatal(err)
	}
	if err := st.ReviewFlag(ctx, ana, flag, "withdraw", ""); err != nil {
		t.Fatal(err)
	}
	if id, _, _ := next(t, st, ds, ana.ID); id != items[0] {
		t.Fatalf("after withdrawing her flag ana got %d, want item 1 (%d) back", id, items[0])
	}
}

// More items freed behind an annotator's cursor than the list keeps (64):
// the cursor moves back instead, and every NextHIT still gives what a full
// walk gives.
func TestManyItemsFreedBehindTheCursor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 200)
	bo := annotators(t, st, "bo")[0]
	// bo's walks find nothing partly done and take the first fresh pane.
	id, _, _ := next(t, st, ds, bo)
	label(t, st, id, bo, 1)
	// ana finishes 150 panes behind bo's cursors: each wants two more.
	for _, it := range items[1:151] {
		if err := st.ClaimHIT(ctx, it, ana.ID); err != nil {
			t.Fatal(err)
		}
		label(t, st, it, ana.ID, 2)
	}
	var listed int
	st.db.QueryRow(`SELECT count(*) FROM assign_returns WHERE annotator_id = ?`, bo).Scan(&listed)
	if listed != 128 {
		t.Fatalf("%d items listed for bo, want 64 of each kind", listed)
	}
	for range 160 {
		want := fullWalk(t, st, ds, bo, 0)
		got, ok, _ := next(t, st, ds, bo)
		if !ok {
			got = 0
		}
		if got != want {
			t.Fatalf("bo got item %d, a full walk gives %d", got, want)
		}
		if ok {
			label(t, st, got, bo, 0)
		}
	}
}
