// Package guidelines holds the annotation protocols: task kinds, their steps
// and label scales, and the guideline text annotators read while labelling.
package guidelines

import (
	"database/sql/driver"
	_ "embed"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/claritty/claritty/display"
)

// Label is one point of a scale and the key that gives it.
type Label struct {
	Value int
	Key   string
	Name  string
}

// Step is one step of a HIT.
type Step struct {
	ID      string // serp, question, answer_set, landing
	Numeral string // I, II, III, IV
	Title   string
	Short   string // name in the step indicator
	Scale   []Label
	// MaxChars, when not 0, makes the step a written answer (a protocol
	// file's kind = "text") of at most that many characters; it has no
	// Scale, and its label's value is 0, its text kept beside it.
	MaxChars int
}

// GoodFairBad is the MIMICS scale.
var GoodFairBad = []Label{{2, "2", "Good"}, {1, "1", "Fair"}, {0, "0", "Bad"}}

// MIMICSSteps are the four steps of a MIMICS-Manual HIT (Zamani et al. 2020,
// §3.3). Step IV repeats once per candidate answer.
var MIMICSSteps = []Step{
	{ID: "serp", Numeral: "I", Title: "Review the search results", Short: "SERP"},
	{ID: "question", Numeral: "II", Title: "Label the clarifying question", Short: "question", Scale: GoodFairBad},
	{ID: "answer_set", Numeral: "III", Title: "Label the candidate answer set", Short: "answers", Scale: GoodFairBad},
	{ID: "landing", Numeral: "IV", Title: "Label each answer's landing page", Short: "landing", Scale: GoodFairBad},
}

// GenericQuestion is the template question that has no label of its own.
const GenericQuestion = "Select one to refine your search"

// IsGeneric reports whether a pane's (display) question is the generic
// template, whose question step is skipped and whose question label is N/A.
func IsGeneric(question string) bool {
	q := strings.TrimSpace(question)
	q = strings.TrimRight(q, ".")
	return strings.EqualFold(q, GenericQuestion)
}

// The guideline of a built-in kind with a shipped file is the file's
// (protofile_builtin.go).
var (
	mimicsText  = shippedGuideline("mimics")
	nuggetsText = shippedGuideline("nuggets")
	compareText = shippedGuideline("compare")
)

// Kind names a task kind (mimics, clarimm, nuggets, necessity, compare):
// what a dataset's items are and how they are judged. It is a type of its
// own so a kind cannot be passed where a format, a purpose or a dataset's
// name is wanted.
type Kind string

// Protocol is one task kind: its steps, its scale, the units an item of it
// may have and its guideline text.
type Protocol struct {
	Kind      Kind     // the dataset kind: mimics, clarimm
	Items     string   // what its items are called, plural: panes, conversations
	Title     string   // the guideline's title
	StepTypes []Step   // each kind of step once, in HIT order
	Scale     []Label  // from the best label down
	Types     []string // label types (a unit's name without its _n), in HIT order
	AllUnits  []string // every unit an item may have, in HIT order
	Named     bool     // labels are written by name (full), not by value (2)
	// Nominal says the labels have no order (yes, no; a facet's number):
	// agreement reads them as categories only.
	Nominal bool
	// Ratings says its labels are ratings: every scale step of its file
	// rates on an ordered scale of three or more points (ClariMM's 1-5).
	// Agreement points the reader to the ordinal and weighted figures, the
	// median rule may make its gold, and RatedUnits are what a ratings
	// table summarises.
	Ratings bool
	// Code says what of a built-in kind a protocol file cannot say, and
	// so keeps it in code ("" for a protocol file's kind).
	Code string
	// file is the protocol file the kind was made from (nil for a kind
	// built into the code): its rows' capabilities (RowTexts, OwnIDColumn,
	// Grouped, UnitText, ShownRow) read it, and its own parts take it
	// whole (FileOf).
	file *ProtocolFile
	// Attention is the kind's attention question, a capability any kind
	// may have (a protocol file's [attention], MIMICS's, ClariMM's); nil
	// for a kind that asks none.
	Attention *AttentionQuestion
	text      string
	// steps lays out an item's HIT (Steps); each kind says how.
	steps func(Shape) []ItemStep
	// conds are a protocol file's waiting units (Conditions); a built-in
	// kind's are kept by kind.
	conds map[string]Condition
	// holds says how many of what its numbered units count an item has
	// (Holds); nil for a protocol file's kind, whose file says.
	holds func(Shape) string
	// sums holds a protocol file's step summaries once made (Summary):
	// its own, so a changed file's kind summarises anew.
	sums *sync.Map
}

// MIMICS is the MIMICS-Manual protocol (Zamani et al. 2020, §3.3).
var MIMICS = Protocol{
	Kind: "mimics", Items: "panes", Title: "MIMICS clarification panes", StepTypes: MIMICSSteps, Scale: GoodFairBad,
	Types:    []string{"question", "answer_set", "landing"},
	AllUnits: []string{"question", "answer_set", "landing_1", "landing_2", "landing_3", "landing_4", "landing_5"},
	text:     mimicsText, steps: mimicsSteps,
	Attention: &AttentionQuestion{Ask: "How many candidate answers did this pane show?", Answer: shownAnswers},
	Code: "Step I reviews the query's search results and labels nothing, but is remembered; the SERP " +
		"is a file of its own, keyed by the query, shared by every dataset and read when the screen " +
		"opens; the question step is left out of a pane whose question is the generic template, " +
		"whatever its case and trailing dots; three formats feed the kind (MIMICS-Manual, " +
		"MIMICS-Click's signals, the SERP); its statistics are the paper's tables, its runs TREC " +
		"runs, and its release MIMICS-Manual byte for byte",
	holds: func(s Shape) string {
		return "the pane has " + display.Count(s.Answers, "candidate answer", "candidate answers")
	},
}

// FullPartialNone is the nugget coverage scale of Clarify-Then-Search:
// the answer restores the nugget fully (credit 1), partly (0.5) or not at
// all (0). Values follow the other scales, best highest; like every scale its
// keys are digits, so letters stay free for what every screen shares (n is
// a note everywhere).
var FullPartialNone = []Label{{2, "2", "full"}, {1, "1", "partial"}, {0, "0", "none"}}

// MaxNuggets is the most gold nuggets one intent may have: each is a unit
// of every answer judged against it.
const MaxNuggets = 30

// NuggetSteps is the one repeated step of nugget judging.
var NuggetSteps = []Step{
	{ID: "nugget", Title: "Does the answer restore this nugget?", Short: "nugget", Scale: FullPartialNone},
}

// Nuggets is Clarify-Then-Search nugget judging: one system's answer to an
// intent query, each weighted gold nugget judged full, partial or none.
var Nuggets = Protocol{
	Kind: "nuggets", Items: "answers", Title: "Clarify-Then-Search nugget judging", StepTypes: NuggetSteps, Scale: FullPartialNone,
	Types: []string{"nugget"}, AllUnits: numbered("nugget", MaxNuggets), Named: true,
	text: nuggetsText, steps: nuggetSteps,
	Code: "an answer is judged against the gold nuggets of its intent: the intents file is " +
		"imported once and joined by each system's candidates import (a run, its answers " +
		"shuffled), a step is asked per nugget of the joined intent, and the judgements score " +
		"the answer by the nuggets' weights (restore_score_100)",
	holds: func(s Shape) string {
		return "the answer's intent has " + display.Count(s.Nuggets, "nugget", "nuggets")
	},
}

// NuggetUnit is the unit of an intent's n-th nugget (from 1).
func NuggetUnit(n int) string { return "nugget_" + strconv.Itoa(n) }

func numbered(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = prefix + "_" + strconv.Itoa(i+1)
	}
	return out
}

// Protocols lists every task kind.
var Protocols = []Protocol{MIMICS, Nuggets, Compare}

// ErrUnknownKind means a task kind is none of the database's: not built
// in, and no protocol file it keeps.
var ErrUnknownKind = errors.New("not a task kind this claritty knows")

// Named says whether k has the form of a kind: a built-in kind's name, or
// one a protocol file may take. Whether a database has the kind is its
// Set's to say.
func (k Kind) Named() bool { return isBuiltInKind(k) || kindName.MatchString(string(k)) }

// Scan reads a kind from the database and refuses text that cannot name
// one (a hand-edited file); whether the database has it is its Set's to
// say, which the store asks of every dataset it reads.
func (k *Kind) Scan(v any) error {
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("task kind: %T is not text", v)
	}
	if !Kind(s).Named() {
		return fmt.Errorf("task kind %q: %w", display.Clean(s), ErrUnknownKind)
	}
	*k = Kind(s)
	return nil
}

// Value writes a kind to the database, refusing text that cannot name one.
func (k Kind) Value() (driver.Value, error) {
	if !k.Named() {
		return nil, fmt.Errorf("task kind %q: %w", display.Clean(string(k)), ErrUnknownKind)
	}
	return string(k), nil
}

// Item is what one of the kind's items is called: "pane", "request".
func (p Protocol) Item() string { return Singular(p.Items) }

// Singular is a plural noun's one: "panes" → "pane", "queries" → "query".
func Singular(plural string) string {
	switch {
	case strings.HasSuffix(plural, "ies"):
		return strings.TrimSuffix(plural, "ies") + "y"
	case strings.HasSuffix(plural, "ss"):
		return plural
	}
	return strings.TrimSuffix(plural, "s")
}

// HasUnit says whether an item of the protocol's kind may have the unit.
// A unit's name alone does not say its kind: diversity is ClariMM's and
// MIMICS-Duo's, and a lead's own protocol names its units as it likes.
func (p Protocol) HasUnit(unit string) bool { return slices.Contains(p.AllUnits, unit) }

// ScaleOf is the scale a unit is labelled on: its step's own (a necessity
// item's facet is chosen on another scale than its yes or no), else the
// protocol's.
func (p Protocol) ScaleOf(unit string) []Label {
	st := p.Step(unitType(unit))
	if st.Scale != nil || st.MaxChars > 0 { // a written answer has none
		return st.Scale
	}
	return p.Scale
}

// RatedUnits are the units a ratings table summarises, in HIT order: of
// a kind whose labels are ratings (Ratings), each unit rated on its
// ordered scale of three or more points (a choice's or a written
// answer's is none); none for another kind.
func (p Protocol) RatedUnits() []string {
	if !p.Ratings {
		return nil
	}
	var out []string
	for _, u := range p.AllUnits {
		if len(p.ScaleOf(u)) > 2 && !p.NominalOf(u) && p.TextMax(u) == 0 {
			out = append(out, u)
		}
	}
	return out
}

// unitType is a unit's name without its _n (landing_2 is a landing), or
// its _i_j (a nested list's pair: support_2_1 is a support).
func unitType(unit string) string {
	for range 2 {
		i := strings.LastIndexByte(unit, '_')
		if i < 0 {
			return unit
		}
		if _, err := strconv.Atoi(unit[i+1:]); err != nil {
			return unit
		}
		unit = unit[:i]
	}
	return unit
}

// Valid reports whether value is a point of the unit's scale.
func (p Protocol) Valid(unit string, value int) bool {
	if p.TextMax(unit) > 0 { // a written answer's value is 0, its words beside it
		return value == 0
	}
	for _, l := range p.ScaleOf(unit) {
		if l.Value == value {
			return true
		}
	}
	return false
}

// Categories are the scale's labels from the lowest up, as files write
// them: the order agreement's ordinal and interval metrics need.
func (p Protocol) Categories() []string {
	out := make([]string, len(p.Scale))
	for i, l := range p.Scale {
		out[len(out)-1-i] = p.valueString(l.Value)
	}
	return out
}

// valueString is a value of the kind's own scale as files write it: "2"
// on a numbered scale, "full" on a named one.
func (p Protocol) valueString(value int) string {
	if p.Named {
		return p.LabelName(value)
	}
	return strconv.Itoa(value)
}

// NameOf is a unit's label as files write it: its number on a numbered
// scale; on a named one its name on the unit's own scale. A kind's units
// may each have a scale of their own whose values collide (a necessity
// request's yes is 1, and so is its first facet), so a label is named by
// its unit, never by its value alone.
func (p Protocol) NameOf(unit string, value int) string {
	if p.Named {
		return p.nameOn(unit, value)
	}
	return strconv.Itoa(value)
}

// SetString is a condition's labels of the unit as files write them: "1"
// for one, "2, 3 or 4" for several.
func (p Protocol) SetString(unit string, set ValueSet) string {
	var out []string
	for _, v := range set.Values() {
		out = append(out, p.NameOf(unit, v))
	}
	if len(out) < 2 {
		return strings.Join(out, "")
	}
	return strings.Join(out[:len(out)-1], ", ") + " or " + out[len(out)-1]
}

// ParseLabel reads a unit's label as files write it: its value on a
// numbered scale; on a named one its name or its key, so "2" and "full" are
// the same nugget judgement and "0" and "none" the same facet choice.
// Names come first: an export writes names, so a name that is another
// value's key (a file a database kept from before that was refused) reads
// back as the value it names.
func (p Protocol) ParseLabel(unit, s string) (int, bool) {
	sc := p.ScaleOf(unit)
	if !p.Named {
		for _, l := range sc {
			if s == strconv.Itoa(l.Value) {
				return l.Value, true
			}
		}
		return 0, false
	}
	for _, l := range sc {
		if s == l.Name {
			return l.Value, true
		}
	}
	for _, l := range sc {
		if l.Key != "" && s == l.Key {
			return l.Value, true
		}
	}
	return 0, false
}

// UnitCategories are the labels a unit takes as files write them, from the
// lowest up: what an error about a label that is none of them lists.
func (p Protocol) UnitCategories(unit string) []string {
	sc := p.ScaleOf(unit)
	out := make([]string, len(sc))
	for i, l := range sc {
		out[len(out)-1-i] = p.NameOf(unit, l.Value)
	}
	return out
}

// ValueOfKey finds the label a key gives on the unit's step. A step whose
// labels have no keys (a comparison: which side is which changes from item
// to item) is keyed by its kind, not here.
func (p Protocol) ValueOfKey(unit, k string) (int, bool) {
	for _, l := range p.ScaleOf(unit) {
		if l.Key != "" && k == l.Key {
			return l.Value, true
		}
	}
	return 0, false
}

// KeyOf is the key that gives value on the unit's step, or "" when there
// is none.
func (p Protocol) KeyOf(unit string, value int) string {
	for _, l := range p.ScaleOf(unit) {
		if l.Value == value {
			return l.Key
		}
	}
	return ""
}

// OneScale says whether every label type of the kind is labelled on one
// scale, so a figure may pool them (MIMICS' three types are all
// Good/Fair/Bad); a necessity request's yes/no and facet number are not.
func (p Protocol) OneScale() bool { return p.SameScale(p.Types) }

// SameScale says whether the label types (or units) are all labelled on
// one scale: the rule for any figure that pools them.
func (p Protocol) SameScale(types []string) bool {
	for _, t := range types {
		if !slices.Equal(p.ScaleOf(t), p.ScaleOf(types[0])) {
			return false
		}
	}
	return true
}

// Low is the scale's lowest value: a category's index is value - Low.
func (p Protocol) Low() int { return p.Scale[len(p.Scale)-1].Value }

// LabelName is "Good" for 2 on the MIMICS scale, or the value when it is
// not on the scale.
func (p Protocol) LabelName(value int) string {
	for _, l := range p.Scale {
		if l.Value == value {
			return l.Name
		}
	}
	return strconv.Itoa(value)
}

// NameOn is a value's name on the unit's own scale (a protocol file's
// steps may each have one), else LabelName's: "Good", "yes", "3", whether
// files write labels by name or by number.
func (p Protocol) NameOn(unit string, value int) string { return p.nameOn(unit, value) }

// nameOn is NameOn.
func (p Protocol) nameOn(unit string, value int) string {
	for _, l := range p.ScaleOf(unit) {
		if l.Value == value {
			return l.Name
		}
	}
	return p.LabelName(value)
}

// Step finds a step by id.
func (p Protocol) Step(id string) Step {
	for _, s := range p.StepTypes {
		if s.ID == id {
			return s
		}
	}
	return Step{}
}

// Text is the whole guideline as markdown.
func (p Protocol) Text() string { return p.text }

var (
	sectionHeading = regexp.MustCompile(`(?m)^## (.*) \{#([a-z_]+)\}$`)
	anchor         = regexp.MustCompile(` \{#[a-z_]+\}`)
	emphasis       = regexp.MustCompile(`\*([^*\n]+)\*`)
)

// Section returns the guideline section for a step id (its heading line
// without the anchor, then its body), or "" when there is none.
func (p Protocol) Section(stepID string) string {
	locs := sectionHeading.FindAllStringSubmatchIndex(p.text, -1)
	for i, l := range locs {
		if p.text[l[4]:l[5]] != stepID {
			continue
		}
		end := len(p.text)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		return p.text[l[2]:l[3]] + "\n" + strings.TrimSpace(p.text[l[1]:end])
	}
	return ""
}

// Plain strips the markdown marks a terminal would show literally (anchors,
// emphasis, code ticks) and keeps the text.
func Plain(md string) string {
	md = anchor.ReplaceAllString(md, "")
	md = strings.NewReplacer("**", "", "`", "").Replace(md)
	return emphasis.ReplaceAllString(md, "$1")
}

// Summary is the guideline of a step in a few lines for the HIT screen: one
// line per label of the scale, or the opening paragraph of a step without
// labels. Each line is whole; the screen cuts it to its width.
func (p Protocol) Summary(stepID string) []string {
	m, key := &summaries, string(p.Kind)+"\x00"+stepID
	if p.sums != nil {
		m, key = p.sums, stepID
	}
	if s, ok := m.Load(key); ok {
		return slices.Clone(s.([]string))
	}
	s := p.summary(stepID)
	m.Store(key, s)
	return slices.Clone(s)
}

// summaries holds each step's summary once made, for the built-in kinds:
// their guideline text is embedded and never changes, and every frame of
// a HIT shows one. A protocol file's kind holds its own (Protocol.sums).
var summaries sync.Map

func (p Protocol) summary(stepID string) []string {
	sec := p.Section(stepID)
	if sec == "" {
		return nil
	}
	_, body, _ := strings.Cut(sec, "\n")
	var out []string
	for _, para := range strings.Split(body, "\n\n") {
		for _, item := range strings.Split(para, "\n- ") {
			item = strings.TrimPrefix(strings.TrimSpace(item), "- ")
			if strings.HasPrefix(item, "**") && len(item) > 2 && item[2] >= '0' && item[2] <= '9' {
				text, _, _ := strings.Cut(item, "\n  *Example:*")
				out = append(out, Plain(strings.Join(strings.Fields(text), " ")))
			}
		}
	}
	if len(out) == 0 {
		first, _, _ := strings.Cut(body, "\n\n")
		out = append(out, Plain(strings.Join(strings.Fields(first), " ")))
	}
	return out
}

// LabelGuide is the guideline's line for one label of a unit ("2 Good —
// …"), or its name alone when the guideline has no line for it: what a
// practising annotator reads beside the answer they missed.
func (p Protocol) LabelGuide(unit string, value int) string {
	k := p.KeyOf(unit, value)
	for _, line := range p.Summary(unitType(unit)) {
		if k != "" && strings.HasPrefix(line, k+" ") {
			return line
		}
	}
	return p.Describe(unit, value)
}
