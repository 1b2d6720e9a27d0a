package tui

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The statistics view's gold against online engagement says why a figure
// is undefined (every pane's landing gold is 1), how many resamples each
// interval used of the 1,000 drawn, and that under ten panes are few.
func TestStatsViewSaysTheOnlineBasis(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var manual, clicks strings.Builder
	manual.WriteString(data.ManualHeader() + "\n")
	clicks.WriteString("query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\timpression_level\tengagement_level\t" +
		"option_cctr_1\toption_cctr_2\toption_cctr_3\toption_cctr_4\toption_cctr_5\n")
	for i, p := range [][2]int{{0, 1}, {1, 3}, {2, 5}, {1, 2}, {2, 7}, {0, 4}} {
		fmt.Fprintf(&manual, "q%d\tWhich?\ta\tb\t\t\t\t%d\t1\t1\t1\t\t\t\n", i, p[0])
		fmt.Fprintf(&clicks, "q%d\tWhich?\ta\tb\t\t\t\tmedium\t%d\t0\t0\t\t\t\n", i, p[1])
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(clicks.String()), "clicks.tsv", data.Options{Dataset: "clicks"}); err != nil {
		t.Fatal(err)
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(manual.String()), "manual.tsv", data.Options{Dataset: "manual",
		LabelsAs: "ann", Policy: &store.Policy{Min: 1, Max: 1, Lease: time.Hour}}); err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, lead, "manual", 160, 40, false)
	msg := h.m.openStats()().(statsMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	text := strings.Join(msg.lines, "\n")
	for _, want := range []*regexp.Regexp{regexp.MustCompile(`landing\s+all\s+\d\s.*the gold does not vary: every pane's is 1`),
		regexp.MustCompile(`question\s+all\s+\d\s.* \d{3,4} of 1000 +few panes \(under 10\)`)} {
		if !want.MatchString(text) {
			t.Errorf("the statistics view lacks %s:\n%s", want, text)
		}
	}
}
