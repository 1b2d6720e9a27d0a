package tui

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store/storetest"
)

// A CLAMBER-shaped JSONL item shows its fields (read by their paths from
// a line that is a JSON string), and a step with a field condition is
// left out of the HIT of an item whose field does not meet it: an item
// without a context shows the step n/a and is finished after its
// subclass, one with a context is then asked whether the context settles
// it.
func TestJSONLItemOnScreenAndFieldCondition(t *testing.T) {
	st := storetest.Open(t)
	body := datatest.ClamberLine(t, "Give me a list of good coffee shops?", "", 1, "MC", "whom") +
		datatest.ClamberLine(t, "Who won the match?", "Earlier: the football final.", 1, "LA", "co-reference")
	importProtocol(t, st, "clamber", datatest.ClamberShaped("tui-clamber"), body)
	h := openAs(t, st, "clamber", 80, 24)
	h.expect("Give me a list of good coffee shops?")
	h.keys("1", "1")
	h.expect("Which subclass?")
	h.expect("– context settles n/a") // as a generic pane's question step
	if strings.Contains(h.screen(), "○ context settles") {
		t.Errorf("an item without a context asks whether it settles it:\n%s", h.screen())
	}
	h.keys("1")
	if got := h.labels(1); len(got) != 3 || got["require"] != 1 || got["category"] != 1 || got["subclass"] != 1 {
		t.Errorf("the first item's labels %v\n%s", got, h.screen())
	}
	h.expect("Who won the match?")
	h.expect("Earlier: the football final.")
	h.keys("1", "1")
	h.expect("Which subclass?")
	h.expect("○ context settles") // the step to come
	h.keys("1")
	h.expect("Does the context settle it?")
	h.keys("0")
	if got := h.labels(2); len(got) != 4 || got["context_settles"] != 0 {
		t.Errorf("the second item's labels %v\n%s", got, h.screen())
	}
}
