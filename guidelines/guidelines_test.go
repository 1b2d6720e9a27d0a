package guidelines

import (
	"errors"
	"strconv"
	"strings"
	"testing"
)

func TestEveryStepHasGuidance(t *testing.T) {
	for _, p := range Protocols {
		for _, st := range p.StepTypes {
			checkStepGuidance(t, p, st)
		}
	}
}

func checkStepGuidance(t *testing.T, p Protocol, st Step) {
	t.Helper()
	{
		if p.Section(st.ID) == "" {
			t.Errorf("%s: no guideline section for %s", p.Kind, st.ID)
		}
		sum := p.Summary(st.ID)
		if len(st.Scale) == 0 {
			if len(sum) != 1 || sum[0] == "" {
				t.Errorf("%s summary %q", st.ID, sum)
			}
			return
		}
		for _, line := range sum {
			if strings.ContainsAny(line, "*`{}") {
				t.Errorf("markdown left in %q", line)
			}
		}
		if !keyedByValue(st.Scale) {
			// A facet's or a comparison's keys are not its values: the
			// guideline speaks of what is pressed (1-9, 0; 1 A, 2, 3 B).
			if len(sum) < 2 {
				t.Errorf("%s: summary %q", st.ID, sum)
			}
			return
		}
		// One line per label, in scale order, so the HIT screen can show
		// what 2, 1 and 0 mean on this step.
		if len(sum) != len(st.Scale) {
			t.Fatalf("%s: %d summary lines for %d labels: %q", st.ID, len(sum), len(st.Scale), sum)
		}
		for i, l := range st.Scale {
			if want := strconv.Itoa(l.Value) + " " + l.Name + " "; !strings.HasPrefix(sum[i], want) {
				t.Errorf("%s line %d %q lacks %q", st.ID, i, sum[i], want)
			}
		}
	}
}

func keyedByValue(scale []Label) bool {
	for _, l := range scale {
		if l.Key != strconv.Itoa(l.Value) {
			return false
		}
	}
	return true
}

func TestIsGeneric(t *testing.T) {
	for q, want := range map[string]bool{
		"Select one to refine your search":    true,
		"select one to refine your search.":   true,
		"  Select one to refine your search ": true,
		"Which jaguar are you looking for?":   false,
		"Select one":                          false,
	} {
		if IsGeneric(q) != want {
			t.Errorf("IsGeneric(%q) = %v", q, !want)
		}
	}
}

// Every unit belongs to one protocol, and its type is one of that
// protocol's types, so a label can always be put on the right scale.
func TestUnitsAndScales(t *testing.T) {
	seen := map[string]Kind{}
	for _, p := range Protocols {
		for _, u := range p.AllUnits {
			if other, ok := seen[u]; ok {
				t.Errorf("unit %s in both %s and %s", u, other, p.Kind)
			}
			seen[u] = p.Kind
			if !p.HasUnit(u) || p.HasUnit(u+"x") {
				t.Errorf("%s.HasUnit(%s)", p.Kind, u)
			}
		}
		cats := p.Categories()
		if len(cats) != len(p.Scale) || cats[0] != p.NameOf(p.Types[0], p.Low()) {
			t.Errorf("%s categories %v are not the scale from the lowest up", p.Kind, cats)
		}
	}
	ClariMM := shippedClariMM(t)
	if !ClariMM.Valid("coherence", 5) || !ClariMM.Valid("relevance_2", 1) || ClariMM.Valid("coherence", 0) || ClariMM.Valid("coherence", 6) {
		t.Error("ClariMM scale is not 1-5")
	}
	if !MIMICS.Valid("landing_3", 0) || MIMICS.Valid("question", 3) || ClariMM.Low() != 1 || MIMICS.Low() != 0 {
		t.Error("MIMICS scale is not 0-2")
	}
	if Builtins().For("nuggets").Kind != "nuggets" || Builtins().Known("nonsense") || Builtins().Known("clarimm") {
		t.Error("the built-in set")
	}
}

// Nugget judgements are written by name and keyed by letter or digit;
// the other scales are written and keyed by their digits alone.
func TestNuggetLabels(t *testing.T) {
	if got := Nuggets.Categories(); strings.Join(got, " ") != "none partial full" {
		t.Errorf("nugget categories %v", got)
	}
	for in, want := range map[string]int{"full": 2, "2": 2, "partial": 1, "1": 1, "none": 0, "0": 0} {
		if v, ok := Nuggets.ParseLabel("nugget_3", in); !ok || v != want {
			t.Errorf("ParseLabel(%q) = %d, %v", in, v, ok)
		}
	}
	for _, bad := range []string{"Full", "f", "3", ""} {
		if _, ok := Nuggets.ParseLabel("nugget_3", bad); ok {
			t.Errorf("ParseLabel(%q) accepted", bad)
		}
	}
	if _, ok := MIMICS.ParseLabel("question", "Good"); ok {
		t.Error("MIMICS labels are written as digits, not names")
	}
	for k, want := range map[string]int{"2": 2, "1": 1, "0": 0} {
		if v, ok := Nuggets.ValueOfKey("nugget_1", k); !ok || v != want {
			t.Errorf("ValueOfKey(%q) = %d, %v", k, v, ok)
		}
	}
	// Every scale labels with digits: letters are the keys every screen
	// shares (n is a note everywhere).
	for _, p := range Protocols {
		for _, u := range p.AllUnits {
			for _, k := range []string{"f", "p", "n", "e", ""} {
				if _, ok := p.ValueOfKey(u, k); ok {
					t.Errorf("%s %s: %q labels", p.Kind, u, k)
				}
			}
		}
	}
	if Nuggets.NameOf("nugget_1", 1) != "partial" || MIMICS.NameOf("question", 1) != "1" {
		t.Error("NameOf")
	}
	if len(Nuggets.AllUnits) != MaxNuggets || NuggetUnit(MaxNuggets) != Nuggets.AllUnits[MaxNuggets-1] {
		t.Errorf("nugget units %v", Nuggets.AllUnits)
	}
}

// A necessity item's two steps take their own labels: yes and no (1, 0),
// then a facet 1-9 or none (stored 3-11 and 2). Each value of the kind is its own category,
// and a label given to the wrong unit is refused.
func TestNecessityLabels(t *testing.T) {
	p := shippedNecessity(t)
	if got := strings.Join(append(p.UnitCategories("necessity"), p.UnitCategories("facet")...), " "); got != "no yes none 1 2 3 4 5 6 7 8 9" {
		t.Errorf("categories %s", got)
	}
	for _, c := range []struct {
		unit, in string
		want     int
		ok       bool
	}{
		{"necessity", "yes", necessityYes, true}, {"necessity", "1", necessityYes, true},
		{"necessity", "no", necessityNo, true}, {"necessity", "0", necessityNo, true},
		{"necessity", "none", 0, false}, {"necessity", "3", 0, false}, {"necessity", "Yes", 0, false},
		{"facet", "none", facetNone, true}, {"facet", "0", facetNone, true},
		{"facet", "1", facetValue(1), true}, {"facet", "9", facetValue(9), true},
		{"facet", "yes", 0, false}, {"facet", "10", 0, false}, {"facet", "11", 0, false},
	} {
		v, ok := p.ParseLabel(c.unit, c.in)
		if ok != c.ok || ok && v != c.want {
			t.Errorf("ParseLabel(%s, %q) = %d, %v", c.unit, c.in, v, ok)
		}
	}
	for k := 0; k <= 9; k++ {
		v, ok := p.ValueOfKey("facet", strconv.Itoa(k))
		if !ok || p.ElementOf("facet", v) != k || p.KeyOf("facet", v) != strconv.Itoa(k) {
			t.Errorf("facet key %d gives %d, %v", k, v, ok)
		}
	}
	if v, _ := p.ValueOfKey("necessity", "1"); v != necessityYes || p.Valid("necessity", facetValue(1)) || p.Valid("facet", necessityYes) {
		t.Error("necessity keys")
	}
	if p.NameOf("facet", facetValue(3)) != "3" || p.NameOf("facet", facetNone) != "none" || p.NameOf("necessity", necessityNo) != "no" || p.NameOf("necessity", necessityYes) != "yes" || p.NameOf("facet", facetValue(1)) != "1" {
		t.Error("NameOf")
	}
	// Comparison labels have no keys: the kind turns A/B into win or lose.
	for _, k := range []string{"1", "2", "3"} {
		if _, ok := Compare.ValueOfKey("preference", k); ok {
			t.Errorf("preference key %s", k)
		}
	}
	if got := strings.Join(Compare.Categories(), " "); got != "lose tie win" {
		t.Errorf("compare categories %s", got)
	}
}

// A figure may pool a kind's types only when they share one scale: MIMICS'
// three and ClariMM's four do, a request's yes/no and facet number do not.
func TestOneScale(t *testing.T) {
	necessity := shippedNecessity(t)
	ClariMM := shippedClariMM(t)
	for _, c := range []struct {
		p    Protocol
		want bool
	}{{MIMICS, true}, {ClariMM, true}, {Nuggets, true}, {necessity, false}, {Compare, true}} {
		if got := c.p.OneScale(); got != c.want {
			t.Errorf("%s: one scale %v, want %v", c.p.Kind, got, c.want)
		}
	}
	if necessity.SameScale([]string{"necessity"}) != true || necessity.SameScale([]string{"facet", "necessity"}) {
		t.Error("SameScale over necessity alone, or with facet")
	}
}

// A kind goes into and out of the database only when it is a known one.
func TestKindScanAndValue(t *testing.T) {
	for _, p := range Protocols {
		var k Kind
		if err := k.Scan(string(p.Kind)); err != nil || k != p.Kind {
			t.Errorf("Scan(%q) = %q, %v", p.Kind, k, err)
		}
		if err := k.Scan([]byte(p.Kind)); err != nil || k != p.Kind {
			t.Errorf("Scan(bytes %q) = %q, %v", p.Kind, k, err)
		}
		if v, err := p.Kind.Value(); err != nil || v != string(p.Kind) {
			t.Errorf("%q.Value() = %v, %v", p.Kind, v, err)
		}
	}
	// A name of a file kind's form ("odd") scans: whether a database has
	// it is its set's to say (store.knownKind).
	for _, v := range []any{"", "Odd", "-odd", "MIMICS", "mimics\x1b[31m", int64(3), nil} {
		k := Kind("before")
		if err := k.Scan(v); err == nil || k != "before" {
			t.Errorf("Scan(%q) took it: %q", v, k)
		}
		if s, ok := v.(string); ok {
			if _, err := Kind(s).Value(); !errors.Is(err, ErrUnknownKind) || strings.ContainsRune(err.Error(), 0x1b) {
				t.Errorf("Kind(%q).Value(): %v", s, err)
			}
		}
	}
}

// The necessity kind's stored labels, as the release before stored them:
// yes 1, no 0, none fits 2 and facet k k + 2 (its file's first = 3).
const (
	necessityYes = 1
	necessityNo  = 0
	facetNone    = 2
)

// facetValue is facet k's stored label.
func facetValue(k int) int { return facetNone + k }

// shippedNecessity is the kind of the necessity protocol claritty ships.
func shippedNecessity(t testing.TB) Protocol {
	t.Helper()
	pt, err := FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	return pt.File.Protocol()
}

// shippedClariMM is ClariMM's kind, as its shipped protocol file makes it.
func shippedClariMM(t testing.TB) Protocol {
	t.Helper()
	pt, err := FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	return pt.File.Protocol()
}
