package store

import (
	"context"
	"testing"
)

// DoneAndOpen, the one read a session's header makes after each label,
// says what Progress's done and OpenHITs say, a gold check among them:
// on a real HIT, on a check, after it and at the end.
func TestDoneAndOpenIsProgressAndOpenHITs(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, _, ana := seed(t, st, 2)
	seedKnown(t, st, PurposeCheck, 1)
	st.Draws = drawsOf(false, true, false)
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.5, RepeatGap: 1, PauseAfter: 5})
	ctx := context.Background()
	same := func(what string) {
		t.Helper()
		done, _, err := st.Progress(ctx, ds, ana.ID)
		if err != nil {
			t.Fatal(err)
		}
		open, err := st.OpenHITs(ctx, ds, ana.ID)
		if err != nil {
			t.Fatal(err)
		}
		gotDone, gotOpen, err := st.DoneAndOpen(ctx, ds, ana.ID)
		if err != nil || gotDone != done || gotOpen != open {
			t.Fatalf("%s: DoneAndOpen %d done, %d open (%v), want %d and %d", what, gotDone, gotOpen, err, done, open)
		}
	}
	same("before any HIT")
	for i := range 3 {
		id, ok, _ := next(t, st, ds, ana.ID)
		if !ok {
			t.Fatalf("HIT %d: none given", i+1)
		}
		same("on a HIT")
		labelUnits(t, st, id, ana.ID, 2)
		same("half labelled")
		labelUnits(t, st, id, ana.ID, 4)
		same("finished")
	}
}
