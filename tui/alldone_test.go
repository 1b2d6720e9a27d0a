package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// eightRequests is groupedProtocol's study of 8 requests, one question
// each, that want 3 annotators, all labelled by ana, bo and cy: requests
// 1-3 agreed on both units, 4-6 split three ways on both, 7-8 on the need
// alone. So all 8 have all the annotators they need, 3 of them settled
// by their labels, 5 with a tie, and 2×3 + 2 = 8 units wait.
func eightRequests(t *testing.T) *store.Store {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	tsv := "request\tquestion\n"
	for i := 1; i <= 8; i++ {
		tsv += fmt.Sprintf("request %d\tquestion %d?\n", i, i)
	}
	importProtocol(t, st, "eight", groupedProtocol, tsv)
	ds, err := st.DatasetByName(ctx, "eight")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetPolicy(ctx, storetest.Lead(t, st), ds.ID, store.Policy{Min: 3, Max: 3, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	for a, name := range []string{"ana", "bo", "cy"} {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for seq := 1; seq <= 8; seq++ {
			need, use := 2, 2
			if seq >= 4 {
				need = a + 1
			}
			if seq >= 4 && seq <= 6 {
				use = a + 1
			}
			it := storetest.ItemAt(t, st, ds.ID, seq)
			for i, l := range []struct {
				unit string
				v    int
			}{{"need", need}, {"usefulness_1", use}} {
				if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: l.unit, Value: &l.v, Finish: i == 1}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return st
}

// The all-done screen offers only the keys its reader may use (an
// annotator is not offered adjudication; an adjudicator is), and its
// counts say what they count: all 8 requests have all the annotators
// they need, 3 settled by their labels and 5 with a tie, whose 8 tied
// units wait for adjudication (it used to say only "3 requests have all
// the annotators they need", the settled ones).
func TestAllDoneSaysWhatItCounts(t *testing.T) {
	st := eightRequests(t)
	for _, size := range []struct{ w, h int }{{80, 24}, {40, 12}, {200, 60}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			h := openAs(t, st, "eight", size.w, size.h)
			said := strings.Join(strings.Fields(h.screen()), " ") // as one line, wrapped or not
			for _, want := range []string{"you finished 8.", "8 requests have all the annotators they need: 3 settled by their labels, 5 with a tie;",
				"8 units wait for adjudication."} {
				if !strings.Contains(said, want) {
					t.Fatalf("the all-done screen does not say %q:\n%s", want, h.screen())
				}
			}
			if strings.Contains(said, "a adjudicate") {
				t.Fatalf("an annotator is offered adjudication:\n%s", h.screen())
			}
			for _, k := range h.m.hit.ShortHelp() {
				if k.Help().Key == "a" {
					t.Fatalf("an annotator's all-done keys offer %q %q", k.Help().Key, k.Help().Desc)
				}
			}
		})
	}
	t.Run("adjudicator", func(t *testing.T) {
		ctx := context.Background()
		if _, err := st.SetRole(ctx, storetest.Lead(t, st), "ana", store.RoleAdjudicator); err != nil {
			t.Fatal(err)
		}
		h := openAs(t, st, "eight", 120, 30)
		h.expect("you finished 8")
		h.expect("a adjudicate")
		h.keys("a")
		h.expect("Adjudication · 8 waiting")
	})
}
