package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
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

// before0028 copies the store's file to a new one as a claritty before
// migration 0028 (arms and triage) left it, at schema 27.
func before0028(t *testing.T, st *Store) string {
	t.Helper()
	old := filepath.Join(t.TempDir(), "old.db")
	if _, err := st.db.Exec("VACUUM INTO ?", old); err != nil {
		t.Fatal(err)
	}
	conn, err := sql.Open("sqlite", "file:"+old)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, undo := range []string{"DROP TABLE annotator_arms", "DROP TABLE arms", "DROP TABLE triage",
		"ALTER TABLE labels DROP COLUMN first_value", "ALTER TABLE run_labels DROP COLUMN confidence",
		"ALTER TABLE datasets DROP COLUMN gold_from", "DROP INDEX items_judge", "ALTER TABLE items DROP COLUMN route", "PRAGMA user_version = 27"} {
		if _, err := conn.Exec(undo); err != nil {
			t.Fatalf("%s: %v", undo, err)
		}
	}
	return old
}

// check runs no migration, so it reads a file from before arms and
// triage as it is: with settled labels (the agreement table recounted)
// and open items, every check runs and passes.
func TestCheckReadsAFileFromBeforeArms(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items, _ := seed(t, st, 3)
	for _, w := range annotators(t, st, "a", "b") {
		id, ok, _ := next(t, st, ds, w)
		if !ok || id != items[0] {
			t.Fatalf("annotator %d: HIT %d %v, want the first item", w, id, ok)
		}
		label(t, st, id, w, 2)
	}
	results, err := CheckFile(context.Background(), before0028(t, st))
	if err != nil {
		t.Fatalf("check a file at schema 27: %v", err)
	}
	recounted := false
	for _, r := range results {
		if len(r.Problems) > 0 {
			t.Errorf("%s: %v", r.Name, r.Problems)
		}
		recounted = recounted || strings.Contains(r.Name, "agreement table")
	}
	if !recounted || len(results) < 8 {
		t.Errorf("%d checks, agreement table recounted %v: %+v", len(results), recounted, results)
	}
}

// An annotator in an arm shown a run's label is given no hidden gold
// check (its item has no run label, so it would come without the
// suggestion their real HITs show): with every draw asking for a check,
// the blind annotator gets checks and the after: one only real work,
// each real HIT with the run's label where the run gives one.
func TestNoGoldChecksForAnArmShownARun(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ds, items := armStudy(t, st, 4, "blind=1, after:judge=1")
	checks := seedKnown(t, st, PurposeCheck, 6)
	setTraining(t, st, ds, Training{Pass: 0.7, CheckRate: 0.25, RepeatGap: 1, PauseAfter: 50})
	always := make([]bool, 100)
	for i := range always {
		always[i] = true
	}
	st.Draws = drawsOf(always...)
	who := annotators(t, st, "b", "a")
	isCheck := isCheckOf(checks)
	got := map[int64][2]int{} // annotator → checks, real HITs
	for range len(items) + len(checks) {
		for _, w := range who {
			id, ok, _ := next(t, st, ds, w)
			if !ok {
				continue
			}
			c := got[w]
			if isCheck(id) {
				c[0]++
			} else {
				c[1]++
			}
			got[w] = c
			label(t, st, id, w, 2)
		}
	}
	if armOf(t, st, ds, who[0]) != 0 || armOf(t, st, ds, who[1]) != 1 {
		t.Fatalf("arms %d and %d, want blind then after:", armOf(t, st, ds, who[0]), armOf(t, st, ds, who[1]))
	}
	if got[who[0]][0] == 0 {
		t.Errorf("test is void: the blind annotator got no check (%v)", got[who[0]])
	}
	if c := got[who[1]]; c[0] != 0 || c[1] != len(items) {
		t.Errorf("after: annotator got %d checks and %d real HITs, want 0 and %d", c[0], c[1], len(items))
	}
}

// A label's first value is the first value keyed for its (item, unit,
// annotator), even across an undo of that key (which deletes the label):
// an after: annotator who keys 1, sees the run's label, undoes and keys 0
// is stored first 1, final 0, in the lead's labels export and the arms'
// figures alike; a label keyed once is its own first value.
func TestFirstLabelSurvivesUndo(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, _ := armStudy(t, st, 2, "after:judge=1")
	who := annotators(t, st, "a")[0]
	id, ok, _ := next(t, st, ds, who)
	if !ok {
		t.Fatal("no HIT")
	}
	set := func(unit string, v *int, finish bool) {
		t.Helper()
		ch := LabelChange{ItemID: id, AnnotatorID: who, Unit: unit, Value: v, Finish: finish}
		if _, err := st.SetLabel(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	set("question", ptr(1), false)
	set("question", nil, false) // undo of the first key
	set("question", ptr(0), false)
	set("answer_set", ptr(2), false)
	set("landing_1", ptr(2), false)
	set("landing_2", ptr(2), true)
	r, err := st.ReadLabels(ctx, testLead(t, st), ds)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := map[string][2]int{}
	if err := r.EachLabel(ctx, func(l LabelRow) error {
		got[l.Unit] = [2]int{l.First, l.Value}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got["question"] != [2]int{1, 0} || got["answer_set"] != [2]int{2, 2} {
		t.Errorf("first and final labels %v, want question 1 then 0, answer_set 2 and 2", got)
	}
	d, ok, err := r.StudyData(ctx)
	if err != nil || !ok {
		t.Fatalf("study data: %v %v", ok, err)
	}
	for _, l := range d.Labels {
		if l.Unit == "question" && (l.First != 1 || l.Value != 0) {
			t.Errorf("arm figures read question first %d final %d, want 1 and 0", l.First, l.Value)
		}
	}
}

// The items a figure of the kept agreement table rests on (SettledItems)
// are counted from the labels that table holds: on a dataset with arms
// whose gold comes from the blind arm, the blind arm's. Two items each
// with a blind and an after: annotator have one such label per unit: none
// has two raters; with gold from every arm, both do.
func TestSettledItemsCountTheGoldVoters(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	ds, items := armStudy(t, st, 2, "blind=1, after:judge=1")
	who := annotators(t, st, "b", "a")
	for _, w := range who {
		for range items {
			id, ok, _ := next(t, st, ds, w)
			if !ok {
				t.Fatalf("annotator %d got no HIT", w)
			}
			label(t, st, id, w, 1)
		}
	}
	lead := testLead(t, st)
	settled := func() int {
		t.Helper()
		r, err := st.ReadFigures(ctx, lead, ds)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		n, _, err := r.SettledItems(ctx, []string{"question"}, 2)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := settled(); n != 0 {
		t.Errorf("gold from the blind arm: %d items with two settled question labels, want 0", n)
	}
	if err := st.SetArms(ctx, lead, ds, nil, GoldFromAll); err != nil {
		t.Fatal(err)
	}
	if n := settled(); n != len(items) {
		t.Errorf("gold from every arm: %d items with two settled question labels, want %d", n, len(items))
	}
}

// A label from a release file has no HIT: its annotator saw no run here,
// so it counts for gold even after they are drawn into an arm shown a run.
func TestReleaseLabelsCountWhateverTheArm(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	var release []UnitLabel
	for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
		release = append(release, UnitLabel{Unit: u, Annotator: "x", Value: 2})
	}
	for i := range 3 {
		if _, err := im.AddPane(Pane{Query: fmt.Sprintf("q%d", i), Question: "Which?", Options: [5]string{"a", "b"}}, release...); err != nil {
			t.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	im, err = st.BeginImport(ctx, lead, "d", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.AddRun("judge", RunLabels, "", "fp"); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	arms, _ := ParseArms("blind=1, after:judge=1")
	if err := st.SetArms(ctx, lead, ds, arms, GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	x, err := st.EnsureAnnotator(ctx, "x")
	if err != nil {
		t.Fatal(err)
	}
	b := annotators(t, st, "b")[0]
	next(t, st, ds, b)    // blind
	next(t, st, ds, x.ID) // x: after:
	if armOf(t, st, ds, x.ID) != 1 {
		t.Fatalf("x in arm %d, want after:", armOf(t, st, ds, x.ID))
	}
	r, err := st.ReadGold(ctx, lead, ds)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	votes := 0
	if err := r.EachGoldRow(ctx, func(g *GoldRow) error {
		for _, v := range g.Votes {
			if v.Annotator == x.ID {
				votes++
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if votes != 12 {
		t.Errorf("gold reads %d of x's 12 release labels, want all", votes)
	}
	problems, err := recountPatterns(ctx, st.db, true)
	if err != nil || len(problems) > 0 {
		t.Errorf("agreement table: %v %v", problems, err)
	}
}

// Arms and triage are for a task dataset: on a dataset of gold checks
// (handed out by nextCheck, which knows neither arms nor routes) both are
// refused, and nothing of either is written.
func TestArmsAndTriageOnlyOnATask(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	lead := testLead(t, st)
	checks := seedKnown(t, st, PurposeCheck, 3)
	var side int64
	if err := st.db.QueryRow(`SELECT dataset_id FROM items WHERE id = ?`, checks[0]).Scan(&side); err != nil {
		t.Fatal(err)
	}
	arms, _ := ParseArms("blind=1")
	if err := st.SetArms(ctx, lead, side, arms, GoldFromBlind); !errors.Is(err, ErrNotTask) {
		t.Errorf("arms on a gold-check dataset: %v, want refused", err)
	}
	tr := &Triage{Run: "judge", Confidence: 0.9, Audit: 0.1, Seed: 1}
	if err := st.CheckTriage(ctx, side, tr); !errors.Is(err, ErrNotTask) {
		t.Errorf("triage checked on a gold-check dataset: %v, want refused", err)
	}
	if _, err := st.SetTriage(ctx, lead, side, tr); !errors.Is(err, ErrNotTask) {
		t.Errorf("triage on a gold-check dataset: %v, want refused", err)
	}
	var n int
	st.db.QueryRow(`SELECT (SELECT count(*) FROM arms) + (SELECT count(*) FROM triage) + (SELECT count(*) FROM items WHERE route IS NOT NULL)`).Scan(&n)
	if n != 0 {
		t.Errorf("%d rows of arms, triage or routes written", n)
	}
}
