package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
)

// An annotator flags a pane and sees only their own flag on F; a lead
// upholds it with a reason on the same screen, and the store has it, with
// history.
func TestFlagsScreen(t *testing.T) {
	st, lead := disputedDemo(t)
	h := startHarness(t, st, "ana", 100, 30)
	h.keys("!", "b")
	h.typeText("answers do not load")
	h.keys("enter")
	h.expect("flagged as broken")
	bo, _ := st.EnsureAnnotator(context.Background(), "bo")
	if err := st.AddFlag(context.Background(), h.item(5).ID, bo.ID, "sensitive", "bo's own"); err != nil {
		t.Fatal(err)
	}
	h.keys("F")
	h.expect("Flags · 1 standing")
	h.expect("answers do not load")
	if strings.Contains(h.screen(), "bo's own") {
		t.Fatalf("an annotator sees another's flag:\n%s", h.screen())
	}
	h.keys("u")
	h.typeText("mine")
	h.keys("enter")
	h.expect("not allowed")

	l := startAs(t, st, lead, 100, 30, false)
	l.keys("F")
	l.expect("Flags · 2 standing")
	l.keys("u")
	l.typeText("no page to judge")
	l.keys("enter")
	l.expect("flag 1: upheld")
	l.expect("upheld by lee")
	l.keys("j", "c", "enter")
	l.expect("say why")
	l.typeText("fine on a second look")
	l.keys("enter")
	l.expect("Flags · 1 standing")
	l.keys("a")
	l.expect("Flags · 2 all")
	fs, err := st.ListFlags(context.Background(), lead, store.FlagFilter{All: true})
	if err != nil || len(fs) != 2 || fs[0].Status != store.FlagUpheld || fs[0].Review != "no page to judge" ||
		fs[1].Status != store.FlagCleared || fs[1].Reviewer != "lee" {
		t.Fatalf("flags after review: %+v %v", fs, err)
	}
	l.keys("esc")
	l.expect("Step I")
}
