package datatest

import (
	"encoding/json"
	"strings"
	"testing"
)

// ClamberShaped is a test-only protocol named name in CLAMBER's shape
// (its benchmark lines are JSON strings holding objects): require
// clarification 0/1, the category written as its code (CLAMBER gives one
// on every line), the subclass's code, and a step asked only of items
// with a context (a field condition, on the file's line 60).
func ClamberShaped(name string) string {
	return strings.Replace(clamberShaped, `name = "clamber-test"`, `name = "`+name+`"`, 1)
}

const clamberShaped = `name = "clamber-test"
title = "CLAMBER, as a test has it"
items = "questions"

[item]
format = "jsonl"
keys = ["question", "context", "clarifying_question", "require_clarification", "category", "subclass"]
id = ["question", "context"]
text = ["question", "context", "clarifying_question"]

[[scale]]
name = "yesno"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[scale]]
name = "category"
nominal = true
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["missing context", "unfamiliar", "lexical ambiguity"]
codes = ["MC", "FD", "LA"]

[[scale]]
name = "subclass"
nominal = true
values = [1, 2, 3, 4, 5, 6, 7, 8, 9]
keys = ["1", "2", "3", "4", "5", "6", "7", "8", "9"]
names = ["none", "what", "whom", "when", "where", "unknown", "contradiction", "co-reference", "polysemy"]
codes = ["none", "what", "whom", "when", "where", "NK", "ICL", "co-reference", "polysemy"]

[[step]]
title = "Does the question need clarifying?"
unit = "require"
show = ["question", "context"]
scale = "yesno"
column = "require_clarification"

[[step]]
title = "Which kind?"
unit = "category"
show = ["question", "context"]
scale = "category"
column = "category"

[[step]]
title = "Which subclass?"
unit = "subclass"
show = ["question", "context"]
scale = "subclass"
column = "subclass"

[[step]]
title = "Does the context settle it?"
unit = "context_settles"
show = ["question", "context"]
scale = "yesno"
when = { field = "context", not = "" }
`

// ClamberLine is a CLAMBER-shaped line: the object's JSON text, with a
// line end inside, as a JSON string (Python's json.dumps escaping of
// non-ASCII, as the release has it).
func ClamberLine(t testing.TB, question, context string, require int, category, subclass string) string {
	t.Helper()
	inner, err := json.Marshal(map[string]any{"question": question, "context": context, "clarifying_question": "Which one?",
		"require_clarification": require, "category": category, "subclass": subclass})
	if err != nil {
		t.Fatal(err)
	}
	s := strings.ReplaceAll(string(inner), `é`, `\u00e9`) + "\n"
	outer, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(outer) + "\n"
}
