package report_test

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// stats on the shipped clamber protocol gives each nominal scale's
// categories (MC, FD, LA; NK, ICL: two categories too) their distribution
// but no mean or std, which would average category numbers; the 0/1
// require keeps its mean, the share of yes, checked against the lines,
// and the written clarifying question its answers' mean length.
func TestNominalCategoriesHaveNoMean(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	shipped, err := guidelines.FindShipped("clamber")
	if err != nil {
		t.Fatal(err)
	}
	lines := []struct {
		require            int
		category, subclass string
	}{{1, "MC", "what"}, {0, "FD", "NK"}, {1, "LA", "polysemy"}, {1, "FD", "ICL"}, {0, "MC", "none"}}
	body, yes := "", 0
	for i, l := range lines {
		clarifying := ""
		if l.require == 1 {
			clarifying = "Which one?"
		}
		body += datatest.ClamberReleaseLine(t, string(rune('a'+i))+"?", clarifying, l.require, l.category, l.subclass)
		yes += l.require
	}
	res, err := data.ImportProtocolFile(ctx, st, lead, strings.NewReader(body), "c.jsonl", shipped.File, shipped.Text, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, res.Dataset)
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.ReadFigures(ctx, lead, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	s, err := report.ProtocolFileStats(ctx, r, r.Protocol(shipped.File.Name))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, l := range s.Types {
		switch l.Name {
		case "category", "mc_subclass", "fd_subclass":
			seen++
			if l.Mean != nil || l.Std != nil || len(l.Distribution) == 0 {
				t.Errorf("%s: mean %v std %v distribution %v; want a distribution alone", l.Name, l.Mean, l.Std, l.Distribution)
			}
		case "clarifying_question": // written: the mean is of the answers' lengths
			seen++
			if l.Mean == nil || *l.Mean != float64(len("Which one?")) {
				t.Errorf("clarifying_question: mean length %v, want %d", l.Mean, len("Which one?"))
			}
		case "require":
			seen++
			if l.Mean == nil || *l.Mean != float64(yes)/float64(len(lines)) {
				t.Errorf("require: mean %v, want the share of yes %d/%d", l.Mean, yes, len(lines))
			}
		}
	}
	if seen != 5 {
		t.Errorf("%d of 5 steps in %+v", seen, s.Types)
	}
}
