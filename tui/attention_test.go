package tui

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// demoAttention is demoHarness on a demo dataset that ends every HIT with
// its kind's attention question.
func demoAttention(t *testing.T, dataset string, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := demotest.Store(t)
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		t.Fatal(err)
	}
	tr := store.Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 1}
	if err := st.SetTraining(ctx, storetest.Lead(t, st), ds.ID, tr); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, dataset, w, h, false)
}

// toAttention labels every step of the HIT on screen with label (Step I
// reviewed with enter), each read first, until the attention step.
func (h *harness) toAttention(label string) {
	h.t.Helper()
	for i := 0; h.m.hit.hit.step().id != attentionStep; i++ {
		if i == 20 {
			h.t.Fatalf("20 steps on, no attention question:\n%s", h.screen())
		}
		if h.m.hit.hit.step().id == "serp" {
			h.keys("enter")
			continue
		}
		h.readThen(label)
	}
}

// answerOnScreen types the count and gives it; it returns the HIT's seq.
func (h *harness) answerOnScreen(n int) int {
	h.t.Helper()
	seq := h.m.hit.hit.item.Seq
	for _, d := range strconv.Itoa(n) {
		h.keys(string(d))
	}
	h.expect("answer: " + strconv.Itoa(n) + "▏")
	h.keys("enter")
	return seq
}

// attentionChecked says the HIT of seq finished with answer n, no label
// among its labels, and the quality data has it as right or wrong.
func (h *harness) attentionChecked(seq, n, want int) {
	h.t.Helper()
	hit := h.hitState(seq)
	if !hit.Finished || hit.AttentionAnswer == nil || *hit.AttentionAnswer != n {
		h.t.Fatalf("after enter: finished %v, answer %v", hit.Finished, hit.AttentionAnswer)
	}
	if _, ok := hit.Labels[attentionStep]; ok {
		h.t.Fatalf("the answer is a label: %v", hit.Labels)
	}
	ds, err := h.st.DatasetByName(context.Background(), h.m.cfg.Dataset.Name)
	if err != nil {
		h.t.Fatal(err)
	}
	q, err := h.st.ReadQuality(context.Background(), storetest.Lead(h.t, h.st), ds.ID)
	if err != nil {
		h.t.Fatal(err)
	}
	item := h.item(seq).ID
	for _, a := range q.Attention {
		if a.Item == item && a.Annotator == "ana" {
			if a.Answer != n || a.Expected != want {
				h.t.Fatalf("quality data: answered %d of %d, want %d of %d", a.Answer, a.Expected, n, want)
			}
			return
		}
	}
	h.t.Fatalf("the quality data lacks the answer: %+v", q.Attention)
}

// A MIMICS pane's HIT drawn for the attention question ends with it after
// the last landing page: the pane's candidate answers are on screen, the
// digits type the count (no label), enter gives it and the HIT is done;
// the right answer is the answers the pane showed.
func TestAttentionQuestionOnAPane(t *testing.T) {
	h := demoAttention(t, data.DemoDataset, 80, 24)
	pane := h.m.hit.hit.kind.(*paneKind)
	shown := len(pane.answers)
	h.toAttention("2")
	if h.hitState(h.m.hit.hit.item.Seq).Finished {
		t.Fatal("the last label finished a HIT whose question waits")
	}
	h.expect("Attention check")
	h.expect("How many candidate answers did this pane show?")
	h.expect("1. " + pane.answers[0])
	h.expect("0-9 count")
	h.keys("enter")
	h.expect("type the number")
	seq := h.answerOnScreen(shown)
	h.attentionChecked(seq, shown, shown)
}

// A ClariMM conversation's HIT ends with the question after intent
// reveal; the right answer is its turns, and a wrong count is kept as
// given.
func TestAttentionQuestionOnAConversation(t *testing.T) {
	h := demoAttention(t, data.DemoConversations, 80, 24)
	turns := len(h.m.hit.hit.kind.(*convKind).conv.turns)
	h.toAttention("4")
	h.expect("Attention check")
	h.expect("How many turns did this conversation have?")
	h.expect("Turn 3")
	seq := h.answerOnScreen(turns + 1)
	h.attentionChecked(seq, turns+1, turns)
}

// attentionScreens are the attention step of a MIMICS pane and of a ClariMM
// conversation, a count typed, for TestEverySize: the question and the
// answer being typed show at every size, 40×12 too.
func attentionScreens() []sizedScreen {
	on := func(dataset, label string) func(t *testing.T, w, h int) *harness {
		return func(t *testing.T, w, h int) *harness {
			hs := demoAttention(t, dataset, w, h)
			hs.toAttention(label)
			return hs
		}
	}
	return []sizedScreen{
		{name: "pane_attention", start: on(data.DemoDataset, "2"), keys: []string{"3"}, must: []string{"Attention", "answer: 3▏"}},
		{name: "conversation_attention", start: on(data.DemoConversations, "4"), keys: []string{"3"}, must: []string{"Attention", "answer: 3▏"}},
	}
}

// Every kind whose protocol asks an attention question has a screen for
// it: withAttention adds the step only for a kind that lays out its item
// whole, so one without would silently never ask.
func TestEveryAskingKindShowsItsItemWhole(t *testing.T) {
	for kind, screen := range builtinScreens() {
		if guidelines.Builtins().For(kind).Attention == nil {
			continue
		}
		if _, ok := screen.blank().(wholeItem); !ok {
			t.Errorf("%s asks an attention question, but its HIT screen cannot show the item whole for it", kind)
		}
	}
	var k hitKind = &fileKind{}
	if _, ok := k.(wholeItem); !ok {
		t.Error("a protocol file's [attention] has no screen")
	}
}

// A HIT whose question is answered, reopened by an undo of its last
// label, finishes when that label is keyed again: the answered question
// asks nothing more, so the HIT is never left open for good.
func TestAnsweredQuestionLetsTheHITFinishAgain(t *testing.T) {
	h := demoAttention(t, data.DemoDataset, 80, 24)
	shown := len(h.m.hit.hit.kind.(*paneKind).answers)
	h.toAttention("2")
	seq := h.answerOnScreen(shown)
	h.expect(fmt.Sprintf("HIT %d done.", seq))
	h.keys("l")
	h.expect("status")
	h.keys("k", "enter")
	for i := 0; h.m.hit.hit.item.Seq != seq || h.m.hit.hit.step().id != attentionStep; i++ {
		if i == 20 {
			t.Fatalf("no way back to HIT %d's question:\n%s", seq, h.screen())
		}
		h.keys("right")
	}
	h.keys("u")
	h.expect("undid")
	if h.hitState(seq).Finished {
		t.Fatal("the undo did not reopen the HIT")
	}
	h.readThen("2")
	if !h.hitState(seq).Finished {
		t.Fatalf("keyed again, the last label left the HIT open:\n%s", h.screen())
	}
}

// The full help on the attention step says how to answer (the digits type
// the count, the review key gives it) and names no label's key.
func TestAttentionStepHelp(t *testing.T) {
	h := demoAttention(t, data.DemoDataset, 100, 30)
	h.toAttention("2")
	h.keys("?")
	h.expect("0-9")
	h.expect("count")
	h.expect("enter")
	h.expect("answer")
	if strings.Contains(h.screen(), "good") {
		t.Errorf("the attention step's help names a label:\n%s", h.screen())
	}
}
