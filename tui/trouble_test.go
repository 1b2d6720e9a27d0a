package tui

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/store/storetest"
)

// When the disk refuses writes, the screen says so once and retries one at
// a time with a growing wait, instead of reloading at once in a loop; the
// retry's reload adds no second "enter" of the step already entered; the
// first write that succeeds ends the trouble.
func TestStorageTroubleBacksOff(t *testing.T) {
	h := newHarness(t, 100, 30)
	events := func() int {
		var n int
		storetest.DB(t, h.st).QueryRow(`SELECT count(*) FROM step_events`).Scan(&n)
		return n
	}
	before := events()
	fail := savedMsg{what: "label", err: fmt.Errorf("save label: %w", context.DeadlineExceeded)}
	scheduled := 0
	for range 20 {
		if _, cmd := h.m.Update(fail); cmd != nil {
			scheduled++
		}
	}
	if scheduled != 1 || h.m.hit.loading || !h.m.hit.retrying || h.m.hit.trouble != 30*time.Second {
		t.Fatalf("20 failures: %d commands, loading %v, retrying %v, wait %v; want one retry waiting 30s",
			scheduled, h.m.hit.loading, h.m.hit.retrying, h.m.hit.trouble)
	}
	h.expect("not saved, trying again in 30s: the database cannot be written")
	if got := strings.Count(h.screen(), "not saved"); got != 1 {
		t.Fatalf("%d messages on screen", got)
	}
	h.send(retryMsg{})
	if h.m.hit.retrying || events() != before {
		t.Fatalf("the retry: retrying %v, %d step events (was %d)", h.m.hit.retrying, events(), before)
	}
	h.send(savedMsg{what: "label"})
	if h.m.hit.trouble != 0 {
		t.Fatal("a write that succeeded did not end the trouble")
	}
	h.expect("saving again")
}
