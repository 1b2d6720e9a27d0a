package tui

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// A whole HIT through a real Bubble Tea program: the labels are in the
// database when the program has quit, and a new program resumes after them.
func TestFlowThroughProgram(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := data.LoadDemo(ctx, st, storetest.Lead(t, st)); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, data.DemoDataset)
	an, _ := st.EnsureAnnotator(ctx, "ana")
	start := func() *teatest.TestModel {
		m := New(ctx, Config{Store: st, Dataset: ds, Annotator: an, Open: func(string) error { return nil }})
		return teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24),
			teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
	}
	waitFor := func(tm *teatest.TestModel, s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(10*time.Second))
	}

	tm := start()
	waitFor(tm, "Review the search results")
	for _, k := range []string{"enter", "2", "1", "2", "2", "1", "0"} {
		tm.Send(keyMsg(k))
	}
	var it store.Item
	st.EachItem(ctx, ds.ID, func(i store.Item) error {
		if i.Seq == 1 {
			it = i
		}
		return nil
	})
	// The renderer sends only the cells that change, so later frames are
	// not searchable text: wait on the database instead.
	teatest.WaitFor(t, tm.Output(), func([]byte) bool {
		h, err := st.LoadHIT(ctx, it.ID, an.ID)
		return err == nil && h.Finished
	}, teatest.WithDuration(10*time.Second))
	tm.Send(keyMsg("q"))
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
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
		{data.DemoConversations, 1, []string{"4", "3", "5", "4", "2", "3"}, "HIT 2 ·"},
		{data.DemoNuggets, 5, []string{"2", "1", "0", "2", "2"}, "HIT 6 ·"},
	} {
		t.Run(c.dataset, func(t *testing.T) {
			ctx := context.Background()
			st, err := store.Open(ctx, filepath.Join(t.TempDir(), "c.db"))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			if err := data.LoadDemo(ctx, st, storetest.Lead(t, st)); err != nil {
				t.Fatal(err)
			}
			ds, _ := st.DatasetByName(ctx, c.dataset)
			an, _ := st.EnsureAnnotator(ctx, "ana")
			m := New(ctx, Config{Store: st, Dataset: ds, Annotator: an, Open: func(string) error { return nil }})
			tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(60, 20),
				teatest.WithProgramOptions(tea.WithColorProfile(colorprofile.Ascii)))
			teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(fmt.Sprintf("HIT %d ·", c.seq))) },
				teatest.WithDuration(10*time.Second))
			for _, k := range c.keys {
				tm.Send(keyMsg(k))
			}
			var it store.Item
			st.EachItem(ctx, ds.ID, func(i store.Item) error {
				if i.Seq == c.seq {
					it = i
				}
				return nil
			})
			teatest.WaitFor(t, tm.Output(), func([]byte) bool {
				h, err := st.LoadHIT(ctx, it.ID, an.ID)
				return err == nil && h.Finished
			}, teatest.WithDuration(10*time.Second))
			tm.Send(keyMsg("q"))
			final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
			if v := final.View().Content; !strings.Contains(v, c.next) {
				t.Fatalf("final screen:\n%s", v)
			}
			got, _ := st.Labels(ctx, it.ID, an.ID)
			if len(got) != len(c.keys)-strings.Count(strings.Join(c.keys, " "), "enter") {
				t.Fatalf("labels %v after keys %v", got, c.keys)
			}
		})
	}
}
