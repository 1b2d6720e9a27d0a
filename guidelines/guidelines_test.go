package guidelines

import (
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
		// One line per label, in scale order, so the HIT screen can show
		// what 2, 1 and 0 mean on this step.
		if len(sum) != len(st.Scale) {
			t.Fatalf("%s: %d summary lines for %d labels: %q", st.ID, len(sum), len(st.Scale), sum)
		}
		for i, l := range st.Scale {
			if want := strconv.Itoa(l.Value) + " " + l.Name + " "; !strings.HasPrefix(sum[i], want) {
				t.Errorf("%s line %d %q lacks %q", st.ID, i, sum[i], want)
			}
			if strings.ContainsAny(sum[i], "*`{}") {
				t.Errorf("markdown left in %q", sum[i])
			}
		}
	}
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
	seen := map[string]string{}
	for _, p := range Protocols {
		for _, u := range p.AllUnits {
			if other, ok := seen[u]; ok {
				t.Errorf("unit %s in both %s and %s", u, other, p.Kind)
			}
			seen[u] = p.Kind
			if got, ok := ForUnit(u); !ok || got.Kind != p.Kind {
				t.Errorf("ForUnit(%s) = %s", u, got.Kind)
			}
		}
		cats := p.Categories()
		if len(cats) != len(p.Scale) || cats[0] != p.LabelString(p.Low()) {
			t.Errorf("%s categories %v are not the scale from the lowest up", p.Kind, cats)
		}
	}
	if !ClariMM.Valid(5) || !ClariMM.Valid(1) || ClariMM.Valid(0) || ClariMM.Valid(6) {
		t.Error("ClariMM scale is not 1-5")
	}
	if !MIMICS.Valid(0) || MIMICS.Valid(3) || ClariMM.Low() != 1 || MIMICS.Low() != 0 {
		t.Error("MIMICS scale is not 0-2")
	}
	if ForKind("clarimm").Kind != "clarimm" || ForKind("nonsense").Kind != "mimics" {
		t.Error("ForKind")
	}
}

// Nugget judgements are written by name and keyed by letter or digit;
// the other scales are written and keyed by their digits alone.
func TestNuggetLabels(t *testing.T) {
	if got := Nuggets.Categories(); strings.Join(got, " ") != "none partial full" {
		t.Errorf("nugget categories %v", got)
	}
	for in, want := range map[string]int{"full": 2, "2": 2, "partial": 1, "1": 1, "none": 0, "0": 0} {
		if v, ok := Nuggets.ParseLabel(in); !ok || v != want {
			t.Errorf("ParseLabel(%q) = %d, %v", in, v, ok)
		}
	}
	for _, bad := range []string{"Full", "f", "3", ""} {
		if _, ok := Nuggets.ParseLabel(bad); ok {
			t.Errorf("ParseLabel(%q) accepted", bad)
		}
	}
	if _, ok := MIMICS.ParseLabel("Good"); ok {
		t.Error("MIMICS labels are written as digits, not names")
	}
	for k, want := range map[string]int{"2": 2, "1": 1, "0": 0} {
		if v, ok := Nuggets.ValueOfKey(k); !ok || v != want {
			t.Errorf("ValueOfKey(%q) = %d, %v", k, v, ok)
		}
	}
	// Every scale labels with digits: letters are the keys every screen
	// shares (n is a note everywhere).
	for _, p := range Protocols {
		for _, k := range []string{"f", "p", "n", "e"} {
			if _, ok := p.ValueOfKey(k); ok {
				t.Errorf("%s: %q labels", p.Kind, k)
			}
		}
	}
	if Nuggets.LabelString(1) != "partial" || MIMICS.LabelString(1) != "1" {
		t.Error("LabelString")
	}
	if len(Nuggets.AllUnits) != MaxNuggets || NuggetUnit(MaxNuggets) != Nuggets.AllUnits[MaxNuggets-1] {
		t.Errorf("nugget units %v", Nuggets.AllUnits)
	}
}
