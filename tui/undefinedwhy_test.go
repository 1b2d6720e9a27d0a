package tui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The quality pager (Q) gives no share of HITs too fast for annotators
// none of whose HITs has a time (the demo's are merged: no step events):
// – in the fast column, and the reason under the table.
func TestQualityPagerSaysWhyFastIsUndefined(t *testing.T) {
	st := demotest.Store(t)
	h := startOn(t, st, storetest.Lead(t, st), data.DemoDataset, 120, 50, false)
	h.keys("Q")
	h.expect("Annotator quality")
	screen := h.screen()
	if !regexp.MustCompile(`(?m)^ *demo-kai +20 +– +– `).MatchString(screen) {
		t.Errorf("demo-kai's 20 untimed HITs do not read – for median HIT and fast:\n%s", screen)
	}
	if !strings.Contains(strings.Join(strings.Fields(screen), " "), "median HIT and fast – for demo-kai, demo-lin, demo-mo: "+
		"none of their 20 HITs has a recorded time (no step events: a HIT merged from a labels file has none)") {
		t.Errorf("the pager does not say why fast is –:\n%s", screen)
	}
}

// The side pane of a compare dataset for an annotator who judged every
// pair has no verdict to count, and says why: a table over the pairs
// they judged would tell them which system wrote which side.
func TestComparePaneSaysWhyItHasNoVerdicts(t *testing.T) {
	st := storetest.Open(t)
	pairs := `{"id": "q1", "request": "request 1", "outputs": {"x": "X1", "y": "Y1", "z": "Z1"}}` + "\n"
	importPairs(t, st, "pairs", pairs, "", &store.Policy{Min: 1, Max: 1, Lease: time.Hour})
	h := startOn(t, st, storetest.Person(t, st, "ana", store.RoleAnnotator), "pairs", 120, 40, false)
	for range 3 {
		h.keys("2")
	}
	h.keys("tab")
	h.expect("systems · gold so far")
	pane := strings.Join(strings.Fields(paneText(h.screen())), " ")
	if !strings.Contains(pane, "no verdicts: every pair is left out for you: you judged them all") {
		t.Errorf("the pane does not say why it has no verdicts:\n%s", h.screen())
	}
}
