package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

// armStudy seeds n panes in dataset "d", adds the labels run "judge" to
// it, and gives it the arms of spec.
func armStudy(t *testing.T, st *Store, n int, spec string) (ds int64, items []int64) {
	t.Helper()
	ctx := context.Background()
	ds, items, _ = seed(t, st, n)
	im, err := st.BeginImport(ctx, testLead(t, st), "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	w, err := im.AddRun("judge", RunLabels, "", "fp")
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Label(items[0], "question", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	arms, err := ParseArms(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetArms(ctx, testLead(t, st), ds, arms, GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	return ds, items
}

// armCounts is, per item, how many HITs of each arm hold it: finished
// (done) or in progress within the lease and not given back (live).
func armCounts(t *testing.T, st *Store, ds int64, cutoff string) map[int64]map[int][2]int {
	t.Helper()
	rows, err := st.db.Query(`SELECT h.item_id, m.arm_seq, h.finished_at IS NOT NULL,
		h.finished_at IS NULL AND h.touched_at >= ? AND h.given_back_at IS NULL
		FROM hits h JOIN items i ON i.id = h.item_id
		JOIN annotator_arms m ON m.dataset_id = i.dataset_id AND m.annotator_id = h.annotator_id WHERE i.dataset_id = ?`, cutoff, ds)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]map[int][2]int{}
	for rows.Next() {
		var item int64
		var arm int
		var done, live bool
		if err := rows.Scan(&item, &arm, &done, &live); err != nil {
			t.Fatal(err)
		}
		if out[item] == nil {
			out[item] = map[int][2]int{}
		}
		c := out[item][arm]
		if done {
			c[0]++
		}
		if live {
			c[1]++
		}
		out[item][arm] = c
	}
	return out
}

// armOf is the annotator's drawn arm (-1: none).
func armOf(t *testing.T, st *Store, ds, who int64) int {
	t.Helper()
	arm := -1
	st.db.QueryRow(`SELECT arm_seq FROM annotator_arms WHERE dataset_id = ? AND annotator_id = ?`, ds, who).Scan(&arm)
	return arm
}

// work has the annotator finish every HIT NextHIT gives them, and says
// how many.
func work(t *testing.T, st *Store, ds, who int64) int {
	t.Helper()
	n := 0
	for {
		id, ok, _ := next(t, st, ds, who)
		if !ok {
			return n
		}
		label(t, st, id, who, 2)
		n++
	}
}

// A dataset with arms blind=3, after:judge=2 fills every item with exactly
// three blind annotators and two after: ones, whichever arm asks first:
// here every blind annotator works all they can before any after: one
// starts, which without per-arm room filled items with five blind
// annotators. Arms are drawn in proportion to their counts (six and four
// of ten), and an annotator stays in the arm they were drawn into.
func TestArmsFillEachItemExactlyPerArm(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items := armStudy(t, st, 6, "blind=3, after:judge=2")
	names := make([]string, 10)
	for i := range names {
		names[i] = fmt.Sprintf("a%d", i)
	}
	who := annotators(t, st, names...)
	// Each draws their arm at their first search (taking the first item).
	for _, w := range who {
		if _, ok, _ := next(t, st, ds, w); !ok {
			t.Fatalf("annotator %d got no first HIT", w)
		}
	}
	byArm := map[int][]int64{}
	for _, w := range who {
		byArm[armOf(t, st, ds, w)] = append(byArm[armOf(t, st, ds, w)], w)
	}
	if len(byArm[0]) != 6 || len(byArm[1]) != 4 {
		t.Fatalf("arms over ten annotators: %d blind, %d after, want 6 and 4 (in proportion to 3:2)", len(byArm[0]), len(byArm[1]))
	}
	for _, arm := range []int{0, 1} {
		for _, w := range byArm[arm] {
			work(t, st, ds, w)
		}
	}
	// Nobody gets more, and a second round changes nothing.
	for _, w := range who {
		if id, ok, nw := next(t, st, ds, w); ok {
			t.Errorf("annotator %d got item %d after every item was full (%+v)", w, id, nw)
		}
	}
	counts := armCounts(t, st, ds, "")
	for _, it := range items {
		if c := counts[it]; c[0][0] != 3 || c[1][0] != 2 || len(c) != 2 {
			t.Errorf("item %d: finished HITs per arm %v, want blind 3 and after 2", it, c)
		}
	}
	for _, w := range who {
		if got := armOf(t, st, ds, w); got != armOf(t, st, ds, w) || (got != 0 && got != 1) {
			t.Errorf("annotator %d has arm %d", w, got)
		}
	}
	var open int
	st.db.QueryRow(`SELECT count(*) FROM items WHERE dataset_id = ? AND open = 1`, ds).Scan(&open)
	if open != 0 {
		t.Errorf("%d items still open after every arm filled them", open)
	}
}

// drawArm balances arms over annotators by their counts: blind=1,
// after:judge=2 takes its annotators in the order a 1:2 split keeps
// closest (the first named on a tie), and an annotator asking again keeps
// their arm.
func TestDrawArmBalancesByCount(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, _ := armStudy(t, st, 30, "blind=1, after:judge=2")
	names := make([]string, 9)
	for i := range names {
		names[i] = fmt.Sprintf("a%d", i)
	}
	who := annotators(t, st, names...)
	var got []int
	for _, w := range who {
		next(t, st, ds, w)
		got = append(got, armOf(t, st, ds, w))
	}
	// 0/1 vs 0/2: blind; 1/1 vs 0/2: after; 1/1 vs 1/2: after; 1/1 vs 2/2:
	// blind (first named); and so on.
	want := []int{0, 1, 1, 0, 1, 1, 0, 1, 1}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("arms drawn in order: %v, want %v", got, want)
	}
	for _, w := range who {
		before := armOf(t, st, ds, w)
		next(t, st, ds, w)
		if armOf(t, st, ds, w) != before {
			t.Errorf("annotator %d moved from arm %d to %d", w, before, armOf(t, st, ds, w))
		}
	}
}

// A place is an arm's: a HIT of the blind arm given back or left past its
// lease frees a blind place, and only a blind annotator takes it; an
// after: annotator never holds more than the after: count, from NextHIT or
// a queue pick (ClaimHIT, which draws the picker's arm), and the old
// holder's next label on an expired HIT taken since is refused.
func TestArmPlacesFreeByArm(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	c := &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	st.Now = c.now
	ds, items := armStudy(t, st, 1, "blind=1, after:judge=1")
	ctx := context.Background()
	who := annotators(t, st, "b1", "a1", "b2", "a2", "b3")
	for i, w := range who[:2] {
		if id, ok, _ := next(t, st, ds, w); !ok || id != items[0] {
			t.Fatalf("annotator %d: %d %v", i, id, ok)
		}
	}
	if armOf(t, st, ds, who[0]) != 0 || armOf(t, st, ds, who[1]) != 1 {
		t.Fatalf("arms: %d %d", armOf(t, st, ds, who[0]), armOf(t, st, ds, who[1]))
	}
	// b2 (blind, drawn now) and a2 (after) find the item full for their arms.
	for _, w := range who[2:4] {
		if id, ok, nw := next(t, st, ds, w); ok || nw.HeldByOthers != 1 {
			t.Errorf("annotator %d got %d %v with both places held; held by others %d, want 1", w, id, ok, nw.HeldByOthers)
		}
	}
	if err := st.ClaimHIT(ctx, items[0], who[3]); !errors.Is(err, ErrNoRoom) {
		t.Errorf("an after: annotator picking the full item from the queue: %v, want ErrNoRoom", err)
	}
	// b1 gives the item back: a blind place, which a2 (after) cannot take.
	if err := st.SkipHIT(ctx, items[0], who[0], SkipGiveBack); err != nil {
		t.Fatal(err)
	}
	if id, ok, _ := next(t, st, ds, who[3]); ok {
		t.Errorf("an after: annotator took %d, a blind place given back", id)
	}
	if err := st.ClaimHIT(ctx, items[0], who[3]); !errors.Is(err, ErrNoRoom) {
		t.Errorf("an after: annotator picking a blind place from the queue: %v, want ErrNoRoom", err)
	}
	if id, ok, _ := next(t, st, ds, who[2]); !ok || id != items[0] {
		t.Fatalf("b2 after b1 gave the item back: %d %v", id, ok)
	}
	// Two hours on, b2 keys a label (their HIT again) but a1 does not: the
	// after: place is a2's to take, and a1's next label is refused; b3
	// (blind, drawn now) still finds nothing.
	c.t = c.t.Add(2 * time.Hour)
	v := 1
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: who[2], Unit: "question", Value: &v}); err != nil {
		t.Fatalf("b2 keeping their HIT: %v", err)
	}
	if err := st.ClaimHIT(ctx, items[0], who[3]); err != nil {
		t.Fatalf("a2 picking the after: place left past its lease: %v", err)
	}
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: who[1], Unit: "question", Value: &v}); !errors.Is(err, ErrNoRoom) {
		t.Errorf("a1 labelling the item a2 took since: %v, want ErrNoRoom", err)
	}
	if id, ok, _ := next(t, st, ds, who[4]); ok || armOf(t, st, ds, who[4]) != 0 {
		t.Errorf("b3 (arm %d) got %d %v", armOf(t, st, ds, who[4]), id, ok)
	}
	label(t, st, items[0], who[3], 2)
	label(t, st, items[0], who[2], 2)
	counts := armCounts(t, st, ds, "")
	if c := counts[items[0]]; c[0][0] != 1 || c[1][0] != 1 {
		t.Errorf("finished per arm %v, want one each", c)
	}
}

// Annotators of both arms take HITs at once through two stores on one
// file: no item ever holds more finished or live HITs of an arm than its
// count, and every item ends with exactly blind 2 and after 1.
func TestArmsExactUnderTwoStores(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items := armStudy(t, st, 12, "blind=2, after:judge=1")
	other, err := Open(context.Background(), st.path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	names := make([]string, 8)
	for i := range names {
		names[i] = fmt.Sprintf("w%d", i)
	}
	who := annotators(t, st, names...)
	var wg sync.WaitGroup
	errs := make(chan error, len(who))
	for i, w := range who {
		s := st
		if i%2 == 1 {
			s = other
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			for {
				id, ok, _, err := s.NextHIT(ctx, ds, w, 0)
				if err != nil || !ok {
					errs <- err
					return
				}
				units := []string{"question", "answer_set", "landing_1", "landing_2"}
				for j, u := range units {
					v := 1
					if _, err := s.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: w, Unit: u, Value: &v, Finish: j == len(units)-1}); err != nil {
						errs <- err
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	counts := armCounts(t, st, ds, "")
	for _, it := range items {
		if c := counts[it]; c[0][0] != 2 || c[1][0] != 1 {
			t.Errorf("item %d: finished per arm %v, want blind 2 and after 1", it, c)
		}
	}
}

// --min or --max on a dataset with arms is refused (the arms decide
// them), for the lead too, the policy unchanged; the lease may change.
// Clearing the arms before the first HIT gives --min back.
func TestArmsDecideMinMax(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items := armStudy(t, st, 2, "blind=2, after:judge=1")
	ctx := context.Background()
	lead := testLead(t, st)
	p, _ := st.DatasetPolicy(ctx, ds)
	if p.Min != 3 || p.Max != 3 {
		t.Fatalf("policy with arms: %+v, want min = max = 3", p)
	}
	bad := p
	bad.Min = 2
	if err := st.SetPolicy(ctx, lead, ds, bad); !errors.Is(err, ErrArmsDecide) {
		t.Errorf("min 2 on arms summing to 3: %v", err)
	}
	ok := p
	ok.Lease = time.Hour
	if err := st.SetPolicy(ctx, lead, ds, ok); err != nil {
		t.Errorf("a lease on a dataset with arms: %v", err)
	}
	if err := st.SetArms(ctx, lead, ds, []Arm{}, GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	if err := st.SetPolicy(ctx, lead, ds, bad); err != nil {
		t.Errorf("min 2 after the arms were cleared: %v", err)
	}
	_ = items
}

// check passes a study that assignment filled, and names the item when an
// arm holds more HITs than its count (here one written past NextHIT), and
// the annotator with a HIT on a dataset with arms but no arm.
func TestCheckHoldsArms(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items := armStudy(t, st, 2, "blind=1, after:judge=1")
	who := annotators(t, st, "b1", "a1", "b2", "x")
	for _, w := range who[:3] {
		work(t, st, ds, w)
	}
	problems := func() []string {
		t.Helper()
		results, err := CheckFile(context.Background(), st.Path())
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range results {
			if strings.Contains(r.Name, "arm") {
				return r.Problems
			}
		}
		t.Fatal("check has no arms check")
		return nil
	}
	if p := problems(); len(p) != 0 {
		t.Fatalf("a study assignment filled: %v", p)
	}
	if armOf(t, st, ds, who[2]) != 0 {
		t.Fatalf("b2 is in arm %d", armOf(t, st, ds, who[2]))
	}
	// b2 (blind) holds a second blind place on item 1, within the lease;
	// x holds one with no arm.
	for _, w := range who[2:] {
		if _, err := st.db.Exec(`INSERT INTO hits (item_id, annotator_id, started_at, touched_at, claimed_max)
			VALUES (?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), 2)`, items[0], w); err != nil {
			t.Fatal(err)
		}
	}
	got := strings.Join(problems(), "\n")
	want := []string{fmt.Sprintf("item %d: 2 HITs of arm 0 (blind), its count 1", items[0]),
		fmt.Sprintf("annotator %d has a HIT on dataset %d but no arm", who[3], ds)}
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("check's problems:\n%s\nwant %q", got, w)
		}
	}
}

// A HIT put off (later) and left past its lease comes back to its holder
// only with room in their arm: blind=2, after:judge=1, a1's after: place
// taken by a2 since, a1 is not offered the item again, though the item
// still wants a blind annotator; given back by a2, it is.
func TestLaterHITKeepsToTheArm(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	c := &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}
	st.Now = c.now
	ds, items := armStudy(t, st, 1, "blind=2, after:judge=1")
	ctx := context.Background()
	who := annotators(t, st, "b1", "a1", "b2", "b3", "a2")
	b1, a1, a2 := who[0], who[1], who[4]
	// Each draws their arm; b3 and a2 find the item full.
	for _, w := range who {
		next(t, st, ds, w)
	}
	if armOf(t, st, ds, a1) != 1 || armOf(t, st, ds, a2) != 1 {
		t.Fatalf("a1 is in arm %d, a2 in %d", armOf(t, st, ds, a1), armOf(t, st, ds, a2))
	}
	// b2 gives their blind place back; a1 puts theirs off.
	if err := st.SkipHIT(ctx, items[0], who[2], SkipGiveBack); err != nil {
		t.Fatal(err)
	}
	if err := st.SkipHIT(ctx, items[0], a1, SkipLater); err != nil {
		t.Fatal(err)
	}
	c.t = c.t.Add(2 * time.Hour)
	v := 1
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: items[0], AnnotatorID: b1, Unit: "question", Value: &v}); err != nil {
		t.Fatal(err)
	}
	if id, ok, _ := next(t, st, ds, a2); !ok || id != items[0] {
		t.Fatalf("a2 taking the after: place left past its lease: %d %v", id, ok)
	}
	if id, ok, _ := next(t, st, ds, a1); ok {
		t.Errorf("a1 was given back item %d put off, whose after: place a2 holds", id)
	}
	if err := st.SkipHIT(ctx, items[0], a2, SkipGiveBack); err != nil {
		t.Fatal(err)
	}
	if id, ok, _ := next(t, st, ds, a1); !ok || id != items[0] {
		t.Errorf("a1 after a2 gave the place back: %d %v, want the item put off", id, ok)
	}
}

// The arm searches and checks search an index or a key, as findHIT's do
// (TestAssignmentUsesIndexes): none walks a table or sorts, but the own
// and stale searches, which sort the few HITs they found.
func TestArmSearchesUseIndexes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items := armStudy(t, st, 3000, "blind=2, after:judge=1")
	who := annotators(t, st, "b1", "a1", "b2")
	for _, it := range items[:20] {
		for _, w := range who {
			if err := st.ClaimHIT(ctx, it, w); err != nil {
				t.Fatal(err)
			}
			label(t, st, it, w, 1)
		}
	}
	q := armSearches
	queries := map[string]string{"own": q.own, "partial": q.partial, "free": q.free, "fresh": q.fresh,
		"partialReturns": q.partialReturns, "freeReturns": q.freeReturns,
		"stale": q.stale, "holdRoom": armHoldRoom, "later": armLaterQuery}
	for name, q := range queries {
		rows, err := st.db.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q, ds, who[0], "x", 1, 0, 2)
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
		for _, step := range plan {
			sorts := strings.Contains(step, "TEMP B-TREE") && name != "own" && name != "stale" && name != "later"
			// A subquery's result, made by searches, is read whole.
			scan := strings.HasPrefix(step, "SCAN ") && !strings.Contains(step, "CONSTANT ROW") && !strings.HasPrefix(step, "SCAN (subquery")
			if scan || sorts {
				t.Errorf("%s walks a table or sorts: %q\nplan: %s", name, step, strings.Join(plan, " | "))
			}
		}
	}
}

// Gold checks and repeats keep working in a dataset with arms, and take
// no arm's place: four annotators, two per arm, the blind two working all
// they can first, a quarter of their HITs checks and a quarter repeats;
// every item still ends with exactly one blind and one after: annotator.
func TestArmsWithChecksAndRepeats(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items := armStudy(t, st, 8, "blind=1, after:judge=1")
	checks := seedKnown(t, st, PurposeCheck, 6)
	st.Draws = rand.New(rand.NewPCG(3, 4))
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.25, RepeatRate: 0.25, RepeatGap: 1, PauseAfter: 50})
	isCheck := map[int64]bool{}
	for _, id := range checks {
		isCheck[id] = true
	}
	who := annotators(t, st, "b1", "a1", "b2", "a2")
	ctx := context.Background()
	nChecks, nRepeats := 0, 0
	// serve has the annotators take turns until none has work, or each
	// take one turn (once).
	serve := func(ws []int64, once bool) {
		done := map[int64]bool{}
		for turn := 0; len(done) < len(ws) && turn < 400; turn++ {
			w := ws[turn%len(ws)]
			if done[w] {
				continue
			}
			if once {
				done[w] = true
			}
			id, ok, _ := next(t, st, ds, w)
			if !ok {
				done[w] = true
				continue
			}
			h := loadHIT(t, st, id, w)
			if isCheck[id] {
				nChecks++
			} else if h.Rev.Repeat != 0 {
				nRepeats++
			}
			units := []string{"question", "answer_set", "landing_1", "landing_2"}
			for i, u := range units {
				v := 2
				if _, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: w, Unit: u, Value: &v, Finish: i == len(units)-1, Rev: &h.Rev}); err != nil {
					t.Fatal(err)
				}
				h = loadHIT(t, st, id, w)
			}
		}
	}
	// Each draws their arm, then the blind arm works all it can first.
	serve(who, true)
	serve([]int64{who[0], who[2]}, false)
	serve([]int64{who[1], who[3]}, false)
	if armOf(t, st, ds, who[0]) != 0 || armOf(t, st, ds, who[2]) != 0 {
		t.Fatalf("b1 and b2 in arms %d and %d", armOf(t, st, ds, who[0]), armOf(t, st, ds, who[2]))
	}
	if nChecks == 0 || nRepeats == 0 {
		t.Fatalf("test is void: %d checks, %d repeats drawn", nChecks, nRepeats)
	}
	counts := armCounts(t, st, ds, "")
	for _, it := range items {
		if c := counts[it]; c[0][0] != 1 || c[1][0] != 1 || len(c) != 2 {
			t.Errorf("item %d: finished per arm %v, want one each", it, c)
		}
	}
}

// An item the annotator's arm filled is "not needed" in their queue, not
// "to do", though the other arm still wants it; to the other arm's
// annotators it is still to do.
func TestQueueSaysAnItemTheArmFilledIsNotNeeded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items := armStudy(t, st, 3, "blind=1, after:judge=1")
	who := annotators(t, st, "b", "x", "b2")
	for _, w := range who[:2] {
		if _, ok, _ := next(t, st, ds, w); !ok {
			t.Fatalf("annotator %d got no first HIT", w)
		}
	}
	blind, other := who[0], who[1]
	if armOf(t, st, ds, blind) != 0 {
		blind, other = other, blind
	}
	work(t, st, ds, blind) // the blind arm fills every item
	late := who[2]         // drawn into the blind arm (fewest per count: a tie, the first)
	if _, ok, _ := next(t, st, ds, late); ok {
		t.Fatal("a second blind annotator was given an item the blind arm filled")
	}
	if armOf(t, st, ds, late) != 0 {
		t.Fatal("the third annotator was drawn into the after: arm, not the blind (a tie of 1/1 and 1/1 goes to the first named)")
	}
	status := func(w int64) map[int64]Status {
		rows, err := st.Queue(ctx, ds, w, QueueFilter{}, 0, 10)
		if err != nil {
			t.Fatal(err)
		}
		out := map[int64]Status{}
		for _, r := range rows {
			out[r.ItemID] = r.Status
		}
		return out
	}
	mine, theirs := status(late), status(other)
	for _, it := range items {
		if mine[it] != StatusNotNeeded {
			t.Errorf("item %d in the queue of a blind annotator after the blind arm filled it: %q, want %q", it, mine[it], StatusNotNeeded)
		}
		if theirs[it] == StatusNotNeeded {
			t.Errorf("item %d in the after: annotator's queue: %q, want it still to do (or theirs)", it, theirs[it])
		}
	}
	n, err := st.QueueCount(ctx, ds, late, QueueFilter{Status: StatusTodo})
	if err != nil || n != 0 {
		t.Errorf("the filled arm's annotator counts %d to do (%v), want 0", n, err)
	}
}
