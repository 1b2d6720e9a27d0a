package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// jsonlToml is a JSONL protocol: a coded scale, a list path, a field
// condition. Line 19 is the category scale's codes, line 30 the field
// condition.
const jsonlToml = `name = "coded"
title = "Coded"
items = "questions"

[item]
format = "jsonl"
keys = ["question", "template", "answer", "category"]
id = ["question"]
text = ["question", "template"]
list = ["answer[].text"]
list_name = "sentence"

[[scale]]
name = "category"
nominal = true
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["missing context", "unfamiliar", "lexical"]
codes = ["MC", "FD", "LA"]

[[step]]
unit = "category"
scale = "category"
column = "category"
show = ["question"]

[[step]]
unit = "why"
scale = "category"
when = { field = "template", not = "generic" }

[[step]]
unit = "sentence"
per = "element"
scale = "category"
show = ["list"]
`

// A JSONL protocol parses: its codes read and write the values, its list
// is a path of any number of elements (units listed up to RowUnits, and past it as an item needs them), and its field condition decides
// the layout from the item's fields.
func TestJSONLProtocolFile(t *testing.T) {
	f, err := ParseProtocolFile("c.toml", []byte(jsonlToml))
	if err != nil {
		t.Fatal(err)
	}
	sc, _ := f.ScaleOf(f.Steps[0])
	if v, ok := sc.Parse("FD"); !ok || v != 2 || sc.Code(3) != "LA" {
		t.Errorf("FD reads %d %v; 3 writes %q", v, ok, sc.Code(3))
	}
	if _, ok := sc.Parse("2"); ok {
		t.Error("a coded scale read a number")
	}
	row := `{"question": "Q?", "template": "generic", "answer": [{"text": "a"}, {"text": "b"}], "category": "MC"}` + "\n"
	shown := f.Shown(row)
	if shown.Cells["question"] != "Q?" || !slices.Equal(shown.List, []string{"a", "b"}) {
		t.Errorf("shown %+v", shown)
	}
	p := f.Protocol()
	if n := len(slices.DeleteFunc(slices.Clone(p.AllUnits), func(u string) bool { return !strings.HasPrefix(u, "sentence_") })); n != RowUnits {
		t.Errorf("%d sentence units, want %d", n, RowUnits)
	}
	if g := f.WithExtent(33).Protocol(); !g.HasUnit("sentence_33") || g.HasUnit("sentence_34") {
		t.Errorf("a database with a 33-element list lists sentence units %v", g.AllUnits)
	}
	generic := Shape{Answers: 2, Fields: f.FieldsMeta(row)}
	other := Shape{Answers: 2, Fields: f.FieldsMeta(strings.Replace(row, `"generic"`, `"specific"`, 1))}
	if got, want := p.Units(generic), []string{"category", "sentence_1", "sentence_2"}; !slices.Equal(got, want) {
		t.Errorf("a generic item's units %v, want %v", got, want)
	}
	if got, want := p.Units(other), []string{"category", "why", "sentence_1", "sentence_2"}; !slices.Equal(got, want) {
		t.Errorf("another item's units %v, want %v", got, want)
	}
	if _, ok := p.Requires("why"); ok {
		t.Error("a field condition waits for a label")
	}
}

// Each problem of a JSONL item, a code or a field condition is refused at
// its line, in the file's words.
func TestJSONLProtocolFileProblems(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`codes = ["MC", "FD", "LA"]`, `codes = ["MC", "FD"]`, `c.toml:19: scale "category": 2 codes for 3 values`},
		{`codes = ["MC", "FD", "LA"]`, `codes = ["MC", "MC", "LA"]`, `c.toml:19: scale "category": code "MC" is twice`},
		{`codes = ["MC", "FD", "LA"]`, `codes = ["MC", " FD", "LA"]`, `c.toml:19: scale "category": code " FD" is empty or has spaces`},
		{`not = "generic"`, `is = "x", not = "generic"`, `c.toml:30: step 2: when.field "template": give one of is`},
		{`field = "template"`, `field = "nope"`, `c.toml:30: step 2: when.field "nope" is not a path from item.keys`},
		{`field = "template"`, `field = "category"`, `c.toml:30: step 2: when.field "category" holds known labels`},
		{`{ field = "template", not = "generic" }`, `{ unit = "category", value = 1, not = "generic" }`, `c.toml:30: step 2: when.is and when.not are a field's`},
		{`format = "jsonl"`, `format = "xml"`, `c.toml:6: item.format = "xml": want tsv or jsonl`},
		{`id = ["question"]`, `id = ["answer[].text"]`, `item.id: "answer[].text" is a list ([]); want a text`},
		{`id = ["question"]`, `id = ["nope.x"]`, `item.id: "nope.x" does not start with one of item.keys`},
		{`id = ["question"]`, `id = ["a..b"]`, `item.id: path "a..b": want keys joined by dots`},
		{`list = ["answer[].text"]`, `list = ["answer[].x[]"]`, `item.list: "answer[].x[]": a list's path has one []`},
		{`column = "category"`, `column = "categories"`, `step 1: column "categories" is not a path from item.keys`},
		{`keys = ["question", "template", "answer", "category"]`, `keys = ["question", "template", "answer", "category", "question"]`, `item.keys: key "question" is empty or there twice`},
	} {
		text := strings.Replace(jsonlToml, c.from, c.to, 1)
		if text == jsonlToml {
			t.Fatalf("%q is not in the file", c.from)
		}
		_, err := ParseProtocolFile("c.toml", []byte(text))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.to, err, c.want)
		}
	}
	// A TSV file's header is no JSONL file's, nor its keys a TSV's.
	tsv := strings.Replace(jsonlToml, `format = "jsonl"`, `header = ["question", "template", "answer", "category"]`, 1)
	if _, err := ParseProtocolFile("c.toml", []byte(tsv)); err == nil || !strings.Contains(err.Error(), "item.keys are a JSONL file's") {
		t.Errorf("keys in a TSV file: %v", err)
	}
}

// A field condition over a TSV column reads the column's text (MIMICS'
// question step is left out of generic-template panes so).
func TestFieldConditionOverTSV(t *testing.T) {
	text := `name = "templ"
title = "T"
items = "panes"
[item]
header = ["query", "template", "rating"]
id = ["query"]
text = ["query"]
[[scale]]
name = "r"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]
[[step]]
unit = "question"
scale = "r"
when = { field = "template", is = "specific" }
[[step]]
unit = "rating"
scale = "r"
`
	f, err := ParseProtocolFile("t.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Protocol()
	for line, want := range map[string][]string{
		"q\tspecific\t\n": {"question", "rating"},
		"q\tgeneric\t\n":  {"rating"},
	} {
		if got := p.Units(Shape{Fields: f.FieldsMeta(line)}); !slices.Equal(got, want) {
			t.Errorf("%q: units %v, want %v", line, got, want)
		}
	}
}
