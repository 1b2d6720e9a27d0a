package guidelines

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestJSONPathEval(t *testing.T) {
	line := []byte(`{"q": "why?", "n": 2.50, "ok": true, "nil": null, "a": {"b": "deep"},
		"answer": [{"text": "one", "citations": [0, 2]}, {"text": "two", "citations": []}, {"citations": [1]}]}`)
	l, err := DecodeJSONLine(line)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path  string
		depth int
		want  JSONValue
	}{
		{"q", 0, JSONValue{Text: "why?"}},
		{"n", 0, JSONValue{Text: "2.50"}}, // a number as written
		{"ok", 0, JSONValue{Text: "true"}},
		{"nil", 0, JSONValue{Missing: true}},
		{"none", 0, JSONValue{Missing: true}},
		{"a.b", 0, JSONValue{Text: "deep"}},
		{"answer[].text", 1, JSONValue{List: []JSONValue{{Text: "one"}, {Text: "two"}, {Missing: true}}}},
		{"answer[].citations[]", 2, JSONValue{List: []JSONValue{
			{List: []JSONValue{{Text: "0"}, {Text: "2"}}}, {List: []JSONValue{}}, {List: []JSONValue{{Text: "1"}}}}}},
	} {
		p, err := ParseJSONPath(tc.path)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if p.Depth() != tc.depth {
			t.Errorf("%s: depth %d, want %d", tc.path, p.Depth(), tc.depth)
		}
		got, err := p.Eval(l.Object)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: got %+v, want %+v", tc.path, got, tc.want)
		}
	}
	for path, want := range map[string]string{
		"a":           "a is an object, not a text or a number",
		"q[]":         "q[]: q is a string, not a list",
		"answer":      "answer is a list, not a text or a number",
		"q.x":         "q.x: a string, where key \"x\" was to be read",
		"answer[].no": "", // a missing key is no error
	} {
		p, err := ParseJSONPath(path)
		if err != nil {
			t.Fatal(err)
		}
		_, err = p.Eval(l.Object)
		if (err == nil) != (want == "") || err != nil && err.Error() != want {
			t.Errorf("%s: error %v, want %q", path, err, want)
		}
	}
}

func TestParseJSONPathRefuses(t *testing.T) {
	for _, bad := range []string{"", ".", "a..b", "a[", "a[0]", "[]", "a.[]"} {
		if _, err := ParseJSONPath(bad); err == nil {
			t.Errorf("%q: parsed", bad)
		}
	}
}

// A line holding a JSON string of an object (CLAMBER's) is the object; any
// other line is refused saying what it holds.
func TestDecodeJSONLine(t *testing.T) {
	obj := `{"question": "caf\u00e9 \"x\"", "category": "MC"}` + "\n"
	q, _ := json.Marshal(obj)
	l, err := DecodeJSONLine(q)
	if err != nil {
		t.Fatal(err)
	}
	if l.Object["question"] != `café "x"` || l.Object["category"] != "MC" {
		t.Errorf("string line: %v", l.Object)
	}
	for line, want := range map[string]string{
		`"just text"`:   "the line is a JSON string, and its text is not JSON: invalid character 'j'",
		`"[1, 2]"`:      "the line is a JSON string holding a list, not an object",
		`3`:             "the line is a number, not a JSON object",
		`[{"a": 1}]`:    "the line is a list, not a JSON object",
		`{"a": 1`:       "not JSON: the JSON ends before its value does",
		`{"a": 1} {}`:   "more than one JSON value on the line",
		`{"a": 1} x`:    "text after the JSON object",
		`{"a": 1}]`:     "text after the JSON object",
		`{"a": x}`:      "not JSON: invalid character 'x'",
		"":              "not JSON: the line is empty",
		"{\"a\": \xff}": "not valid UTF-8",
	} {
		_, err := DecodeJSONLine([]byte(line))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", line, err, want)
		}
	}
}

// Replace rewrites one field's value and leaves every other byte as it
// was, in a plain line and in a string line.
func TestJSONLineReplace(t *testing.T) {
	plain := `{ "category" :"MC",  "a": {"b": 1, "c": 2}, "note": "caf\u00e9"}`
	inner := `{"question": "x \"y\" \u00e9 \ud83d\ude00", "category": "MC", "a": {"c": 0}}` + "\n"
	wrapped, _ := json.Marshal(inner)
	for _, tc := range []struct {
		line  string
		keys  []string
		value string
		want  string
	}{
		{plain, []string{"category"}, `"FD"`, `{ "category" :"FD",  "a": {"b": 1, "c": 2}, "note": "caf\u00e9"}`},
		{plain, []string{"a", "c"}, `10`, `{ "category" :"MC",  "a": {"b": 1, "c": 10}, "note": "caf\u00e9"}`},
		{string(wrapped), []string{"category"}, `"LA"`, strings.Replace(string(wrapped), `\"MC\"`, `\"LA\"`, 1)},
		{string(wrapped), []string{"a", "c"}, `1`, strings.Replace(string(wrapped), `\"c\": 0`, `\"c\": 1`, 1)},
		{" \r\t" + string(wrapped) + " ", []string{"category"}, `"FD"`, " \r\t" + strings.Replace(string(wrapped), `\"MC\"`, `\"FD\"`, 1) + " "},
	} {
		l, err := DecodeJSONLine([]byte(tc.line))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := l.Replace([]byte(tc.line), tc.keys, []byte(tc.value))
		if !ok || string(got) != tc.want {
			t.Errorf("%v in %s:\n got %s\nwant %s", tc.keys, tc.line, got, tc.want)
		}
		if _, err := DecodeJSONLine(got); err != nil {
			t.Errorf("%s: no longer a line: %v", got, err)
		}
	}
	l, _ := DecodeJSONLine([]byte(plain))
	if _, ok := l.Replace([]byte(plain), []string{"none"}, []byte("1")); ok {
		t.Error("replaced a key the object does not have")
	}
}
