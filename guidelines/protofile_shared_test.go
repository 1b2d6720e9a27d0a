package guidelines

import (
	"strings"
	"testing"
)

// sharedFile has a category step and two subclass steps naming one column;
// whens are the two subclass steps' conditions.
func sharedFile(whenA, whenB string) string {
	step := func(unit, scale, when string) string {
		return "\n[[step]]\ntitle = \"Which?\"\nunit = \"" + unit + "\"\nscale = \"" + scale + "\"\ncolumn = \"subclass\"\n" + when + "\n"
	}
	return `name = "shared"
items = "questions"

[item]
header = ["q", "category", "subclass", "other"]
id = ["q"]
text = ["q"]

[[scale]]
name = "cat"
values = [1, 2]
keys = ["1", "2"]
names = ["a", "b"]
codes = ["A", "B"]

[[scale]]
name = "two"
values = [1, 2]
keys = ["1", "2"]
names = ["x", "y"]

[[step]]
title = "Which category?"
unit = "category"
scale = "cat"
column = "category"

[[step]]
title = "Other?"
unit = "other"
scale = "two"
column = "other"
` + step("sub_a", "two", whenA) + step("sub_b", "two", whenB)
}

// Steps may share a column only when each is asked after one unit, on
// values no other of them takes; the column then holds the label of the
// step whose condition the item's label meets. item.repeats is for
// ungrouped rows.
func TestSharedColumn(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ a, b, want string }{
		{`when = { unit = "category", in = [1] }`, `when = { unit = "category", value = 2 }`, ""},
		{``, `when = { unit = "category", value = 2 }`, `step 3: column "subclass" is another step's too`},
		{`when = { unit = "category", in = [1] }`, `when = { unit = "other", value = 2 }`, `step 4: column "subclass" is step 3's too, so both are asked after one unit`},
		{`when = { unit = "category", in = [1, 2] }`, `when = { unit = "category", value = 2 }`, `step 4: column "subclass" is an earlier step's too, asked after a value of category this step is asked after`},
	} {
		f, err := ParseProtocolFile("s.toml", []byte(sharedFile(c.a, c.b)))
		if c.want == "" {
			if err != nil {
				t.Fatal(err)
			}
			label := func(v int) func(string) (int, bool) {
				return func(string) (int, bool) { return v, v > 0 }
			}
			a, b := f.Steps[2], f.Steps[3]
			if !f.ColumnHolds(a, label(1)) || f.ColumnHolds(b, label(1)) || f.ColumnHolds(a, label(2)) || !f.ColumnHolds(b, label(2)) || !f.ColumnHolds(f.Steps[1], label(1)) {
				t.Errorf("ColumnHolds does not follow the category")
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q / %q: %v, want %q", c.a, c.b, err, c.want)
		}
	}
	grouped := strings.Replace(sharedFile(`when = { unit = "category", in = [1] }`, `when = { unit = "category", value = 2 }`),
		`id = ["q"]`, "id = [\"q\"]\ngroup = \"q\"\nrepeats = true", 1)
	if _, err := ParseProtocolFile("s.toml", []byte(grouped)); err == nil || !strings.Contains(err.Error(), "item.repeats takes a repeated id as another item, but rows are grouped") {
		t.Errorf("repeats with a group: %v", err)
	}
}
