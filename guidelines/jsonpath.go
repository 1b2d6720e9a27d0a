package guidelines

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// A JSONPath names a field of a JSONL item: keys joined by dots (`a.b`),
// a key followed by [] standing for each element of the list it holds
// (`answer[].text`: each answer's text). A path with one [] yields a list
// of texts, one with two (`answer[].citations[]`) a list of lists: Eval's
// JSONValue nests as deep as the path has [].
type JSONPath struct {
	raw   string
	steps []pathStep
}

// pathStep is one key of a path, and whether its value is a list whose
// every element the rest of the path reads.
type pathStep struct {
	key  string
	each bool
}

// ParseJSONPath reads a path as a protocol file writes it.
func ParseJSONPath(s string) (JSONPath, error) {
	if s == "" {
		return JSONPath{}, errors.New("the path is empty")
	}
	p := JSONPath{raw: s}
	for part := range strings.SplitSeq(s, ".") {
		key, each := strings.CutSuffix(part, "[]")
		if key == "" || strings.ContainsAny(key, "[]") {
			return JSONPath{}, fmt.Errorf("path %q: want keys joined by dots, a key followed by [] for each element of its list (answer[].text)", s)
		}
		p.steps = append(p.steps, pathStep{key: key, each: each})
	}
	return p, nil
}

// Key is the path's first key: the object's own field it reads.
func (p JSONPath) Key() string { return p.steps[0].key }

// Depth is how many lists deep the path's value is: 0 for a text.
func (p JSONPath) Depth() int {
	n := 0
	for _, s := range p.steps {
		if s.each {
			n++
		}
	}
	return n
}

// Keys are the path's keys, for a path with no [] (a label's field, which
// an export rewrites in place).
func (p JSONPath) Keys() []string {
	out := make([]string, len(p.steps))
	for i, s := range p.steps {
		out[i] = s.key
	}
	return out
}

// JSONValue is what a path reads from an object: a text (a string as it
// is, a number as written, true or false), or for a path with [] the list
// of what the rest reads from each element. Missing is a key the object
// does not have, or null.
type JSONValue struct {
	Text    string
	Missing bool
	List    []JSONValue
}

// Texts are a list's elements' texts (a path of depth 1).
func (v JSONValue) Texts() []string {
	out := make([]string, len(v.List))
	for i, e := range v.List {
		out[i] = e.Text
	}
	return out
}

// Eval reads the path from a decoded object (DecodeJSONLine's). A value of
// the wrong shape (a list where a text is read, a text where a list is)
// is an error naming the key; a missing key or null is Missing, and an
// element missing its key is a Missing element.
func (p JSONPath) Eval(obj map[string]any) (JSONValue, error) {
	return evalSteps(obj, p.steps, p.raw)
}

func evalSteps(v any, steps []pathStep, path string) (JSONValue, error) {
	if len(steps) == 0 {
		return leafText(v, path)
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return JSONValue{}, fmt.Errorf("%s: %s, where key %q was to be read", path, jsonKindOf(v), steps[0].key)
	}
	s := steps[0]
	val, ok := obj[s.key]
	if !ok || val == nil {
		return JSONValue{Missing: true}, nil
	}
	if !s.each {
		return evalSteps(val, steps[1:], path)
	}
	list, ok := val.([]any)
	if !ok {
		return JSONValue{}, fmt.Errorf("%s: %s is %s, not a list", path, s.key, jsonKindOf(val))
	}
	out := JSONValue{List: make([]JSONValue, 0, len(list))}
	for _, e := range list {
		ev, err := evalSteps(e, steps[1:], path)
		if err != nil {
			return JSONValue{}, err
		}
		out.List = append(out.List, ev)
	}
	return out, nil
}

// leafText is a value read as text.
func leafText(v any, path string) (JSONValue, error) {
	switch t := v.(type) {
	case nil:
		return JSONValue{Missing: true}, nil
	case string:
		return JSONValue{Text: t}, nil
	case json.Number:
		return JSONValue{Text: t.String()}, nil
	case bool:
		if t {
			return JSONValue{Text: "true"}, nil
		}
		return JSONValue{Text: "false"}, nil
	}
	return JSONValue{}, fmt.Errorf("%s is %s, not a text or a number", path, jsonKindOf(v))
}

// jsonKindOf says what a decoded JSON value is, in JSON's words.
func jsonKindOf(v any) string {
	switch t := v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case json.Number:
		return "a number"
	case bool:
		return "true or false"
	case []any:
		return "a list"
	case map[string]any:
		return "an object"
	default:
		return fmt.Sprintf("%T", t)
	}
}

// A JSONLine is one line of a JSONL file decoded: its object, and for a
// line that holds a JSON string whose text is the object (CLAMBER's), that
// text and where each of its bytes is in the line, so a field can be
// rewritten in place.
type JSONLine struct {
	Object map[string]any
	text   []byte // the object's text: the line, or the string's decoded text
	at     []int  // for a string line, text[i] is at line[at[i]]; at[len(text)] is its end
}

// DecodeJSONLine reads a line (without its line end) as an object, or as
// a JSON string whose text is an object. Anything else is an error saying
// what the line holds.
func DecodeJSONLine(line []byte) (JSONLine, error) {
	v, err := decodeOne(line)
	if err != nil {
		return JSONLine{}, err
	}
	switch t := v.(type) {
	case map[string]any:
		return JSONLine{Object: t, text: line}, nil
	case string:
		// JSON's whitespace around the string: space, tab, CR, LF.
		quoted := bytes.TrimLeft(line, " \t\r\n")
		off := len(line) - len(quoted)
		text, at := unquoteMapped(bytes.TrimRight(quoted, " \t\r\n"))
		for i := range at {
			at[i] += off
		}
		inner, err := decodeOne(text)
		if err != nil {
			return JSONLine{}, fmt.Errorf("the line is a JSON string, and its text is not JSON: %s", strings.TrimPrefix(err.Error(), "not JSON: "))
		}
		obj, ok := inner.(map[string]any)
		if !ok {
			return JSONLine{}, fmt.Errorf("the line is a JSON string holding %s, not an object", jsonKindOf(inner))
		}
		return JSONLine{Object: obj, text: text, at: at}, nil
	}
	return JSONLine{}, fmt.Errorf("the line is %s, not a JSON object", jsonKindOf(v))
}

// decodeOne decodes b as exactly one JSON value, numbers as written.
func decodeOne(b []byte) (any, error) {
	if !utf8.Valid(b) {
		return nil, errors.New("not valid UTF-8")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %s", jsonWords(err))
	}
	switch _, err := d.Token(); {
	case err == nil:
		return nil, errors.New("more than one JSON value on the line")
	case err != io.EOF:
		// Not JSON after the value: a line whose end was lost would
		// otherwise import as its first part.
		return nil, errors.New("text after the JSON object")
	}
	return v, nil
}

// jsonWords is a decoding error in the file's words.
func jsonWords(err error) string {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		return fmt.Sprintf("%s (at byte %d)", se.Error(), se.Offset)
	case errors.Is(err, io.EOF):
		return "the line is empty"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends before its value does"
	}
	return err.Error()
}

// unquoteMapped decodes a JSON string literal known to be valid (q, quotes
// included), recording where in q each decoded byte came from.
func unquoteMapped(q []byte) (text []byte, at []int) {
	for i := 1; i < len(q)-1; {
		start := i
		var r rune
		if q[i] != '\\' {
			_, w := utf8.DecodeRune(q[i:])
			text = append(text, q[i:i+w]...)
			for range w {
				at = append(at, start)
			}
			i += w
			continue
		}
		switch q[i+1] {
		case 'u':
			r, i = hexRune(q, i)
			if r >= 0xd800 && r < 0xdc00 && i+1 < len(q) && q[i] == '\\' && q[i+1] == 'u' {
				lo, j := hexRune(q, i)
				if lo >= 0xdc00 && lo < 0xe000 {
					r, i = (r-0xd800)<<10+(lo-0xdc00)+0x10000, j
				}
			}
		default:
			r = map[byte]rune{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}[q[i+1]]
			i += 2
		}
		n := len(text)
		text = utf8.AppendRune(text, r)
		for range len(text) - n {
			at = append(at, start)
		}
	}
	return text, append(at, len(q)-1)
}

// hexRune reads \uXXXX at q[i].
func hexRune(q []byte, i int) (rune, int) {
	var r rune
	for _, c := range q[i+2 : i+6] {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		default:
			r |= rune(c - 'A' + 10)
		}
	}
	return r, i + 6
}

// Replace is the line with the value at a path of keys (no []) written as
// value, raw JSON (2, "FD", null), every other byte as it was: in a string
// line the value is escaped as the string's text needs. ok is false when
// the object has no such key.
func (l JSONLine) Replace(line []byte, keys []string, value []byte) ([]byte, bool) {
	start, end, ok := valueSpan(l.text, keys)
	if !ok {
		return nil, false
	}
	if l.at == nil {
		return splice(line, start, end, value), true
	}
	quoted, _ := marshalNoHTML(string(value))
	return splice(line, l.at[start], l.at[end], quoted[1:len(quoted)-1]), true
}

// Raw is the value at a path of keys as the object's text has it.
func (l JSONLine) Raw(keys []string) ([]byte, bool) {
	start, end, ok := valueSpan(l.text, keys)
	if !ok {
		return nil, false
	}
	return l.text[start:end], true
}

func splice(b []byte, start, end int, with []byte) []byte {
	out := make([]byte, 0, len(b)-(end-start)+len(with))
	out = append(out, b[:start]...)
	out = append(out, with...)
	return append(out, b[end:]...)
}

// marshalNoHTML is s as a JSON string, < > & as they are.
func marshalNoHTML(s string) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	err := e.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), err
}

// valueSpan is where in an object's text the value at keys is: the last
// of a key given twice, as decoding reads it.
func valueSpan(obj []byte, keys []string) (start, end int, ok bool) {
	d := json.NewDecoder(bytes.NewReader(obj))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return 0, 0, false
	}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return 0, 0, false
		}
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return 0, 0, false
		}
		if t != keys[0] {
			continue
		}
		e := int(d.InputOffset())
		s := e - len(raw)
		if len(keys) == 1 {
			start, end, ok = s, e, true
			continue
		}
		if is, ie, found := valueSpan(raw, keys[1:]); found {
			start, end, ok = s+is, s+ie, true
		}
	}
	return start, end, ok
}
