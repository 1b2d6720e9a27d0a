package guidelines

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Each kind's steps, written out by hand from the protocols: MIMICS §3.3
// (the generic template has no question step), ClariMM's ratings per turn
// then of the whole dialogue, one nugget step per gold nugget.
func TestStepsOfEachKind(t *testing.T) {
	necessity := shippedNecessity(t)
	ClariMM := shippedClariMM(t)
	cases := []struct {
		p     Protocol
		shape Shape
		want  string // step ids and units, "id:unit" or "id"
	}{
		{MIMICS, Shape{Question: "Which jaguar?", Answers: 2},
			"serp question:question answer_set:answer_set landing:landing_1 landing:landing_2"},
		{MIMICS, Shape{Question: `"Select one to refine your search"`, Answers: 3},
			"serp answer_set:answer_set landing:landing_1 landing:landing_2 landing:landing_3"},
		{MIMICS, Shape{Question: "Which?", Answers: 9, Nuggets: 2},
			"serp question:question answer_set:answer_set landing:landing_1 landing:landing_2 landing:landing_3 landing:landing_4 landing:landing_5"},
		{ClariMM, Shape{Answers: 2},
			"relevance:relevance_1 relevance:relevance_2 coherence:coherence diversity:diversity intent_reveal:intent_reveal"},
		{ClariMM, Shape{Answers: 7},
			"relevance:relevance_1 relevance:relevance_2 relevance:relevance_3 relevance:relevance_4 coherence:coherence diversity:diversity intent_reveal:intent_reveal"},
		{Nuggets, Shape{Nuggets: 3, Rows: 1}, "nugget:nugget_1 nugget:nugget_2 nugget:nugget_3"},
		{necessity, Shape{Answers: 3}, "necessity:necessity facet:facet"},
		{necessity, Shape{Rows: 3}, "necessity:necessity"},
		{Compare, Shape{Answers: 2}, "preference:preference"},
	}
	for _, c := range cases {
		var got []string
		for i, st := range c.p.Steps(c.shape) {
			if st.Unit == "" {
				got = append(got, st.ID)
			} else {
				got = append(got, st.ID+":"+st.Unit)
			}
			if st.ID == "landing" || st.ID == "relevance" || st.ID == "nugget" {
				if want := strings.TrimPrefix(st.Unit, st.ID+"_"); want != strconv.Itoa(st.Index+1) {
					t.Errorf("%s step %d: index %d for unit %s", c.p.Kind, i, st.Index, st.Unit)
				}
			}
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s %+v:\n got %s\nwant %s", c.p.Kind, c.shape, g, c.want)
		}
		units := c.p.Units(c.shape)
		// Units are the labelled steps' units, a subsequence of AllUnits.
		at := 0
		for _, u := range units {
			i := slices.Index(c.p.AllUnits[at:], u)
			if i < 0 {
				t.Errorf("%s: unit %s not in AllUnits after %d", c.p.Kind, u, at)
				break
			}
			at += i + 1
		}
		if len(units) != strings.Count(c.want, ":") {
			t.Errorf("%s: %d units for %s", c.p.Kind, len(units), c.want)
		}
	}
}

// The facet step waits for a yes: after a no, or before any label, the
// necessity label alone completes the HIT; after a yes the facet is needed.
func TestFacetWaitsForYes(t *testing.T) {
	Necessity := shippedNecessity(t)
	sh := Shape{Answers: 2}
	for _, c := range []struct {
		labels   map[string]int
		complete bool
	}{
		{map[string]int{}, false},
		{map[string]int{"necessity": necessityNo}, true},
		{map[string]int{"necessity": necessityYes}, false},
		{map[string]int{"necessity": necessityYes, "facet": facetValue(2)}, true},
		{map[string]int{"facet": facetValue(2)}, false},
	} {
		if got := Necessity.Complete(sh, c.labels); got != c.complete {
			t.Errorf("%v: complete %v", c.labels, got)
		}
	}
	if !Necessity.Complete(Shape{}, map[string]int{"necessity": necessityYes}) {
		t.Error("without candidates a yes completes the HIT")
	}
	if c, ok := Necessity.Requires("facet"); !ok || c != (Condition{"necessity", SetOf(necessityYes)}) {
		t.Errorf("facet requires %v %v", c, ok)
	}
	if _, ok := Necessity.Requires("necessity"); ok {
		t.Error("necessity requires nothing")
	}
}
