package report

import (
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// facetValue is facet k's stored label, as the release before stored it
// (necessity.toml's first = 3: facet k is k + 2, none 2).
func facetValue(k int) int { return k + 2 }

// A request's facet is missing from its gold only when the gold says it
// needs clarification: a no asks for nothing more.
func TestMissingFacetOnlyAfterYes(t *testing.T) {
	t.Parallel()
	sh := guidelines.Shape{Answers: 3}
	for _, c := range []struct {
		units []UnitGold
		want  int
	}{
		{nil, 1},
		{[]UnitGold{{Unit: "necessity", Label: 0}}, 0},
		{[]UnitGold{{Unit: "necessity", Label: 1}}, 1},
		{[]UnitGold{{Unit: "necessity", Label: 1}, {Unit: "facet", Label: facetValue(2)}}, 0},
		{[]UnitGold{{Unit: "necessity", Label: -1}}, 1},
	} {
		p := &PaneGold{Units: c.units}
		if got := p.missing(shippedNecessity(t), sh); got != c.want {
			t.Errorf("%+v: %d missing, want %d", c.units, got, c.want)
		}
	}
	// Other kinds: every unit of the HIT.
	p := &PaneGold{Units: []UnitGold{{Unit: "question", Label: 2}}}
	if got := p.missing(guidelines.MIMICS, guidelines.Shape{Question: "Which?", Answers: 2}); got != 3 {
		t.Errorf("MIMICS pane with a question label: %d missing, want 3", got)
	}
}

// A nominal kind's labels carry no interval values; a named ordinal
// scale's do, evenly spaced from its lowest.
func TestScaleOfNominal(t *testing.T) {
	t.Parallel()
	if s := ScaleOf(shippedNecessity(t)); s.Values != nil || len(s.Categories) != 12 {
		t.Errorf("necessity scale %+v", s)
	}
	if s := ScaleOf(guidelines.Compare); len(s.Values) != 3 || s.Values[0] != 0 || s.Values[2] != 2 {
		t.Errorf("compare scale %+v", s)
	}
}

// shippedNecessity is the kind of the necessity protocol file claritty
// ships (yes 1, no 0; a facet its number, none fits 0).
func shippedNecessity(t testing.TB) guidelines.Protocol {
	t.Helper()
	pt, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	return pt.File.Protocol()
}
