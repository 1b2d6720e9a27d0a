package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// practiceStore is a task of two panes and two practice panes whose every
// answer is 2, with one practice HIT per round at a pass of 100%.
func practiceStore(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	add := func(im *store.Importer, name string, answers ...store.UnitLabel) {
		for i := range 2 {
			p := store.Pane{Query: fmt.Sprintf("%s %d", name, i), Question: "Which one did you mean?", Options: [5]string{"a", "b"}}
			if _, err := im.AddPane(p, answers...); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := im.Commit(); err != nil {
			t.Fatal(err)
		}
	}
	im, err := st.BeginImport(ctx, lead, "task", "mimics", "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	ds := im.DatasetID()
	add(im, "real work")
	if im, err = st.BeginKnownImport(ctx, lead, "task", store.PurposePractice, "mimics", "mimics-manual"); err != nil {
		t.Fatal(err)
	}
	var answers []store.UnitLabel
	for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
		answers = append(answers, store.UnitLabel{Unit: u, Value: 2})
	}
	add(im, "practice", answers...)
	if err := st.SetTraining(ctx, lead, ds, store.Training{Qualify: 1, Pass: 1, RepeatGap: 1, PauseAfter: 1}); err != nil {
		t.Fatal(err)
	}
	return st
}

// TestPracticeFailRetryPass: a new annotator practises, misses a unit and
// fails the round, sees the answer and its guideline, tries again (not
// counted), passes the next round and only then gets real work; at the
// smallest size and a laptop split alike.
func TestPracticeFailRetryPass(t *testing.T) {
	for _, size := range [][2]int{{40, 12}, {60, 20}, {100, 30}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			st := practiceStore(t)
			h := startOn(t, st, storetest.Person(t, st, "ana", store.RoleAnnotator), "task", size[0], size[1], false)
			h.expect("PRACTICE")
			h.keys("enter", "2", "2", "2", "0")
			h.expect("3 of 4 answers match")
			h.expect("r try")
			if size[1] >= 20 {
				h.expect("2 Good —") // the guideline line of the missed answer
				h.expect("below the 100%")
			}
			h.keys("r")
			h.expect("PRACTICE")
			h.keys("enter", "2", "2", "2", "2")
			h.expect("4 of 4 answers match")
			if strings.Contains(h.screen(), "Qualified") {
				t.Fatal("a retry after seeing the answers qualified the annotator")
			}
			h.keys(" ") // the space bar goes on too, as enter does
			h.expect("PRACTICE")
			h.keys("enter", "2", "2", "2", "2")
			h.expect("Qualified")
			h.keys("enter")
			h.expect("real work 0")
			if strings.Contains(h.screen(), "PRACTICE") {
				t.Fatalf("real work still says practice:\n%s", h.screen())
			}
		})
	}
}
