package tui

import (
	"context"
	"fmt"
	"testing"
)

// Issue 43, point 2: a no that finishes the annotator's last HIT says
// what it withdrew on the all-done screen that follows, and the note
// stays on the queue opened from there, at 80×24 and at 40×12.
func TestWithdrawalOnTheLastHITSaysSo(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h := clariqHarnessOf(t, 2, size[0], size[1])
			h.readThen("3", "1", "2", "3", "1") // request 1: need, yes, both questions, clear
			h.expect("HIT 2 ·")
			h.readThen("2", "0") // request 2: need, no
			h.expect("No more HITs")
			h.keys("l", "g", "enter")
			h.expect("HIT 1 ·")
			h.keys("right")
			h.expect("Ask a clarifying")
			h.readThen("0")
			h.expect("No more HITs")
			h.expect("3 labels withdrawn: ask is no")
			if got := h.labels(1); !equalLabels(got, map[string]int{"need": 3, "ask": 0}) || !h.hitState(1).Finished {
				t.Fatalf("HIT 1 after the no: %v, finished %v", got, h.hitState(1).Finished)
			}
			h.keys("l")
			h.expect("3 labels withdrawn: ask is no")
		})
	}
}

// Issue 43, point 2: the header's count of finished HITs is the store's
// after every label: a yes that opens a finished HIT again takes it from
// the count, the undo of that yes gives it back, and an undo that takes
// a label away opens the HIT again.
func TestHeaderCountFollowsReopenAndUndo(t *testing.T) {
	h := clariqHarnessOf(t, 2, 80, 24)
	h.readThen("3", "0") // request 1: need, no: done
	h.expect("HIT 2 ·")
	h.headerIsStore(2, 1)
	h.keys("l", "g", "enter")
	h.expect("HIT 1 ·")
	h.headerIsStore(1, 1)
	h.keys("right")
	h.readThen("1") // yes again: the questions are asked, the HIT is open
	h.expect("How useful is this question?")
	h.headerIsStore(1, 0)
	h.keys("u") // the yes taken back: whole, finished again
	h.expect("undid ask")
	h.headerIsStore(1, 1)
	h.keys("u") // the no taken back: ask has no label, the HIT is open
	h.expect("undid ask")
	h.headerIsStore(1, 0)
	if h.hitState(1).Finished {
		t.Error("HIT 1 is finished with no ask")
	}
}

// headerIsStore fails unless the header shows HIT seq with done finished
// HITs of two, and the store counts the same.
func (h *harness) headerIsStore(seq, done int) {
	h.t.Helper()
	ctx := context.Background()
	ds, an := h.m.cfg.Dataset.ID, h.m.cfg.Annotator.ID
	stored, _, err := h.st.Progress(ctx, ds, an)
	if err != nil {
		h.t.Fatal(err)
	}
	open, err := h.st.OpenHITs(ctx, ds, an)
	if err != nil {
		h.t.Fatal(err)
	}
	gotSeq, gotDone, yours := h.header()
	if gotSeq != seq || gotDone != done || yours != 2 || stored != done || stored+open != 2 {
		h.t.Fatalf("header: HIT %d · %d done / %d yours; the store: %d done, %d open; want HIT %d · %d done / 2 yours",
			gotSeq, gotDone, yours, stored, open, seq, done)
	}
}
