package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// writtenHarness imports two questions under datatest.Written (need 0/1,
// then, after a yes, a written clarifying question of at most 60
// characters) and opens ana's HIT screen on them at w×h.
func writtenHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("written.toml", []byte(datatest.Written))
	if err != nil {
		t.Fatal(err)
	}
	body := "id\tquestion\nq1\tjaguar speed\nq2\tWhich one?\n"
	if _, err := data.ImportProtocolFile(ctx, st, storetest.Lead(t, st), strings.NewReader(body), "w.tsv", f,
		[]byte(datatest.Written), data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, "w", w, h, false)
}

// answer is the written answer of unit on HIT seq as the store has it.
func (h *harness) answer(seq int, unit string) string {
	h.t.Helper()
	return h.hitState(seq).Texts[unit]
}

// On a written step, enter starts typing; while typing, the HIT's keys
// (q quit, u undo, ! flag, 1 a label, ? help) are letters of the answer;
// esc leaves without saving; enter saves the answer as typed, and the HIT
// moves on. Back on the step, the answer shows, and editing it changes it
// (history keeps the old); a control character is not typed.
func TestTypingAWrittenAnswer(t *testing.T) {
	h := writtenHarness(t, 80, 24)
	h.readThen("1")
	h.expect("What would you ask back?")
	h.expect("enter: write your answer (at most 60 characters)")
	h.keys("1")
	h.expect("this step is written")
	h.keys("enter")
	h.typeText("Do you mean q, u, ! or 1?")
	h.expect("Do you mean q, u, ! or 1?▏")
	h.keys("esc")
	h.expect("left without saving")
	if _, has := h.labels(1)["ask"]; has {
		t.Fatalf("esc saved the answer: %v", h.labels(1))
	}
	h.expect("enter: write your answer")
	h.keys("enter")
	h.typeText("Do you mean q, u, ! or 1?x")
	h.keys("backspace")
	h.send(tea.KeyPressMsg{Code: 0x1b, Text: "\x1b"})
	h.expect("not typed: control character U+001B")
	h.send(tea.PasteMsg{Content: "\u202e"}) // a direction override would turn the answer round
	h.expect("not typed: direction control U+202E")
	h.keys("enter")
	h.expect("HIT 2 ·")
	if got := h.answer(1, "ask"); got != "Do you mean q, u, ! or 1?" {
		t.Fatalf("the saved answer %q", got)
	}
	if !h.hitState(1).Finished {
		t.Error("HIT 1 is not finished with its answer")
	}

	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	h.keys("right")
	h.expect("What would you ask back?")
	h.expect("Do you mean q, u, ! or 1?")
	h.keys("enter")
	for range len("q, u, ! or 1?") {
		h.keys("backspace")
	}
	h.typeText("the cat?")
	h.keys("enter")
	if got := h.answer(1, "ask"); got != "Do you mean the cat?" {
		t.Fatalf("the edited answer %q", got)
	}
	hist, err := h.st.History(context.Background(), h.item(1).ID)
	if err != nil {
		t.Fatal(err)
	}
	last := hist[len(hist)-1]
	if last.OldText != "Do you mean q, u, ! or 1?" || last.NewText != "Do you mean the cat?" {
		t.Errorf("history of the edit: %+v", last)
	}
}

// A written unit whose answers differ is adjudicated by picking one of
// them (its number) or writing one's own (w, typed, enter): the decision
// is that text, and the gold; the answers show whole, numbered.
func TestAdjudicateAWrittenAnswer(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("written.toml", []byte(datatest.Written))
	if err != nil {
		t.Fatal(err)
	}
	lead := storetest.Lead(t, st)
	if _, err := data.ImportProtocolFile(ctx, st, lead, strings.NewReader("id\tquestion\nq1\tjaguar speed\n"), "w.tsv", f,
		[]byte(datatest.Written), data.Options{}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "w")
	if err != nil {
		t.Fatal(err)
	}
	item := storetest.ItemAt(t, st, ds.ID, 1)
	answers := []string{"The animal or the car?", "Which jaguar do you mean?", "Do you mean the car?"}
	zero, yes := 0, 1
	for i, name := range []string{"ana", "bo", "cy"} {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, ch := range []store.LabelChange{
			{ItemID: item.ID, AnnotatorID: an.ID, Unit: "need", Value: &yes},
			{ItemID: item.ID, AnnotatorID: an.ID, Unit: "ask", Value: &zero, Text: answers[i], Finish: true},
		} {
			if _, err := st.SetLabel(ctx, ch); err != nil {
				t.Fatal(err)
			}
		}
	}
	decided := func() *string {
		t.Helper()
		r, err := st.ReadGold(ctx, lead, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		w, err := r.ItemWritten(ctx, item.ID)
		if err != nil {
			t.Fatal(err)
		}
		return w["ask"].Decided
	}
	h := startOn(t, st, lead, "w", 80, 24, true)
	for i, a := range answers {
		h.expect(fmt.Sprintf("%d %s: %s", i+1, []string{"ana", "bo", "cy"}[i], a))
	}
	h.keys("2")
	if got := decided(); got == nil || *got != answers[1] {
		t.Fatalf("picked 2: decided %v, want %q", got, answers[1])
	}
	h.keys("d") // decided units too, to revisit it
	h.expect("2 bo: " + answers[1])
	h.keys("w")
	own := `Do you mean the "animal", the car\the team?`
	h.typeText(own)
	h.keys("enter")
	if got := decided(); got == nil || *got != own {
		t.Fatalf("written: decided %v", got)
	}
	h.expect("“" + own + "”") // the decision as written, its quotes and backslash not escaped

	// In a later session the decision shows its words (not the scale's
	// name of 0), and a reason added to it keeps them.
	later := startOn(t, st, lead, "w", 80, 24, true)
	later.keys("d")
	later.expect("“" + own + "”")
	later.keys("r")
	later.typeText("the annotators each had half of it")
	later.keys("enter")
	later.expect("decided")
	if got := decided(); got == nil || *got != own {
		t.Fatalf("after a reason in a later session: decided %v", got)
	}
	if strings.Contains(later.screen(), "not saved") {
		t.Errorf("a reason on an earlier written decision:\n%s", later.screen())
	}
}

// At 40×12 an answer longer than the window's lines is typed, read whole
// (the lines around the cursor show, home and end reach both ends) and
// saved; a 61st character is refused at the key.
func TestLongAnswerAt40x12(t *testing.T) {
	h := writtenHarness(t, 40, 12)
	h.readThen("1")
	h.keys("enter")
	words := "alpha bravo charlie delta echo foxtrot golf hotel india juliet"[:60]
	h.typeText(words)
	h.typeText("x")
	h.expect("at most 60 characters")
	seen := ""
	for _, k := range []string{"home", "end"} {
		h.send(namedKey(k))
		seen += h.screen()
	}
	for _, w := range strings.Fields(words) {
		if !strings.Contains(seen, w) {
			t.Errorf("%q never on screen at 40x12:\n%s", w, seen)
		}
	}
	h.keys("enter")
	if got := h.answer(1, "ask"); got != words {
		t.Errorf("saved %q, want %q", got, words)
	}
}

// namedKey is a key keyMsg does not name.
func namedKey(k string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: map[string]rune{"home": tea.KeyHome, "end": tea.KeyEnd}[k]}
}
