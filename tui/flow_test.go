package tui

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data/demotest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
)

// A whole HIT through a real Bubble Tea program: the labels are in the
// database when the program has quit, and a new program resumes after them.
func TestFlowThroughProgram(t *testing.T) {
	ctx := context.Background()
	st, ds, an := demoOnDisk(t, data.DemoDataset)
	start := func() *teatest.TestModel { return program(t, st, ds, an, 80, 24) }
	waitFor := func(tm *teatest.TestModel, s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(10*time.Second))
	}

	tm := start()
	waitFor(tm, "Review the search results")
	it, final := finishHIT(t, tm, st, ds, an, 1, []string{"enter", "2", "1", "2", "2", "1", "0"})
	if v := final.View().Content; !bytes.Contains([]byte(v), []byte("HIT 2 ·")) {
		t.Fatalf("final screen:\n%s", v)
	}
	got, _ := st.Labels(ctx, it.ID, an.ID)
	want := map[string]int{"question": 2, "answer_set": 1, "landing_1": 2, "landing_2": 2, "landing_3": 1, "landing_4": 0}
	if !equalLabels(got, want) {
		t.Fatalf("labels %v, want %v", got, want)
	}

	tm = start()
	waitFor(tm, "sourdough starter")
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

// One HIT of each task kind through a real Bubble Tea program at 60x20,
// from the first key to the next HIT: every label is in the database, and
// the screen has moved on.
func TestFlowPerKindAt60x20(t *testing.T) {
	for _, c := range []struct {
		dataset string
		seq     int // the first HIT ana gets
		keys    []string
		next    string
	}{
		{data.DemoDataset, 1, []string{"enter", "2", "1", "2", "2", "1", "0"}, "HIT 2 ·"},
		// pgup first: the intent the header cut is read before turn 1 is rated
		{data.DemoConversations, 1, []string{"pgup", "4", "3", "5", "4", "2", "3"}, "HIT 2 ·"},
		{data.DemoNuggets, 5, []string{"2", "1", "0", "2", "2"}, "HIT 6 ·"},
		{data.DemoNecessity, 1, []string{"1", "2"}, "HIT 2 ·"},
		{data.DemoPairs, 1, []string{"3"}, "HIT 2 ·"},
	} {
		t.Run(c.dataset, func(t *testing.T) {
			ctx := context.Background()
			st, ds, an := demoOnDisk(t, c.dataset)
			tm := program(t, st, ds, an, 60, 20)
			teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(fmt.Sprintf("HIT %d ·", c.seq))) },
				teatest.WithDuration(10*time.Second))
			it, final := finishHIT(t, tm, st, ds, an, c.seq, c.keys)
			if v := final.View().Content; !strings.Contains(v, c.next) {
				t.Fatalf("final screen:\n%s", v)
			}
			got, _ := st.Labels(ctx, it.ID, an.ID)
			moves := strings.Count(strings.Join(c.keys, " "), "enter") + strings.Count(strings.Join(c.keys, " "), "pgup")
			if len(got) != len(c.keys)-moves {
				t.Fatalf("labels %v after keys %v", got, c.keys)
			}
		})
	}
}

// demoOnDisk is the demo in a database file (as a real run has it), the
// dataset named and ana to label it.
func demoOnDisk(t *testing.T, dataset string) (*store.Store, store.Dataset, store.Annotator) {
	t.Helper()
	ctx := context.Background()
	st := demotest.Store(t)
	ds, _ := st.DatasetByName(ctx, dataset)
	an, _ := st.EnsureAnnotator(ctx, "ana")
	return st, ds, an
}

// program runs the TUI in a real Bubble Tea program on a w×h terminal.
func program(t *testing.T, st *store.Store, ds store.Dataset, an store.Annotator, w, h int) *teatest.TestModel {
	m, err := New(context.Background(), Config{Store: st, Dataset: ds, Annotator: an, Open: func(string) error { return nil }, Kinds: testKinds{st}})
	if err != nil {
		t.Fatal(err)
	}
	return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(w, h),
		teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
}

// finishHIT keys a HIT's labels into a running program, waits until the
// database has the HIT finished, quits, and gives the item and the final
// model. The renderer sends only the cells that change, so later frames
// are not searchable text: it waits on the database instead.
func finishHIT(t *testing.T, tm *teatest.TestModel, st *store.Store, ds store.Dataset, an store.Annotator, seq int, keys []string) (store.Item, *Model) {
	t.Helper()
	ctx := context.Background()
	for _, k := range keys {
		tm.Send(keyMsg(k))
	}
	var it store.Item
	st.EachItem(ctx, ds.ID, func(i store.Item) error {
		if i.Seq == seq {
			it = i
		}
		return nil
	})
	teatest.WaitFor(t, tm.Output(), func([]byte) bool {
		h, err := st.LoadHIT(ctx, it.ID, an.ID)
		return err == nil && h.Finished
	}, teatest.WithDuration(10*time.Second))
	tm.Send(keyMsg("q"))
	return it, tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
}
