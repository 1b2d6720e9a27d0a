package data

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// turnsShaped is a JSONL protocol whose lines have a turns key, as
// ClariMM's do: its own items, though, known by all of its keys.
const turnsShaped = `name = "turns-test"
title = "Turns"
items = "talks"

[item]
format = "jsonl"
keys = ["id", "turns"]
id = ["id"]
list = ["turns[].text"]
list_name = "turn"

[[scale]]
name = "ok"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
unit = "ok"
per = "element"
show = ["list"]
scale = "ok"
`

// A line a JSONL protocol file claims by all its keys is that
// protocol's, though it has turns, which ClariMM's format claims on
// sight, and ClariMM's format comes first among the database's formats.
func TestJSONLProtocolWithTurnsIsNotClariMM(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	f := parseTest(t, "turns.toml", turnsShaped)
	clarimm, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Dataset: "talks", Formats: []Format{ProtocolFormat(clarimm), ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(turnsShaped)})}}
	body := `{"id": "t1", "turns": [{"role": "user", "text": "hi"}, {"role": "assistant", "text": "hello"}]}` + "\n"
	res, err := testImport(ctx, st, lead(t, st), strings.NewReader(body), "talks.jsonl", opt)
	if err != nil {
		t.Fatalf("import: %v", err)
	}
	if res.Format != "turns-test" {
		t.Errorf("read as %q", res.Format)
	}
}
