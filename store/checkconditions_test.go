package store

import (
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// Two conditions on one unit (a step after a no, another after a yes)
// come out by value, every time, so `claritty check` lists its problems in
// the same order on every run.
func TestConditionQueriesInOrder(t *testing.T) {
	src := `name = "needs"
title = "Does the question need asking?"
items = "questions"
[item]
header = ["query", "question", "need", "why", "instead"]
id = ["query", "question"]
text = ["query", "question"]
[[scale]]
name = "yesno"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]
[[step]]
title = "Need"
unit = "need"
scale = "yesno"
column = "need"
[[step]]
title = "Why"
unit = "why"
scale = "yesno"
column = "why"
when = { unit = "need", value = 1 }
[[step]]
title = "Instead"
unit = "instead"
scale = "yesno"
column = "instead"
when = { unit = "need", value = 0 }
`
	f, err := guidelines.ParseProtocolFile("needs.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for range 200 {
		q := conditionQueries(f.Protocol())
		if len(q) != 2 || q[0].in != guidelines.SetOf(0) || q[1].in != guidelines.SetOf(1) || q[0].waiting[0] != "instead" || q[1].waiting[0] != "why" {
			t.Fatalf("want need 0 (instead) then need 1 (why), got %+v", q)
		}
	}
}
