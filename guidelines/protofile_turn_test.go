package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// turnToml is a conversation file whose turns are a question, its
// pictures and an answer, as ClariMM's are; line 12 is its item.turn.
const turnToml = `name = "talks"
title = "Talks"
items = "talks"

[item]
format = "jsonl"
keys = ["id", "topic", "facet", "turns"]
id = ["id"]
text = ["topic", "facet"]
text_names = ["topic", "intent"]
conversation = "turns"
turn = { said = ["question", "answer"], roles = ["Q", "A"], images = "images" }
images = "beside-file"
max_list = 3
not_empty = ["topic"]

[[scale]]
name = "grade"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["poor", "fair", "good"]

[[step]]
title = "Relevance of the turn"
guide_title = "Relevance of a turn"
short = "rel"
unit = "relevance"
per = "turn"
show = ["topic", "turns"]
scale = "grade"
guideline = "Before the labels."
after = "After the labels."
`

// A turn's shape says which of its keys are its texts, who says each and
// where its images are: the list is the first text, a HIT row shows each;
// max_list caps the units and refuses a longer conversation; short names
// the step in the indicator, guide_title heads its guideline section, and
// after follows the labels there.
func TestTurnShape(t *testing.T) {
	f, err := ParseProtocolFile("t.toml", []byte(turnToml))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.Item.List, []string{"turns[].question"}) {
		t.Errorf("list %q, want the turns' questions", f.Item.List)
	}
	line := `{"id": "c1", "topic": "t", "facet": "f", "turns": [{"question": "Q1?", "images": ["a.png", "b.png"], "answer": "A1."}, {"question": "Q2?", "answer": "A2."}]}`
	row := f.Shown(line)
	if !slices.Equal(row.List, []string{"Q1?", "Q2?"}) || !slices.Equal(row.SaidBy, []string{"Q", "A"}) ||
		!slices.Equal(row.Said[1], []string{"Q2?", "A2."}) || !slices.Equal(row.Images[0], []string{"a.png", "b.png"}) || len(row.Images[1]) != 0 {
		t.Errorf("shown %+v", row)
	}
	p := f.Protocol()
	if want := []string{"relevance_1", "relevance_2", "relevance_3"}; !slices.Equal(p.AllUnits, want) {
		t.Errorf("units %v, want %v", p.AllUnits, want)
	}
	if !f.ImagesKept() {
		t.Error("the file keeps no images")
	}
	if p.Step("relevance").Short != "rel" || f.TextName(1) != "intent" || f.TextName(0) != "topic" {
		t.Errorf("short %q, text names %q %q", p.Step("relevance").Short, f.TextName(0), f.TextName(1))
	}
	text := p.Text()
	if !strings.Contains(text, "## Relevance of a turn {#relevance}") || strings.Index(text, "After the labels.") < strings.Index(text, "**3 good**") {
		t.Errorf("guideline:\n%s", text)
	}
	four := `{"id": "c4", "topic": "t", "facet": "f", "turns": [{"question": "1", "answer": "a"}, {"question": "2", "answer": "a"}, {"question": "3", "answer": "a"}, {"question": "4", "answer": "a"}]}`
	for l, want := range map[string]string{
		line: "",
		four: `talk "c4" has 4 turns; at most 3 are rated`,
		`{"id": "c0", "topic": "t", "facet": "f", "turns": []}`:                                 `talk "c0" has no turns`,
		`{"id": "c2", "topic": "t", "facet": "f", "turns": [{"question": "q", "answer": " "}]}`: "turn 1: answer is missing or empty",
	} {
		id := f.FieldsOf(l).Text("id")
		if got := f.TurnProblem(f.FieldsOf(l), "talk", id); got != want {
			t.Errorf("%s: %q, want %q", id, got, want)
		}
	}
}

// Each misuse of the turn's shape and its companions is refused in the
// file's words.
func TestTurnShapeProblems(t *testing.T) {
	for _, c := range []struct{ from, to, want string }{
		{`said = ["question", "answer"]`, `said = []`, `item.turn.said: name the keys`},
		{`said = ["question", "answer"]`, `said = ["question", "question"]`, `item.turn.said: key "question" is empty, not one key, there twice`},
		{`said = ["question", "answer"]`, `said = ["question", "a.b"]`, `item.turn.said: key "a.b"`},
		{`roles = ["Q", "A"]`, `roles = ["Q"]`, `item.turn.roles: 1 roles for 2 said keys`},
		{`roles = ["Q", "A"]`, `roles = ["Q", "\u001b[2J"]`, `item.turn.roles: role`},
		{`images = "images"`, `images = "question"`, `item.turn.said: key "question"`},
		{`conversation = "turns"`, `list = ["turns[].question"]` + "\nlist_name = \"turn\"", `item.turn is a conversation's turn`},
		{`max_list = 3`, `max_list = 0`, `item.max_list = 0: want 1 to 20`}, // written, not "not given"
		{`images = "beside-file"`, `images = "elsewhere"`, `item.images = "elsewhere": want "beside-file"`},
		{`max_list = 3`, `max_list = 21`, `item.max_list = 21: want 1 to 20`},
		{`short = "rel"`, `short = " rel"`, `step 1: short " rel"`},
		{`text_names = ["topic", "intent"]`, `text_names = ["topic", "intent", "x"]`, `item.text_names: 3 names for 2 text fields`},
		{`not_empty = ["topic"]`, `not_empty = ["turns"]`, `item.not_empty: "turns" is not one of item.id or item.text`},
	} {
		text := strings.Replace(turnToml, c.from, c.to, 1)
		if text == turnToml {
			t.Fatalf("%q is not in the file", c.from)
		}
		_, err := ParseProtocolFile("t.toml", []byte(text))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v", c.to, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s: got %v, want %q", c.to, err, c.want)
		}
	}
	tsv := `name = "rated"
title = "Rated"
items = "rows"

[item]
header = ["id", "text"]
id = ["id"]
text = ["text"]
list = ["text"]
list_name = "x"
max_list = 2

[[scale]]
name = "grade"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["poor", "fair", "good"]

[[step]]
unit = "grade"
show = ["text"]
scale = "grade"

[parts]
exports = ["ratings"]
own = "gold-table"
`
	_, err := ParseProtocolFile("r.toml", []byte(tsv))
	for _, want := range []string{"item.max_list caps a list of any length", `parts.own = "gold-table" is not one of parts.exports`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want %q", err, want)
		}
	}
}
