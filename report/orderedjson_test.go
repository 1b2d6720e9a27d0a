package report

import (
	"encoding/json"
	"strings"
	"testing"
)

// An object's keys come from a protocol file: one written twice is an
// error, not an object a script reads one of the two from.
func TestOrderedJSONRefusesATwiceKey(t *testing.T) {
	if _, err := json.Marshal(OrderedObject{{"requests", 3}, {"judged", 2}, {"requests", 1}}); err == nil || !strings.Contains(err.Error(), `the key "requests" twice`) {
		t.Errorf("err = %v", err)
	}
	b, err := json.Marshal(OrderedObject{{"requests", 3}, {"judged", 2}})
	if err != nil || string(b) != `{"requests":3,"judged":2}` {
		t.Errorf("%q %v", b, err)
	}
}
