package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// contextToml is a request with its conversation so far, a yes/no step
// and, after a yes, a choice of its facets or none, its labels written by
// name.
const contextToml = `name = "ask-first"
title = "Ask first"
items = "requests"

[item]
format = "jsonl"
keys = ["id", "request", "context", "facets"]
id = ["id"]
text = ["request"]
list = ["facets[]"]
list_name = "facet"
context = "context"
labels = "names"

[[scale]]
name = "yn"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Does it need clarifying?"
unit = "need"
short = "needs?"
show = ["request", "list"]
scale = "yn"

[[step]]
title = "Which facet first?"
unit = "facet"
kind = "choice"
none = "none fits"
show = ["request", "list"]
when = { unit = "need", value = 1 }
label_text = ["none of them", "that facet"]
`

// Values that collide across units (yes = 1, facet 1 = 1) are each named
// by their own unit's scale; a choice's none is 0, keyed 0; the short
// name is the step indicator's.
func TestNamedLabelsAndNone(t *testing.T) {
	p := parseChoice(t, contextToml).Protocol()
	for _, c := range []struct {
		unit string
		v    int
		want string
	}{{"need", 1, "yes"}, {"need", 0, "no"}, {"facet", 1, "1"}, {"facet", 3, "3"}, {"facet", 0, "none"}} {
		if got := p.NameOf(c.unit, c.v); got != c.want {
			t.Errorf("NameOf(%s, %d) = %q, want %q", c.unit, c.v, got, c.want)
		}
		if v, ok := p.ParseLabel(c.unit, c.want); !ok || v != c.v {
			t.Errorf("ParseLabel(%s, %q) = %d %v", c.unit, c.want, v, ok)
		}
	}
	if v, ok := p.ValueOfKey("facet", "0"); !ok || v != 0 || p.NoneText("facet") != "none fits" {
		t.Errorf("key 0 gives %d %v; none says %q", v, ok, p.NoneText("facet"))
	}
	if !p.Fits(Shape{Answers: 2}, "facet", 0) || !p.Fits(Shape{Answers: 2}, "facet", 2) || p.Fits(Shape{Answers: 2}, "facet", 3) {
		t.Error("a choice with none over 2 facets does not take 0-2 alone")
	}
	if p.Step("need").Short != "needs?" || p.Step("facet").Short != "facet" {
		t.Errorf("short names %q %q", p.Step("need").Short, p.Step("facet").Short)
	}
	if got := p.Section("facet"); !strings.Contains(got, "- **1–11** — that facet\n- **0 none** — none of them") {
		t.Errorf("the choice's guideline:\n%s", got)
	}
	if unnamed := parseChoice(t, strings.Replace(contextToml, "labels = \"names\"\n", "", 1)).Protocol(); unnamed.NameOf("need", 1) != "1" {
		t.Error("a file whose labels are numbers names them")
	}
}

// The context is the conversation before the item, shown and never
// labelled; a turn that is not {role, text} is a problem of its line.
func TestContextField(t *testing.T) {
	f := parseChoice(t, contextToml)
	line := `{"id": "r1", "request": "How do I reset it?", "context": [{"role": "user", "text": "My router"}, {"role": "assistant", "text": "Ah"}], "facets": ["router", "phone"]}`
	want := []Said{{"user", "My router"}, {"assistant", "Ah"}}
	if got := f.ContextOf(line); !slices.Equal(got, want) {
		t.Errorf("ContextOf = %v", got)
	}
	if got := f.Shown(line).Context; !slices.Equal(got, want) {
		t.Errorf("Shown.Context = %v", got)
	}
	if p := f.ContextProblem(line); p != "" {
		t.Errorf("a good context: %s", p)
	}
	if got := f.Protocol().AllUnits; !slices.Equal(got, []string{"need", "facet"}) {
		t.Errorf("units %v: the context is labelled", got)
	}
	for bad, want := range map[string]string{
		`{"id": "r", "request": "x", "context": "hi", "facets": []}`:                                "context is not a list of turns",
		`{"id": "r", "request": "x", "context": [{"text": "hi"}], "facets": []}`:                    "context turn 1: role is missing or empty",
		`{"id": "r", "request": "x", "context": [{"role": "user"}], "facets": []}`:                  "context turn 1: text is missing",
		`{"id": "r", "request": "x", "context": [3], "facets": []}`:                                 "context turn 1 is not an object",
		`{"id": "r", "request": "x", "context": [{"role": "u", "text": "", "x": 1}], "facets": []}`: `context turn 1: key "x" is not role or text`,
	} {
		if got := f.ContextProblem(bad); got != want && !strings.HasPrefix(got, want) {
			t.Errorf("ContextProblem(%s) = %q, want %q", bad, got, want)
		}
	}
	for _, c := range []struct{ from, to, want string }{
		{`context = "context"`, `context = "context[]"`, `item.context: "context[]": name the list itself`},
		{`context = "context"`, `context = "history"`, `item.context: "history" does not start with one of item.keys`},
		{`labels = "names"`, `labels = "words"`, `item.labels = "words": want numbers or names`},
		{`none = "none fits"`, `none = " "`, `step 2: none = " "`},
	} {
		_, err := ParseProtocolFile("ask.toml", []byte(strings.Replace(contextToml, c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.to, err, c.want)
		}
	}
}

// A choice step's first is the value its first element is stored as:
// with first = 3 (necessity's, as the release before stored facets)
// element k is k + 2 and none 2, keyed and named as before (1, none); a
// first the store cannot keep, below 1, or on a scale step is refused.
func TestChoiceFirst(t *testing.T) {
	capped := strings.Replace(contextToml, `labels = "names"`, "labels = \"names\"\nmax_list = 9", 1)
	p := parseChoice(t, strings.Replace(capped, `none = "none fits"`, "none = \"none fits\"\nfirst = 3", 1)).Protocol()
	for _, c := range []struct {
		key, name string
		v, elem   int
	}{{"0", "none", 2, 0}, {"1", "1", 3, 1}, {"9", "9", 11, 9}} {
		v, ok := p.ValueOfKey("facet", c.key)
		if !ok || v != c.v || p.NameOf("facet", v) != c.name || p.ElementOf("facet", v) != c.elem || p.ChoiceValue("facet", c.elem) != c.v {
			t.Errorf("key %s: value %d %v, named %q, element %d", c.key, v, ok, p.NameOf("facet", v), p.ElementOf("facet", v))
		}
	}
	if p.ChoiceNoneOf("facet") != 2 || p.Valid("facet", 1) || !p.Fits(Shape{Answers: 2}, "facet", 4) || p.Fits(Shape{Answers: 2}, "facet", 5) {
		t.Error("with first = 3, a choice over 2 facets takes 2 to 4 alone")
	}
	if p.NameOf("need", 1) != "yes" || p.ChoiceFirst("need") != 1 {
		t.Error("first moves the choice's values alone")
	}
	for _, c := range []struct{ from, to, want string }{
		{`none = "none fits"`, "none = \"none fits\"\nfirst = 3", `step 2: first = 3: 20 facets would be stored as 3 to 22, past 11`},
		{`none = "none fits"`, "none = \"none fits\"\nfirst = -1", `step 2: first = -1: want the value the first element is stored as, at least 1`},
		{`short = "needs?"`, "short = \"needs?\"\nfirst = 2", `step 1: first is a choice step's`},
	} {
		_, err := ParseProtocolFile("ask.toml", []byte(strings.Replace(contextToml, c.from, c.to, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.to, err, c.want)
		}
	}
	_, err := ParseProtocolFile("ask.toml", []byte(strings.Replace(capped, `none = "none fits"`, "none = \"none fits\"\nfirst = 4", 1)))
	if err == nil || !strings.Contains(err.Error(), "9 facets would be stored as 4 to 12") {
		t.Errorf("first = 4 over 9 facets: %v", err)
	}
}

// A first past the store's largest value is refused as that, not with
// advice to cap the list at 0; a choice of a group's rows, which no
// max_list caps, is told to start at 1.
func TestChoiceFirstPastTheStore(t *testing.T) {
	capped := strings.Replace(contextToml, `labels = "names"`, "labels = \"names\"\nmax_list = 1", 1)
	_, err := ParseProtocolFile("ask.toml", []byte(strings.Replace(capped, `none = "none fits"`, "none = \"none fits\"\nfirst = 12", 1)))
	if err == nil || !strings.Contains(err.Error(), "step 2: first = 12: past 11, the largest value the store keeps") || strings.Contains(err.Error(), "max_list = 0") {
		t.Errorf("first = 12: %v", err)
	}
	grouped := strings.Replace(groupedChoiceToml, `kind = "choice"`, "kind = \"choice\"\nfirst = 2", 1)
	_, err = ParseProtocolFile("g.toml", []byte(grouped))
	if err == nil || !strings.Contains(err.Error(), "step 2: first = 2: a group's rows would be stored as 2 to 21, past 11, the largest value the store keeps (a choice of rows starts at 1: leave first out)") ||
		strings.Contains(err.Error(), "max_list") {
		t.Errorf("first = 2 over rows: %v", err)
	}
}

// The conversation before the item is a key of its own: a context naming
// the item's id, a text field or its list is refused at its line.
func TestContextIsAKeyOfItsOwn(t *testing.T) {
	for _, c := range []struct{ context, want string }{
		{"id", `item.context: "id" is in item.id too`},
		{"request", `item.context: "request" is in item.text too`},
		{"facets", `item.context: "facets" is in item.list too`},
	} {
		src := strings.Replace(contextToml, `context = "context"`, `context = "`+c.context+`"`, 1)
		_, err := ParseProtocolFile("ask.toml", []byte(src))
		if err == nil || !strings.Contains(err.Error(), "ask.toml:12: "+c.want) {
			t.Errorf("context = %q: %v", c.context, err)
		}
	}
}
