package datatest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// ClamberReleaseLine is a line as CLAMBER's clamber_benchmark.jsonl has
// it: the object's text with every key of the release in its order, with
// Python's separators and escapes of non-ASCII, ended by a line end
// inside, written as a JSON string.
func ClamberReleaseLine(t testing.TB, question, clarifying string, require int, category, subclass string) string {
	t.Helper()
	str := func(s string) string {
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		for _, r := range string(b) {
			if r > 0x7e {
				fmt.Fprintf(&out, `\u%04x`, r)
				continue
			}
			out.WriteRune(r)
		}
		return out.String()
	}
	inner := fmt.Sprintf(`{"question": %s, "context": "", "clarifying_question": %s, "require_clarification": %d, "category": %s, "subclass": %s, "predict_ambiguous": 0, "predict_is_ambiguous_response": %s, "predict_clarifying_question": %s}`,
		str(question), str(clarifying), require, str(category), str(subclass), str(`{"Output": "False", "Confidence": 4}`), str("Clarifying question: \n- Which?"))
	return str(inner+"\n") + "\n"
}
