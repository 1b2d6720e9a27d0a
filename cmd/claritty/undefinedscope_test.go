package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// scopeNames are the figures an agreement type's "undefined" reason may
// cover, by their paths in agree --json's type, with the names the text
// gives them, in the table's order.
var scopeNames = [][2]string{{"fleiss_kappa", "Fleiss' κ"}, {"krippendorff_alpha/nominal", "α nominal"},
	{"krippendorff_alpha/ordinal", "α ordinal"}, {"krippendorff_alpha/interval", "α interval"},
	{"gwet_ac1", "AC1"}, {"observed_agreement", "observed agreement"}}

// wordsList is "a, b and c".
func wordsList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// An agreement type with no variation has no κ or α, but an AC1 of 1 and
// an observed agreement of 1 stand beside them: agree's note says which
// figures its reason covers and which are defined, in the text, --json
// (undefined_figures: the paths of those null) and the HTML report, from
// a ratings file and from a dataset. The sentence is built here from the
// JSON's nulls.
func TestAgreeUndefinedSaysWhichFigures(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqStudy(t, tm)
	rows := strings.NewReplacer("\t2\t1\n", "\t3\t1\n", "\t2\t\n", "\t3\t\n").Replace(clariqRows)
	if r := tm.run(t, "", "", "import", "--format", "clariq-lab", "--dataset", "needs", tm.file(t, "needs.tsv", rows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	bo := "item\tunit\tannotator\tlabel\n101\tneed\tbo\t3\n101\tusefulness_1\tbo\t2\n101\tusefulness_2\tbo\t3\n" +
		"102\tneed\tbo\t3\n102\tusefulness_1\tbo\t1\n102\tusefulness_2\tbo\t1\n" // whole HITs: only finished ones count
	if r := tm.run(t, "", "", "import", "--format", "labels", "--dataset", "needs", tm.file(t, "bo.tsv", bo)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	ratings := tm.file(t, "same.tsv", "item\tunit\tannotator\tlabel\ni1\task\ta\t1\ni1\task\tb\t1\ni2\task\ta\t1\ni2\task\tb\t1\n"+
		"i3\task\ta\t1\ni3\task\tb\t1\n")
	for _, c := range []struct {
		typ  string
		args []string
		html bool
	}{{"need", []string{"--dataset", "needs"}, true}, {"ask", []string{"--ratings", ratings, "--categories", "ask=0,1"}, false}} {
		r := tm.run(t, "", "", append([]string{"agree", "--json"}, c.args...)...)
		var doc map[string]any
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &doc) != nil {
			t.Fatalf("agree --json %v: %+v", c.args, r)
		}
		var typ map[string]any
		for _, x := range doc["types"].([]any) {
			if m := x.(map[string]any); m["type"] == c.typ {
				typ = m
			}
		}
		if typ == nil {
			t.Fatalf("agree --json %v has no type %s", c.args, c.typ)
		}
		why, _ := typ["undefined"].(string)
		if !strings.HasPrefix(why, "no variation") || typ["gwet_ac1"] != 1.0 {
			t.Fatalf("test is void: %s's undefined %q, AC1 %v; want no variation beside an AC1 of 1", c.typ, why, typ["gwet_ac1"])
		}
		var nulls, undefined, defined []string
		for _, f := range scopeNames {
			v, ok := jsonAt(typ, f[0])
			switch {
			case !ok:
				t.Fatalf("%s has no %s", c.typ, f[0])
			case v == nil:
				nulls, undefined = append(nulls, f[0]), append(undefined, f[1])
			default:
				defined = append(defined, f[1])
			}
		}
		var listed []string
		if l, ok := typ["undefined_figures"].([]any); ok {
			for _, p := range l {
				listed = append(listed, p.(string))
			}
		}
		if strings.Join(listed, " ") != strings.Join(nulls, " ") {
			t.Errorf("agree --json %v: %s's undefined_figures %v, want the null ones %v", c.args, c.typ, listed, nulls)
		}
		want := "Undefined for " + c.typ + ": " + why + " (" + wordsList(undefined) + " are undefined; " + wordsList(defined) + " are defined)."
		if text := flat(tm.run(t, "", "", append([]string{"agree"}, c.args...)...).stdout); !strings.Contains(text, want) {
			t.Errorf("agree %v lacks %q:\n%s", c.args, want, text)
		}
		if c.html {
			page, _ := teamReport(t, tm, "", "needs")
			if !strings.Contains(pageText(page), want) {
				t.Errorf("the report lacks %q", want)
			}
		}
	}
}
