package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

func skip(t *testing.T, st *Store, item, who int64, how Skip) {
	t.Helper()
	if err := st.SkipHIT(context.Background(), item, who, how); err != nil {
		t.Fatal(err)
	}
}

func queueStatuses(t *testing.T, st *Store, ds, who int64) []Status {
	t.Helper()
	rows, err := st.Queue(context.Background(), ds, who, QueueFilter{}, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	var out []Status
	for _, r := range rows {
		out = append(out, r.Status)
	}
	return out
}

func skipsRecorded(t *testing.T, st *Store, who int64, how Skip) int {
	t.Helper()
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM hit_skips WHERE annotator_id = ? AND action = ?`, who, string(how)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A HIT put off comes back only after every other HIT the annotator can
// have, and labels keyed on it before stay.
func TestLaterComesBackLast(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 3)
	if id, _, _ := next(t, st, ds, ana.ID); id != items[0] {
		t.Fatalf("first HIT %d", id)
	}
	if _, err := st.SetLabel(context.Background(), LabelChange{ItemID: items[0], AnnotatorID: ana.ID, Unit: "question", Value: ptr(1)}); err != nil {
		t.Fatal(err)
	}
	skip(t, st, items[0], ana.ID, SkipLater)
	if got := queueStatuses(t, st, ds, ana.ID); got[0] != StatusLater {
		t.Fatalf("queue after later: %v", got)
	}
	for _, want := range items[1:] {
		id, _, _ := next(t, st, ds, ana.ID)
		if id != want {
			t.Fatalf("next after later = %d, want %d (the put-off %d comes last)", id, want, items[0])
		}
		label(t, st, id, ana.ID, 2)
	}
	if id, ok, _ := next(t, st, ds, ana.ID); !ok || id != items[0] {
		t.Fatalf("with nothing else left, next = %d %v, want the put-off %d", id, ok, items[0])
	}
	if got := queueStatuses(t, st, ds, ana.ID); got[0] != StatusInProgress {
		t.Fatalf("taken up again, the queue says %v", got)
	}
	if h := loadHIT(t, st, items[0], ana.ID); h.Labels["question"] != 1 {
		t.Fatalf("the label keyed before later is gone: %v", h.Labels)
	}
	if n := skipsRecorded(t, st, ana.ID, SkipLater); n != 1 {
		t.Fatalf("%d later records", n)
	}
	q, err := st.ReadQuality(context.Background(), testLead(t, st), ds)
	if err != nil || len(q.Skips) != 1 || q.Skips[0] != (QualitySkip{Annotator: "ana", Action: SkipLater}) {
		t.Fatalf("quality's skips %+v %v", q.Skips, err)
	}
}

// A HIT given back goes to someone else at once, never comes back to the
// giver, and its labels count nowhere.
func TestGiveBackReleasesToOthers(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 2)
	if err := st.SetPolicy(context.Background(), testLead(t, st), ds, Policy{Min: 1, Max: 1, Lease: DefaultPolicy.Lease}); err != nil {
		t.Fatal(err)
	}
	bob := annotators(t, st, "bob")[0]
	if id, _, _ := next(t, st, ds, ana.ID); id != items[0] {
		t.Fatalf("first HIT %d", id)
	}
	if _, err := st.SetLabel(context.Background(), LabelChange{ItemID: items[0], AnnotatorID: ana.ID, Unit: "question", Value: ptr(0)}); err != nil {
		t.Fatal(err)
	}
	// Held by ana, the only place: bob gets the second item.
	if id, _, _ := next(t, st, ds, bob); id != items[1] {
		t.Fatalf("bob's first HIT %d, want %d", id, items[1])
	}
	label(t, st, items[1], bob, 2)
	skip(t, st, items[0], ana.ID, SkipGiveBack)
	checkFree(t, st)
	if id, ok, _ := next(t, st, ds, bob); !ok || id != items[0] {
		t.Fatalf("after the give back bob gets %d %v, want %d", id, ok, items[0])
	}
	label(t, st, items[0], bob, 2)
	if id, ok, nw := next(t, st, ds, ana.ID); ok {
		t.Fatalf("ana is offered %d again (%+v)", id, nw)
	}
	if got := queueStatuses(t, st, ds, ana.ID); got[0] != StatusGivenBack || got[1] != StatusNotNeeded {
		t.Fatalf("queue after give back: %v", got)
	}
	for i, s := range []Status{StatusGivenBack, StatusNotNeeded} {
		rows, err := st.Queue(context.Background(), ds, ana.ID, QueueFilter{Status: s}, 0, 10)
		if n, _ := st.QueueCount(context.Background(), ds, ana.ID, QueueFilter{Status: s}); err != nil || n != 1 || len(rows) != 1 || rows[0].ItemID != items[i] {
			t.Fatalf("filter %s: %v (%d counted) %v", s, rows, n, err)
		}
	}
	// Kept, and counted nowhere: the gold is bob's 2, not a tie with ana's 0.
	if h := loadHIT(t, st, items[0], ana.ID); h.Labels["question"] != 0 || h.Finished {
		t.Fatalf("ana's label on the given-back HIT: %+v", h)
	}
	var finished, tied int
	if err := st.db.QueryRow(`SELECT finished, tied FROM items WHERE id = ?`, items[0]).Scan(&finished, &tied); err != nil || finished != 1 || tied != 0 {
		t.Fatalf("item counts %d finished, %d tied (%v)", finished, tied, err)
	}
	if n := skipsRecorded(t, st, ana.ID, SkipGiveBack); n != 1 {
		t.Fatalf("%d give-back records", n)
	}
	checkFree(t, st)
	q, err := st.ReadQuality(context.Background(), testLead(t, st), ds)
	if err != nil || len(q.Skips) != 1 || q.Skips[0] != (QualitySkip{Annotator: "ana", Action: SkipGiveBack}) {
		t.Fatalf("quality's skips %+v %v", q.Skips, err)
	}
}

// Opening a given-back HIT from the queue takes it up again, if it has room.
func TestGivenBackTakenUpFromTheQueue(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 1)
	if id, _, _ := next(t, st, ds, ana.ID); id != items[0] {
		t.Fatalf("first HIT %d", id)
	}
	skip(t, st, items[0], ana.ID, SkipGiveBack)
	if err := st.ClaimHIT(context.Background(), items[0], ana.ID); err != nil {
		t.Fatal(err)
	}
	if got := queueStatuses(t, st, ds, ana.ID); got[0] != StatusInProgress {
		t.Fatalf("taken up from the queue: %v", got)
	}
	checkFree(t, st)
	label(t, st, items[0], ana.ID, 1)
}

// Nothing to put off, or a practice HIT: refused, and nothing recorded.
func TestSkipRefusals(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 2)
	if err := st.SkipHIT(context.Background(), items[0], ana.ID, SkipLater); !errors.Is(err, ErrNoOpenHIT) {
		t.Fatalf("later on a HIT never opened: %v", err)
	}
	practice := seedKnown(t, st, PurposePractice, 2)
	setTraining(t, st, ds, Training{Qualify: 2, Pass: 0.5, RepeatGap: 1, PauseAfter: 1})
	id, _, _ := next(t, st, ds, ana.ID)
	if id != practice[0] {
		t.Fatalf("practice first: %d", id)
	}
	for _, how := range []Skip{SkipLater, SkipGiveBack} {
		if err := st.SkipHIT(context.Background(), id, ana.ID, how); !errors.Is(err, ErrPracticeSkip) {
			t.Fatalf("%s on practice: %v", how, err)
		}
	}
	label(t, st, items[0], ana.ID, 1) // a finished HIT has nothing open
	if err := st.SkipHIT(context.Background(), items[0], ana.ID, SkipGiveBack); !errors.Is(err, ErrNoOpenHIT) {
		t.Fatalf("give back of a finished HIT: %v", err)
	}
	if n := skipsRecorded(t, st, ana.ID, SkipLater) + skipsRecorded(t, st, ana.ID, SkipGiveBack); n != 0 {
		t.Fatalf("%d skips recorded for refusals", n)
	}
}

// A repeat put off comes back at the end; one given back is never scored
// and never shown again, and the first answer stays.
func TestSkipARepeat(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, ana := seedPairs(t, st, 12)
	st.Draws = rand.New(rand.NewPCG(1, 1))
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 50, RepeatRate: 0.5})
	win := guidelines.PreferWin
	var repeats []int64
	cameBack := false
	for range 40 {
		id, ok, _ := next(t, st, ds, ana.ID)
		if !ok {
			break
		}
		if h := loadHIT(t, st, id, ana.ID); h.Rev.Repeat != 0 {
			if len(repeats) > 0 && id == repeats[0] {
				cameBack = true // the one put off, with nothing else left
				if _, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: ana.ID, Unit: guidelines.PreferenceUnit, Value: &win, Finish: true, Rev: &h.Rev}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			repeats = append(repeats, id)
			how := SkipGiveBack
			if len(repeats) == 1 {
				how = SkipLater
			}
			skip(t, st, id, ana.ID, how)
			if how == SkipGiveBack {
				if h := loadHIT(t, st, id, ana.ID); h.Rev.Repeat != 0 || !h.Finished || h.Labels[guidelines.PreferenceUnit] != win {
					t.Fatalf("a given-back repeat still shows: %+v", h)
				}
			}
			continue
		}
		if _, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: ana.ID, Unit: guidelines.PreferenceUnit, Value: &win, Finish: true}); err != nil {
			t.Fatal(err)
		}
	}
	if len(repeats) < 2 || !cameBack {
		t.Fatalf("%d repeats drawn; the one put off came back: %v", len(repeats), cameBack)
	}
	// Only the repeat answered is scored; those given back are not.
	q, err := st.ReadQuality(ctx, testLead(t, st), ds)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Repeats) != 1 || q.Repeats[0].Item != repeats[0] {
		t.Fatalf("repeats scored %+v, want only %d", q.Repeats, repeats[0])
	}
}

// The queue filters by status and by text in the topic, and counts what
// passes; % and _ in the text are letters, not patterns.
func TestQueueFilter(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 12) // topics q0 … q11
	label(t, st, items[0], ana.ID, 1)
	if id, _, _ := next(t, st, ds, ana.ID); id != items[1] {
		t.Fatalf("next %d", id)
	}
	skip(t, st, items[1], ana.ID, SkipLater)
	if id, _, _ := next(t, st, ds, ana.ID); id != items[2] {
		t.Fatalf("next %d", id)
	}
	if err := st.AddFlag(ctx, items[4], ana.ID, FlagReasons[0], ""); err != nil {
		t.Fatal(err)
	}
	seqs := func(f QueueFilter, offset, limit int) []int {
		t.Helper()
		rows, err := st.Queue(ctx, ds, ana.ID, f, offset, limit)
		if err != nil {
			t.Fatal(err)
		}
		n, err := st.QueueCount(ctx, ds, ana.ID, f)
		if err != nil {
			t.Fatal(err)
		}
		var out []int
		for _, r := range rows {
			if f.Status != "" && r.Status != f.Status {
				t.Errorf("%+v passed the filter %+v", r, f)
			}
			out = append(out, r.Seq)
		}
		if offset == 0 && limit >= n && len(out) != n {
			t.Errorf("filter %+v: %d rows, counted %d", f, len(out), n)
		}
		return out
	}
	for _, c := range []struct {
		f    QueueFilter
		want []int
	}{
		{QueueFilter{Status: StatusDone}, []int{1}},
		{QueueFilter{Status: StatusLater}, []int{2}},
		{QueueFilter{Status: StatusInProgress}, []int{3}},
		{QueueFilter{Status: StatusFlagged}, []int{5}},
		{QueueFilter{Status: StatusFlagged, Text: "q4"}, []int{5}},
		{QueueFilter{Status: StatusFlagged, Text: "q3"}, nil},
		{QueueFilter{Text: "Q1"}, []int{2, 11, 12}},
		{QueueFilter{Text: "q1", Status: StatusTodo}, []int{11, 12}},
		{QueueFilter{Text: "%"}, nil},
		{QueueFilter{Text: "q_"}, nil}, {QueueFilter{Text: "_1"}, nil},
	} {
		if got := seqs(c.f, 0, 100); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("filter %+v: HITs %v, want %v", c.f, got, c.want)
		}
	}
	if got := seqs(QueueFilter{Status: StatusTodo}, 2, 3); fmt.Sprint(got) != "[7 8 9]" {
		t.Errorf("to do from the third, three: %v", got)
	}
}
