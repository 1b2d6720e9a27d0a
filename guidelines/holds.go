package guidelines

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
)

// Holds says how many of what a numbered unit counts the item of shape s
// has, for a message refusing a unit past them: "the pane has 3 candidate
// answers", "the item has no row 9 (it has 4)".
func (p Protocol) Holds(s Shape, unit string) string {
	if p.holds != nil {
		return p.holds(s)
	}
	if p.file != nil {
		if h, ok := p.file.holds(s, unit); ok {
			return h
		}
	}
	return "the item's HIT does not ask it"
}

// holds is Holds for a unit of one of the file's steps asked per list
// element or per grouped row.
func (f *ProtocolFile) holds(s Shape, unit string) (string, bool) {
	for _, st := range f.Steps {
		if st.Kind == StepChoice && unit == st.Unit {
			return f.choiceHolds(s), true
		}
		n, numbered := strings.CutPrefix(unit, st.Unit+"_")
		switch _, err := strconv.Atoi(n); {
		case !numbered || err != nil:
		case st.Per == PerElement && f.IsConversation():
			// A conversation is counted in turns: the conversation has 3 turns.
			n := min(s.Answers, f.listCap())
			return fmt.Sprintf("the %s has %s", Singular(f.Items), display.Count(n, f.Item.ListName, display.Plural(f.Item.ListName))), true
		case st.Per == PerElement:
			return fmt.Sprintf("the item has no %s %s (it has %d)", f.Item.ListName, n, min(s.Answers, f.listCap())), true
		case st.Per == PerRow:
			return fmt.Sprintf("the item has no %s %s (it has %d)", f.RowNoun(), n, s.Rows), true
		}
	}
	return "", false
}
