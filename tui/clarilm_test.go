package tui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// importPairs imports a compare dataset's pairs under policy, then, when
// labels is not empty, a labels file of it, both as the lead.
func importPairs(t *testing.T, st *store.Store, dataset, pairs, labels string, policy *store.Policy) {
	t.Helper()
	ctx, lead := context.Background(), storetest.Lead(t, st)
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(pairs), dataset+".jsonl",
		data.Options{Format: data.FormatPairs, Dataset: dataset, Policy: policy}); err != nil {
		t.Fatal(err)
	}
	if labels == "" {
		return
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(labels), dataset+".tsv",
		data.Options{Format: data.FormatLabels, Dataset: dataset}); err != nil {
		t.Fatal(err)
	}
}

// importText imports a file's text as the lead.
// The necessity kind, the protocol file claritty ships: its format's
// name, and its stored labels (yes 1, no 0; facet k k + 2, facetValue).
const formatNecessity store.Format = "necessity"

const (
	necessityYes = 1
	necessityNo  = 0
)

// facetValue is facet k's stored label, as the release before stored it
// (necessity.toml's first = 3: facet k is k + 2, none 2).
func facetValue(k int) int { return k + 2 }

func importText(t *testing.T, st *store.Store, dataset string, format store.Format, text string) {
	t.Helper()
	_, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(text), dataset+".jsonl",
		data.Options{Format: format, Dataset: dataset})
	if err != nil {
		t.Fatal(err)
	}
}

// A necessity request: 1 yes leads to the facets, a facet finishes the
// HIT; 0 no finishes it at once; a facet the request lacks is refused
// before it could be keyed.
func TestJudgeNecessity(t *testing.T) {
	st := storetest.Open(t)
	importText(t, st, "nec", formatNecessity,
		`{"id": "r1", "request": "I need a visa", "context": [{"role": "user", "text": "planning a trip"}], "facets": ["destination country", "visa type"]}
{"id": "r2", "request": "What is the capital of Peru?", "facets": ["a", "b"]}
{"id": "r3", "request": "Book it", "context": [{"role": "user", "text": "the 7 pm table"}]}
`)
	ana, _ := st.EnsureAnnotator(context.Background(), "ana")
	h := startOn(t, st, ana, "nec", 80, 24, false)
	h.expect("Does the request need clarification?")
	h.expect("I need a visa")
	h.expect("planning a trip")
	h.expect("1 yes")
	h.keys("1")
	h.expect("Which facet should be clarified first?")
	h.expect("destination country")
	h.keys("3")
	h.expect("this request has 2 candidate facets")
	h.keys("2")
	h.expect("HIT 1 done.")
	h.expect("What is the capital of Peru?")
	if got := h.labels(1); !equalLabels(got, map[string]int{"necessity": necessityYes, "facet": facetValue(2)}) {
		t.Errorf("request 1 labels %v", got)
	}
	h.keys("0")
	h.expect("Book it")
	if got := h.labels(2); !equalLabels(got, map[string]int{"necessity": necessityNo}) {
		t.Errorf("request 2 labels %v", got)
	}
	if hs := h.hitState(2); !hs.Finished {
		t.Error("a no did not finish the HIT")
	}
	// A request without candidates has no facet step: it reads n/a by
	// name from the start, and a yes finishes the HIT.
	h.expect("– facet n/a")
	h.keys("1")
	h.expect("No more HITs for you in nec: you finished 3.")
	if got := h.labels(3); !equalLabels(got, map[string]int{"necessity": necessityYes}) || !h.hitState(3).Finished {
		t.Errorf("request 3 labels %v", got)
	}
}

// The compare screen never shows a system's name, at any size, while it
// shows both outputs; 1 and 3 label the side shown as A and B, stored from
// the first system's side whichever side it was drawn on; over the items
// the first system is on the left as often as on the right.
func TestCompareIsBlind(t *testing.T) {
	st := storetest.Open(t)
	var b strings.Builder
	const n = 12
	for i := range n {
		fmt.Fprintf(&b, `{"id": "q%d", "request": "request %d", "outputs": {"zebrasys": "zeta output %d", "quokkasys": "kappa output %d"}}`+"\n", i, i, i, i)
	}
	importText(t, st, "cmp", data.FormatPairs, b.String())
	ana, _ := st.EnsureAnnotator(context.Background(), "ana")
	left := 0
	for _, size := range [][2]int{{40, 12}, {60, 20}, {80, 24}, {120, 40}} {
		h := startOn(t, st, ana, "cmp", size[0], size[1], false)
		for _, name := range []string{"zebrasys", "quokkasys"} {
			if strings.Contains(h.screen(), name) {
				t.Fatalf("%dx%d: the compare screen shows %q:\n%s", size[0], size[1], name, h.screen())
			}
		}
		if size[0] >= 80 {
			h.expect(" A ")
			h.expect(" B ")
		}
	}
	h := startOn(t, st, ana, "cmp", 120, 40, false)
	for seq := 1; seq <= n; seq++ {
		h.expect(fmt.Sprintf("request %d", seq-1))
		screen := h.screen()
		if strings.Contains(screen, "zebrasys") || strings.Contains(screen, "quokkasys") {
			t.Fatalf("HIT %d shows a system:\n%s", seq, screen)
		}
		// quokkasys sorts first: its output is "kappa…". Is it A?
		aIsFirst := strings.Index(screen, "kappa output") < strings.Index(screen, "zeta output")
		if aIsFirst {
			left++
		}
		h.keys("1") // A better
		want := guidelines.PreferLose
		if aIsFirst {
			want = guidelines.PreferWin
		}
		if got := h.labels(seq)["preference"]; got != want {
			t.Errorf("HIT %d: 1 (A better) stored %d, want %d (first system on the left: %v)", seq, got, want, aIsFirst)
		}
	}
	if left != n/2 {
		t.Errorf("the first system was on the left in %d of %d pairs", left, n)
	}
}

// A tied comparison reaches adjudication blind too: the votes read as the
// judges saw them (A better, B better), no system is named, and 1 decides
// for A, stored from the first system's side by the item's drawn order.
func TestAdjudicateComparisonBlind(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	_, err := demotest.Import(ctx, st, lead, strings.NewReader(
		`{"id": "q1", "request": "Book a table", "outputs": {"zebrasys": "zeta: how many?", "quokkasys": "kappa: done"}}`+"\n"),
		"cmp.jsonl", data.Options{Dataset: "cmp", Policy: &store.Policy{Min: 2, Max: 2, Lease: time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "cmp")
	var it store.Item
	st.EachItem(ctx, ds.ID, func(x store.Item) error { it = x; return nil })
	for i, who := range []string{"ana", "bo"} {
		an, _ := st.EnsureAnnotator(ctx, who)
		v := []int{guidelines.PreferWin, guidelines.PreferLose}[i]
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: "preference", Value: &v, Finish: true}); err != nil {
			t.Fatal(err)
		}
	}
	sides, err := st.PairSides(ctx, it.ID)
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, lead, "cmp", 100, 30, true)
	h.expect("1× 1 A better") // in value order, which the drawn side decides
	h.expect("1× 3 B better")
	h.expect("decision: none yet: 1 2 3 decides")
	for _, name := range []string{"zebrasys", "quokkasys"} {
		if strings.Contains(h.screen(), name) {
			t.Fatalf("adjudication shows %q:\n%s", name, h.screen())
		}
	}
	h.keys("1")
	h.expect("decision: 1 A better")
	want := guidelines.PreferLose // quokkasys, first by name, is B
	if sides.FirstIsA {
		want = guidelines.PreferWin
	}
	var got int
	storetest.DB(t, st).QueryRow(`SELECT value FROM adjudications WHERE item_id = ?`, it.ID).Scan(&got)
	if got != want {
		t.Errorf("1 (A better) decided %d, want %d (first system is A: %v)", got, want, sides.FirstIsA)
	}
}

// Where A and B do not fit together (40x12), a key labels nothing until B
// has been on screen to its end: the label weighs both.
func TestCompareWaitsForBothOutputs(t *testing.T) {
	st := storetest.Open(t)
	long := strings.Repeat("word ", 40)
	importText(t, st, "cmp", data.FormatPairs,
		`{"id": "q1", "request": "r", "outputs": {"x": "first `+long+`end", "y": "second `+long+`end"}}`+"\n")
	ana, _ := st.EnsureAnnotator(context.Background(), "ana")
	h := startOn(t, st, ana, "cmp", 40, 12, false)
	h.keys("3")
	h.expect("read it all first")
	if got := h.labels(1); len(got) != 0 {
		t.Fatalf("labelled %v before B was read", got)
	}
	for i := 0; i < 20 && strings.Contains(h.screen(), "more (j"); i++ {
		h.keys("j")
	}
	h.keys("3")
	if got := h.labels(1); len(got) != 1 {
		t.Fatalf("after reading to the end, 3 labelled %v:\n%s", got, h.screen())
	}
}

// A swapped repeat comes back unannounced with the sides the other way
// round: the output shown as A the first time is B now, and "A better"
// then speaks for the other system, so a judge who keys 1 both times has
// changed their verdict, as the quality data records.
func TestSwappedRepeatShowsTheOtherSide(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	var b strings.Builder
	for i := range 8 {
		fmt.Fprintf(&b, `{"id": "q%d", "request": "request %d", "outputs": {"zebrasys": "zeta output %d", "quokkasys": "kappa output %d"}}`+"\n", i, i, i, i)
	}
	importText(t, st, "cmp", data.FormatPairs, b.String())
	lead := storetest.Lead(t, st)
	d, err := st.DatasetByName(ctx, "cmp")
	if err != nil {
		t.Fatal(err)
	}
	st.Draws = rand.New(rand.NewPCG(5, 5))
	if err := st.SetTraining(ctx, lead, d.ID, store.Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, SwapRate: 0.5}); err != nil {
		t.Fatal(err)
	}
	ana, _ := st.EnsureAnnotator(ctx, "ana")
	h := startOn(t, st, ana, "cmp", 120, 40, false)
	aWasKappa := map[string]bool{}
	swaps := 0
	for range 14 {
		screen := h.screen()
		req := regexp.MustCompile(`request \d+`).FindString(screen)
		if req == "" {
			break
		}
		aIsKappa := strings.Index(screen, "kappa output") < strings.Index(screen, "zeta output")
		if before, seen := aWasKappa[req]; seen {
			swaps++
			if aIsKappa == before {
				t.Fatalf("%s came back with A the same output as before:\n%s", req, screen)
			}
		} else {
			aWasKappa[req] = aIsKappa
		}
		h.keys("1") // A better, every time
	}
	if swaps == 0 {
		t.Fatal("no swapped repeat came back")
	}
	q, err := st.ReadQuality(ctx, lead, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Repeats) != swaps {
		t.Fatalf("%d repeat pairs, %d seen", len(q.Repeats), swaps)
	}
	for _, r := range q.Repeats {
		if !r.Swapped || r.First != guidelines.PreferWin+guidelines.PreferLose-r.Second || r.First == guidelines.PreferTie {
			t.Errorf("A better both times, sides swapped, yet %+v", r)
		}
	}
}

// On the adjudication screen a facet the request lacks is refused as the
// store refuses it, said on the status line, and nothing is decided.
func TestAdjudicateFacetThatFits(t *testing.T) {
	st := storetest.Open(t)
	importText(t, st, "nec", formatNecessity,
		`{"id": "r1", "request": "I need a visa", "facets": ["destination country", "visa type"]}
`)
	ctx := context.Background()
	lead := storetest.Lead(t, st)
	ds, err := st.DatasetByName(ctx, "nec")
	if err != nil {
		t.Fatal(err)
	}
	it := storetest.ItemAt(t, st, ds.ID, 1)
	if err := st.Refer(ctx, it.ID, []string{"facet"}, lead, "check"); err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, lead, "nec", 80, 24, true)
	h.expect("I need a visa")
	h.keys("5")
	h.expect("not saved: adjudicate facet: facet 5 does not fit the item")
	var n int
	if err := storetest.DB(t, st).QueryRow(`SELECT count(*) FROM adjudications`).Scan(&n); err != nil || n != 0 {
		t.Errorf("%d decisions after a facet the request lacks (%v)", n, err)
	}
}
