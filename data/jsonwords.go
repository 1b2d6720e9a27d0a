package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// jsonProblem words a decoding error for a person: which field has the
// wrong type, or where the syntax breaks, in JSON's words (text, a number,
// a list, an object), never Go's (int, float64, map, data.clarimmLine).
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf("the line is %s; want one JSON object ({...}) a line", jsonValueWords(te.Value))
	case errors.As(err, &te) && outOfRange(te):
		return fmt.Sprintf("%s: %s is out of range", te.Field, jsonValueWords(te.Value))
	case errors.As(err, &te):
		return fmt.Sprintf("%s should be %s, not %s", te.Field, jsonTypeWords(te.Type), jsonValueWords(te.Value))
	case errors.As(err, &se):
		return fmt.Sprintf("broken JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the line ends before its JSON object does"
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "unknown field " + f
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// outOfRange says whether a number was refused for its size alone: a
// number field given a number too large for it (not a fraction where a
// whole number goes).
func outOfRange(te *json.UnmarshalTypeError) bool {
	n, ok := strings.CutPrefix(te.Value, "number ")
	if !ok {
		return false
	}
	switch jsonTypeWords(te.Type) {
	case "a number":
		return true
	case "a whole number":
		return !strings.ContainsAny(n, ".eE")
	}
	return false
}

// jsonTypeWords says what a field holds, in JSON's words.
func jsonTypeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another kind of value"
}

// jsonValueWords says what a JSON value is: encoding/json names it
// "string", "number", "number 3.5", "array", "object" or "bool".
func jsonValueWords(v string) string {
	if n, ok := strings.CutPrefix(v, "number "); ok {
		return "the number " + n
	}
	switch v {
	case "string":
		return "text"
	case "number":
		return "a number"
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "bool":
		return "true or false"
	}
	return v
}
