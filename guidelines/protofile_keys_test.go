package guidelines

import (
	"strings"
	"testing"
)

// item.uid, item.optional and item.other_keys parse, and each misuse is
// refused in the file's words at the [item] table's line.
func TestItemKeysProblems(t *testing.T) {
	ok := strings.Replace(jsonlToml, `id = ["question"]`, `id = ["question"]
uid = "id"
optional = ["template"]
other_keys = "ignore"`, 1)
	f, err := ParseProtocolFile("c.toml", []byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	if !f.UIDIsID() || !f.OtherKeysIgnored() || strings.Join(f.RequiredKeys(), ",") != "question,answer,category" {
		t.Errorf("uid %v, other keys %v, required %v", f.UIDIsID(), f.OtherKeysIgnored(), f.RequiredKeys())
	}
	for _, c := range []struct{ from, to, want string }{
		{`uid = "id"`, `uid = "hash"`, `c.toml:9: item.uid = "hash": want "id"`},
		{`id = ["question"]`, `id = ["question", "template"]`, `item.uid = "id" takes the id's text as the uid: item.id must be one field, not 2`},
		{`optional = ["template"]`, `optional = ["nope"]`, `item.optional: "nope" is not one of item.keys`},
		{`optional = ["template"]`, `optional = ["template", "template"]`, `item.optional: "template" is not one of item.keys, or is there twice`},
		{`optional = ["template"]`, `optional = ["question"]`, `item.optional: "question" is the item's id`},
		{`optional = ["template"]`, `optional = ["question", "template", "answer", "category"]`, `every key is optional`},
		{`other_keys = "ignore"`, `other_keys = "keep"`, `item.other_keys = "keep": want "ignore"`},
	} {
		text := strings.Replace(ok, c.from, c.to, 1)
		if text == ok {
			t.Fatalf("%q is not in the file", c.from)
		}
		_, err := ParseProtocolFile("c.toml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.to, err, c.want)
		}
	}
	repeats := strings.Replace(ok, `uid = "id"`, "uid = \"id\"\nrepeats = true", 1)
	if _, err := ParseProtocolFile("c.toml", []byte(repeats)); err == nil || !strings.Contains(err.Error(), "item.repeats") {
		t.Errorf("uid = id with repeats: %v", err)
	}
	tsv := strings.Replace(strings.Replace(ok, `format = "jsonl"`, `header = ["question", "template", "answer", "category"]`, 1),
		`keys = ["question", "template", "answer", "category"]`, "", 1)
	if _, err := ParseProtocolFile("c.toml", []byte(tsv)); err == nil || !strings.Contains(err.Error(), "item.optional and item.other_keys are a JSONL file's") {
		t.Errorf("optional keys in a TSV file: %v", err)
	}
}
