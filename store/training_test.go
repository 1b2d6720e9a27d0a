package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// seedKnown adds n panes (two answers) with known answers to the task
// dataset "d" as purpose, every unit's answer 2, and returns their ids.
func seedKnown(t *testing.T, st *Store, purpose Purpose, n int) []int64 {
	t.Helper()
	return seedKnownAsking(t, st, purpose, n, "Which?")
}

// seedKnownAsking is seedKnown with each pane's question.
func seedKnownAsking(t *testing.T, st *Store, purpose Purpose, n int, question string) []int64 {
	t.Helper()
	ctx := context.Background()
	im, err := st.BeginKnownImport(ctx, testLead(t, st), "d", purpose, "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	var answers []UnitLabel
	for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
		answers = append(answers, UnitLabel{Unit: u, Annotator: "x", Value: 2})
	}
	for i := range n {
		p := Pane{Query: fmt.Sprintf("%s %d", purpose, i), Question: question, Options: [5]string{"a", "b"}}
		if _, err := im.AddPane(p, answers...); err != nil {
			t.Fatal(err)
		}
	}
	side := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	var ids []int64
	if err := st.EachItem(ctx, side, func(it Item) error { ids = append(ids, it.ID); return nil }); err != nil {
		t.Fatal(err)
	}
	return ids
}

func setTraining(t *testing.T, st *Store, ds int64, tr Training) {
	t.Helper()
	if err := st.SetTraining(context.Background(), testLead(t, st), ds, tr); err != nil {
		t.Fatal(err)
	}
}

func standing(t *testing.T, st *Store, ds, who int64) Standing {
	t.Helper()
	s, err := st.Standing(context.Background(), ds, who)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// labelUnits finishes a HIT on a two-answer pane: the first `right` units
// get 2 (the answer), the rest 0.
func labelUnits(t *testing.T, st *Store, item, who int64, right int) {
	t.Helper()
	units := []string{"question", "answer_set", "landing_1", "landing_2"}
	for i, u := range units {
		v := 0
		if i < right {
			v = 2
		}
		ch := LabelChange{ItemID: item, AnnotatorID: who, Unit: u, Value: ptr(v), Finish: i == len(units)-1}
		if _, err := st.SetLabel(context.Background(), ch); err != nil {
			t.Fatal(err)
		}
	}
}

func TestPracticeUntilQualified(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 3)
	practice := seedKnown(t, st, PurposePractice, 3)
	setTraining(t, st, ds, Training{Qualify: 2, Pass: 0.75, RepeatGap: 1, PauseAfter: 1})
	ctx := context.Background()
	isPractice := map[int64]bool{}
	for _, id := range practice {
		isPractice[id] = true
	}

	// Round 1: 2 of 4 and 3 of 4 units right, 5/8 < 75%: failed.
	for _, right := range []int{2, 3} {
		id, ok, _ := next(t, st, ds, ana.ID)
		if !ok || !isPractice[id] {
			t.Fatalf("an annotator who has not qualified got %d (ok %v), want a practice item", id, ok)
		}
		labelUnits(t, st, id, ana.ID, right)
	}
	s := standing(t, st, ds, ana.ID)
	if s.Qualified != "" || s.Round != 2 || s.LastRound != 5.0/8 {
		t.Fatalf("after round 1: %+v, want not qualified, round 2, last round 5/8", s)
	}
	// A retry after seeing the answers does not count.
	first := practice[0]
	if err := st.RetryPractice(ctx, first, ana.ID); err != nil {
		t.Fatal(err)
	}
	if id, _, _ := next(t, st, ds, ana.ID); id != first {
		t.Fatalf("after r the open practice HIT %d comes back, got %d", first, id)
	}
	labelUnits(t, st, first, ana.ID, 4)
	if s := standing(t, st, ds, ana.ID); s.InRound != 0 || s.Qualified != "" {
		t.Fatalf("a retry counted: %+v", s)
	}
	// Round 2: the untried item comes first, then the one tried longest ago.
	id, _, _ := next(t, st, ds, ana.ID)
	if id != practice[2] {
		t.Fatalf("round 2 starts with the untried practice item %d, got %d", practice[2], id)
	}
	labelUnits(t, st, id, ana.ID, 4)
	if id, _, _ = next(t, st, ds, ana.ID); id != practice[1] {
		t.Fatalf("then the one tried longest ago (%d), got %d", practice[1], id)
	}
	if l, err := st.Labels(ctx, id, ana.ID); err != nil || len(l) != 0 {
		t.Fatalf("a practice item tried again starts blank: %v %v", l, err)
	}
	labelUnits(t, st, id, ana.ID, 2) // 6/8 = 75%: passed
	if s := standing(t, st, ds, ana.ID); s.Qualified != "passed" {
		t.Fatalf("6 of 8 units at pass 75%%: %+v", s)
	}
	if id, ok, _ := next(t, st, ds, ana.ID); !ok || id != items[0] {
		t.Fatalf("a qualified annotator gets real work, got %d %v", id, ok)
	}
	hist, err := st.StandingHistory(ctx, ds)
	if err != nil || len(hist) != 2 || hist[0].Event != "failed" || hist[1].Event != "passed" {
		t.Fatalf("history %+v %v, want failed then passed", hist, err)
	}
	// Practice never reaches the task, nor an export of every dataset.
	r, err := st.ReadLabels(ctx, testLead(t, st), 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	exported := 0
	if err := r.EachLabel(ctx, func(LabelRow) error { exported++; return nil }); err != nil || exported != 0 {
		t.Fatalf("an export of every dataset has %d labels (%v), want none: only practice was labelled", exported, err)
	}
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM labels l JOIN items i ON i.id = l.item_id WHERE i.dataset_id = ?`, ds).Scan(&n); err != nil || n != 0 {
		t.Fatalf("task labels after practice: %d %v", n, err)
	}
}

func TestLeadWaivesResetsAndResumes(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, ana := seed(t, st, 2)
	setTraining(t, st, ds, Training{Qualify: 5, Pass: 0.7, RepeatGap: 1, PauseAfter: 1})
	ctx := context.Background()
	if _, ok, nw := next(t, st, ds, ana.ID); ok || !nw.NoPractice {
		t.Fatalf("qualification without practice items: ok %v %+v, want NoPractice", ok, nw)
	}
	if err := st.ChangeStanding(ctx, ana, ds, ana.ID, StandingWaive); err == nil {
		t.Fatal("an annotator waived their own qualification")
	}
	lead := testLead(t, st)
	if err := st.ChangeStanding(ctx, lead, ds, ana.ID, StandingWaive); err != nil {
		t.Fatal(err)
	}
	if id, ok, _ := next(t, st, ds, ana.ID); !ok || id != items[0] {
		t.Fatalf("waived: got %d %v", id, ok)
	}
	if err := st.ChangeStanding(ctx, lead, ds, ana.ID, StandingReset); err != nil {
		t.Fatal(err)
	}
	if s := standing(t, st, ds, ana.ID); s.Cleared() {
		t.Fatalf("reset: %+v", s)
	}
}

func TestGoldChecksPauseUntilResumed(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, _, ana := seed(t, st, 40)
	checks := seedKnown(t, st, PurposeCheck, 10)
	st.Draws = rand.New(rand.NewPCG(1, 2))
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.5, RepeatGap: 1, PauseBelow: 0.6, PauseAfter: 3})
	isCheck := map[int64]bool{}
	for _, id := range checks {
		isCheck[id] = true
	}
	ctx := context.Background()
	seen := 0
	for range 30 {
		id, ok, nw := next(t, st, ds, ana.ID)
		if nw.Paused {
			break
		}
		if !ok {
			t.Fatal("ran out of work before the pause")
		}
		right := 4
		if isCheck[id] {
			seen++
			right = 1 // 25% of units right on every check
		}
		labelUnits(t, st, id, ana.ID, right)
	}
	if seen != 3 {
		t.Fatalf("paused after %d checks, want 3 (pause-after)", seen)
	}
	if _, ok, nw := next(t, st, ds, ana.ID); ok || !nw.Paused {
		t.Fatalf("a paused annotator got a HIT: ok %v %+v", ok, nw)
	}
	if err := st.ChangeStanding(ctx, testLead(t, st), ds, ana.ID, StandingResume); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := next(t, st, ds, ana.ID); !ok {
		t.Fatal("resumed, and still no HIT")
	}
	hist, _ := st.StandingHistory(ctx, ds)
	if len(hist) != 2 || hist[0].Event != "paused" || hist[1].Event != "resumed" || hist[1].Actor != "root" {
		t.Fatalf("history %+v", hist)
	}
}

// finishGeneric labels what a generic pane's HIT asks, each unit its
// answer (2): the answer set and both landing pages; the question step is
// skipped, so the question gets no label.
func finishGeneric(t *testing.T, st *Store, item, who int64) {
	t.Helper()
	units := []string{"answer_set", "landing_1", "landing_2"}
	for i, u := range units {
		ch := LabelChange{ItemID: item, AnnotatorID: who, Unit: u, Value: ptr(2), Finish: i == len(units)-1}
		if _, err := st.SetLabel(context.Background(), ch); err != nil {
			t.Fatal(err)
		}
	}
}

// A generic pane never asks its question, though the release labels it:
// a perfect annotator scores 100% on practice, is never paused by gold
// checks, and the quality report counts only the units asked.
func TestKnownUnitsCountOnlyWhereAsked(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, _, ana := seed(t, st, 40)
	practice := seedKnownAsking(t, st, PurposePractice, 2, "Select one to refine your search")
	checks := seedKnownAsking(t, st, PurposeCheck, 5, "Select one to refine your search.")
	st.Draws = rand.New(rand.NewPCG(3, 4))
	setTraining(t, st, ds, Training{Qualify: 2, Pass: 0.8, CheckRate: 0.5, RepeatGap: 1, PauseBelow: 0.9, PauseAfter: 1})
	ctx := context.Background()
	isPractice, isCheck := map[int64]bool{}, map[int64]bool{}
	for _, id := range practice {
		isPractice[id] = true
	}
	for _, id := range checks {
		isCheck[id] = true
	}
	for range 2 {
		id, ok, _ := next(t, st, ds, ana.ID)
		if !ok || !isPractice[id] {
			t.Fatalf("got %d, want a practice item", id)
		}
		finishGeneric(t, st, id, ana.ID)
		answers, _, err := st.PracticeFeedback(ctx, ds, id, ana.ID)
		if err != nil || len(answers) != 3 {
			t.Fatalf("feedback on a generic pane: %+v %v, want the 3 units asked", answers, err)
		}
		for _, a := range answers {
			if a.Unit == "question" || !a.Matched() {
				t.Errorf("feedback %+v", a)
			}
		}
	}
	s := standing(t, st, ds, ana.ID)
	if s.Qualified != "passed" || s.LastRound != 1 {
		t.Fatalf("a perfect annotator on generic panes: %+v, want passed at 100%%", s)
	}
	seen := 0
	for range 20 {
		id, ok, nw := next(t, st, ds, ana.ID)
		if nw.Paused {
			t.Fatalf("paused after %d gold checks over a question never asked", seen)
		}
		if !ok {
			break
		}
		if isCheck[id] {
			seen++
			finishGeneric(t, st, id, ana.ID)
		} else {
			labelUnits(t, st, id, ana.ID, 4)
		}
	}
	if seen == 0 {
		t.Fatal("no gold check was handed out")
	}
	q, err := st.ReadQuality(ctx, testLead(t, st), ds)
	if err != nil || len(q.Checks) != seen {
		t.Fatalf("quality checks %+v %v, want %d", q.Checks, err, seen)
	}
	for _, c := range q.Checks {
		if c.Units != 3 || c.Matched != 3 {
			t.Errorf("check %+v: want 3 of 3 units asked", c)
		}
	}
}
