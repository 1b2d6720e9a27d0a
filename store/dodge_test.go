package store

import (
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// scripted is a source of draws for Store.Draws: each draw is below every
// rate (true: the new HIT becomes a gold check) or above them all (false:
// real work), in the order given, then real work.
type scripted struct {
	draws []bool
	next  int
}

func (s *scripted) Uint64() uint64 {
	hidden := s.next < len(s.draws) && s.draws[s.next]
	s.next++
	if hidden {
		return 0
	}
	return math.MaxUint64
}

func drawsOf(draws ...bool) *rand.Rand { return rand.New(&scripted{draws: draws}) }

// isCheckOf says whether an item is one of the gold checks.
func isCheckOf(checks []int64) func(int64) bool {
	set := map[int64]bool{}
	for _, id := range checks {
		set[id] = true
	}
	return func(id int64) bool { return set[id] }
}

// The dodge: an annotator who tells a gold check from real work gives back
// (or puts off) every check and answers every real HIT right. Each check
// dodged counts as missed, so they are paused after pause-after of them,
// and the quality data lists each as dodged.
func TestDodgingEveryCheckPauses(t *testing.T) {
	t.Parallel()
	for _, how := range []Skip{SkipGiveBack, SkipLater} {
		t.Run(string(how), func(t *testing.T) {
			t.Parallel()
			st := openTemp(t)
			ds, _, ana := seed(t, st, 20)
			isCheck := isCheckOf(seedKnown(t, st, PurposeCheck, 5))
			st.Draws = drawsOf(false, true, false, true, false, true, false, true)
			setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.5, RepeatGap: 1, PauseBelow: 0.6, PauseAfter: 3})
			dodged, real := 0, 0
			for range 40 {
				id, ok, nw := next(t, st, ds, ana.ID)
				if nw.Paused {
					break
				}
				if !ok {
					t.Fatalf("ran out of work after %d checks dodged and %d real HITs, never paused", dodged, real)
				}
				if isCheck(id) {
					skip(t, st, id, ana.ID, how)
					dodged++
					continue
				}
				labelUnits(t, st, id, ana.ID, 4)
				real++
			}
			if s := standing(t, st, ds, ana.ID); !s.Paused || dodged != 3 {
				t.Fatalf("after %d checks dodged (%s) and %d real HITs answered right: %+v, want paused after 3", dodged, how, real, s)
			}
			ctx := context.Background()
			hist, err := st.StandingHistory(ctx, ds)
			if err != nil || len(hist) != 1 || hist[0].Event != "paused" ||
				!strings.Contains(hist[0].Detail, "0 of 12 units over 3 checks, 3 of them given back or put off") {
				t.Fatalf("history %+v %v", hist, err)
			}
			q, err := st.ReadQuality(ctx, testLead(t, st), ds)
			if err != nil || len(q.Checks) != 3 {
				t.Fatalf("quality's checks %+v %v, want the 3 dodged", q.Checks, err)
			}
			for _, c := range q.Checks {
				if c.Dodged != how || c.Units != 4 || c.Matched != 0 {
					t.Errorf("check %+v: want dodged %q, 0 of 4 units", c, how)
				}
			}
		})
	}
}

// A check put off counts as missed while it stays put off, and once it is
// taken up again and answered, by its answer alone: never twice.
func TestCheckPutOffThenAnsweredCountsOnce(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 2)
	checks := seedKnown(t, st, PurposeCheck, 2)
	st.Draws = drawsOf(true, false, true, false)
	// Two checks at least; paused below half of their units.
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.5, RepeatGap: 1, PauseBelow: 0.5, PauseAfter: 2})
	ctx := context.Background()
	lead := testLead(t, st)
	quality := func() []QualityCheck {
		t.Helper()
		q, err := st.ReadQuality(ctx, lead, ds)
		if err != nil {
			t.Fatal(err)
		}
		return q.Checks
	}
	want := func(id int64, wantItem int64) {
		t.Helper()
		if id != wantItem {
			t.Fatalf("handed %d, want %d", id, wantItem)
		}
	}
	id, _, _ := next(t, st, ds, ana.ID)
	want(id, checks[0])
	skip(t, st, id, ana.ID, SkipLater)
	if got := quality(); len(got) != 1 || got[0] != (QualityCheck{Annotator: "ana", Item: checks[0], Units: 4, Dodged: SkipLater}) {
		t.Fatalf("a check put off: quality %+v, want it missed (0 of 4)", got)
	}
	id, _, _ = next(t, st, ds, ana.ID)
	want(id, items[0])
	labelUnits(t, st, id, ana.ID, 4)
	id, _, _ = next(t, st, ds, ana.ID)
	want(id, checks[1])
	labelUnits(t, st, id, ana.ID, 4) // 4 of 8 with the one put off: not below half
	id, _, _ = next(t, st, ds, ana.ID)
	want(id, items[1])
	labelUnits(t, st, id, ana.ID, 4)
	// Nothing else left: the check put off comes back, and is answered
	// with 1 of 4 right: 5 of 8 units. Counted missed as well, it would be
	// 5 of 12, and a pause.
	id, _, _ = next(t, st, ds, ana.ID)
	want(id, checks[0])
	labelUnits(t, st, id, ana.ID, 1)
	if s := standing(t, st, ds, ana.ID); s.Paused {
		t.Fatalf("paused after the check put off was answered: %+v", s)
	}
	got := quality()
	if len(got) != 2 || got[0] != (QualityCheck{Annotator: "ana", Item: checks[0], Units: 4, Matched: 1}) ||
		got[1] != (QualityCheck{Annotator: "ana", Item: checks[1], Units: 4, Matched: 4}) {
		t.Fatalf("quality after answering the check put off: %+v", got)
	}
}

// A gold check counts in the annotator's own figures as any HIT does:
// open while they have it, done once answered, and in the count the end of
// their work shows. On the old figures it left them alone, so the header
// read "3 done / 3 yours" on a check and "3 done / 4 yours" on real work.
func TestCheckCountsAsAnyHIT(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 2)
	checks := seedKnown(t, st, PurposeCheck, 1)
	st.Draws = drawsOf(false, true, false)
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.5, RepeatGap: 1, PauseAfter: 5})
	ctx := context.Background()
	figures := func(what string, wantDone, wantOpen int) {
		t.Helper()
		done, _, err := st.Progress(ctx, ds, ana.ID)
		if err != nil {
			t.Fatal(err)
		}
		open, err := st.OpenHITs(ctx, ds, ana.ID)
		if err != nil || done != wantDone || open != wantOpen {
			t.Fatalf("%s: %d done, %d open (%v), want %d and %d", what, done, open, err, wantDone, wantOpen)
		}
	}
	id, _, _ := next(t, st, ds, ana.ID)
	if id != items[0] {
		t.Fatalf("first HIT %d, want %d", id, items[0])
	}
	figures("on a real HIT", 0, 1)
	labelUnits(t, st, id, ana.ID, 4)
	if id, _, _ = next(t, st, ds, ana.ID); id != checks[0] {
		t.Fatalf("second HIT %d, want the check %d", id, checks[0])
	}
	figures("on a gold check", 1, 1)
	labelUnits(t, st, id, ana.ID, 4)
	figures("after the gold check", 2, 0)
	id, _, _ = next(t, st, ds, ana.ID)
	labelUnits(t, st, id, ana.ID, 4)
	if _, ok, nw := next(t, st, ds, ana.ID); ok || nw.Done != 3 {
		t.Fatalf("at the end: ok %v, %+v, want 3 done", ok, nw)
	}
}
