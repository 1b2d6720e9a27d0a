package tui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
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
