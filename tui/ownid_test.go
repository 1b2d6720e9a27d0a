package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// requestsProtocol groups questions under their request's topic_id.
const requestsProtocol = `name = "requests-q"
title = "Requests"
items = "requests"

[item]
header = ["topic_id", "request", "question", "useful"]
group = "topic_id"
id = ["topic_id"]
text = ["request", "question"]

[[scale]]
name = "use"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["useless", "fair", "useful"]

[[step]]
title = "How useful is this question?"
unit = "usefulness"
per = "row"
show = ["request", "question"]
scale = "use"
column = "useful"
`

// The queue's ":" goes to an item of a protocol file's kind by its own id
// (issue 43 point 9: the topic_id its file gives it), as by its uid; an
// id nobody has, or a name that is one item's uid and another's id, says
// so and leaves the cursor where it was.
func TestQueueJumpsByOwnID(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	f, err := guidelines.ParseProtocolFile("requests.toml", []byte(requestsProtocol))
	if err != nil {
		t.Fatal(err)
	}
	twin := datatest.ProtocolUID("101") // request 101's uid, as another request's topic_id
	rows := "topic_id\trequest\tquestion\tuseful\n"
	for _, id := range []string{"2", "101", "102", "103", "104", "105", twin} {
		rows += id + "\trequest " + id + "\twhich one?\t\n"
	}
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(rows), "requests.tsv",
		data.Options{Dataset: "requests", Format: store.Format(f.Name), Formats: []data.Format{data.ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(requestsProtocol)})}}); err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "requests")
	want, err := st.ItemByUID(ctx, ds.ID, datatest.ProtocolUID("104"))
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, ana, "requests", 100, 30, false)
	h.keys("l", ":")
	h.typeText("104")
	h.keys("enter")
	if h.m.queue.cursor != want.Seq {
		t.Fatalf("after :104 the cursor is on %d, want %d\n%s", h.m.queue.cursor, want.Seq, h.screen())
	}
	h.keys(":")
	h.typeText("109")
	h.keys("enter")
	h.expect(`no item "109" in this dataset`)
	h.keys(":")
	h.typeText(twin)
	h.keys("enter")
	h.expect("is one item's uid and another item's own id")
	if h.m.queue.cursor != want.Seq {
		t.Fatalf("a refused jump moved the cursor to %d", h.m.queue.cursor)
	}
	// "2" is HIT 2's number and request 2's id (request 2 is HIT 1): it
	// says so; "#2" is the HIT, the request's uid the request.
	two, err := st.ItemByUID(ctx, ds.ID, datatest.ProtocolUID("2"))
	if err != nil || two.Seq == 2 {
		t.Fatalf("request 2 is HIT %d (%v)", two.Seq, err)
	}
	h.keys(":", "2", "enter")
	h.expect("2 is HIT 2's number and the id of HIT 1's item: type #2 for HIT 2, or its item's uid")
	h.keys(":", "#", "2", "enter")
	if h.m.queue.cursor != 2 {
		t.Fatalf("after :#2 the cursor is on %d", h.m.queue.cursor)
	}
	h.keys(":")
	h.typeText(two.UID)
	h.keys("enter")
	if h.m.queue.cursor != two.Seq {
		t.Fatalf("after request 2's uid the cursor is on %d", h.m.queue.cursor)
	}
}
