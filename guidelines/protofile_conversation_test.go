package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// convToml is a JSONL protocol over a conversation: line 9 is
// item.conversation, line 18 the step per turn.
const convToml = `name = "dialogue"
title = "Dialogues"
items = "dialogues"

[item]
format = "jsonl"
keys = ["id", "turns"]
id = ["id"]
conversation = "turns"

[[scale]]
name = "useful"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
per = "turn"
unit = "useful"
scale = "useful"
show = ["turns"]
`

// A conversation is the item's list: per = "turn" labels each turn, the
// step shows it, and a row reads each turn's role and image paths (one,
// or a list) beside its text.
func TestConversationField(t *testing.T) {
	f, err := ParseProtocolFile("d.toml", []byte(convToml))
	if err != nil {
		t.Fatal(err)
	}
	if !f.IsConversation() || !f.ListPath() || f.Steps[0].Per != PerElement || !slices.Equal(f.Steps[0].Show, []string{ShowList}) {
		t.Fatalf("parsed %+v %+v", f.Item, f.Steps[0])
	}
	line := `{"id": "d1", "turns": [{"role": "user", "text": "hi", "image": "a.png"}, {"role": "assistant", "text": "hello", "image": ["b.png", "c.png"]}, {"text": "no role"}]}`
	r := f.Shown(line)
	if !slices.Equal(r.List, []string{"hi", "hello", "no role"}) || !slices.Equal(r.Roles, []string{"user", "assistant", ""}) {
		t.Errorf("list %q roles %q", r.List, r.Roles)
	}
	if len(r.Images) != 3 || !slices.Equal(r.Images[0], []string{"a.png"}) || !slices.Equal(r.Images[1], []string{"b.png", "c.png"}) || r.Images[2] != nil {
		t.Errorf("images %q", r.Images)
	}
	if n, ok := f.RowUnit("useful_3"); !ok || n != 3 {
		t.Errorf("useful_3 is turn %d %v", n, ok)
	}
}

// A conversation that cannot be one is refused at its line, in words.
func TestConversationFieldRefused(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"tsv", `format = "jsonl"`, `format = "tsv"`, "d.toml:9: item.conversation is a JSONL item's path to its list of turns"},
		{"with a list", `conversation = "turns"`, "conversation = \"turns\"\nlist = [\"turns[].text\"]\nlist_name = \"turn\"", "d.toml:9: item.conversation is the item's list: give no item.list beside it"},
		{"each", `conversation = "turns"`, `conversation = "turns[]"`, `d.toml:9: item.conversation: "turns[]": name the list itself (turns), with no []`},
		{"none", "conversation = \"turns\"\n", "list = [\"turns[].text\"]\nlist_name = \"turn\"\n", `d.toml:19: step 1: per = "turn", but the item has no conversation (item.conversation)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseProtocolFile("d.toml", []byte(strings.Replace(convToml, c.from, c.to, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
}
