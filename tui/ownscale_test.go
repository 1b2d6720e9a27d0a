package tui

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The lead's statistics view of a ClariQ study (need 1–4, usefulness 1–3;
// less the request the lead has open) draws each type's labels on its own
// scale, usefulness with no 4, and
// the quality pager gives each annotator's agreement per type, saying
// that no figure pools the two scales.
func TestStatisticsOnEachTypesOwnScale(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	text := datatest.ClariQ("tui-clariq")
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for a, name := range datatest.ClariQAnnotators {
		if _, err := demotest.Import(ctx, st, lead, strings.NewReader(datatest.ClariQRows(a)), "clariq.tsv", data.Options{
			Format: store.Format(f.Name), Formats: []data.Format{data.ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)})}, Dataset: "clariq", LabelsAs: name}); err != nil {
			t.Fatal(err)
		}
	}
	h := startOn(t, st, lead, "clariq", 120, 60, false)
	h.keys("s")
	h.expect("Statistics · clariq")
	use := regexp.MustCompile(`(?m)^ *usefulness +[123]+ .*$`).FindString(h.screen())
	if use == "" || strings.Contains(use, "4 ") || !regexp.MustCompile(`  3 \d+% 2 \d+% 1 \d+%  n `).MatchString(use) {
		t.Errorf("usefulness is not on its own scale: %q\n%s", use, h.screen())
	}
	h.expect("Labels on the need scale")
	h.expect("Labels on the usefulness scale")
	h.keys("esc", "Q")
	for i := 0; i < 50 && !strings.Contains(h.screen(), "Per unit type"); i++ {
		h.keys("down")
	}
	h.expect("Per unit type, each on its own scale (the unit types' scales differ: need")
	if !regexp.MustCompile(`(?m)^ *ana +usefulness +– +70% of 10 +0\.35`).MatchString(h.screen()) {
		t.Errorf("no row of ana's usefulness figures:\n%s", h.screen())
	}
}
