package guidelines

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
)

// MaxChoice is the most elements a choice step picks among: its label is
// the element's number (1..n), and the store keeps a label's value in
// 0-11 (labels, adjudications and their history hold it so). An item
// with more elements shows them all, but only the first MaxChoice can be
// picked; docs/protocols.md says so.
const MaxChoice = 11

// ChoiceKeys are the keys a choice step gives the elements on its page,
// in order: the digits, then letters neither the HIT screen nor the
// adjudication screen keeps (ReservedKeys, AdjudicationKeys). An item
// with more elements than keys pages through them (ChoicePageKeys).
var ChoiceKeys = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "b", "c", "e", "f", "i", "m", "p", "t", "v", "w"}

// ChoicePageKeys move a choice step's keys to the previous and next page
// of elements.
var ChoicePageKeys = [2]string{"<", ">"}

// ChoiceKey is one key of a choice step's page and the element (from 1)
// it picks.
type ChoiceKey struct {
	Key     string
	Element int
}

// ChoicePages is how many pages of keys n elements need (1 for none).
func ChoicePages(n int) int { return max(1, (n+len(ChoiceKeys)-1)/len(ChoiceKeys)) }

// ChoicePage is the keys of page (from 0; clamped to the pages there are)
// of a choice among n elements: ChoiceKeys in order beside the page's
// elements.
func ChoicePage(n, page int) []ChoiceKey {
	page = min(max(page, 0), ChoicePages(n)-1)
	first := page * len(ChoiceKeys)
	var out []ChoiceKey
	for i, k := range ChoiceKeys {
		if first+i >= n {
			break
		}
		out = append(out, ChoiceKey{Key: k, Element: first + i + 1})
	}
	return out
}

// IsChoice says whether the unit is a choice step's: its label is an
// element's number, which fits an item by its own elements.
func (p Protocol) IsChoice(unit string) bool {
	if p.file == nil {
		return false
	}
	st, ok := p.file.StepOf(unitType(unit))
	return ok && st.Kind == StepChoice
}

// Choices is how many elements an item of this shape offers a choice
// step: a grouped item's rows, else its list's elements.
func (p Protocol) Choices(s Shape) int {
	if p.Grouped() {
		return min(s.Rows, MaxChoice)
	}
	return min(s.Answers, MaxChoice)
}

// NominalOf says whether a unit's labels are categories with no order: a
// choice's element numbers are, whatever the file's scales say.
func (p Protocol) NominalOf(unit string) bool { return p.Nominal || p.IsChoice(unit) }

// choiceExtent is the most elements a choice step of the file picks
// among: the values its unit's label may take in any item (a list's
// columns, a JSONL list path's listed elements, a group's rows).
func (f *ProtocolFile) choiceExtent() int {
	first := 1
	if st, ok := f.choiceStep(); ok {
		first = st.firstValue()
	}
	return min(f.choiceCap(), MaxChoice-first+1)
}

// choiceCap is how many elements an item of the file may offer a choice:
// its list's cap, or a group's rows.
func (f *ProtocolFile) choiceCap() int {
	if f.Item.Group != "" {
		return f.RowsListed()
	}
	return f.listCap()
}

// choiceStep is the file's choice step, if it has one.
func (f *ProtocolFile) choiceStep() (FileStep, bool) {
	i := slices.IndexFunc(f.Steps, func(st FileStep) bool { return st.Kind == StepChoice })
	if i < 0 {
		return FileStep{}, false
	}
	return f.Steps[i], true
}

// firstValue is the value a choice step's first element is stored as
// (FileStep.First; 1 when not given).
func (st FileStep) firstValue() int {
	if st.First == 0 {
		return 1
	}
	return st.First
}

// ChoiceFirst is the value a choice unit's first element is stored as:
// element k is k + ChoiceFirst − 1, none ChoiceFirst − 1 (1 for any
// other unit).
func (p Protocol) ChoiceFirst(unit string) int {
	if p.file == nil {
		return 1
	}
	st, ok := p.file.StepOf(unitType(unit))
	if !ok || st.Kind != StepChoice {
		return 1
	}
	return st.firstValue()
}

// ChoiceNoneOf is the value a choice unit's none is stored as.
func (p Protocol) ChoiceNoneOf(unit string) int { return p.ChoiceFirst(unit) - 1 }

// ElementOf is the element (from 1; 0 for none) a choice unit's stored
// value v picks.
func (p Protocol) ElementOf(unit string, v int) int { return v - p.ChoiceFirst(unit) + 1 }

// ChoiceValue is the value a choice unit stores for element (from 1).
func (p Protocol) ChoiceValue(unit string, element int) int {
	return element + p.ChoiceFirst(unit) - 1
}

// choiceScale is a choice step's scale: element n down to 1, named by
// the element and keyed as the first page of keys keys it (MaxChoice is
// within one page), then, when the step has none, none fits (0, key 0):
// so a choice is keyed, described and decided like any scale's label, on
// the HIT screen and the adjudication screen alike. A kind whose labels
// are written by name names an element by its number ("3"), as files
// write it.
func (f *ProtocolFile) choiceScale(st FileStep) []Label {
	noun := f.Item.ListName
	if f.Item.Group != "" {
		noun = f.RowNoun()
	}
	if f.Item.Labels == LabelsByName {
		noun = ""
	}
	n, first := f.choiceExtent(), st.firstValue()
	out := make([]Label, n)
	for i := range out {
		e := n - i
		out[i] = Label{Value: e + first - 1, Key: ChoiceKeys[e-1], Name: strings.TrimSpace(noun + " " + strconv.Itoa(e))}
	}
	if st.None != "" {
		out = append(out, Label{Value: first - 1, Key: ChoiceNoneKey, Name: "none"})
	}
	return out
}

// ChoiceNoneKey is the key of a choice step's none (FileStep.None).
const ChoiceNoneKey = "0"

// NoneText is what a choice step's none fits says ("" for a step without
// one).
func (p Protocol) NoneText(unit string) string {
	if p.file == nil {
		return ""
	}
	st, _ := p.file.StepOf(unitType(unit))
	return display.Clean(st.None)
}

// checkChoice checks a choice step: it picks one element of the item's
// list (shown on the step) or one of its grouped rows, once an item, and
// takes no scale: its values are the elements.
func (c *fileCheck) checkChoice(key string, i int, st FileStep) {
	it := c.f.Item
	switch {
	case len(it.List) == 0 && it.Group == "":
		c.at(key+".kind", "step %d: kind = \"choice\" picks one element of the item's list or one of its rows, but the item has neither (item.list, item.group)", i+1)
	case it.Group == "" && !slices.Contains(st.Show, ShowList):
		c.at(key+".show", "step %d: kind = \"choice\" picks one element of the list: show it (show = [..., \"list\"])", i+1)
	}
	if st.Per != "" && st.Per != PerItem {
		c.at(key+".per", "step %d: kind = \"choice\" picks one element of the whole item: per = %q cannot be (leave per out)", i+1, st.Per)
	}
	if st.Scale != "" {
		c.at(key+".scale", "step %d: kind = \"choice\" takes no scale: its label is the element picked (1, 2, …)", i+1)
	}
	if want := choiceTexts(st); len(st.LabelText) > 0 && len(st.LabelText) != want {
		c.at(key+".label_text", "step %d: kind = \"choice\" takes %s in label_text: %s", i+1,
			display.Count(want, "text", "texts"), map[int]string{1: "an element's", 2: "none's, then an element's"}[want])
	}
	if st.None != "" && (strings.TrimSpace(st.None) == "" || !drawable(st.None)) {
		c.at(key+".none", "step %d: none = %q: say what key 0 means in words a terminal shows as written", i+1, st.None)
	}
	c.checkFirst(key, i, st)
}

// checkFirst checks a choice step's first: at least 1 (0 is not given:
// 1), and its elements (and none, one less) stored within the values the
// store keeps, 0 to MaxChoice. A list past them is capped by max_list; a
// group's rows are not, so a choice of rows starts at 1.
func (c *fileCheck) checkFirst(key string, i int, st FileStep) {
	switch n := c.f.choiceCap(); {
	case st.First < 0:
		c.at(key+".first", "step %d: first = %d: want the value the first element is stored as, at least 1", i+1, st.First)
	case st.First > MaxChoice:
		c.at(key+".first", "step %d: first = %d: past %d, the largest value the store keeps", i+1, st.First, MaxChoice)
	case st.First > 1 && st.First-1+n > MaxChoice && c.f.Item.Group != "":
		c.at(key+".first", "step %d: first = %d: a group's %ss would be stored as %d to %d, past %d, the largest value the store keeps (a choice of rows starts at 1: leave first out)",
			i+1, st.First, c.f.RowNoun(), st.First, st.First-1+n, MaxChoice)
	case st.First > 1 && st.First-1+n > MaxChoice:
		c.at(key+".first", "step %d: first = %d: %s would be stored as %d to %d, past %d, the largest value the store keeps (cap the list: item.max_list = %d)",
			i+1, st.First, display.Count(n, c.f.Item.ListName, display.Plural(c.f.Item.ListName)), st.First, st.First-1+n, MaxChoice, MaxChoice-st.First+1)
	}
}

// choiceTexts is how many label texts a choice step takes: its
// elements' and, with none, none's first (from the lowest value up).
func choiceTexts(st FileStep) int {
	if st.None != "" {
		return 2
	}
	return 1
}

// checkNone refuses none and first on a step that is no choice.
func (c *fileCheck) checkNone(key string, i int, st FileStep) {
	if st.None != "" && st.Kind != StepChoice {
		c.at(key+".none", "step %d: none is a choice step's (kind = \"choice\"): a scale names its own labels", i+1)
	}
	if st.First != 0 && st.Kind != StepChoice {
		c.at(key+".first", "step %d: first is a choice step's (kind = \"choice\"): a scale's values are its own", i+1)
	}
}

// choiceMarkdown is a choice step's guideline lines, in place of a
// scale's: how to pick, or its label texts (the elements', none's).
func (f *ProtocolFile) choiceMarkdown(st FileStep) string {
	noun := f.Item.ListName
	if f.Item.Group != "" {
		noun = f.RowNoun()
	}
	if len(st.LabelText) == 0 {
		return fmt.Sprintf("- pick one %s: press the key beside it (1-9, then letters)\n", noun)
	}
	text := func(i int) string { return display.Clean(strings.Join(strings.Fields(st.LabelText[i]), " ")) }
	out := fmt.Sprintf("- **1–%d** — %s\n", f.choiceExtent(), text(len(st.LabelText)-1))
	if st.None != "" {
		out += fmt.Sprintf("- **%s none** — %s\n", ChoiceNoneKey, text(0))
	}
	return out
}

// choiceHolds says how many elements an item of shape s offers a choice
// step, for a message refusing a pick past them.
func (f *ProtocolFile) choiceHolds(s Shape) string {
	if f.Item.Group != "" {
		return fmt.Sprintf("the item has %d %ss", min(s.Rows, MaxChoice), f.RowNoun())
	}
	return fmt.Sprintf("the item has %d %ss", min(s.Answers, f.listCap(), MaxChoice), f.Item.ListName)
}

// checkShare checks a condition's share: a choice step's, on a unit's
// label, three words a terminal shows as written.
func (c *fileCheck) checkShare(key string, i int, st FileStep) {
	w := st.When
	switch {
	case st.Kind != StepChoice || w.Field != "":
		c.at(key+".when", "step %d: when.share names the items a choice step waits for: give it on a choice step's condition on a unit", i+1)
	case len(w.Share) != 3:
		c.at(key+".when", "step %d: when.share: want three words: in text, in JSON, and of them (\"need clarification\", \"needs_clarification\", \"needing it\")", i+1)
	case slices.ContainsFunc(w.Share, func(s string) bool { return strings.TrimSpace(s) == "" || !drawable(s) }):
		c.at(key+".when", "step %d: when.share: a word is empty or holds a control character", i+1)
	case !snakeCase.MatchString(w.Share[1]):
		c.at(key+".when", "step %d: when.share: the JSON word %q is not lower_snake_case (needs_clarification)", i+1, w.Share[1])
	case slices.Contains(c.choiceStatsKeys(st), w.Share[1]):
		c.at(key+".when", "step %d: when.share: the JSON word %q is a key stats --json writes already", i+1, w.Share[1])
	}
}

// snakeCase is a JSON key a script reads as one word.
var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// choiceStatsKeys are the keys stats --json writes for a choice step
// besides its share's (report.ChoiceStats.WriteJSON): a share word
// equal to one would write the key twice.
func (c *fileCheck) choiceStatsKeys(st FileStep) []string {
	return []string{c.f.Items, "with_" + c.f.Item.ListName + "s", "judged",
		st.Unit + "_judged", st.Unit + "s", st.Unit + "s_withheld"}
}

// ShareWords are what statistics call the items a choice step's
// condition holds for (FileCondition.Share): in text, in JSON and of
// them; the condition's unit's words where the file gives none.
func (p Protocol) ShareWords(choice string) [3]string {
	if p.file != nil {
		if st, ok := p.file.StepOf(unitType(choice)); ok && st.When != nil && len(st.When.Share) == 3 {
			return [3]string{display.Clean(st.When.Share[0]), display.Clean(st.When.Share[1]), display.Clean(st.When.Share[2])}
		}
	}
	c, _ := p.Requires(choice)
	return [3]string{"meet " + c.Unit, "meets_" + c.Unit, "meeting it"}
}

// ChoiceExtent is the most elements a choice step of the kind picks among.
func (p Protocol) ChoiceExtent() int {
	if p.file == nil {
		return 0
	}
	return p.file.choiceExtent()
}

// ChoiceStep is the kind's choice step and, when it waits for a
// condition on an earlier unit (waits), that condition: what choice
// statistics count (a choice that waits, the first), and what the request
// screen keys (a choice that does not wait, failing one that does; ""
// for none).
func (p Protocol) ChoiceStep() (choice string, cond Condition, waits bool) {
	for _, t := range p.Types {
		if !p.IsChoice(t) {
			continue
		}
		if c, ok := p.Requires(t); ok {
			return t, c, true
		}
		if choice == "" {
			choice = t
		}
	}
	return choice, Condition{}, false
}

// ListNoun is what one element of the kind's list is called ("" for none).
func (p Protocol) ListNoun() string {
	if p.file == nil {
		return ""
	}
	return display.Clean(p.file.Item.ListName)
}

// ChoosesFromList says whether a step of the file picks one element of
// the item's list.
func (f *ProtocolFile) ChoosesFromList() bool {
	return f.Item.Group == "" && slices.ContainsFunc(f.Steps, func(st FileStep) bool { return st.Kind == StepChoice })
}
