package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/store/storetest"
)

// A protocol file's unit may be shorter than the three characters the
// step line cuts names to when they do not fit (cq, a clarifying
// question): at 40x12 the screen draws it whole, and the HIT labels on.
func TestShortUnitNameAt40x12(t *testing.T) {
	st := storetest.Open(t)
	toml := `name = "short-units"
title = "Short units"
items = "questions"
[item]
header = ["query", "question"]
id = ["query", "question"]
text = ["query", "question"]
[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]
[[step]]
title = "Is it a clarifying question?"
unit = "cq"
show = ["query", "question"]
scale = "yn"
[[step]]
title = "Is it a question at all?"
unit = "q"
show = ["question"]
scale = "yn"
[[step]]
title = "Is it polite?"
unit = "polite_and_kind_and_clear"
show = ["question"]
scale = "yn"
`
	importProtocol(t, st, "short", toml, "query\tquestion\nbank\tWhich bank, the river or the money one?\n")
	h := openAs(t, st, "short", 80, 24)
	h.send(tea.WindowSizeMsg{Width: 40, Height: 12})
	h.expect("Which bank")
	h.keys("1", "1", "0")
	if got := h.labels(1); len(got) != 3 || got["cq"] != 1 || got["q"] != 1 {
		t.Errorf("labels %v\n%s", got, h.screen())
	}
	if strings.Contains(h.screen(), "panic") {
		t.Errorf("the screen:\n%s", h.screen())
	}
}
