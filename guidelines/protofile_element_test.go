package guidelines

import (
	"strings"
	"testing"
)

// clariqLike is a grouped file whose question_id makes elements.
const clariqLike = `name = "elements"
title = "Elements"
items = "requests"

[item]
header = ["topic", "request", "facet", "qid", "question", "need"]
group = "topic"
id = ["topic"]
text = ["request", "question"]
element = "qid"

[[scale]]
name = "s"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["low", "mid", "high"]

[[step]]
title = "Need"
unit = "need"
show = ["request"]
scale = "s"
column = "need"

[[step]]
title = "Use"
unit = "use"
per = "element"
show = ["request", "question"]
scale = "s"
`

// item.element: a step per element labels each distinct element of a
// group, numbered in order of first appearance, and a HIT shows each
// once, from its first row; a file that misuses it is refused at its
// line.
func TestItemElement(t *testing.T) {
	f, err := ParseProtocolFile("e.toml", []byte(clariqLike))
	if err != nil {
		t.Fatal(err)
	}
	lines := []string{"t\tr\tF1\tQ7\tseven\t2\n", "t\tr\tF1\tQ3\tthree\t2\n", "t\tr\tF2\tQ7\tseven\t2\n", "t\tr\tF2\tQ9\tnine\t2\n"}
	of, n := f.Elements(lines)
	if n != 3 || of[0] != 0 || of[1] != 1 || of[2] != 0 || of[3] != 2 {
		t.Errorf("elements %v, %d; want [0 1 0 2], 3", of, n)
	}
	if first := f.FirstRows(lines); len(first) != 3 || first[2] != lines[3] {
		t.Errorf("the rows shown: %q", first)
	}
	p := f.Protocol()
	if got := p.Units(Shape{Rows: n}); strings.Join(got, " ") != "need use_1 use_2 use_3" {
		t.Errorf("units %v", got)
	}
	if text, _, _ := p.UnitText("use_3", lines); text != "r" {
		t.Errorf("use_3's text %q", text)
	}
	if _, _, id := f.UnitText("use_2", lines); id != "" {
		t.Errorf("a row id without item.row_id: %q", id)
	}
	for _, c := range []struct{ what, old, new, want string }{
		{"not a column", `element = "qid"`, `element = "quid"`, `e.toml:10: item.element: "quid" is not a column of item.header`},
		{"no group", "group = \"topic\"\n", "", `e.toml:9: item.element gathers a group's rows into elements, but rows are not grouped (item.group)`},
		{"per row beside it", `per = "element"`, `per = "row"`, `e.toml:28: step 2: per = "row", but rows make elements (item.element): label each element (per = "element")`},
		{"a label column", `element = "qid"`, `element = "need"`, `e.toml:10: item.element: "need" is a column holding known labels`},
	} {
		_, err := ParseProtocolFile("e.toml", []byte(strings.Replace(clariqLike, c.old, c.new, 1)))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.what, err, c.want)
		}
	}
}
