package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// pickListToml picks one of a request's facets (a list of five columns,
// the most a list has before lists of any length come).
const pickListToml = `name = "pick-facet"
title = "Pick the facet"
items = "requests"

[item]
header = ["request", "f1", "f2", "f3", "f4", "f5"]
id = ["request"]
text = ["request"]
list = ["f1", "f2", "f3", "f4", "f5"]
list_name = "facet"

[[step]]
title = "Which facet should be asked about first?"
unit = "facet"
kind = "choice"
show = ["request", "list"]
`

// pickRowsToml picks the best of a topic's questions (grouped rows).
const pickRowsToml = `name = "pick-question"
title = "Pick the question"
items = "topics"

[item]
header = ["topic", "question"]
id = ["topic"]
group = "topic"
text = ["topic", "question"]
row_name = "question"

[[step]]
title = "Which question is best?"
unit = "best"
kind = "choice"
show = ["topic", "question"]
`

// choiceHarness imports rows under a protocol file and opens ana's HIT
// screen on them at w×h.
func choiceHarness(t *testing.T, toml, name, rows string, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile(name+".toml", []byte(toml))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.ImportProtocolFile(ctx, st, storetest.Lead(t, st), strings.NewReader(rows), name+".tsv", f, []byte(toml), data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, name, w, h, false)
}

// twelveQuestions is one topic with twelve questions, question 10 the
// long one.
func twelveQuestions() string {
	var b strings.Builder
	b.WriteString("topic\tquestion\n")
	for i := 1; i <= 12; i++ {
		q := fmt.Sprintf("question number %d?", i)
		if i == 10 {
			q = "Do you mean " + strings.Repeat("a rather long-winded thing ", 5) + "or not?"
		}
		fmt.Fprintf(&b, "jaguar\t%s\n", q)
	}
	return b.String()
}

// Issue 45, point 6 (choice), on the screen: each facet has its key
// beside it at 80×24 and 40×12; a key beside no facet says what the keys
// are and labels nothing; the key beside a facet picks it, stored as its
// number, and the screen marks it.
func TestChoiceOfAListOnScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			rows := "request\tf1\tf2\tf3\tf4\tf5\njaguar\tthe car\tthe cat\tthe team\t\t\n"
			h := choiceHarness(t, pickListToml, "pick", rows, size[0], size[1])
			h.expect("Which facet")
			for _, want := range []string{"1 the car", "2 the cat", "3 the team"} {
				h.readThen() // the screen as it opens, paged down to the end
				if !strings.Contains(h.whole(), want) {
					t.Errorf("no %q beside its facet:\n%s", want, h.screen())
				}
			}
			h.readThen("5")
			h.expect("no facet on 5")
			if got := h.labels(1); len(got) != 0 {
				t.Fatalf("key 5 of 3 facets labelled: %v", got)
			}
			h.readThen("2")
			if got := h.labels(1); !equalLabels(got, map[string]int{"facet": 2}) || !h.hitState(1).Finished {
				t.Fatalf("after key 2: %v, finished %v", got, h.hitState(1).Finished)
			}
			storetest.CheckClean(t, h.st)
		})
	}
}

// Issue 45, point 6 (choice), over twelve grouped rows: keys 1-9 then b
// and c beside the questions (with their numbers, since keys and numbers
// part past 9), the twelfth said to be past what can be picked, and b
// picks question 10, at 80×24 and 40×12.
func TestChoiceOfTwelveRowsOnScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h := choiceHarness(t, pickRowsToml, "topics", twelveQuestions(), size[0], size[1])
			h.expect("Which question")
			h.readThen()
			whole := h.whole()
			for _, want := range []string{"1  1 question number 1?", "9  9 question number 9?", "b 10 Do you mean a", "c 11 question number 11?", "1 question past the first 11"} {
				if !strings.Contains(whole, want) {
					t.Errorf("no %q:\n%s", want, whole)
				}
			}
			h.readThen("b")
			if got := h.labels(1); !equalLabels(got, map[string]int{"best": 10}) {
				t.Fatalf("after key b: %v", got)
			}
			storetest.CheckClean(t, h.st)
		})
	}
}

// whole is all of the current step's content, as the screen scrolls
// through it, its colours stripped, and its choices line.
func (h *harness) whole() string {
	h.t.Helper()
	m := h.m.hit
	v := m.hit.kind.build(m, m.hit, m.width, m.height)
	return ansi.Strip(strings.Join(append(v.lines, v.choices...), "\n"))
}

// Issue 45, point 6 (choice), on the adjudication screen at 40×12: a
// referred pick shows the item's elements numbered; a key past the
// item's elements is refused as the store refuses it, and the key of an
// element decides it.
func TestAdjudicateChoice(t *testing.T) {
	ctx := context.Background()
	rows := "request\tf1\tf2\tf3\tf4\tf5\njaguar\tthe car\tthe cat\tthe team\t\t\n"
	h := choiceHarness(t, pickListToml, "pick", rows, 40, 12)
	lead := storetest.Lead(t, h.st)
	ds, err := h.st.DatasetByName(ctx, "pick")
	if err != nil {
		t.Fatal(err)
	}
	it := storetest.ItemAt(t, h.st, ds.ID, 1)
	if err := h.st.Refer(ctx, it.ID, []string{"facet"}, lead, "check"); err != nil {
		t.Fatal(err)
	}
	h = startOn(t, h.st, lead, "pick", 40, 12, true)
	h.expect("jaguar")
	h.keys("5")
	h.expect("not saved: adjudicate facet: facet 5")
	h.keys("pgdown", "pgdown", "2")
	var d int
	if err := storetest.DB(t, h.st).QueryRow(`SELECT value FROM adjudications WHERE item_id = ? AND unit = 'facet'`, it.ID).Scan(&d); err != nil || d != 2 {
		t.Fatalf("decision after key 2: %d (%v)\n%s", d, err, h.screen())
	}
}

// A choice among a grouped item's rows that share a column (ClariQ's
// request on every question's row) shows the request once, at the top,
// and each key beside the row's own question, not beside the request.
func TestChoiceOfRowsSharingARequest(t *testing.T) {
	toml := strings.NewReplacer(`header = ["topic", "question"]`, `header = ["topic", "request", "question"]`,
		`text = ["topic", "question"]`, `text = ["topic", "request", "question"]`,
		`show = ["topic", "question"]`, `show = ["topic", "request", "question"]`).Replace(pickRowsToml)
	rows := "topic\trequest\tquestion\n"
	for i := 1; i <= 4; i++ {
		rows += fmt.Sprintf("t1\tTell me about jaguars.\tquestion number %d?\n", i)
	}
	h := choiceHarness(t, toml, "topics", rows, 80, 24)
	h.expect("Which question")
	whole := h.whole()
	if n := strings.Count(whole, "Tell me about jaguars."); n != 1 {
		t.Errorf("the request shows %d times:\n%s", n, whole)
	}
	for _, want := range []string{"1 question number 1?", "4 question number 4?"} {
		if !strings.Contains(whole, want) {
			t.Errorf("no %q:\n%s", want, whole)
		}
	}
	h.readThen("3")
	if got := h.labels(1); !equalLabels(got, map[string]int{"best": 3}) {
		t.Fatalf("after key 3: %v", got)
	}
}

// With the annotator's own label keys ([labels] "1" = "d", "2" = "f"),
// the choice step names those keys beside the elements, under the step
// and when a key picks nothing: never a built-in key that no longer
// picks. Pressing d picks element 1.
func TestChoiceKeysAreTheAnnotatorsOwn(t *testing.T) {
	withKeys(t, parseKeys(t, "[labels]\n\"1\" = \"d\"\n\"2\" = \"f\"\n"), map[string]string{"1": "d", "2": "f"})
	rows := "request\tf1\tf2\tf3\tf4\tf5\njaguar\tthe car\tthe cat\tthe team\t\t\n"
	h := choiceHarness(t, pickListToml, "pick", rows, 80, 24)
	h.readThen()
	whole := h.whole()
	for _, want := range []string{"d 1 the car", "f 2 the cat", "3 3 the team", "pick one facet: d f 3"} {
		if !strings.Contains(strings.Join(strings.Fields(whole), " "), want) {
			t.Errorf("no %q:\n%s", want, whole)
		}
	}
	h.readThen("d")
	if got := h.labels(1); got["facet"] != 1 {
		t.Errorf("after d: %v\n%s", got, h.screen())
	}
}

// A choice step with a none (key 0) says so beside the elements' keys, at
// 80×24 and 40×12: nothing else on the screen names the key, and it picks
// none, stored as the step's first value less one.
func TestChoiceNoneIsSaidOnScreen(t *testing.T) {
	withNone := strings.Replace(pickListToml, `kind = "choice"`, "kind = \"choice\"\nnone = \"none fits\"", 1)
	for _, c := range []struct {
		w, h int
		want string
	}{{80, 24, "pick one facet: 1-3 · 0 none fits"}, {40, 12, "pick one facet: 1-3 · 0 none fits"}} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			rows := "request\tf1\tf2\tf3\tf4\tf5\njaguar\tthe car\tthe cat\tthe team\t\t\n"
			h := choiceHarness(t, withNone, "pick", rows, c.w, c.h)
			h.expect("Which facet")
			h.readThen()
			if !strings.Contains(h.screen(), c.want) {
				t.Errorf("the choices line does not say %q:\n%s", c.want, h.screen())
			}
			h.readThen("0")
			if got := h.labels(1); !equalLabels(got, map[string]int{"facet": 0}) {
				t.Fatalf("after key 0: %v", got)
			}
		})
	}
}
