package tui

import (
	"net/url"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// Issue 43 point 11: a URL too long for its line is broken at the
// screen's edge but stays indented as the lines around it, on Step I
// (no results imported: the search to open) and on Step IV (the landing
// page's results), at 40 columns as at 60.
func TestURLIndentedLikeItsNeighbours(t *testing.T) {
	for _, w := range []int{40, 60} {
		for _, c := range []struct {
			step  string
			keys  []string
			query string
		}{
			{"Step I", nil, "long question pane"},
			{"Step IV", []string{"enter", "2", "2"}, "long question pane first short answer"},
		} {
			h := longPaneHarness(t, w, 60)
			h.keys(c.keys...)
			h.keys(strings.Split(strings.Repeat("j", 40), "")...) // down to the URL
			want := "https://www.bing.com/search?q=" + url.QueryEscape(c.query)
			lines := strings.Split(h.screen(), "\n")
			first := -1
			for i, l := range lines {
				if strings.HasPrefix(strings.TrimSpace(l), "https://") {
					first = i
					break
				}
			}
			if first < 1 {
				t.Fatalf("%s at %d columns shows no URL:\n%s", c.step, w, h.screen())
			}
			neighbour := lines[first-1] // "o opens …": the line above, in the step's indent
			indent := len(neighbour) - len(strings.TrimLeft(neighbour, " "))
			got := ""
			for _, l := range lines[first:] {
				if len(got) >= len(want) {
					break
				}
				if lead := len(l) - len(strings.TrimLeft(l, " ")); lead != indent {
					t.Errorf("%s at %d columns: the URL's line %q is indented %d, its neighbour %q %d", c.step, w, l, lead, neighbour, indent)
				}
				got += strings.TrimSpace(l)
			}
			if got != want {
				t.Errorf("%s at %d columns: the URL reads %q, want %q:\n%s", c.step, w, got, want, h.screen())
			}
		}
	}
	// A result's URL on Step I, results imported (the demo's first query,
	// new caledonia), indented as the snippet below it.
	h := demoHarness(t, data.DemoDataset, 40, 60)
	lines := strings.Split(h.screen(), "\n")
	shown := 0
	for i, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "https://") {
			continue
		}
		shown++
		for _, r := range lines[i : i+2] { // the URL and the line after it: its end, or the snippet
			if lead := len(r) - len(strings.TrimLeft(r, " ")); lead != 6 {
				t.Errorf("a result's line %q is indented %d, not 6 as its snippet:\n%s", r, lead, h.screen())
			}
		}
	}
	if shown == 0 {
		t.Fatalf("Step I at 40 columns shows no result's URL:\n%s", h.screen())
	}
}
