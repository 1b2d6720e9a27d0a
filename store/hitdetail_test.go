package store

import (
	"context"
	"fmt"
	"testing"
)

// A HIT carries its annotator's own note and undo steps only: another
// annotator's note and labels on the same item never reach it. Undo steps
// replay the history: an undo takes back the last label, a label changed
// twice is two steps, a labels import clears what came before.
func TestHITCarriesOnlyOwnNoteAndUndo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	_, items, _ := seed(t, st, 1)
	ids := annotators(t, st, "ana", "bo")
	ana, bo, item := ids[0], ids[1], items[0]
	set := func(who int64, unit string, v *int, source string) {
		t.Helper()
		if _, err := st.SetLabel(ctx, LabelChange{ItemID: item, AnnotatorID: who, Unit: unit, Value: v, Source: source}); err != nil {
			t.Fatal(err)
		}
	}
	set(ana, "question", ptr(2), "")
	set(bo, "question", ptr(0), "")
	set(ana, "answer_set", ptr(1), "")
	set(ana, "answer_set", ptr(2), "")
	set(bo, "answer_set", ptr(0), "")
	set(ana, "answer_set", ptr(1), "undo") // ana undoes her change to answer_set
	for who, body := range map[int64]string{ana: "ana's first", bo: "bo's"} {
		if err := st.AddNote(ctx, item, who, "serp", body); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.AddNote(ctx, item, ana, "question", "ana's last"); err != nil {
		t.Fatal(err)
	}
	h, err := st.LoadHIT(ctx, item, ana)
	if err != nil {
		t.Fatal(err)
	}
	if h.Note != "ana's last" {
		t.Errorf("note %q", h.Note)
	}
	// Left to undo: answer_set 1 (was none), question 2 (was none).
	if got := fmt.Sprint(undoText(h.Undo)); got != "[question:nil answer_set:nil]" {
		t.Errorf("undo %s", got)
	}
	hb, _ := st.LoadHIT(ctx, item, bo)
	if hb.Note != "bo's" || fmt.Sprint(undoText(hb.Undo)) != "[question:nil answer_set:nil]" {
		t.Errorf("bo's HIT: note %q undo %v", hb.Note, undoText(hb.Undo))
	}
	set(ana, "question", ptr(1), "import")
	if h, _ := st.LoadHIT(ctx, item, ana); len(h.Undo) != 0 {
		t.Errorf("undo after an import %v", undoText(h.Undo))
	}
}

func undoText(steps []UndoStep) []string {
	var out []string
	for _, s := range steps {
		old := "nil"
		if s.Old != nil {
			old = fmt.Sprint(*s.Old)
		}
		out = append(out, s.Unit+":"+old)
	}
	return out
}
