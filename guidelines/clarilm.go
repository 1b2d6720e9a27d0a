package guidelines

// PreferenceUnit is the compare kind's unit.
const PreferenceUnit = "preference"

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
