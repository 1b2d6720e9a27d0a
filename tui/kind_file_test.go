package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// duoRows are MIMICS-Duo-shaped rows of one query, with a long question
// and text that is not ASCII, in each shipped task's columns: Task 1
// (three panes of the query), Task 2 (a pane with three answers) and
// Task 3 (the same pane). The label columns hold a release's labels,
// which no annotator's screen may show.
func duoRows(kind guidelines.Kind) string {
	q := "café au lait recipes"
	long := "Which of these " + strings.Repeat("rather particular and wordy ", 6) + "ways of making it do you mean?"
	panes := [][]string{{long, "with espresso", "with drip coffee", "vegan (oat milk) — sans lactose"},
		{"Select one to refine your search", "iced", "hot"},
		{"What do you want to know about café au lait?", "calories", "history", "near me", "ratio"}}
	var b strings.Builder
	switch kind {
	case "mimics-duo-rating":
		b.WriteString("query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\toffline rating\n")
		for i, p := range panes {
			opts := append(p[1:], make([]string, 5-len(p[1:]))...)
			fmt.Fprintf(&b, "%s\t%s\t%s\t%d\n", q, p[0], strings.Join(opts, "\t"), 5-i)
		}
	case "mimics-duo-quality":
		b.WriteString("query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\tQuality_Option1\tQuality_Option2\tQuality_Option3\tQuality_Option4\tQuality_Option5\tOverallClarificationPaneQuality" + strings.Repeat("\t", 8) + "\n")
		fmt.Fprintf(&b, "%s\t%s\t%s\t\t\t5\t4\t3\t\t\t2"+strings.Repeat("\t", 8)+"\n", q, panes[0][0], strings.Join(panes[0][1:], "\t"))
	case "mimics-duo-aspects":
		b.WriteString("query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\tCoverage\tDiversity\tUnderstandability\tImportance Order\n")
		fmt.Fprintf(&b, "%s\t%s\t%s\t\t\t1\t2\t3\t4\n", q, panes[0][0], strings.Join(panes[0][1:], "\t"))
	}
	return b.String()
}

// duoHarness imports a shipped MIMICS-Duo protocol's rows and opens ana's
// HIT screen on them.
func duoHarness(t *testing.T, kind guidelines.Kind, w, h int) *harness {
	t.Helper()
	st := storetest.Open(t)
	duoImport(t, st, kind)
	an, err := st.EnsureAnnotator(context.Background(), "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, string(kind), w, h, false)
}

func duoImport(t *testing.T, st *store.Store, kind guidelines.Kind) {
	t.Helper()
	body := duoRows(kind)
	if _, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(body), string(kind)+".tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
}

var duoScale = choicesLine("5", "excellent", "4", "good", "3", "fair", "2", "poor", "1", "very poor")

// readThen keys each label once what it is about has been on screen
// whole, paging to what is left (pgdn, pgup) as an annotator would on a
// screen too small to show it at once: no step takes a label before.
func (h *harness) readThen(labels ...string) {
	h.t.Helper()
	for _, l := range labels {
		for i := 0; h.unread(); i++ {
			if i == 50 {
				h.t.Fatalf("50 pages on, still unread:\n%s", h.screen())
			}
			if h.m.hit.hit.read.above > 0 {
				h.keys("pgup")
			} else {
				h.keys("pgdown")
			}
		}
		h.keys(l)
	}
}

// unread says whether the HIT is on screen with a focus not yet read
// whole.
func (h *harness) unread() bool {
	s := h.m.hit.hit
	onScreen := h.m.screen == screenHIT && !h.m.pagerOpen() && h.m.overlay == overlayNone && !h.m.hit.covered
	return onScreen && s != nil && !s.read.read(s.step().unit)
}

// fileScreens are the HIT screens of the three MIMICS-Duo protocol files,
// each step kind once: an answer of a pane, the pane as a whole, a pane
// of a query's, an aspect.
func fileScreens() []sizedScreen {
	on := func(kind guidelines.Kind, labels ...string) func(t *testing.T, w, h int) *harness {
		return func(t *testing.T, w, h int) *harness {
			hs := duoHarness(t, kind, w, h)
			hs.readThen(labels...)
			return hs
		}
	}
	return []sizedScreen{
		{name: "duo_quality_answer2", start: on("mimics-duo-quality", "4"),
			must: []string{"answer 2 of 3", "▸ 2  with drip coffee"}, scale: duoScale},
		{name: "duo_quality_pane", start: on("mimics-duo-quality", "4", "3", "2"),
			must: []string{"The pane as a whole", "question"}, scale: duoScale},
		{name: "duo_rating_pane3", start: on("mimics-duo-rating", "5", "4"),
			must: []string{"pane 3 of 3", "▸ pane 3"}, scale: duoScale},
		{name: "duo_aspects_diversity", start: on("mimics-duo-aspects", "3"),
			must: []string{"Diversity", "café au lait recipes"}, scale: duoScale},
		{name: "duo_quality_attention", start: func(t *testing.T, w, h int) *harness {
			hs := duoAttention(t, "mimics-duo-quality", w, h)
			hs.readThen("4", "3", "2", "1")
			return hs
		}, keys: []string{"3"}, must: []string{"Attention", "answer: 3▏"}},
		{name: "duo_adjudication", start: duoDisputed, must: []string{"answer_quality_1", "▸ 1  with espresso", "decision"}},
	}
}

// duoDisputed is MIMICS-Duo Task 2's pane with three annotators a step
// apart on every unit, the dataset asking exactly three: the first
// answer's quality (1, 2, 3 and the release's 5) waits for adjudication,
// shown to the lead.
func duoDisputed(t *testing.T, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	duoImport(t, st, "mimics-duo-quality")
	lead := storetest.Lead(t, st)
	ds, err := st.DatasetByName(ctx, "mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	pol, err := st.DatasetPolicy(ctx, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	pol.Min, pol.Max = 3, 3
	if err := st.SetPolicy(ctx, lead, ds.ID, pol); err != nil {
		t.Fatal(err)
	}
	it := storetest.ItemAt(t, st, ds.ID, 1)
	units := st.Protocol("mimics-duo-quality").Units(it.Shape(0))
	for a, who := range []string{"ana", "bo", "cy"} {
		an, _ := st.EnsureAnnotator(ctx, who)
		for i, u := range units {
			v := 1 + a + i%2
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: u, Value: &v, Finish: i == len(units)-1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	return startOn(t, st, lead, "mimics-duo-quality", w, h, true)
}

// What a HIT of a protocol file's item holds of its rows is the columns
// its steps show: the release's labels in the label columns never reach
// the screen's model.
func TestFileKindHoldsNoLabelColumns(t *testing.T) {
	h := duoHarness(t, "mimics-duo-quality", 80, 24)
	k := h.m.hit.hit.kind.(*fileKind)
	if len(k.rows) != 1 {
		t.Fatalf("%d rows", len(k.rows))
	}
	for col := range k.rows[0].Cells {
		if col != "query" && col != "question" {
			t.Errorf("the HIT holds column %q", col)
		}
	}
	if got := strings.Join(k.rows[0].List, "|"); got != "with espresso|with drip coffee|vegan (oat milk) — sans lactose" {
		t.Errorf("list %q", got)
	}
}

// One key per label walks a whole HIT of each MIMICS-Duo task and stores
// each label under its unit: every answer's quality then the pane's, every
// pane of the query, the four aspects; back and undo work as on every
// kind; the next HIT opens.
func TestFileKindOneKeyPerLabel(t *testing.T) {
	for _, c := range []struct {
		kind guidelines.Kind
		keys []string
		want map[string]int
	}{
		{"mimics-duo-quality", []string{"5", "4", "3", "2"}, map[string]int{"answer_quality_1": 5, "answer_quality_2": 4, "answer_quality_3": 3, "pane_quality": 2}},
		{"mimics-duo-rating", []string{"1", "left", "2", "3", "4"}, map[string]int{"pane_rating_1": 2, "pane_rating_2": 3, "pane_rating_3": 4}},
		{"mimics-duo-aspects", []string{"1", "2", "u", "5", "3", "4"}, map[string]int{"coverage": 1, "diversity": 5, "understandability": 3, "importance_order": 4}},
	} {
		t.Run(string(c.kind), func(t *testing.T) {
			h := duoHarness(t, c.kind, 80, 24)
			h.keys(c.keys...)
			got := h.labels(1)
			for u, v := range c.want {
				if got[u] != v {
					t.Errorf("%s: %d, want %d (all: %v)", u, got[u], v, got)
				}
			}
			if len(got) != len(c.want) || !h.hitState(1).Finished {
				t.Errorf("labels %v, finished %v", got, h.hitState(1).Finished)
			}
		})
	}
}

// On a screen too small for the whole pane, its whole-pane label waits
// until the annotator has scrolled through it: the key labels nothing
// and says why; read to the end, the same key labels.
func TestFileKindLabelsOnlyWhatWasRead(t *testing.T) {
	h := duoHarness(t, "mimics-duo-aspects", 40, 12)
	h.keys("4")
	h.expect("read it all first")
	if got := h.labels(1); len(got) != 0 {
		t.Fatalf("a key labelled a pane not yet read: %v", got)
	}
	h.readThen("4")
	if got := h.labels(1); got["coverage"] != 4 {
		t.Fatalf("read through, the key did not label: %v", got)
	}
}

// A protocol file's text reaches the screen cleaned: an escape sequence
// in the query column (the HIT's first line) or an answer shows as
// harmless text, never as a terminal command.
func TestFileKindCleansItsText(t *testing.T) {
	st := storetest.Open(t)
	body := "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\tCoverage\tDiversity\tUnderstandability\tImportance Order\n" +
		"evil\x1b]0;pwned\x07 query\tWhich\x1b[2J one?\tred\x1b[31m\tblue\t\t\t\t\t\t\t\n"
	if _, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(body), "evil.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, _ := st.EnsureAnnotator(context.Background(), "ana")
	h := startOn(t, st, an, "evil", 80, 24, false)
	frame := h.m.View().Content
	if strings.Contains(frame, "\x1b]0;") || strings.Contains(frame, "\x07") || strings.Contains(frame, "\x1b[2J") || strings.Contains(frame, "\x1b[31m") {
		t.Fatalf("dataset text reached the terminal raw:\n%q", frame)
	}
	h.expect("evil")
	h.expect("blue")
}

// duoAttention is duoHarness on a dataset that ends every HIT with its
// attention question.
func duoAttention(t *testing.T, kind guidelines.Kind, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	duoImport(t, st, kind)
	lead := storetest.Lead(t, st)
	ds, err := st.DatasetByName(ctx, string(kind))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetTraining(ctx, lead, ds.ID, store.Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: 1}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, string(kind), w, h, false)
}

// A HIT drawn for the attention question ends with it: the last label
// moves to the question instead of finishing; digits type the count (the
// scale's keys label nothing there), backspace takes one back, enter
// gives it and the HIT is done; the answer is no label.
func TestAttentionQuestionOnTheHIT(t *testing.T) {
	h := duoAttention(t, "mimics-duo-quality", 80, 24)
	h.readThen("5", "4", "3", "2")
	if h.hitState(1).Finished {
		t.Fatal("the last label finished a HIT whose question waits")
	}
	h.expect("How many candidate answers did this pane show?")
	h.expect("Attention check")
	h.keys("enter")
	h.expect("type the number")
	h.keys("4", "backspace", "3")
	h.expect("answer: 3▏")
	if got := h.labels(1); got["pane_quality"] != 2 || len(got) != 4 {
		t.Fatalf("digits on the question labelled: %v", got)
	}
	h.keys("enter")
	hit := h.hitState(1)
	if !hit.Finished || hit.AttentionAnswer == nil || *hit.AttentionAnswer != 3 {
		t.Fatalf("after enter: finished %v, answer %v", hit.Finished, hit.AttentionAnswer)
	}
	if got := h.labels(1); len(got) != 4 {
		t.Fatalf("labels after the answer: %v", got)
	}
}

// Going back from the question to a step and relabelling it comes back to
// the question; undo takes back the last label, not the question.
func TestAttentionQuestionBackAndUndo(t *testing.T) {
	h := duoAttention(t, "mimics-duo-quality", 80, 24)
	h.readThen("5", "4", "3", "2")
	h.expect("Attention check")
	h.keys("left")
	h.expect("The pane as a whole")
	h.readThen("1")
	h.expect("Attention check")
	if got := h.labels(1); got["pane_quality"] != 1 || h.hitState(1).Finished {
		t.Fatalf("relabelled from the question: %v, finished %v", got, h.hitState(1).Finished)
	}
	h.keys("u")
	h.expect("undid pane_quality")
	if got := h.labels(1); got["pane_quality"] != 2 {
		t.Fatalf("undo: %v", got)
	}
	h.readThen("3")
	h.keys("3", "enter")
	if hit := h.hitState(1); !hit.Finished || *hit.AttentionAnswer != 3 || hit.Labels["pane_quality"] != 3 {
		t.Fatalf("after the answer: %+v", hit)
	}
}

// Without colours (NO_COLOR, a dumb terminal) the label chosen on a step
// one goes back to is marked by brackets, not by bold alone; with colours
// the screen is as it was.
func TestChosenLabelWithoutColour(t *testing.T) {
	h := duoHarness(t, "mimics-duo-aspects", 80, 24)
	h.readThen("4")
	h.keys("left")
	if s := h.screen(); strings.Contains(s, "[4 good]") {
		t.Fatalf("brackets with colours:\n%s", s)
	}
	h.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	h.expect("[4 good]")
	if s := h.screen(); strings.Count(s, "[") != 1 {
		t.Fatalf("one label is chosen:\n%s", s)
	}
}

// A topic too long for the header at 40×12 (57 of MIMICS-Manual's
// queries are) ends there in "…", and the step's content begins with it
// whole, above what is labelled: scrolling up reads all of it, and the
// step opens where it did.
func TestLongTopicScrollsWhole(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	query := "what are the best ways to learn the go programming language quickly as a beginner"
	tsv := data.ManualHeader() + "\n" + query + "\tWhich one do you mean?\tbooks\tcourses\tvideos" + strings.Repeat("\t", 9) + "\n"
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(tsv), "l.tsv", data.Options{Dataset: "l"}); err != nil {
		t.Fatal(err)
	}
	h := startHarness(t, st, "ana", 40, 12)
	h.keys("enter")
	h.expect("query  what are the best ways to…")
	h.expect("Which one do you mean?")
	h.expect("↑ 3 more")
	h.keys("k", "k", "k")
	seen := strings.Join(strings.Fields(h.screen()), " ")
	if !strings.Contains(seen, "query what are the best ways to learn the go programming language quickly as a beginner") {
		t.Fatalf("scrolled up, the query is not whole:\n%s", h.screen())
	}
	checkFits(t, h, 40, 12)
}

// The statistics view shows each kind's own tables: a protocol file's
// labels by step and unit, not the MIMICS paper's.
func TestStatisticsOfAProtocolKind(t *testing.T) {
	h := duoHarness(t, "mimics-duo-quality", 100, 60)
	h.keys("s")
	h.expect("Statistics · mimics-duo-quality")
	h.expect("mimics-duo-quality: every settled label, by step and by unit")
	h.expect("pane_quality")
	if s := h.screen(); strings.Contains(s, "Table 4") || strings.Contains(s, "question templates") {
		t.Fatalf("the MIMICS tables for a protocol file's kind:\n%s", s)
	}
}

// A protocol file a database kept before label names were checked may
// name a label with an escape sequence; the HIT screen draws the name as
// any dataset text, the escape a visible ␛, never sent to the terminal.
func TestKeptLabelNamesAreDrawnClean(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	shipped, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	// A header of its own: the process knows the kind, and a file of Task
	// 2's header would be two protocols' to the other tests.
	text := strings.Replace(string(shipped.Text), `name = "mimics-duo-quality"`, `name = "tui-kept-escape"`, 1)
	text = strings.ReplaceAll(text, "OverallClarificationPaneQuality", "Overall")
	f, err := guidelines.ParseProtocolFile("kept", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, lead, f, []byte(text)); err != nil {
		t.Fatal(err)
	}
	// As an older claritty kept it; the store reads it at its next look
	// (as a process that opens the database reads it).
	older := strings.Replace(text, `"very poor"`, `"very \u001b[31mpoor"`, 1)
	if _, err := storetest.DB(t, st).Exec(`UPDATE protocols SET text = ?, added_at = '2999-01-01T00:00:00.000Z' WHERE name = 'tui-kept-escape'`, older); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Datasets(ctx); err != nil {
		t.Fatal(err)
	}
	rows := strings.Replace(duoRows("mimics-duo-quality"), "OverallClarificationPaneQuality", "Overall", 1)
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(rows), "kept.tsv",
		data.Options{Format: "tui-kept-escape", Dataset: "kept"}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, an, "kept", 100, 40, false)
	raw := h.m.View().Content
	if scr := h.screen(); !strings.Contains(scr, "1 very ␛[31mpoor") || strings.Contains(raw, "\x1b[31mpoor") {
		t.Errorf("the kept name, drawn:\n%s", scr)
	}
}
