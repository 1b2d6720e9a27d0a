package store

import (
	"context"
	"testing"
)

// An annotator's first search draws their arm even when it gives them no
// HIT of the dataset (here a hidden gold check): the lead can still change
// the arms, and end them, until the dataset's first HIT; the draw does not
// outlive the arms it was made from.
func TestArmsChangeAfterADrawWithNoHIT(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, _ := armStudy(t, st, 4, "blind=1, after:judge=1")
	checks := seedKnown(t, st, PurposeCheck, 2)
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.25, RepeatGap: 1, PauseAfter: 50})
	st.Draws = drawsOf(true, true)
	who := annotators(t, st, "a")[0]
	id, ok, _ := next(t, st, ds, who)
	if !ok || !isCheckOf(checks)(id) {
		t.Fatalf("first HIT %d %v, want a gold check", id, ok)
	}
	if armOf(t, st, ds, who) < 0 {
		t.Fatal("test is void: the search drew no arm")
	}
	lead := testLead(t, st)
	arms, err := ParseArms("blind=2, after:judge=1")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetArms(ctx, lead, ds, arms, GoldFromBlind); err != nil {
		t.Fatalf("change arms after a draw with no HIT: %v", err)
	}
	if got := armOf(t, st, ds, who); got >= 0 {
		t.Errorf("annotator kept arm %d drawn from the old arms", got)
	}
	label(t, st, id, who, 2)
	if id, ok, _ := next(t, st, ds, who); !ok || !isCheckOf(checks)(id) || armOf(t, st, ds, who) < 0 {
		t.Fatalf("second HIT %d %v, arm %d: want a gold check and an arm drawn from the new arms", id, ok, armOf(t, st, ds, who))
	}
	if err := st.SetArms(ctx, lead, ds, []Arm{}, GoldFromBlind); err != nil {
		t.Fatalf("end arms after a draw with no HIT: %v", err)
	}
	var n int
	st.db.QueryRow(`SELECT count(*) FROM arms WHERE dataset_id = ?`, ds).Scan(&n)
	if n != 0 {
		t.Errorf("%d arms left after --arms none", n)
	}
}
