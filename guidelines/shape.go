package guidelines

import (
	"strconv"

	"github.com/claritty/claritty/display"
)

// Shape is what of an item decides its HIT: a pane's question (raw, as
// imported) and number of candidate answers (a protocol file's list: a
// conversation's turns), the nuggets an answer is judged against. Each kind reads only its own fields.
type Shape struct {
	Question string
	Answers  int
	Nuggets  int
	Rows     int // the rows a protocol file's grouped item gathers
	// Fields are a protocol file's item's fields its steps' field
	// conditions read, as its meta keeps them (ProtocolFile.FieldsMeta);
	// "" gives every step.
	Fields string
}

// ItemStep is one step of one item's HIT: a step type (serp, landing,
// relevance, nugget…), the unit it labels ("" for a step with no label,
// the SERP review), and for a repeated step which answer, turn or nugget
// it is about (from 0).
type ItemStep struct {
	ID    string
	Unit  string
	Index int
	// When, if set, is the label the step waits for: a necessity item's
	// facet is chosen only after a yes. Until then the step asks nothing.
	When *Condition
}

// Condition is one unit holding one of a set of labels (a protocol
// file's when = { unit = "need", in = [2, 3, 4] }; value = 1 is the set of
// one).
type Condition struct {
	Unit string
	In   ValueSet
}

// Holds says whether a label of the condition's unit meets it.
func (c Condition) Holds(v int) bool { return c.In.Has(v) }

// ValueSet is a set of labels, a bit per value from 0 to 63 (a protocol
// file's values are 0–9, a built-in kind's at most 11); being a number, a
// set compares with == (two
// conditions are the same whether a file writes value = 1 or in = [1])
// and keys a map.
type ValueSet uint64

// maxSetValue is the largest value a ValueSet holds.
const maxSetValue = 63

// SetOf is the set of these values. A value past 0–63 is on no scale, so
// no label holds it: leaving it out meets the same labels.
func SetOf(values ...int) ValueSet {
	var s ValueSet
	for _, v := range values {
		if v >= 0 && v <= maxSetValue {
			s |= 1 << v
		}
	}
	return s
}

// Has says whether v is in the set.
func (s ValueSet) Has(v int) bool { return v >= 0 && v <= maxSetValue && s&(1<<v) != 0 }

// Values lists the set's values, lowest first.
func (s ValueSet) Values() []int {
	var out []int
	for v := 0; v <= maxSetValue; v++ {
		if s.Has(v) {
			out = append(out, v)
		}
	}
	return out
}

// Applies says whether the step asks for a label, given the annotator's
// labels so far.
func (st ItemStep) Applies(labels map[string]int) bool {
	if st.When == nil {
		return true
	}
	v, ok := labels[st.When.Unit]
	return ok && st.When.Holds(v)
}

// Asked lists, in HIT order, the units an item of this shape asks of an
// annotator whose labels are these: its steps' units (a generic pane has no
// question step) whose conditions the labels meet (a facet only after a
// yes). It is the one answer to "was this unit asked?": completeness,
// practice and gold-check scores, the quality report and the gold all read
// it, and the HIT screen walks the same steps with the same Applies.
func (p Protocol) Asked(s Shape, labels map[string]int) []string {
	var out []string
	for _, st := range p.Steps(s) {
		if st.Unit != "" && st.Applies(labels) {
			out = append(out, st.Unit)
		}
	}
	return out
}

// Complete says whether labels (by unit) are a whole HIT of an item of this
// shape: every unit it asked has its label.
func (p Protocol) Complete(s Shape, labels map[string]int) bool {
	for _, u := range p.Asked(s, labels) {
		if _, ok := labels[u]; !ok {
			return false
		}
	}
	return true
}

// Requires is the condition a unit's label waits for, if any: a label of
// it stands only while the condition holds.
func (p Protocol) Requires(unit string) (Condition, bool) {
	c, ok := p.Conditions()[unit]
	return c, ok
}

// Conditions are the kind's waiting units and what each waits for (none
// for most kinds); the caller must not change the map.
func (p Protocol) Conditions() map[string]Condition {
	if p.conds != nil {
		return p.conds // a protocol file's, read off when it was made
	}
	return conditions[p.Kind]
}

// Outlived lists, in HIT order, the labels among these that no longer
// stand: a unit whose condition they do not meet (a facet after the yes
// became a no, a row's usefulness after "ask" became 0), and down a chain
// of conditions every unit that waits on one of those. It is the one rule
// of which labels a changed answer withdraws: the store takes them away in
// the answer's transaction, the HIT screen drops them from what it shows.
func (p Protocol) Outlived(labels map[string]int) []string {
	conds := p.Conditions()
	if len(conds) == 0 {
		return nil
	}
	gone := map[string]bool{}
	for changed := true; changed; {
		changed = false
		for u := range labels {
			c, waits := conds[u]
			if !waits || gone[u] {
				continue
			}
			if v, has := labels[c.Unit]; !has || gone[c.Unit] || !c.Holds(v) {
				gone[u], changed = true, true
			}
		}
	}
	out := make([]string, 0, len(gone))
	for _, u := range p.AllUnits {
		if gone[u] {
			out = append(out, u)
		}
	}
	return out
}

// largest is a shape with the most of everything: the steps of an item
// of it ask every unit a kind has.
var largest = Shape{Answers: MaxAnswers, Nuggets: MaxNuggets, Rows: RowUnits}

// conditionsOf reads a kind's waiting units off its steps at the largest
// shape.
func conditionsOf(p Protocol, largest Shape) map[string]Condition {
	out := map[string]Condition{}
	for _, st := range p.Steps(largest) {
		if st.When != nil {
			out[st.Unit] = *st.When
		}
	}
	return out
}

// conditions are the built-in kinds' waiting units, read once: every
// label the store writes asks for them.
var conditions = func() map[Kind]map[string]Condition {
	out := map[Kind]map[string]Condition{}
	for _, p := range Protocols {
		if c := conditionsOf(p, largest); len(c) > 0 {
			out[p.Kind] = c
		}
	}
	return out
}()

// Fits says whether value is a label the unit may take on an item of this
// shape: on its scale, and for a choice one of the item's own elements
// (or none).
func (p Protocol) Fits(s Shape, unit string, value int) bool {
	if !p.Valid(unit, value) {
		return false
	}
	return !p.IsChoice(unit) || p.ElementOf(unit, value) <= p.Choices(s)
}

// Steps lists an item's HIT in order: for MIMICS the SERP review, the
// question (left out for the generic template), the answer set and one
// landing page per answer; for nuggets one step per nugget. It is the one
// definition of a HIT's steps: the screens, the gold, the exports and the
// merge all read it.
func (p Protocol) Steps(s Shape) []ItemStep {
	if p.steps == nil {
		return nil
	}
	return p.steps(s)
}

// mimicsSteps: Step I, II (unless generic), III, and IV once per answer.
func mimicsSteps(s Shape) []ItemStep {
	out := []ItemStep{{ID: "serp"}}
	if !IsGeneric(display.Field(s.Question)) {
		out = append(out, ItemStep{ID: "question", Unit: "question"})
	}
	out = append(out, ItemStep{ID: "answer_set", Unit: "answer_set"})
	return append(out, repeated("landing", min(s.Answers, MaxAnswers))...)
}

// nuggetSteps: one step per nugget.
func nuggetSteps(s Shape) []ItemStep { return repeated("nugget", min(s.Nuggets, MaxNuggets)) }

// repeated is n steps of one type, units id_1 … id_n.
func repeated(id string, n int) []ItemStep {
	out := make([]ItemStep, n)
	for i := range out {
		out[i] = ItemStep{ID: id, Unit: id + "_" + strconv.Itoa(i+1), Index: i}
	}
	return out
}

// Units lists the units an item's HIT may ask for, in HIT order: its
// steps' units, without the steps that label nothing (and with those that
// wait for a label: a necessity item's facet).
func (p Protocol) Units(s Shape) []string {
	var out []string
	for _, st := range p.Steps(s) {
		if st.Unit != "" {
			out = append(out, st.Unit)
		}
	}
	return out
}

// MaxAnswers is the most candidate answers a MIMICS pane has.
const MaxAnswers = 5
