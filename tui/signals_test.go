package tui

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store/storetest"
)

// The statistics view shows a lead the panes' click signals and an
// annotator none of them: the store's rule, met on the screen.
func TestStatsViewShowsClickSignalsToLeadsOnly(t *testing.T) {
	st, lead, _ := demoForLead(t, data.DemoDataset, 3)
	if _, err := storetest.DB(t, st).Exec(`UPDATE items SET meta =
		'{"impression_level":"high","engagement_level":7,"option_cctr":[0.5,0.25,0,0,0]}'`); err != nil {
		t.Fatal(err)
	}
	h := startAs(t, st, lead, 120, 40, false)
	h.keys("s")
	h.expect("Statistics · demo")
	for i := 0; i < 300 && !strings.Contains(h.screen(), "Click signals"); i++ {
		h.keys("down")
	}
	h.expect("Click signals (MIMICS-Click; leads only)")
	h.keys("esc")

	h = startHarness(t, st, "ana", 120, 40)
	h.keys("s")
	h.expect("Statistics · demo")
	for i := 0; i < 300 && !strings.Contains(h.screen(), "flagged panes left out"); i++ {
		h.keys("down")
	}
	h.expect("flagged panes left out") // the end of the tables
	for range 20 {
		if strings.Contains(h.screen(), "Click signals") {
			t.Fatal("an annotator's statistics show click signals")
		}
		h.keys("down")
	}
}
