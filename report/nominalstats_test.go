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

// stats gives a nominal scale of three or more categories (CLAMBER's
// MC, FD, LA) its distribution but no mean or std, which would average
// category numbers; a yes/no keeps its mean, the share of yes, checked
// against a count of the file's labels.
func TestNominalCategoriesHaveNoMean(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	text := datatest.ClamberShaped("clamber-stats")
	f, err := guidelines.ParseProtocolFile("c.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	require := []int{1, 0, 1, 1, 0}
	body, yes := "", 0
	for i, c := range []struct{ category, subclass string }{{"MC", "what"}, {"FD", "NK"}, {"LA", "polysemy"}, {"LA", "co-reference"}, {"MC", "none"}} {
		body += datatest.ClamberLine(t, string(rune('a'+i))+"?", "", require[i], c.category, c.subclass)
		yes += require[i]
	}
	res, err := data.ImportProtocolFile(ctx, st, lead, strings.NewReader(body), "c.jsonl", f, []byte(text), data.Options{})
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
	s, err := report.ProtocolFileStats(ctx, r, r.Protocol(f.Name))
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, l := range s.Types {
		switch l.Name {
		case "category", "subclass":
			seen++
			if l.Mean != nil || l.Std != nil || len(l.Distribution) == 0 {
				t.Errorf("%s: mean %v std %v distribution %v; want a distribution alone", l.Name, l.Mean, l.Std, l.Distribution)
			}
		case "require":
			seen++
			if l.Mean == nil || *l.Mean != float64(yes)/5 {
				t.Errorf("require: mean %v, want the share of yes %d/5", l.Mean, yes)
			}
		}
	}
	if seen != 3 {
		t.Errorf("%d of 3 steps in %+v", seen, s.Types)
	}
}
