package tui

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The same annotator in two windows, each its own process's store on one
// file: a key in the window that still shows what the other has since
// finished (or changed) is refused, writes nothing, and that window shows
// the HIT as saved and says why.
func TestStaleWindowIsRefused(t *testing.T) {
	for _, c := range []struct {
		name  string
		bKeys []string // what the second window keys
		why   string
	}{
		{"finished", []string{"1", "0"}, "finished in another window"},
		{"changed", []string{"left", "left", "0"}, "changed in another window"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := context.Background()
			st, ds, an := demoOnDisk(t, data.DemoDataset)
			other, err := store.Open(ctx, st.Path())
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { other.Close() })
			wait := func(tm *teatest.TestModel, what string, ok func() bool) {
				t.Helper()
				teatest.WaitFor(t, tm.Output(), func([]byte) bool { return ok() },
					teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
			}
			a := program(t, st, ds, an, 100, 30)
			teatest.WaitFor(t, a.Output(), func(b []byte) bool { return bytes.Contains(b, []byte("HIT 1 ·")) },
				teatest.WithDuration(10*time.Second))
			for _, k := range []string{"enter", "2", "1", "2", "2"} {
				a.Send(keyMsg(k))
			}
			var item int64
			labelsNow := func() map[string]int {
				item = firstOpenItem(t, st, an.ID)
				l, _ := st.Labels(ctx, item, an.ID)
				return l
			}
			wait(a, "A's four labels", func() bool { return len(labelsNow()) == 4 })
			// A now shows landing page 3 of 4. B opens the same HIT there.
			b := program(t, other, ds, an, 100, 30)
			teatest.WaitFor(t, b.Output(), func(out []byte) bool { return bytes.Contains(out, []byte("HIT 1 ·")) },
				teatest.WithDuration(10*time.Second))
			for _, k := range c.bKeys {
				b.Send(keyMsg(k))
			}
			before := map[string]int{}
			wait(b, "B's keys", func() bool {
				h, _ := other.LoadHIT(ctx, item, an.ID)
				before = h.Labels
				if c.name == "finished" {
					return h.Finished
				}
				return h.Labels["landing_1"] == 0
			})
			history := historyRows(t, st, item)
			a.Send(keyMsg("2"))
			final := waitStatus(t, a, c.why)
			after, _ := st.Labels(ctx, item, an.ID)
			if !equalLabels(after, before) || historyRows(t, st, item) != history {
				t.Fatalf("a stale window's keys were written: %v, was %v", after, before)
			}
			if v := final.View().Content; !strings.Contains(v, "HIT 1 ·") {
				t.Fatalf("the stale window does not show the HIT again:\n%s", v)
			}
			b.Send(keyMsg("q"))
			b.FinalModel(t, teatest.WithFinalTimeout(10*time.Second))
		})
	}
}

// waitStatus waits until the program's status says text, quits it, and
// gives its final model.
func waitStatus(t *testing.T, tm *teatest.TestModel, text string) *Model {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
		teatest.WithDuration(10*time.Second))
	time.Sleep(200 * time.Millisecond) // the reload behind the message
	tm.Send(keyMsg("q"))
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*Model)
}

func firstOpenItem(t *testing.T, st *store.Store, annotatorID int64) int64 {
	t.Helper()
	var id int64
	storetest.DB(t, st).QueryRow(`SELECT item_id FROM hits WHERE annotator_id = ? ORDER BY started_at LIMIT 1`, annotatorID).Scan(&id)
	return id
}

func historyRows(t *testing.T, st *store.Store, item int64) int {
	t.Helper()
	var n int
	if err := storetest.DB(t, st).QueryRow(`SELECT count(*) FROM label_history WHERE item_id = ?`, item).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
