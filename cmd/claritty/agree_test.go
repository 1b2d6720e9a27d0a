package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// krippendorffTSV is Krippendorff (2011)'s example as a labels TSV: four
// observers, twelve units, values 1–5 with some missing.
func krippendorffTSV(t *testing.T, dir string) string {
	t.Helper()
	obs := map[string][12]int{
		"A": {1, 2, 3, 3, 2, 1, 4, 1, 2, 0, 0, 0},
		"B": {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, 0, 3},
		"C": {0, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, 0},
		"D": {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, 0},
	}
	var b strings.Builder
	b.WriteString("item\tunit\tannotator\tlabel\n")
	for _, who := range []string{"A", "B", "C", "D"} {
		for u, v := range obs[who] {
			if v > 0 {
				fmt.Fprintf(&b, "u%d\trelevance_1\t%s\t%d\n", u+1, who, v)
			}
		}
	}
	p := filepath.Join(dir, "k.tsv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestAgreeRatingsJSON(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	file := krippendorffTSV(t, dir)
	db := filepath.Join(dir, "c.db")
	r := runBin(t, bin, db, "agree", "--ratings", file, "--categories", "1,2,3,4,5", "--json")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var rep struct {
		Types []struct {
			Type  string             `json:"type"`
			Items int                `json:"items"`
			Alpha map[string]float64 `json:"krippendorff_alpha"`
			CI95  map[string][]float64
		} `json:"types"`
		Majority []map[string]any `json:"majority"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rep); err != nil {
		t.Fatalf("%v\n%s", err, r.stdout)
	}
	if len(rep.Types) != 1 || rep.Types[0].Type != "relevance" || rep.Types[0].Items != 12 || len(rep.Majority) != 12 {
		t.Fatalf("report %+v", rep)
	}
	for metric, want := range map[string]float64{"nominal": 0.743, "ordinal": 0.815, "interval": 0.849} {
		if got := rep.Types[0].Alpha[metric]; math.Abs(got-want) > 0.0005 {
			t.Errorf("%s alpha %.4f, published %.3f", metric, got, want)
		}
	}
	again := runBin(t, bin, db, "agree", "--ratings", file, "--categories", "1,2,3,4,5", "--json")
	if again.stdout != r.stdout {
		t.Error("two runs with the same seed differ")
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("agree --ratings created a database")
	}
}

func TestAgreeRefusesBadRatings(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	file := krippendorffTSV(t, dir)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--categories", "1,2,3,4"}, file + ":20: label \"5\" is not one of the categories 1, 2, 3, 4"},
		{[]string{"--categories", "1,2,3,4,5", "--dataset", "x"}, "give --dataset or --ratings, not both"},
	} {
		r := runBin(t, bin, filepath.Join(dir, "c.db"), append([]string{"agree", "--ratings", file}, c.args...)...)
		if r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
	dup := filepath.Join(dir, "dup.tsv")
	os.WriteFile(dup, []byte("item\tunit\tannotator\tlabel\ni\tquestion\tana\t2\ni\tquestion\tana\t1\n"), 0o644)
	r := runBin(t, bin, filepath.Join(dir, "c.db"), "agree", "--ratings", dup)
	if r.code == 0 || !strings.Contains(r.stderr, dup+":3: ana has a second label for question of i") {
		t.Errorf("duplicate: exit %d, %q", r.code, r.stderr)
	}
}

// On a database, the report covers the dataset's labels, types in unit order.
func TestAgreeOnDatabase(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	panes := writePanes(t, dir, "m.tsv", jaguarRow, strings.Replace(jaguarRow, "jaguar", "puma", 2))
	if r := runBin(t, bin, db, "import", panes); r.code != 0 {
		t.Fatal(r.stderr)
	}
	// A release alone has one label a unit: one line says there is no
	// figure and what would give one, not a table of undefined.
	for _, args := range [][]string{{"agree", "--dataset", "m"}, {"agree", "--dataset", "m", "--pairs"}} {
		r := runBin(t, bin, db, args...)
		if r.code != 0 || strings.Count(r.stdout, "\n") != 1 || !strings.Contains(r.stdout, "each of its 8 units has a single label") ||
			!strings.Contains(r.stdout, "--min 2") {
			t.Fatalf("%v on one label a unit: %d\n%s", args, r.code, r.stdout)
		}
	}
	if r := runBin(t, bin, db, "import", "--labels-as", "bo", panes); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := runBin(t, bin, db, "agree", "--dataset", "m")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(r.stdout, "\n")
	var types []string
	for _, l := range lines {
		for _, ty := range []string{"question ", "answer_set ", "landing ", "pooled "} {
			if strings.HasPrefix(l, ty) && len(types) < 4 {
				types = append(types, strings.TrimSpace(ty))
			}
		}
	}
	if strings.Join(types, ",") != "question,answer_set,landing,pooled" || !strings.Contains(r.stdout, "--pairs") {
		t.Fatalf("report:\n%s", r.stdout)
	}
	// --pairs reads every label and adds the people; every figure before
	// them, from the kept table without it, is the same.
	full := runBin(t, bin, db, "agree", "--dataset", "m", "--pairs")
	if full.code != 0 || !strings.Contains(full.stdout, "mimics-release") {
		t.Fatalf("--pairs: exit %d\n%s%s", full.code, full.stdout, full.stderr)
	}
	kept, _, _ := strings.Cut(r.stdout, "Pairs of annotators")
	if !strings.HasPrefix(full.stdout, strings.TrimRight(kept, "\n")) {
		t.Fatalf("the kept table's report:\n%s\ndiffers from the one from every label:\n%s", kept, full.stdout)
	}
}

// agree fits 80 columns (issue 33): every line of every demo dataset's
// report, with and without --pairs, is 80 cells or fewer; --wide gives
// each type one row, with the same figures.
func TestAgreeFitsEightyColumns(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, d := range []string{"demo", "demo-conversations", "demo-necessity", "demo-pairs", "demo-nuggets"} {
		for _, extra := range [][]string{nil, {"--pairs"}} {
			r := tm.run(t, "", "", append([]string{"agree", "--dataset", d}, extra...)...)
			if r.code != 0 {
				t.Fatalf("%s %v: %+v", d, extra, r)
			}
			for _, l := range strings.Split(r.stdout, "\n") {
				if w := ansi.StringWidth(l); w > 80 {
					t.Errorf("%s %v: a line of %d cells: %q", d, extra, w, l)
				}
			}
		}
	}
	narrow := tm.run(t, "", "", "agree", "--dataset", "demo", "--bootstrap", "0")
	wide := tm.run(t, "", "", "agree", "--dataset", "demo", "--bootstrap", "0", "--wide")
	head := regexp.MustCompile(`(?m)^type +units +≥2 labels +ratings +raters +observed +chance +Fleiss κ +95% CI +AC1 +α nominal +α ordinal +95% CI +α interval$`)
	if !head.MatchString(wide.stdout) || head.MatchString(narrow.stdout) {
		t.Errorf("--wide's header in the wide report %v, in the narrow %v", head.MatchString(wide.stdout), head.MatchString(narrow.stdout))
	}
	figures := func(s string) []string { return regexp.MustCompile(`-?\d\.\d{3}`).FindAllString(s, -1) }
	a, b := figures(narrow.stdout), figures(wide.stdout)
	slices.Sort(a)
	slices.Sort(b)
	if len(a) == 0 || !slices.Equal(a, b) {
		t.Errorf("the layouts give different figures:\n%v\n%v", a, b)
	}
}
