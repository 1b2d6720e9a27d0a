package guidelines

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2/unstable"
)

// A value of the wrong type in a protocol file (value = [2, 3, 4] where
// one number goes) is refused by the scan, at its line, in the file's own
// words: the TOML decoder would say "cannot decode TOML array into struct
// field guidelines.FileCondition.Value of type int", naming Go's types.

// typed records a problem when a value is not of the type its key takes:
// an element of a list, or a key of an inline table, each in turn.
func (s *protocolScan) typed(name string, line int, t reflect.Type, v *unstable.Node) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if !takes(t, v.Kind) {
		s.problems = append(s.problems, s.refuse(line, "%s is %s; %s", name, valueWords(v), wantWords(name, t, v)))
		return
	}
	switch v.Kind {
	case unstable.Array:
		i := 0
		for it := v.Children(); it.Next(); i++ {
			c := it.Node()
			at := cmpLine(s.lines.nodeLine(c), line)
			if t.Elem().Kind() == reflect.Struct {
				s.typed(fmt.Sprintf("%s %d", name, i+1), at, t.Elem(), c)
				continue
			}
			if !takes(t.Elem(), c.Kind) {
				s.problems = append(s.problems, s.refuse(at, "%s: element %d is %s; want %s", name, i+1, valueWords(c), typeWords(t.Elem())))
			}
		}
	case unstable.InlineTable:
		for it := v.Children(); it.Next(); {
			kv := it.Node()
			k, at := keyOf(kv, s.lines)
			if f, ok := fieldOf(t, k); ok {
				s.typed(name+"."+k, cmpLine(at, line), f, kv.Value())
			}
		}
	}
}

// typedTable records a problem when a table header ([item], [[step]])
// names a key that is not a table, or a list of tables where one goes.
// One [step] table where [[step]] tables go is the list of that one, as
// the decoder has always taken it.
func (s *protocolScan) typedTable(k keyAt, t reflect.Type, array bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	name := keyName(k.kind)
	switch {
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct:
	case array && t.Kind() == reflect.Struct:
		s.problems = append(s.problems, s.refuse(k.line, "[[%s]] is a list of tables; %s is one: write [%s]", name, name, name))
	case t.Kind() != reflect.Struct:
		s.problems = append(s.problems, s.refuse(k.line, "%s is a table; want %s", name, typeWords(t)))
	}
}

// takes says whether a value of a TOML kind decodes into t.
func takes(t reflect.Type, k unstable.Kind) bool {
	switch t.Kind() {
	case reflect.String:
		return k == unstable.String
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return k == unstable.Integer
	case reflect.Bool:
		return k == unstable.Bool
	case reflect.Slice:
		return k == unstable.Array
	case reflect.Struct:
		return k == unstable.InlineTable
	}
	return true // a type the file's keys do not use: the decoder judges it
}

// fieldOf is the type of t's field that key names (its toml tag).
func fieldOf(t reflect.Type, key string) (reflect.Type, bool) {
	if t.Kind() != reflect.Struct {
		return nil, false
	}
	for f := range t.Fields() {
		if name, _, _ := strings.Cut(f.Tag.Get("toml"), ","); name == key {
			return f.Type, true
		}
	}
	return nil, false
}

// valueWords says what a value is, as the file writes it.
func valueWords(v *unstable.Node) string {
	switch v.Kind {
	case unstable.String:
		return "text (" + strconv.Quote(string(v.Data)) + ")"
	case unstable.Integer, unstable.Float:
		return "the number " + string(v.Data)
	case unstable.Bool:
		return string(v.Data)
	case unstable.Array:
		return "a list"
	case unstable.InlineTable:
		return "a table"
	}
	return "a date or time"
}

// wantWords says what the key takes instead; a condition's list of values
// belongs in in, not value, and the refusal says so with the file's list.
func wantWords(name string, t reflect.Type, v *unstable.Node) string {
	if v.Kind != unstable.Array || !strings.HasSuffix(name, "when.value") {
		return "want " + typeWords(t)
	}
	var values []string
	for it := v.Children(); it.Next(); {
		if it.Node().Kind != unstable.Integer {
			values = []string{"2", "3", "4"} // an example: the file's are not all numbers
			break
		}
		values = append(values, string(it.Node().Data))
	}
	if len(values) == 0 {
		values = []string{"2", "3", "4"}
	}
	return "for several values write in = [" + strings.Join(values, ", ") + "]"
}

// typeWords says what a key takes, in the words of a TOML file.
func typeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "text in quotes"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct:
		return "a table"
	case reflect.Slice:
		switch e := t.Elem(); e.Kind() {
		case reflect.String:
			return "a list of texts in quotes"
		case reflect.Struct:
			return "a list of tables"
		default:
			return "a list of whole numbers"
		}
	}
	return t.Kind().String()
}

// keyTitle names a key as the file's problems do: "step 2: when.value"
// for the second [[step]]'s, the key itself elsewhere.
func keyTitle(path string) string {
	for _, table := range []string{"step", "scale"} {
		rest, ok := strings.CutPrefix(path, table+".")
		if !ok {
			continue
		}
		n, key, _ := strings.Cut(rest, ".")
		if i, err := strconv.Atoi(n); err == nil {
			return fmt.Sprintf("%s %d: %s", table, i+1, key)
		}
	}
	return path
}
