package agreement

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// A type's undefined reason names the figures it covers and those that
// stand: with no variation on a nominal yes/no scale, κ and α nominal are
// undefined and AC1 (1) and observed agreement defined; ordinal and
// interval α, which a nominal scale has reasons of its own for, are not
// named. With no labels every figure is undefined. agree --json lists the
// covered figures' paths, each null there.
func TestUndefinedNamesTheFiguresItCovers(t *testing.T) {
	t.Parallel()
	yesNo := Scale{Categories: []string{"no", "yes"}, Nominal: true}
	for _, c := range []struct {
		name  string
		table [][]int
		scale Scale
		want  string
	}{
		{"ask, every label yes", [][]int{{0, 2}, {0, 2}, {0, 3}}, yesNo,
			"no variation: every label is the same, so chance agreement is 1 (Fleiss' κ and α nominal are undefined; AC1 and observed agreement are defined)"},
		{"need, every label 2", [][]int{{0, 0, 2}, {0, 0, 2}}, mimicsScale,
			"no variation: every label is the same, so chance agreement is 1 (Fleiss' κ, α nominal, α ordinal and α interval are undefined; AC1 and observed agreement are defined)"},
		{"no labels", [][]int{}, mimicsScale,
			"no labels (Fleiss' κ, α nominal, α ordinal, α interval, AC1 and observed agreement are undefined)"},
	} {
		rep := Analyze(countStudy(c.table, c.scale), Options{})
		typ := rep.Types[0]
		if got := typ.UndefinedText(); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		var b bytes.Buffer
		if err := rep.WriteJSON(&b); err != nil {
			t.Fatal(err)
		}
		var doc struct{ Types []map[string]any }
		if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		listed, _ := doc.Types[0]["undefined_figures"].([]any)
		undefined, _ := typ.UndefinedFigures()
		if len(listed) != len(undefined) {
			t.Errorf("%s: undefined_figures %v, want %d", c.name, listed, len(undefined))
		}
		for _, p := range listed {
			var v any = doc.Types[0]
			for _, k := range strings.Split(p.(string), "/") {
				v = v.(map[string]any)[k]
			}
			if v != nil {
				t.Errorf("%s: undefined_figures names %s, which is %v", c.name, p, v)
			}
		}
	}
}
