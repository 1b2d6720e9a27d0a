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

// needInHarness imports three requests of issue 45's ClariQ study
// (datatest.ClariQNeedIn: need 1–4, each question's usefulness when the
// need is 2, 3 or 4) and opens ana's HIT screen on them at 80×24.
func needInHarness(t *testing.T) *harness {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(datatest.ClariQNeedIn))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := data.ImportProtocolFile(ctx, st, storetest.Lead(t, st), strings.NewReader(datatest.ClariQGatedRows(3)),
		"clariq.tsv", f, []byte(datatest.ClariQNeedIn), data.Options{}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return startOn(t, st, an, "clariq", 80, 24, false)
}

// Issue 45, point 5, on the screen: the usefulness steps are asked after
// a need of 3 and of 2, and not after a need of 1 (that HIT is whole with
// the need alone). Back on the first HIT, the need changed from 3 to 2
// withdraws nothing; changed to 1, it withdraws both usefulness labels,
// says so, and the steps read n/a.
func TestWhenInOnScreen(t *testing.T) {
	h := needInHarness(t)
	h.readThen("3")
	h.expect("How useful is this question? · question 1 of 2")
	h.readThen("2", "3")
	h.expect("HIT 2 ·")
	h.readThen("2")
	h.expect("How useful is this question? · question 1 of 3")
	h.readThen("1", "1", "1")
	h.expect("HIT 3 ·")
	h.readThen("1")
	if got := h.labels(3); !equalLabels(got, map[string]int{"need": 1}) || !h.hitState(3).Finished {
		t.Fatalf("HIT 3 after need 1: %v, finished %v; want need alone, finished", got, h.hitState(3).Finished)
	}
	if got := h.labels(2); !equalLabels(got, map[string]int{"need": 2, "usefulness_1": 1, "usefulness_2": 1, "usefulness_3": 1}) {
		t.Fatalf("HIT 2: %v", got)
	}

	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	h.expect("How much does the request need clarifying?")
	h.readThen("2")
	if strings.Contains(h.screen(), "withdrawn") {
		t.Errorf("need 3 → 2 says something was withdrawn:\n%s", h.screen())
	}
	if got := h.labels(1); !equalLabels(got, map[string]int{"need": 2, "usefulness_1": 2, "usefulness_2": 3}) || !h.hitState(1).Finished {
		t.Fatalf("HIT 1 after need 3 → 2: %v, finished %v", got, h.hitState(1).Finished)
	}
	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	h.expect("How much does the request need clarifying?")
	h.readThen("1")
	h.expect("2 labels withdrawn: need is no need")
	if got := h.labels(1); !equalLabels(got, map[string]int{"need": 1}) || !h.hitState(1).Finished {
		t.Fatalf("HIT 1 after need 2 → 1: %v, finished %v", got, h.hitState(1).Finished)
	}
	var withdrawn int
	hist, err := h.st.History(context.Background(), h.item(1).ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range hist {
		if e.New == nil && e.Source == "withdrawn" {
			withdrawn++
		}
	}
	if withdrawn != 2 {
		t.Errorf("%d withdrawn history rows; want 2", withdrawn)
	}
	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	h.expect("– usefulness 0/2 n/a")
	storetest.CheckClean(t, h.st)
}
