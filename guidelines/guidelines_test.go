package guidelines

import (
	"strings"
	"testing"
)

func TestEveryStepHasGuidance(t *testing.T) {
	for _, st := range MIMICSSteps {
		if Section(st.ID) == "" {
			t.Errorf("no guideline section for %s", st.ID)
		}
		sum := Summary(st.ID)
		if len(st.Scale) == 0 {
			if len(sum) != 1 || sum[0] == "" {
				t.Errorf("%s summary %q", st.ID, sum)
			}
			continue
		}
		// One line per label, in scale order, so the HIT screen can show
		// what 2, 1 and 0 mean on this step.
		if len(sum) != len(st.Scale) {
			t.Fatalf("%s: %d summary lines for %d labels: %q", st.ID, len(sum), len(st.Scale), sum)
		}
		for i, l := range st.Scale {
			if want := l.Key + " " + l.Name + " — "; !strings.HasPrefix(sum[i], want) {
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
