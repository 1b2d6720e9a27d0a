package guidelines

import (
	"slices"
	"strings"
	"testing"
)

// needToml asks a need 1–4, then the question's usefulness only when the
// need is 2 or more (issue 45 point 5): line 22 is the condition.
const needToml = `name = "needs"
title = "Need, then usefulness"
items = "questions"

[item]
header = ["query", "question", "need", "useful"]
id = ["query", "question"]
text = ["query", "question"]

[[scale]]
name = "need"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["none", "little", "some", "much"]

[[step]]
unit = "need"
scale = "need"
[[step]]
unit = "useful"
scale = "need"
when = { unit = "need", in = [2, 3, 4] }
`

// A condition may name a set of values: the step is asked for any of them
// and not otherwise, and a label stands while its condition's answer stays
// in the set.
func TestWhenInAsksForEachValue(t *testing.T) {
	f, err := ParseProtocolFile("n.toml", []byte(needToml))
	if err != nil {
		t.Fatal(err)
	}
	p := f.Protocol()
	if c, ok := p.Requires("useful"); !ok || c != (Condition{Unit: "need", In: SetOf(2, 3, 4)}) {
		t.Errorf("useful requires %+v %v", c, ok)
	}
	for need, asked := range map[int]bool{1: false, 2: true, 3: true, 4: true} {
		got := p.Asked(Shape{}, map[string]int{"need": need})
		if want := asked; slices.Contains(got, "useful") != want {
			t.Errorf("need %d: asked %v", need, got)
		}
		gone := p.Outlived(map[string]int{"need": need, "useful": 2})
		if len(gone) > 0 == asked {
			t.Errorf("need %d: withdrawn %v", need, gone)
		}
	}
	if got := p.SetString("need", SetOf(2, 3, 4)); got != "2, 3 or 4" {
		t.Errorf("the set says %q", got)
	}
}

// value = v and in = [v] are one condition: a file may turn one into the
// other, and the conditions compare equal.
func TestWhenValueIsInOfOne(t *testing.T) {
	one := strings.Replace(needToml, "in = [2, 3, 4]", "value = 2", 1)
	set := strings.Replace(needToml, "in = [2, 3, 4]", "in = [2]", 1)
	a, err := ParseProtocolFile("a.toml", []byte(one))
	if err != nil {
		t.Fatal(err)
	}
	b, err := ParseProtocolFile("b.toml", []byte(set))
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := a.Protocol().Requires("useful")
	cb, _ := b.Protocol().Requires("useful")
	if ca != cb || ca != (Condition{Unit: "need", In: SetOf(2)}) {
		t.Errorf("value = 2 gives %+v, in = [2] %+v", ca, cb)
	}
}

// A condition's values are refused at the condition's line, in the file's
// words: both value and in, neither, an empty in, a value off the unit's
// scale, a value twice, and a list written as value.
func TestWhenInProblems(t *testing.T) {
	for _, c := range []struct{ what, when, want string }{
		{"both", `{ unit = "need", value = 2, in = [2, 3] }`, "n.toml:22: step 2: when gives both value and in: give one (in = [2, 3] for several values)"},
		{"neither", `{ unit = "need" }`, `n.toml:22: step 2: when names no label of "need": give value = 1, or in = [2, 3] for several`},
		{"an empty in", `{ unit = "need", in = [] }`, "n.toml:22: step 2: when.in is empty: name at least one value"},
		{"a value off the scale", `{ unit = "need", in = [2, 5] }`, `n.toml:22: step 2: when.in: value 5 is not on the scale of "need"`},
		{"a value twice", `{ unit = "need", in = [2, 3, 2] }`, "n.toml:22: step 2: when.in: value 2 is twice"},
		{"a list as value", `{ unit = "need", value = [2, 3, 4] }`, "n.toml:22: step 2: when.value is a list; for several values write in = [2, 3, 4]"},
		{"text in in", `{ unit = "need", in = ["2"] }`, `n.toml:22: step 2: when.in: element 1 is text ("2"); want a whole number`},
	} {
		src := strings.Replace(needToml, `{ unit = "need", in = [2, 3, 4] }`, c.when, 1)
		_, err := ParseProtocolFile("n.toml", []byte(src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v; want %q", c.what, err, c.want)
		}
	}
	// The same, as a [step.when] table: the problem at the table's line.
	src := strings.Replace(needToml, `when = { unit = "need", in = [2, 3, 4] }`, "[step.when]\nunit = \"need\"\nvalue = [2, 3]", 1)
	_, err := ParseProtocolFile("n.toml", []byte(src))
	if want := "when.value is a list; for several values write in = [2, 3]"; err == nil || !strings.HasPrefix(err.Error(), "n.toml:24: ") || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("a [step.when] table: %v; want %q", err, want)
	}
}

// A kept file keeps working as written: value, and a condition with no
// value, which claritty took for value = 0 before in.
func TestWhenKeptFileReadsAsBefore(t *testing.T) {
	kept := strings.Replace(needToml, `in = [2, 3, 4]`, `value = 3`, 1)
	f, err := ParseKeptProtocolFile("k.toml", []byte(kept))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := f.Protocol().Requires("useful"); c != (Condition{Unit: "need", In: SetOf(3)}) {
		t.Errorf("value = 3 kept: %+v", c)
	}
	zero := strings.NewReplacer(`values = [1, 2, 3, 4]`, `values = [0, 1, 2, 3]`, `{ unit = "need", in = [2, 3, 4] }`, `{ unit = "need" }`).Replace(needToml)
	f, err = ParseKeptProtocolFile("k.toml", []byte(zero))
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := f.Protocol().Requires("useful"); c != (Condition{Unit: "need", In: SetOf(0)}) {
		t.Errorf("no value kept: %+v", c)
	}
}
