package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// armFullWalk is NextHIT's search for an annotator of an arm found the
// plain way: each search from the start (or the annotator's place), no
// cursor, as findArmHIT searched before it kept cursors.
func armFullWalk(t *testing.T, st *Store, ds, who int64, fromSeq int) int64 {
	t.Helper()
	var secs int64
	if err := st.db.QueryRow(leaseRead, ds).Scan(&secs); err != nil {
		t.Fatal(err)
	}
	cutoff := FormatTime(st.Now().Add(-time.Duration(secs) * time.Second))
	var arm, perItem int
	if err := st.db.QueryRow(`SELECT a.seq, a.per_item FROM annotator_arms m JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq
		WHERE m.dataset_id = ? AND m.annotator_id = ?`, ds, who).Scan(&arm, &perItem); err != nil {
		t.Fatal(err)
	}
	q := armSearches
	for _, s := range []struct {
		q    string
		from int
	}{{q.own, 0}, {q.partial, 0}, {q.free, fromSeq}, {q.fresh, fromSeq}, {q.free, 0}, {q.fresh, 0}, {q.stale, 0}} {
		var id int64
		var seq int
		err := st.db.QueryRow(s.q, ds, who, cutoff, s.from, arm, perItem).Scan(&id, &seq)
		if err == nil {
			return id
		}
		if !strings.Contains(err.Error(), "no rows") {
			t.Fatalf("full walk: %v", err)
		}
	}
	return 0
}

// The arms' cursors only let NextHIT skip what a walk from the start
// would skip: under random work on a study blind=2, after:judge=1 (the
// blind arm picked three times as often, so it works ahead; HITs finished
// or left open, picked from the queue, put off, given back, left past
// their lease; flags raised and withdrawn) every NextHIT gives the item a
// full walk without cursors gives, or, when that finds none, a HIT the
// annotator put off.
func TestArmCursorsSkipOnlyWhatAFullWalkSkips(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	c := &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	st.Now = c.now
	ds, items := armStudy(t, st, 300, "blind=2, after:judge=1")
	if err := st.SetPolicy(ctx, testLead(t, st), ds, Policy{Min: 3, Max: 3, Lease: 30 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	people := annotators(t, st, "b1", "b2", "a1", "b3", "b4", "a2")
	byID := map[int64]Annotator{}
	for _, id := range people {
		byID[id] = Annotator{ID: id}
	}
	for _, w := range people { // each draws their arm
		if id, ok, _ := next(t, st, ds, w); ok {
			label(t, st, id, w, 1)
		}
	}
	weighted := slices.Clone(people)
	for _, w := range people {
		if armOf(t, st, ds, w) == 0 {
			weighted = append(weighted, w, w)
		}
	}
	openHIT := func(who int64) (int64, bool) {
		var id int64
		err := st.db.QueryRow(`SELECT h.item_id FROM hits h JOIN items i ON i.id = h.item_id WHERE i.dataset_id = ? AND h.annotator_id = ?
			AND h.finished_at IS NULL AND h.given_back_at IS NULL AND h.later_at IS NULL ORDER BY random() LIMIT 1`, ds, who).Scan(&id)
		return id, err == nil
	}
	rng := rand.New(rand.NewPCG(11, 12))
	fromSeq := map[int64]int{}
	compared, givenBack := 0, 0
	for step := range 2000 {
		who := weighted[rng.IntN(len(weighted))]
		c.t = c.t.Add(time.Duration(rng.IntN(3)) * time.Minute)
		switch r := rng.IntN(100); {
		case r < 3: // pick from the queue
			st.ClaimHIT(ctx, items[rng.IntN(len(items))], who) // ErrNoRoom is fine
		case r < 6: // flag an item and, sometimes, withdraw a flag
			it := items[rng.IntN(len(items))]
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
		case r < 12: // give back, or put off, a HIT in progress
			if id, ok := openHIT(who); ok {
				how := SkipLater
				if r < 10 {
					how = SkipGiveBack
					givenBack++
				}
				if err := st.SkipHIT(ctx, id, who, how); err != nil {
					t.Fatal(err)
				}
			}
		case r < 14: // everything in progress passes its lease
			c.t = c.t.Add(31 * time.Minute)
		default:
			want := armFullWalk(t, st, ds, who, fromSeq[who])
			var later []int64
			rows, err := st.db.Query(`SELECT item_id FROM hits WHERE annotator_id = ? AND later_at IS NOT NULL`, who)
			if err != nil {
				t.Fatal(err)
			}
			for rows.Next() {
				var id int64
				rows.Scan(&id)
				later = append(later, id)
			}
			rows.Close()
			id, ok, _, err := st.NextHIT(ctx, ds, who, fromSeq[who])
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				id = 0
			}
			if id != want && (want != 0 || !slices.Contains(later, id)) {
				var dump []string
				rows, _ := st.db.Query(`SELECT h.annotator_id, coalesce(m.arm_seq,-1), h.finished_at IS NOT NULL, h.touched_at, h.given_back_at IS NOT NULL, h.later_at IS NOT NULL FROM hits h LEFT JOIN annotator_arms m ON m.annotator_id = h.annotator_id AND m.dataset_id = ? WHERE h.item_id = ?`, ds, want)
				for rows.Next() {
					var a, arm int64
					var fin, gb, lt bool
					var touched string
					rows.Scan(&a, &arm, &fin, &touched, &gb, &lt)
					dump = append(dump, fmt.Sprint(a, arm, fin, touched, gb, lt))
				}
				rows.Close()
				var item string
				st.db.QueryRow(`SELECT seq || ' free ' || coalesce(free, 'null') || ' open ' || open || ' fin ' || finished FROM items WHERE id = ?`, want).Scan(&item)
				var cur string
				st.db.QueryRow(`SELECT partial_from || ' ' || free_from FROM assign_cursors WHERE dataset_id = ? AND annotator_id = ?`, ds, who).Scan(&cur)
				var rets string
				st.db.QueryRow(`SELECT group_concat(kind || seq) FROM assign_returns WHERE dataset_id = ? AND annotator_id = ?`, ds, who).Scan(&rets)
				var flags string
				st.db.QueryRow(`SELECT group_concat(annotator_id || status) FROM flags WHERE item_id = ?`, want).Scan(&flags)
				t.Logf("now %s item %s cursors %s returns %s flags %s hits %v", FormatTime(c.t), item, cur, rets, flags, dump)
				t.Fatalf("step %d: annotator %d (arm %d) got item %d, a full walk gives %d", step, who, armOf(t, st, ds, who), id, want)
			}
			compared++
			if ok && rng.IntN(4) > 0 {
				label(t, st, id, who, rng.IntN(3))
				var seq int
				st.db.QueryRow(`SELECT seq FROM items WHERE id = ?`, id).Scan(&seq)
				fromSeq[who] = seq
			}
		}
	}
	var cursors int
	st.db.QueryRow(`SELECT count(*) FROM assign_cursors WHERE dataset_id = ? AND (partial_from > 0 OR free_from > 0)`, ds).Scan(&cursors)
	if cursors == 0 || givenBack == 0 || compared < 1000 {
		t.Fatalf("test is void: %d cursors moved, %d HITs given back, %d searches compared", cursors, givenBack, compared)
	}
	counts := armCounts(t, st, ds, FormatTime(c.t.Add(-30*time.Minute)))
	for it, byArm := range counts {
		if byArm[0][0]+byArm[0][1] > 2 || byArm[1][0]+byArm[1][1] > 1 {
			t.Errorf("item %d holds more of an arm than its count: %v", it, byArm)
		}
	}
}

// A blind HIT given back on an item the after: arm still wants (so it
// stays free, and no trigger lists it) comes back to a blind annotator
// whose walk had passed it.
func TestArmPlaceGivenBackComesBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items := armStudy(t, st, 4, "blind=1, after:judge=1")
	who := annotators(t, st, "b1", "a1", "b2")
	if id, _, _ := next(t, st, ds, who[0]); id != items[0] {
		t.Fatalf("b1 got %d, want the first item", id)
	}
	next(t, st, ds, who[1]) // a1 draws the after: arm (and takes the first item)
	if armOf(t, st, ds, who[2]) >= 0 {
		t.Fatal("b2 has an arm before their first search")
	}
	if id, _, _ := next(t, st, ds, who[2]); id != items[1] || armOf(t, st, ds, who[2]) != 0 {
		t.Fatalf("b2 got %d in arm %d, want the second item in the blind arm (the first is b1's)", id, armOf(t, st, ds, who[2]))
	}
	label(t, st, items[1], who[2], 1)
	if err := st.SkipHIT(ctx, items[0], who[0], SkipGiveBack); err != nil {
		t.Fatal(err)
	}
	if id, _, _ := next(t, st, ds, who[2]); id != items[0] {
		t.Errorf("after b1 gave the first item back b2 got %d, want it (%d)", id, items[0])
	}
}
