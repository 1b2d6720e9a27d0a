package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
)

// queueStatus is the annotator's status on HIT seq, as the store says.
func (h *harness) queueStatus(seq int) store.Status {
	h.t.Helper()
	rows, err := h.st.Queue(context.Background(), h.m.cfg.Dataset.ID, h.m.cfg.Annotator.ID, store.QueueFilter{}, seq-1, 1)
	if err != nil || len(rows) != 1 {
		h.t.Fatalf("queue row %d: %v %v", seq, rows, err)
	}
	return rows[0].Status
}

// z puts the HIT off: the next one shows, and the queue says "later".
func TestLaterKey(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.expect("HIT 1 ·")
	h.keys("enter", "2") // two labels keyed first: they stay
	h.keys("z")
	h.expect("HIT 1 put off")
	h.expect("HIT 2 ·")
	if s := h.queueStatus(1); s != store.StatusLater {
		t.Fatalf("HIT 1 is %q after z", s)
	}
	if l := h.labels(1); l["question"] != 2 {
		t.Fatalf("labels keyed before z: %v", l)
	}
	// In the queue, f steps through the states: to do, in progress, later.
	h.keys("l", "f")
	h.expect("of 40 HITs · to do")
	h.keys("f", "f")
	h.expect("1 of 40 HITs · later")
	if r, ok := h.m.queue.selected(); !ok || r.Seq != 1 || len(h.m.queue.rows) != 1 {
		t.Fatalf("the later filter lists %v", h.m.queue.rows)
	}
	h.keys("esc")
	h.expect("Queue · 40 HITs")
	h.keys("esc")
	h.expect("HIT 2 ·")
}

// R asks first; only y gives the HIT back.
func TestGiveBackKey(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.keys("R")
	h.expect("Give HIT 1 back for others to do?")
	h.keys("n")
	h.expect("kept: the HIT is still yours")
	if s := h.queueStatus(1); s != store.StatusInProgress {
		t.Fatalf("HIT 1 is %q after R n", s)
	}
	h.keys("R", "y")
	h.expect("HIT 1 given back")
	h.expect("HIT 2 ·")
	if s := h.queueStatus(1); s != store.StatusGivenBack {
		t.Fatalf("HIT 1 is %q after R y", s)
	}
}

// / finds HITs by their query; esc shows every HIT again.
func TestQueueSearch(t *testing.T) {
	h := newHarness(t, 100, 30)
	want := h.item(19).Query
	word := strings.Fields(want)[0]
	h.keys("l", "/")
	h.typeText(strings.ToUpper(word))
	h.keys("enter")
	h.expect("“" + strings.ToUpper(word) + "”")
	if len(h.m.queue.rows) == 0 {
		t.Fatalf("no row found for %q:\n%s", word, h.screen())
	}
	for _, r := range h.m.queue.rows {
		if !strings.Contains(strings.ToLower(r.Query), strings.ToLower(word)) {
			t.Errorf("row %d %q does not hold %q", r.Seq, r.Query, word)
		}
	}
	h.keys("/")
	h.typeText("no such text anywhere")
	h.keys("enter")
	h.expect("no HIT passes this filter")
	h.keys("esc")
	h.expect("Queue · 40 HITs")
}
