package tui

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/store/storetest"
)

// urlProtocol judges each retrieved segment of a JSONL item, each with its
// page's address (item.url over the item's list).
const urlProtocol = `name = "url-test"
title = "Segments"
items = "queries"

[item]
format = "jsonl"
keys = ["qid", "query", "segments"]
id = ["qid"]
text = ["query"]
list = ["segments[].text"]
list_name = "segment"
url = "segments[].url"

[[scale]]
name = "rel"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Is the segment relevant?"
unit = "rel"
per = "element"
show = ["query", "list"]
scale = "rel"

[[step]]
title = "Is the query clear?"
unit = "clear"
show = ["query", "list"]
scale = "rel"
`

const urlLine = `{"qid": "q1", "query": "trail running shoes", "segments": [` +
	`{"text": "A guide to trail shoes.", "url": "https://example.org/trail"},` +
	`{"text": "A script.", "url": "javascript:alert(1)"},` +
	`{"text": "A local file.", "url": "file:///etc/passwd"},` +
	`{"text": "No address."},` +
	`{"text": "A hostile one.", "url": "https://example.org/\u001b]0;owned\u0007"}]}` + "\n"

// o opens the address of the element in focus, shown under it; an address
// that is not http or https is refused and never reaches the opener; an
// element without one, or a step about the whole item, says so.
func TestURLPerElementOpens(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "segs", urlProtocol, urlLine)
	h := openAs(t, st, "segs", 80, 24)
	h.expect("↗ https://example.org/trail")
	h.keys("o")
	h.expect("opened https://example.org/trail")
	h.keys("1", "o")
	h.expect("not opened: javascript:alert(1) is not an http or https address")
	h.keys("1", "o")
	h.expect("not opened: file:///etc/passwd is not an http or https address")
	h.keys("1", "o")
	h.expect("nothing to open: this one has no address")
	h.keys("1")
	if raw := h.m.View().Content; strings.Contains(raw, "\x1b]0") || strings.Contains(raw, "\x07") {
		t.Fatal("an address reached the terminal raw")
	}
	h.keys("o")
	h.expect("not opened: https://example.org/␛]0;owned␇ is not an http or https address")
	h.keys("1", "o")
	h.expect("nothing to open on this step: each segment has its own address")
	if !slices.Equal(h.opened, []string{"https://example.org/trail"}) {
		t.Errorf("opened %q", h.opened)
	}
}

// The element's address under it, at every size.
func TestURLPerElementGolden(t *testing.T) {
	for _, size := range []struct{ w, h int }{{40, 12}, {80, 24}, {200, 60}} {
		t.Run(itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
			st := storetest.Open(t)
			importProtocol(t, st, "segs", urlProtocol, urlLine)
			h := openAs(t, st, "segs", size.w, size.h)
			h.expect("↗ https://example.org/trail")
			checkFits(t, h, size.w, size.h)
			golden.RequireEqual(t, h.screen())
		})
	}
}
