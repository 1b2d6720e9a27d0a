package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// clariqHarness imports three ClariQ-style gated requests (datatest:
// need, ask, each question's usefulness after a yes, clear, why after
// "not clear") and opens ana's HIT screen on them at w×h.
func clariqHarness(t *testing.T, w, h int) *harness {
	t.Helper()
	return clariqHarnessOf(t, 3, w, h)
}

// clariqHarnessOf is clariqHarness over n requests.
func clariqHarnessOf(t *testing.T, n, w, h int) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(datatest.ClariQGated))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.ImportProtocolFile(ctx, st, storetest.Lead(t, st), strings.NewReader(datatest.ClariQGatedRows(n)),
		"clariq.tsv", f, []byte(datatest.ClariQGated), data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, "clariq", w, h, false)
}

// Issue 43, point 2, on the screen: an annotator keys yes and both
// questions' usefulness, goes back and keys no: the screen says what was
// withdrawn, the store holds neither label (with a history row each), the
// steps read n/a down the chain; keyed yes again, the steps are to do,
// nothing came back, and the HIT is open; an undo of that yes finishes it
// again, still with nothing back.
func TestChangedAnswerWithdrawsOnScreen(t *testing.T) {
	h := clariqHarness(t, 80, 24)
	h.readThen("3", "1", "2", "3")
	h.expect("Is the best question clear?")
	h.keys("left", "left", "left")
	h.expect("Ask a clarifying question?")
	h.readThen("0")
	h.expect("2 labels withdrawn: ask is no")
	h.expect("HIT 2 ·")
	if got := h.labels(1); !equalLabels(got, map[string]int{"need": 3, "ask": 0}) {
		t.Fatalf("HIT 1's labels after the no: %v", got)
	}
	var withdrawn []string
	hist, err := h.st.History(context.Background(), h.item(1).ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range hist {
		if e.New == nil {
			withdrawn = append(withdrawn, e.Unit+" "+e.Source)
		}
	}
	if strings.Join(withdrawn, ", ") != "usefulness_1 withdrawn, usefulness_2 withdrawn" {
		t.Errorf("history of the removals: %v", withdrawn)
	}
	storetest.CheckClean(t, h.st)

	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	h.expect("– usefulness 0/2 n/a")
	h.expect("– why n/a")
	h.keys("right")
	h.readThen("1")
	h.expect("How useful is this question? · question 1 of 2")
	h.expect("● usefulness 0/2")
	if got := h.labels(1); !equalLabels(got, map[string]int{"need": 3, "ask": 1}) || h.hitState(1).Finished {
		t.Fatalf("after yes again: %v, finished %v; want need and ask, open", got, h.hitState(1).Finished)
	}
	storetest.CheckClean(t, h.st)
	h.keys("u")
	h.expect("undid ask")
	h.expect("– usefulness 0/2 n/a")
	if got := h.labels(1); !equalLabels(got, map[string]int{"need": 3, "ask": 0}) || !h.hitState(1).Finished {
		t.Fatalf("after the undo: %v, finished %v; want need and ask 0, finished", got, h.hitState(1).Finished)
	}
	storetest.CheckClean(t, h.st)
}

// The note keeps its place at the smallest window, and says one label,
// and the answer a chain turned on.
func TestWithdrawnNoteAt40x12(t *testing.T) {
	h := clariqHarness(t, 40, 12)
	h.readThen("2", "1", "1", "1", "0", "3") // need, ask, both rows, not clear, why
	h.expect("HIT 2 ·")
	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	for range 4 {
		h.keys("right")
	}
	h.expect("Is the best question clear?")
	h.readThen("1")
	h.expect("1 label withdrawn: clear is yes")
	if got := h.labels(1); len(got) != 5 {
		t.Errorf("after clear yes: %v", got)
	}
}

// A built-in kind's condition keeps the same rule on screen: a necessity
// no after a facet withdraws the facet and says so.
func TestNecessityNoWithdrawsTheFacetOnScreen(t *testing.T) {
	st := storetest.Open(t)
	importText(t, st, "nec", formatNecessity,
		`{"id": "r1", "request": "I need a visa", "facets": ["destination country", "visa type"]}
{"id": "r2", "request": "What is the capital of Peru?", "facets": ["a", "b"]}
`)
	ana, _ := st.EnsureAnnotator(context.Background(), "ana")
	h := startOn(t, st, ana, "nec", 80, 24, false)
	h.keys("1", "2")
	h.expect("HIT 1 done.")
	h.keys("l", "g", "enter")
	h.expect("I need a visa")
	h.keys("0")
	h.expect("1 label withdrawn: necessity is no")
	if got := h.labels(1); !equalLabels(got, map[string]int{"necessity": necessityNo}) || !h.hitState(1).Finished {
		t.Errorf("after the no: %v", got)
	}
	storetest.CheckClean(t, st)
}
