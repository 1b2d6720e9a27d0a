package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// armsRun is the labels run the arms tests show: every unit of the
// study's two panes labelled 1 (Fair), a value the tests key around.
const armsRun = "gpt-judge"

// armsStore is a dataset "study" of two MIMICS panes (two answers each),
// run armsRun registered over it and the arms of spec
// ('after:gpt-judge=1') set by the lead before any HIT.
func armsStore(t *testing.T, spec string) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	tsv := data.ManualHeader() + "\n" +
		"new caledonia\tWhat would you like to know about this place?\ttravel\tflights" + strings.Repeat("\t", 10) + "\n" +
		"sourdough starter\tWhat do you want to do with sourdough starter?\trecipe\tfeeding" + strings.Repeat("\t", 10) + "\n"
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(tsv), "study.tsv", data.Options{Dataset: "study"}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	var run strings.Builder
	run.WriteString("item unit label\n")
	for seq := 1; seq <= 2; seq++ {
		it := storetest.ItemAt(t, st, ds.ID, seq)
		for _, u := range guidelines.MIMICS.Units(it.Shape(0)) {
			fmt.Fprintf(&run, "%s %s 1\n", it.UID, u)
		}
	}
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run.String()), "judge.tsv",
		data.RunOptions{Kind: "labels", Name: armsRun, RunKinds: runKindsOf}); err != nil {
		t.Fatal(err)
	}
	arms, err := store.ParseArms(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	return st
}

// runKindsOf are the kinds of run each task kind takes, as testKinds
// scores them.
func runKindsOf(k guidelines.Kind) []store.RunKind {
	var out []store.RunKind
	for _, r := range (testKinds{}).Runs(k) {
		out = append(out, r.Kind)
	}
	return out
}

// firstValue is the value annotator who first keyed for unit of item seq.
func firstValue(t *testing.T, h *harness, seq int, unit string) int {
	t.Helper()
	var v int
	err := storetest.DB(t, h.st).QueryRow(`SELECT coalesce(first_value, value) FROM labels
		WHERE item_id = ? AND unit = ? AND annotator_id = ?`, h.item(seq).ID, unit, h.m.cfg.Annotator.ID).Scan(&v)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// An after: arm's annotator keys their own label first; only then does the
// step show the run's label, and stay: a label key changes theirs (first
// and final both stored), → or enter goes on, and the last step's enter
// finishes the HIT. Neither the run's name nor a word of whose label it
// is shows at any point.
func TestAfterArmShowsTheRunsLabelOnceKeyed(t *testing.T) {
	st := armsStore(t, "after:"+armsRun+"=1")
	h := startHarness(t, st, "ana", 80, 24)
	h.keys("enter")
	h.expect("Step II · Label the clarifying question")
	if strings.Contains(h.screen(), "suggested") {
		t.Fatalf("an after: arm sees the run's label before keying:\n%s", h.screen())
	}
	h.keys("2") // their own first: the step stays, and shows the run's
	h.expect("Step II · Label the clarifying question")
	h.expect("suggested: 1 Fair")
	h.expect("a label key changes yours · → / enter goes on")
	h.keys("0") // changed on seeing it: a label write like any, and on
	h.expect("Step III · Label the candidate answer set")
	if strings.Contains(h.screen(), "suggested") {
		t.Fatalf("the next step shows the run's label before keying:\n%s", h.screen())
	}
	if got := h.labels(1)["question"]; got != 0 {
		t.Fatalf("final question label %d, want 0", got)
	}
	if got := firstValue(t, h, 1, "question"); got != 2 {
		t.Fatalf("first question label %d, want 2", got)
	}
	h.keys("2", "right") // kept: → goes on
	h.expect("Landing page of answer 1 of 2")
	if got, first := h.labels(1)["answer_set"], firstValue(t, h, 1, "answer_set"); got != 2 || first != 2 {
		t.Fatalf("answer_set %d first %d, want 2 and 2", got, first)
	}
	h.keys("2", "enter", "1")
	h.expect("Landing page of answer 2 of 2")
	h.expect("suggested: 1 Fair")
	if h.hitState(1).Finished {
		t.Fatal("the last step's first key finished the HIT before the run's label was shown")
	}
	h.keys("enter")
	h.expect("HIT 2 ·")
	if s := h.hitState(1); !s.Finished {
		t.Fatalf("enter on the last step left the HIT unfinished: %+v", s)
	}
	want := map[string]int{"question": 0, "answer_set": 2, "landing_1": 2, "landing_2": 1}
	if got := h.labels(1); !equalLabels(got, want) {
		t.Fatalf("stored %v, want %v", got, want)
	}
	hist, err := h.st.History(context.Background(), h.item(1).ID)
	if err != nil || len(hist) != 5 { // four keys and the one change; going on writes nothing
		t.Fatalf("history %d rows %v: %+v", len(hist), err, hist)
	}
	for _, bad := range []string{armsRun, "judge", "model"} {
		if strings.Contains(strings.ToLower(h.screen()), bad) {
			t.Fatalf("the screen names %q:\n%s", bad, h.screen())
		}
	}
}

// Undo on a held step takes back the first key and hides the run's label
// again: it shows only once a label of the annotator's own is keyed.
func TestAfterArmUndoHidesTheRunsLabel(t *testing.T) {
	st := armsStore(t, "after:"+armsRun+"=1")
	h := startHarness(t, st, "ana", 80, 24)
	h.keys("enter", "2")
	h.expect("suggested: 1 Fair")
	h.keys("u")
	h.expect("Step II · Label the clarifying question")
	if strings.Contains(h.screen(), "suggested") {
		t.Fatalf("undone, the step still shows the run's label:\n%s", h.screen())
	}
	if _, ok := h.labels(1)["question"]; ok {
		t.Fatal("the undo left the label")
	}
}

// A before: arm sees the run's label on each step from the start, and a
// key goes on as on any HIT.
func TestBeforeArmShowsTheRunsLabelFirst(t *testing.T) {
	st := armsStore(t, "before:"+armsRun+"=1")
	h := startHarness(t, st, "ana", 80, 24)
	if strings.Contains(h.screen(), "suggested") {
		t.Fatalf("Step I (no label) shows a suggestion:\n%s", h.screen())
	}
	h.keys("enter")
	h.expect("Step II · Label the clarifying question")
	h.expect("suggested: 1 Fair")
	h.keys("2")
	h.expect("Step III · Label the candidate answer set")
	h.expect("suggested: 1 Fair")
	if strings.Contains(h.screen(), "changes yours") {
		t.Fatalf("a before: arm is held after its key:\n%s", h.screen())
	}
	if strings.Contains(strings.ToLower(h.screen()), armsRun) {
		t.Fatalf("the screen names the run:\n%s", h.screen())
	}
}

// A blind arm's annotator sees no run's label on any step, nor its name
// or figures in the side pane; nor does an annotator on a dataset
// without arms see one on the HIT screen.
func TestBlindArmSeesNoRun(t *testing.T) {
	// ana is drawn first: blind, the first named on a tie.
	st := armsStore(t, "blind=1, after:"+armsRun+"=1")
	h := startHarness(t, st, "ana", 80, 24)
	for seq := 1; seq <= 2; seq++ {
		for _, k := range []string{"enter", "2", "1", "2", "1"} {
			h.keys(k)
			if s := h.screen(); strings.Contains(s, "suggested") || strings.Contains(s, armsRun) {
				t.Fatalf("a blind arm sees the run on HIT %d:\n%s", seq, s)
			}
		}
	}
	if !h.hitState(1).Finished || !h.hitState(2).Finished {
		t.Fatal("the blind arm's HITs are not finished")
	}
	// Finished, ana may be given nothing more: the pane hides nothing
	// from them, and would show the run's scores on a dataset without arms.
	h.keys("tab")
	if s := h.screen(); strings.Contains(s, armsRun) {
		t.Fatalf("a blind arm's side pane shows the run:\n%s", s)
	}
	// Without arms, nobody is shown a run's label on the HIT.
	plain := demotest.Store(t)
	p := startHarness(t, plain, "ana", 80, 24)
	p.keys("enter", "2")
	if strings.Contains(p.screen(), "suggested") {
		t.Fatalf("a dataset without arms shows a suggestion:\n%s", p.screen())
	}
}

// The after: step once keyed, and the before: step from the start, at
// 80×24 and at the smallest size, 40×12.
func TestArmsGolden(t *testing.T) {
	for _, size := range []struct{ w, h int }{{80, 24}, {40, 12}} {
		for _, c := range []struct {
			name, spec string
			keys       []string
		}{
			{"after", "after:" + armsRun + "=1", []string{"enter", "2"}},
			{"before", "before:" + armsRun + "=1", []string{"enter"}},
		} {
			t.Run(c.name+"_"+itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
				h := startHarness(t, armsStore(t, c.spec), "ana", size.w, size.h)
				h.keys(c.keys...)
				checkFits(t, h, size.w, size.h)
				golden.RequireEqual(t, h.screen())
			})
		}
	}
}

// Under a config that moves the label keys and the keys that go on (2 to
// f, 1 to d, → to >, enter to e), the held step names the annotator's
// own keys, never a built-in one it moved, and its own keys change the
// label and go on.
func TestAfterArmRemappedKeys(t *testing.T) {
	withKeys(t, parseKeys(t, remapped), remappedPress)
	st := armsStore(t, "after:"+armsRun+"=1")
	h := startHarness(t, st, "ana", 80, 24)
	h.keys("enter", "2") // pressed as e, f
	h.expect("suggested: d Fair")
	h.expect("a label key changes yours · > / e goes on")
	if named := defaultKeysNamed(h); len(named) > 0 {
		t.Errorf("names keys the config moved: %s\n%s", strings.Join(named, "; "), h.screen())
	}
	h.keys("right") // pressed as >
	h.expect("Step III · Label the candidate answer set")
	if got := h.labels(1)["question"]; got != 2 {
		t.Fatalf("question %d, want 2", got)
	}
}

// A session that ends while the last step is held leaves the HIT with
// every label and unfinished; in the next, → or enter on that step
// finishes it, as the held step would have.
func TestAfterArmHeldLastStepFinishesNextSession(t *testing.T) {
	st := armsStore(t, "after:"+armsRun+"=1")
	h := startHarness(t, st, "ana", 80, 24)
	h.keys("enter", "2", "right", "1", "right", "2", "right", "0")
	h.expect("suggested: 1 Fair")
	h.expect("Landing page of answer 2 of 2")
	if h.hitState(1).Finished {
		t.Fatal("the held last step finished the HIT")
	}
	again := startHarness(t, st, "ana", 80, 24)
	again.expect("HIT 1 ·")
	// It opens at the held last step, which says how to go on.
	again.expect("Landing page of answer 2 of 2")
	again.expect("goes on")
	again.keys("enter")
	again.expect("HIT 2 ·")
	if !again.hitState(1).Finished {
		t.Fatal("enter on the last step of the unfinished HIT did not finish it")
	}
}

// On a pair the run's verdict is named by A and B as this item shows
// them: the side showing the winning system's output, whichever side it
// was drawn to (four pairs, drawn both ways from a fixed seed).
func TestAfterArmPairVerdictNamesTheSideShown(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	st.Sides = rand.New(rand.NewPCG(1, 2))
	lead := storetest.Lead(t, st)
	var pairs, run strings.Builder
	for i := range 4 {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"base": "base says %d", "m1": "m1 says %d"}}`+"\n", i, i, i, i)
		fmt.Fprintf(&run, "q%d preference m1\n", i)
	}
	importPairs(t, st, "pairs", pairs.String(), "", nil)
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run.String()), "judge.tsv",
		data.RunOptions{Kind: "labels", Name: armsRun, RunKinds: runKindsOf}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "pairs")
	if err != nil {
		t.Fatal(err)
	}
	arms, _ := store.ParseArms("after:" + armsRun + "=1")
	if err := st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, storetest.Person(t, st, "ana", store.RoleAnnotator), "pairs", 120, 40, false)
	drawn := map[bool]bool{}
	for seq := 1; seq <= 4; seq++ {
		h.expect(fmt.Sprintf("HIT %d ·", seq))
		sides, err := st.PairSides(ctx, h.item(seq).ID)
		if err != nil {
			t.Fatal(err)
		}
		drawn[strings.HasPrefix(sides.A, "m1")] = true
		want := "suggested: 3 B better"
		if strings.HasPrefix(sides.A, "m1") {
			want = "suggested: 1 A better"
		}
		if strings.Contains(h.screen(), "suggested") {
			t.Fatalf("the verdict shows before a key:\n%s", h.screen())
		}
		h.keys("2")
		h.expect(want)
		h.keys("enter")
		if !h.hitState(seq).Finished {
			t.Fatalf("enter did not finish pair %d", seq)
		}
	}
	if len(drawn) != 2 {
		t.Fatalf("the seed drew m1 to one side only (%v): the test tries one way", drawn)
	}
}

// At 40×12 an after: annotator on a nugget (a kind that sizes its own
// list from the rows it is given) still sees, once they key, the run's
// label and how to go on: the suggestion's lines are kept out of the
// kind's rows, not cut from the bottom.
func TestAfterArmNuggetAt40x12SaysHowToGoOn(t *testing.T) {
	ctx := context.Background()
	st, ds := demotest.Nuggets(t)
	lead := storetest.Lead(t, st)
	counts, err := st.UnitCounts(ctx, ds.ID) // each answer's nuggets
	if err != nil {
		t.Fatal(err)
	}
	var run strings.Builder
	run.WriteString("item unit label\n")
	if err := st.EachItem(ctx, ds.ID, func(it store.Item) error {
		for _, u := range guidelines.Nuggets.Units(it.Shape(counts[it.ID])) {
			fmt.Fprintf(&run, "%s %s 1\n", it.UID, u)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run.String()), "judge.tsv",
		data.RunOptions{Kind: "labels", Name: armsRun, RunKinds: runKindsOf}); err != nil {
		t.Fatal(err)
	}
	arms, _ := store.ParseArms("after:" + armsRun + "=1")
	if err := st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind); err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, storetest.Person(t, st, "ana", store.RoleAnnotator), ds.Name, 40, 12, false)
	h.expect("Nugget 1 of 3")
	h.keys("2")
	h.expect("suggested:")
	h.expect("goes on")
}
