package report_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// A per-annotator row counts items, not units, against the policy's
// --withhold-below: two panes of seven units each (fourteen units) are two
// items, too few to show ana's and bo's rows to eve, who finished a third
// pane of her own; with five panes under them the rows show.
func TestPeopleRowsCountItemsNotUnits(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		shared int
		shown  bool
	}{{2, false}, {5, true}} {
		t.Run(fmt.Sprint(c.shared, " panes"), func(t *testing.T) {
			st := storetest.Open(t)
			im, err := st.BeginImport(ctx, storetest.Lead(t, st), "task", "mimics", "mimics-manual")
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.shared + 1 {
				p := store.Pane{Query: fmt.Sprint("query ", i), Question: "Which one?", Options: [5]string{"a", "b", "c", "d", "e"}}
				if _, err := im.AddPane(p); err != nil {
					t.Fatal(err)
				}
			}
			im.SetPolicy(store.Policy{Min: 2, Max: 2, Lease: time.Hour}) // the shared panes want nobody more
			ds := im.DatasetID()
			if _, err := im.Commit(); err != nil {
				t.Fatal(err)
			}
			all := func(v int) map[string]int {
				m := map[string]int{"question": v, "answer_set": v}
				for l := 1; l <= 5; l++ {
					m[fmt.Sprint("landing_", l)] = v
				}
				return m
			}
			for seq := 1; seq <= c.shared; seq++ {
				storetest.KeyHIT(t, st, ds, seq, "ana", all(2))
				storetest.KeyHIT(t, st, ds, seq, "bo", all(seq%3))
			}
			storetest.KeyHIT(t, st, ds, c.shared+1, "eve", all(1))
			rep, err := report.StudyReport(ctx, storetest.ReadFigures(t, st, "eve", ds), agreement.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, a := range rep.Annotators {
				names = append(names, a.Annotator)
			}
			if shown := len(rep.Annotators) == 2; shown != c.shown {
				t.Errorf("eve sees the in-majority rows %v over %d panes (withheld %q); want shown %v",
					names, c.shared, rep.Withheld, c.shown)
			}
		})
	}
}
