package guidelines

import (
	"strconv"

	"github.com/claritty/claritty/display"
)

// The labels of a necessity item, as stored. Every value of a kind is its
// own category (agreement and the gold count votes by value), so a facet
// choice is stored past yes and no: none fits is 2, facet k is 2 + k. The
// keys are what the annotator presses: 1 yes, 0 no; 1-9 a facet, 0 none.
const (
	NecessityNo  = 0
	NecessityYes = 1
	FacetNone    = 2
	// MaxFacets is the most candidate facets an item may offer: one key each.
	MaxFacets = 9
)

// FacetValue is the stored label of the k-th facet (from 1), or of none
// fits for k = 0.
func FacetValue(k int) int { return FacetNone + k }

// FacetOf is the facet a stored facet label chooses (from 1), or 0 for none
// fits.
func FacetOf(value int) int { return value - FacetNone }

// The units of the ClariLM kinds.
const (
	NecessityUnit  = "necessity"
	FacetUnit      = "facet"
	PreferenceUnit = "preference"
)

// YesNo is the necessity scale: does the request need clarification?
var YesNo = []Label{{NecessityYes, "1", "yes"}, {NecessityNo, "0", "no"}}

// FacetChoices is the facet scale: one of up to nine candidates, or none.
var FacetChoices = func() []Label {
	var out []Label
	for k := MaxFacets; k >= 1; k-- {
		out = append(out, Label{FacetValue(k), strconv.Itoa(k), strconv.Itoa(k)})
	}
	return append(out, Label{FacetNone, "0", "none"})
}()

// NecessitySteps are ClariLM's two decisions (§3.3), made by people: whether
// the request needs clarification, then, only when it does and candidates
// exist, which facet to ask about (Optimal Facet Selection).
var NecessitySteps = []Step{
	{ID: "necessity", Title: "Does the request need clarification?", Short: "needs?", Scale: YesNo},
	{ID: "facet", Title: "Which facet should be clarified first?", Short: "facet", Scale: FacetChoices},
}

// Necessity is the clarification-necessity kind: a user request, the
// conversation before it, and the candidate facets a system found.
var Necessity = Protocol{
	Kind: "necessity", Items: "requests", Title: "ClariLM clarification necessity", StepTypes: NecessitySteps,
	Scale: append(append([]Label{}, FacetChoices...), YesNo...),
	Types: []string{"necessity", "facet"}, AllUnits: []string{"necessity", "facet"},
	Named: true, Nominal: true, text: necessityText, steps: necessitySteps,
	Code: "a request comes from JSONL with its conversation so far, and its facet is chosen " +
		"among the request's own candidates",
	holds: func(s Shape) string {
		return "the request has " + display.Count(s.Facets, "candidate facet", "candidate facets")
	},
}

// The preference between two outputs, from the first system's side (the
// first of the pair as stored, never as shown): it loses, ties or wins.
const (
	PreferLose = 0
	PreferTie  = 1
	PreferWin  = 2
)

// WinTieLose is the comparison scale. Its labels have no keys: the screen
// shows the outputs as A and B in an order drawn per item, and the kind
// turns "A better" into a win or a loss for the first system.
var WinTieLose = []Label{{PreferWin, "", "win"}, {PreferTie, "", "tie"}, {PreferLose, "", "lose"}}

// AsSeen is the comparison scale as the judge saw it, A's side first: what
// a file written for someone below the lead says (A, tie, B), since a label
// from the first system's side beside the side they chose would tell them
// which system wrote A.
var AsSeen = []Label{{PreferWin, "", "A"}, {PreferTie, "", "tie"}, {PreferLose, "", "B"}}

// SeenSide turns a preference from the first system's side into one from
// A's side (A better is PreferWin), given whether A showed the first
// system's output; the same turn takes it back.
func SeenSide(v int, firstIsA bool) int {
	if firstIsA {
		return v
	}
	return PreferWin - v
}

// SeenName is a preference from A's side as files write it: A, tie or B.
func SeenName(v int) string {
	for _, l := range AsSeen {
		if l.Value == v {
			return l.Name
		}
	}
	return ""
}

// ParseSeen reads A, tie or B into a preference from A's side.
func ParseSeen(s string) (int, bool) {
	for _, l := range AsSeen {
		if s == l.Name {
			return l.Value, true
		}
	}
	return 0, false
}

// CompareSteps is the one step of a blinded pairwise comparison.
var CompareSteps = []Step{
	{ID: "preference", Title: "Which output is better?", Short: "A or B", Scale: WinTieLose},
}

// Compare is the blinded pairwise comparison of two systems' outputs to one
// request (ClariLM §4.6.2, done by people instead of GPT-4).
var Compare = Protocol{
	Kind: "compare", Items: "pairs", Title: "Blinded pairwise comparison", StepTypes: CompareSteps, Scale: WinTieLose,
	Types: []string{"preference"}, AllUnits: []string{"preference"}, Named: true,
	Code: "one line of a pairs file is every pair of its systems; their outputs are shown as " +
		"sides A and B, drawn per pair, balanced per pair of systems and hidden from everyone " +
		"below the lead; and every verdict is read back from the first system's side",
	text: compareText, steps: func(Shape) []ItemStep { return []ItemStep{{ID: "preference", Unit: "preference"}} },
}

// necessitySteps: the decision, then the facet when there are candidates;
// the facet step applies only after a yes.
func necessitySteps(s Shape) []ItemStep {
	out := []ItemStep{{ID: "necessity", Unit: "necessity"}}
	if s.Facets > 0 {
		out = append(out, ItemStep{ID: "facet", Unit: "facet", When: &Condition{Unit: "necessity", In: SetOf(NecessityYes)}})
	}
	return out
}

// Describe names a unit's label for a person deciding on it: its key and
// name ("2 Good", "1 yes", "0 none"), the step and the name where they are
// the same ("facet 3"), the name alone where the step has no keys.
func (p Protocol) Describe(unit string, value int) string {
	k, name := p.KeyOf(unit, value), p.nameOn(unit, value)
	switch {
	case k == "":
		return name
	case k == name:
		return p.Step(unitType(unit)).Short + " " + name
	}
	return k + " " + name
}
