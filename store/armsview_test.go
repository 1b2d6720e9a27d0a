package store_test

import (
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// armsDataset is a dataset "study" of three MIMICS panes, labels run
// "judge" over it (pane i's every unit labelled i%3), and the arms of
// spec set by the lead before any HIT; it returns the dataset and each
// pane's run labels.
func armsDataset(t *testing.T, st *store.Store, spec string) (store.Dataset, map[int64]map[string]int) {
	t.Helper()
	ctx := context.Background()
	lead := storetest.Lead(t, st)
	tsv := data.ManualHeader() + "\n"
	for i := range 3 {
		tsv += fmt.Sprintf("query %d\tWhich one?\tone\ttwo", i) + strings.Repeat("\t", 10) + "\n"
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(tsv), "study.tsv", data.Options{Dataset: "study"}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]map[string]int{}
	run := "item unit label\n"
	for seq := 1; seq <= 3; seq++ {
		it := storetest.ItemAt(t, st, ds.ID, seq)
		want[it.ID] = map[string]int{}
		for _, u := range guidelines.MIMICS.Units(it.Shape(0)) {
			run += fmt.Sprintf("%s %s %d\n", it.UID, u, seq%3)
			want[it.ID][u] = seq % 3
		}
	}
	labelsRuns := func(guidelines.Kind) []store.RunKind { return []store.RunKind{store.RunLabels} }
	if _, err := data.AddRunBytes(ctx, st, lead, []byte(run), "judge.tsv",
		data.RunOptions{Kind: "labels", Name: "judge", RunKinds: labelsRuns}); err != nil {
		t.Fatal(err)
	}
	if spec != "" {
		arms, err := store.ParseArms(spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind); err != nil {
			t.Fatal(err)
		}
	}
	return ds, want
}

// nextHIT hands who their next HIT of ds (drawing their arm at the first).
func nextHIT(t *testing.T, st *store.Store, ds store.Dataset, who store.Annotator) int64 {
	t.Helper()
	id, ok, _, err := st.NextHIT(context.Background(), ds.ID, who.ID, 0)
	if err != nil || !ok {
		t.Fatalf("%s: no HIT: %v", who.Name, err)
	}
	return id
}

// LoadHIT gives an after: or before: arm's annotator their arm run's
// labels of the HIT's units, and when they are shown; a blind arm's
// annotator, and anyone on an item they hold no HIT on, none.
func TestLoadHITGivesTheArmsRunLabels(t *testing.T) {
	ctx := context.Background()
	for _, shows := range []store.ArmShows{store.ShowsAfter, store.ShowsBefore} {
		t.Run(string(shows), func(t *testing.T) {
			st := storetest.Open(t)
			ds, runLabels := armsDataset(t, st, "blind=1, "+string(shows)+":judge=1")
			blind := storetest.Person(t, st, "bea", store.RoleAnnotator)
			shown := storetest.Person(t, st, "sam", store.RoleAnnotator)
			other := storetest.Person(t, st, "oli", store.RoleAnnotator)
			bItem := nextHIT(t, st, ds, blind) // first drawn: blind, the first named on a tie
			sItem := nextHIT(t, st, ds, shown)
			h, err := st.LoadHIT(ctx, sItem, shown.ID)
			if err != nil {
				t.Fatal(err)
			}
			if h.SuggestWhen != shows || !maps.Equal(h.Suggested, runLabels[sItem]) {
				t.Errorf("%s arm: suggested %v %q, want %v %q", shows, h.Suggested, h.SuggestWhen, runLabels[sItem], shows)
			}
			if h, err := st.LoadHIT(ctx, bItem, blind.ID); err != nil || h.Suggested != nil || h.SuggestWhen != "" {
				t.Errorf("the blind arm is given %v %q (%v)", h.Suggested, h.SuggestWhen, err)
			}
			// Not their HIT: an item they hold none on shows nothing of
			// the run, to them or to an annotator with no arm yet.
			free := storetest.ItemAt(t, st, ds.ID, 3).ID
			if free == sItem || free == bItem {
				t.Fatalf("pane 3 was handed out (%d, %d)", sItem, bItem)
			}
			for _, who := range []store.Annotator{shown, other} {
				if h, err := st.LoadHIT(ctx, free, who.ID); err != nil || h.Suggested != nil {
					t.Errorf("%s, holding no HIT on the item, is given %v (%v)", who.Name, h.Suggested, err)
				}
			}
		})
	}
}

// Below the lead a reading of a dataset with arms holds no run (its
// name, labels or figures); a lead's holds them, as does anyone's of a
// dataset without arms.
func TestReadingWithholdsRunsOnADatasetWithArms(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	armed, _ := armsDataset(t, st, "blind=1, after:judge=1")
	ana := storetest.Person(t, st, "ana", store.RoleAnnotator)
	adj := storetest.Person(t, st, "ada", store.RoleAdjudicator)
	plainSt := storetest.Open(t)
	plain, _ := armsDataset(t, plainSt, "")
	count := func(st *store.Store, who store.Annotator, ds store.Dataset) (runs, labels int) {
		t.Helper()
		r, err := st.ReadFigures(ctx, who, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		all, err := r.Runs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		id := int64(0)
		if all != nil {
			id = all[0].ID
		} else if lead, err := st.ReadFigures(ctx, storetest.Lead(t, st), ds.ID); err == nil {
			// The run's id, as a reader who may not list it could guess it.
			leadRuns, _ := lead.Runs(ctx)
			id = leadRuns[0].ID
			lead.Close()
		}
		rl, err := r.RunLabels(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		return len(all), len(rl)
	}
	for _, who := range []store.Annotator{ana, adj} {
		if runs, labels := count(st, who, armed); runs != 0 || labels != 0 {
			t.Errorf("%s (%s) reads %d runs, %d run labels of a dataset with arms", who.Name, who.Role, runs, labels)
		}
	}
	if runs, labels := count(st, storetest.Lead(t, st), armed); runs != 1 || labels == 0 {
		t.Errorf("the lead reads %d runs, %d run labels", runs, labels)
	}
	ana2 := storetest.Person(t, plainSt, "ana", store.RoleAnnotator)
	if runs, labels := count(plainSt, ana2, plain); runs != 1 || labels == 0 {
		t.Errorf("without arms an annotator reads %d runs, %d run labels", runs, labels)
	}
}
