package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// seedQuality adds a task dataset "duo" of MIMICS-Duo Task 2 panes, pane i
// with options[i] candidate answers, and one annotator; it returns the
// dataset and the annotator.
func seedQuality(t *testing.T, st *Store, options ...int) (int64, Annotator) {
	t.Helper()
	s, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	return seedFile(t, st, s, options...)
}

// seedFile is seedQuality under a protocol file of Task 2's shape.
func seedFile(t *testing.T, st *Store, s guidelines.ProtocolText, options ...int) (int64, Annotator) {
	t.Helper()
	ctx := context.Background()
	lead := testLead(t, st)
	im, err := st.BeginProtocolImport(ctx, lead, "duo", "", s.File, s.Text)
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range options {
		cells := make([]string, len(s.File.Item.Header))
		cells[0], cells[1] = fmt.Sprintf("query %d", i), "Which one?"
		var opts [5]string
		for j := range n {
			opts[j] = fmt.Sprintf("answer %d", j+1)
			cells[2+j] = opts[j]
		}
		it := FileItem{UID: fmt.Sprintf("%016x", i+1), Query: cells[0], Question: cells[1], Options: opts,
			Rows: []string{strings.Join(cells, "\t")}}
		if _, err := im.AddFileItem(it); err != nil {
			t.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ana, err := st.SetRole(ctx, lead, "ana", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	return ds, ana
}

// labelPane labels every unit of a Task 2 pane of n answers, the last
// label marked as finishing the HIT, as the screen sends them.
func labelPane(t *testing.T, st *Store, item, who int64, n int) {
	t.Helper()
	var units []string
	for j := range n {
		units = append(units, fmt.Sprintf("answer_quality_%d", j+1))
	}
	units = append(units, "pane_quality")
	for i, u := range units {
		ch := LabelChange{ItemID: item, AnnotatorID: who, Unit: u, Value: ptr(4), Finish: i == len(units)-1}
		if _, err := st.SetLabel(context.Background(), ch); err != nil {
			t.Fatal(err)
		}
	}
}

func loadHIT(t *testing.T, st *Store, item, who int64) HIT {
	t.Helper()
	h, err := st.LoadHIT(context.Background(), item, who)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// A HIT drawn to ask the attention question is not finished by its last
// label but by the answer, which is refused before every step is
// labelled, refused twice, and refused on a HIT that asked none; it is no
// label, and the quality data has it with the right answer counted from
// the pane.
func TestAttentionQuestionFinishesTheHIT(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, ana := seedQuality(t, st, 3, 5, 2)
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 1})

	id, ok, _ := next(t, st, ds, ana.ID)
	if !ok {
		t.Fatal("no HIT")
	}
	if h := loadHIT(t, st, id, ana.ID); !h.Attention || h.AttentionAnswer != nil {
		t.Fatalf("at rate 1 the HIT asks: %+v", h)
	}
	answer := func(n int) error {
		return st.AnswerAttention(ctx, AttentionAnswer{ItemID: id, AnnotatorID: ana.ID, Answer: n})
	}
	if err := answer(3); err == nil || !strings.Contains(err.Error(), "label every step") {
		t.Fatalf("an answer before the labels: %v", err)
	}
	labelPane(t, st, id, ana.ID, 3)
	if h := loadHIT(t, st, id, ana.ID); h.Finished {
		t.Fatal("the last label finished a HIT whose attention question waits")
	}
	if done, _, _ := st.Progress(ctx, ds, ana.ID); done != 0 {
		t.Fatalf("done %d before the answer", done)
	}
	if err := answer(MaxAttentionAnswer + 1); err == nil {
		t.Fatal("an answer past the bound was taken")
	}
	if err := answer(2); err != nil {
		t.Fatal(err)
	}
	h := loadHIT(t, st, id, ana.ID)
	if !h.Finished || h.AttentionAnswer == nil || *h.AttentionAnswer != 2 {
		t.Fatalf("after the answer: %+v", h)
	}
	if _, ok := h.Labels["attention"]; ok || len(h.Labels) != 4 {
		t.Fatalf("labels %v: the answer is no label", h.Labels)
	}
	if done, _, _ := st.Progress(ctx, ds, ana.ID); done != 1 {
		t.Fatalf("done %d after the answer", done)
	}
	if err := answer(3); err == nil || !strings.Contains(err.Error(), "answered already") {
		t.Fatalf("a second answer: %v", err)
	}

	// Undoing a label reopens the HIT; labelling it again finishes it,
	// the question being answered.
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: ana.ID, Unit: "pane_quality", Source: "undo"}); err != nil {
		t.Fatal(err)
	}
	labelPane(t, st, id, ana.ID, 3)
	if h := loadHIT(t, st, id, ana.ID); !h.Finished {
		t.Fatal("relabelled after an undo, the answered HIT is not finished")
	}

	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5})
	other, ok, _ := next(t, st, ds, ana.ID)
	if !ok {
		t.Fatal("no second HIT")
	}
	labelPane(t, st, other, ana.ID, 5)
	if h := loadHIT(t, st, other, ana.ID); h.Attention || !h.Finished {
		t.Fatalf("at rate 0: %+v", h)
	}
	if err := st.AnswerAttention(ctx, AttentionAnswer{ItemID: other, AnnotatorID: ana.ID, Answer: 5}); !errors.Is(err, ErrNotAsked) {
		t.Fatalf("an answer to a HIT that asked none: %v", err)
	}

	q, err := st.ReadQuality(ctx, testLead(t, st), ds)
	if err != nil {
		t.Fatal(err)
	}
	want := []QualityAttention{{Annotator: "ana", Item: id, Expected: 3, Answer: 2}}
	if fmt.Sprint(q.Attention) != fmt.Sprint(want) {
		t.Errorf("quality data %+v, want %+v", q.Attention, want)
	}
}

// A rate of attention questions is refused for a kind that asks none (a
// compare dataset's pairs), in the store, and leaves the policy as it was.
func TestAttentionRateOnlyWhereAsked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, _ := seedPairs(t, st, 2)
	tr := Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 0.2}
	if err := st.CheckTraining(ctx, ds, tr); err == nil {
		t.Error("CheckTraining took an attention rate for compare pairs")
	}
	if err := st.SetTraining(ctx, testLead(t, st), ds, tr); err == nil || !strings.Contains(err.Error(), "asks no attention question") {
		t.Errorf("SetTraining: %v", err)
	}
	if got, _ := st.DatasetTraining(ctx, ds); got.AttentionRate != 0 {
		t.Errorf("the refused rate was kept: %v", got.AttentionRate)
	}
	tr.AttentionRate = 1.5
	if err := tr.Check(); err == nil {
		t.Error("a rate of 1.5 passed the check")
	}
}

// Wrong answers count as failed checks: an annotator who miscounts three
// times in a row is paused once pause-after is reached, and the pause
// says that attention questions were counted.
func TestWrongAttentionAnswersPause(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	ds, ana := seedQuality(t, st, 2, 2, 2, 2, 2)
	st.Draws = rand.New(rand.NewPCG(3, 4))
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseBelow: 0.6, PauseAfter: 3, AttentionRate: 1})
	for i := range 3 {
		id, ok, nw := next(t, st, ds, ana.ID)
		if !ok {
			t.Fatalf("HIT %d: none (%+v)", i+1, nw)
		}
		labelPane(t, st, id, ana.ID, 2)
		if err := st.AnswerAttention(ctx, AttentionAnswer{ItemID: id, AnnotatorID: ana.ID, Answer: 4}); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok, nw := next(t, st, ds, ana.ID); ok || !nw.Paused {
		t.Fatalf("after three wrong counts: ok %v %+v", ok, nw)
	}
	hist, err := st.StandingHistory(ctx, ds)
	if err != nil || len(hist) != 1 || !strings.Contains(hist[0].Detail, "0 of 3 attention questions") {
		t.Fatalf("history %+v %v", hist, err)
	}
}

// A changed file that drops [attention] takes the questions waiting
// unanswered with it, in its own transaction: a HIT that waited only for
// the answer finishes then (it could never finish otherwise: no screen
// asks the question any more), one with labels still to give finishes with
// its last label, an answered question stays. A change refused for
// another reason drops nothing.
func TestDroppedAttentionFinishesWaitingHITs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	f, text := shippedAs(t, "store-attention-drop")
	ds, ana := seedFile(t, st, guidelines.ProtocolText{File: f, Text: text}, 2, 2, 2)
	lead := testLead(t, st)
	bo, err := st.SetRole(ctx, lead, "bo", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 1})
	answered, _, _ := next(t, st, ds, ana.ID)
	labelPane(t, st, answered, ana.ID, 2)
	if err := st.AnswerAttention(ctx, AttentionAnswer{ItemID: answered, AnnotatorID: ana.ID, Answer: 2}); err != nil {
		t.Fatal(err)
	}
	waits, _, _ := next(t, st, ds, ana.ID)
	labelPane(t, st, waits, ana.ID, 2)
	partial, _, _ := next(t, st, ds, bo.ID)
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: partial, AnnotatorID: bo.ID, Unit: "answer_quality_1", Value: ptr(3)}); err != nil {
		t.Fatal(err)
	}
	if h := loadHIT(t, st, waits, ana.ID); h.Finished || !h.Attention {
		t.Fatalf("before the change: %+v", h)
	}
	before := loadHIT(t, st, waits, ana.ID).Rev.N

	dropped, _, ok := strings.Cut(string(text), "\n[attention]")
	if !ok {
		t.Fatal("Task 2's file asks no attention question")
	}
	dropped += "\n"
	refused := strings.Replace(dropped, `names = ["very poor", "poor", "fair", "good", "excellent"]`,
		`names = ["excellent", "good", "fair", "poor", "very poor"]`, 1)
	for _, c := range []struct {
		text string
		ok   bool
	}{{refused, false}, {dropped, true}} {
		g, err := guidelines.ParseProtocolFile("dropped", []byte(c.text))
		if err != nil {
			t.Fatal(err)
		}
		if err := st.AddProtocol(ctx, lead, g, []byte(c.text)); (err == nil) != c.ok {
			t.Fatalf("the change (taken: %v): %v", c.ok, err)
		}
		if !c.ok && loadHIT(t, st, waits, ana.ID).Finished {
			t.Fatal("a refused change finished the waiting HIT")
		}
	}
	h := loadHIT(t, st, waits, ana.ID)
	if !h.Finished || h.Attention || h.Rev.N <= before {
		t.Errorf("the HIT that waited for its answer, after [attention] went: finished %v, asks %v, rev %d (was %d)",
			h.Finished, h.Attention, h.Rev.N, before)
	}
	if done, _, _ := st.Progress(ctx, ds, ana.ID); done != 2 {
		t.Errorf("ana has done %d HITs, want 2", done)
	}
	if h := loadHIT(t, st, answered, ana.ID); !h.Finished || h.AttentionAnswer == nil || *h.AttentionAnswer != 2 {
		t.Errorf("the answered HIT: %+v", h)
	}
	if h := loadHIT(t, st, partial, bo.ID); h.Finished || h.Attention {
		t.Errorf("bo's HIT with a label to give: %+v", h)
	}
	labelPane(t, st, partial, bo.ID, 2)
	if h := loadHIT(t, st, partial, bo.ID); !h.Finished {
		t.Error("bo's last label did not finish the HIT")
	}
}

// A question drawn by a process that had not yet read a change dropping
// [attention] (the change ended the questions waiting then, not this
// one) waits for nothing: no screen asks it, and the HIT's last label
// finishes it as any HIT's.
func TestStaleAttentionQuestionWaitsForNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	f, text := shippedAs(t, "store-attention-stale")
	dropped, _, ok := strings.Cut(string(text), "\n[attention]")
	if !ok {
		t.Fatal("Task 2's file asks no attention question")
	}
	g, err := guidelines.ParseProtocolFile("stale", []byte(dropped+"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Attention == nil || g.Attention != nil {
		t.Fatal("the files ask wrong")
	}
	ds, ana := seedFile(t, st, guidelines.ProtocolText{File: g, Text: []byte(dropped + "\n")}, 2)
	id, ok, _ := next(t, st, ds, ana.ID)
	if !ok {
		t.Fatal("no HIT")
	}
	// What the stale process's drawAttention left.
	if _, err := st.db.Exec(`INSERT INTO attention (item_id, annotator_id, expected, asked_at) VALUES (?, ?, 2, 'then')`, id, ana.ID); err != nil {
		t.Fatal(err)
	}
	labelPane(t, st, id, ana.ID, 2)
	if h := loadHIT(t, st, id, ana.ID); !h.Finished || h.Attention {
		t.Errorf("the HIT after its last label: finished %v, asks %v", h.Finished, h.Attention)
	}
	if done, _, _ := st.Progress(ctx, ds, ana.ID); done != 1 {
		t.Errorf("done %d", done)
	}
}

// answerAsked labels every unit of a HIT (the last label marked as
// finishing it, as the screen sends it), then answers its attention
// question with n.
func answerAsked(t *testing.T, st *Store, item, who int64, units []string, value, n int) {
	t.Helper()
	ctx := context.Background()
	for i, u := range units {
		ch := LabelChange{ItemID: item, AnnotatorID: who, Unit: u, Value: ptr(value), Finish: i == len(units)-1}
		if _, err := st.SetLabel(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	if h := loadHIT(t, st, item, who); !h.Attention || h.Finished {
		t.Fatalf("labelled, the HIT asks and waits: %+v", h)
	}
	if err := st.AnswerAttention(ctx, AttentionAnswer{ItemID: item, AnnotatorID: who, Answer: n}); err != nil {
		t.Fatal(err)
	}
	if h := loadHIT(t, st, item, who); !h.Finished || h.AttentionAnswer == nil || *h.AttentionAnswer != n {
		t.Fatalf("answered: %+v", h)
	}
}

// qualityAttention is the quality data's attention answers for the
// dataset, by item: the right answer and the one given.
func qualityAttention(t *testing.T, st *Store, ds int64) map[int64][2]int {
	t.Helper()
	q, err := st.ReadQuality(context.Background(), testLead(t, st), ds)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int64][2]int{}
	for _, a := range q.Attention {
		out[a.Item] = [2]int{a.Expected, a.Answer}
	}
	return out
}

// A MIMICS dataset takes an attention rate; at rate 1 every pane's HIT
// ends with the question, whose right answer is the candidate answers the
// pane shows (three of five options filled shows three), and the quality
// data has a wrong answer as wrong and a right one as right.
func TestAttentionQuestionOnMIMICSPanes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "panes", guidelines.MIMICS.Kind, "mimics-manual")
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]int{"three": 3, "two": 2}
	for _, p := range []Pane{{Query: "three", Question: "Which?", Options: [5]string{"a", "b", "", "d"}},
		{Query: "two", Question: "Which?", Options: [5]string{"a", "b"}}} {
		if _, err := im.AddPane(p); err != nil {
			t.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ana, err := st.SetRole(ctx, lead, "ana", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 1})
	want := map[int64][2]int{}
	for range 2 {
		id, ok, nw := next(t, st, ds, ana.ID)
		if !ok {
			t.Fatalf("no HIT: %+v", nw)
		}
		it, err := st.ItemByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		n := shown[it.Query]
		units := []string{"question", "answer_set"}
		for j := range n {
			units = append(units, fmt.Sprintf("landing_%d", j+1))
		}
		given := n
		if n == 3 {
			given = 5 // counted the options, not the answers shown
		}
		answerAsked(t, st, id, ana.ID, units, 2, given)
		want[id] = [2]int{n, given}
	}
	if got := qualityAttention(t, st, ds); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("quality data %v, want %v (right, given)", got, want)
	}
}

// A ClariMM dataset takes an attention rate; the question's right answer
// is the conversation's turns.
func TestAttentionQuestionOnClariMMConversations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	clarimm, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	im, err := st.BeginProtocolImport(ctx, lead, "convs", "", clarimm.File, clarimm.Text)
	if err != nil {
		t.Fatal(err)
	}
	turns := map[string]int{"c3": 3, "c1": 1}
	for id, n := range turns {
		type turn struct {
			Question string `json:"question"`
			Answer   string `json:"answer"`
		}
		line := struct {
			ID    string `json:"id"`
			Topic string `json:"topic"`
			Facet string `json:"facet"`
			Turns []turn `json:"turns"`
		}{ID: id, Topic: "topic " + id, Facet: "intent"}
		it := FileItem{UID: id, Query: line.Topic, Question: line.Facet}
		for j := range n {
			line.Turns = append(line.Turns, turn{Question: fmt.Sprintf("question %d?", j+1), Answer: "yes"})
			it.Options[j] = line.Turns[j].Question
		}
		b, err := json.Marshal(line)
		if err != nil {
			t.Fatal(err)
		}
		it.Rows = []string{string(b)}
		if _, err := im.AddFileItem(it); err != nil {
			t.Fatal(err)
		}
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ana, err := st.SetRole(ctx, lead, "ana", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 1})
	want := map[int64][2]int{}
	for range 2 {
		id, ok, nw := next(t, st, ds, ana.ID)
		if !ok {
			t.Fatalf("no HIT: %+v", nw)
		}
		it, err := st.ItemByID(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		n := turns[it.UID]
		var units []string
		for j := range n {
			units = append(units, fmt.Sprintf("relevance_%d", j+1))
		}
		units = append(units, "coherence", "diversity", "intent_reveal")
		given := n
		if n == 3 {
			given = 4 // one too many
		}
		answerAsked(t, st, id, ana.ID, units, 4, given)
		want[id] = [2]int{n, given}
	}
	if got := qualityAttention(t, st, ds); fmt.Sprint(got) != fmt.Sprint(want) || len(got) != 2 {
		t.Errorf("quality data %v, want %v (right, given)", got, want)
	}
}
