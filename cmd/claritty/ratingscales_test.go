package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data/datatest"
)

// agreeDoc is agree --json's report: its types by name, and the rest.
type agreeDoc struct {
	Types      map[string]map[string]any `json:"-"`
	Keys       map[string][]string       `json:"-"` // each type's per-category kappas, in the order written
	Pooled     any                       `json:"pooled"`
	NotPooled  string                    `json:"not_pooled"`
	PairsOver  string                    `json:"pairs_over"`
	Pairs      []map[string]any          `json:"pairs"`
	Annotators []map[string]any          `json:"annotators"`
}

func readAgree(t *testing.T, route string, r result) agreeDoc {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("%s: %+v", route, r)
	}
	var d agreeDoc
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil {
		t.Fatalf("%s: %v\n%s", route, err, r.stdout)
	}
	d.Types, d.Keys = agreeTypes(t, r.stdout)
	return d
}

// people are the report's pairs and annotators, by their names (the two
// paths meet annotators in different orders).
func people(d agreeDoc) map[string]any {
	out := map[string]any{}
	for _, p := range d.Pairs {
		a, b := p["a"].(string), p["b"].(string)
		p["a"], p["b"] = min(a, b), max(a, b)
		out["pair "+min(a, b)+" "+max(a, b)] = p
	}
	for _, a := range d.Annotators {
		out["annotator "+a["annotator"].(string)] = a
	}
	return out
}

// sameFigures says whether two JSON values are the same but for the last
// bits of their numbers (summed in another order where the two paths meet
// annotators in different orders).
func sameFigures(a, b any) bool {
	switch x := a.(type) {
	case float64:
		y, ok := b.(float64)
		return ok && math.Abs(x-y) <= 1e-12*max(1, math.Abs(x))
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			if w, ok := y[k]; !ok || !sameFigures(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !sameFigures(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a, b)
}

// ac1Of is a type's AC1 in agree --json, or NaN.
func ac1Of(d agreeDoc, typ string) float64 {
	if v, ok := d.Types[typ]["gwet_ac1"].(float64); ok {
		return v
	}
	return math.NaN()
}

// A database's labels export read back with agree --ratings gives every
// figure agree gives on the database (intervals too), each type on its
// own scale: AC1 over need's 4 categories and usefulness's 3 (Gwet's
// formula here), a per-category kappa for each type's own categories
// alone, no pooled row and the same reason for it, and the annotators'
// figures over the need units alone, as the database's. So say the file
// on the command line and sent over SSH with an annotator's key, and
// agree's tables, which say the scales come from the labels. The file
// gave usefulness AC1 over q = 4, a pooled row, pairs over every unit
// and a kappa for a usefulness 4.
func TestRatingsFileOnEachTypesOwnScale(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqLabStudy(t, tm)
	exp := filepath.Join(tm.dir, "exp.tsv")
	if r := tm.run(t, "", "", "export", "--format", "labels", "--dataset", "clariq", "--out", exp); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	body, err := os.ReadFile(exp)
	if err != nil {
		t.Fatal(err)
	}
	need, use := datatest.ClariQUnits()
	want := map[string]float64{"need": datatest.GwetAC1(need, 4), "usefulness": datatest.GwetAC1(use, 3)}
	if math.Abs(want["usefulness"]-datatest.GwetAC1(use, 4)) < 0.05 {
		t.Fatal("test is void: the usefulness AC1 hardly moves with q")
	}
	db := readAgree(t, "database", tm.run(t, "", "", "agree", "--dataset", "clariq", "--json"))
	if db.NotPooled != "the unit types' scales differ: need 1–4, usefulness 1–3" {
		t.Errorf("the database's not_pooled %q", db.NotPooled)
	}
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, route := range []struct {
		name string
		r    result
	}{
		{"file", tm.run(t, "", "", "agree", "--ratings", exp, "--json")},
		{"ssh ana", sshRun(t, c, string(body), "agree --ratings - --json")},
	} {
		d := readAgree(t, route.name, route.r)
		for typ, w := range want {
			if got := ac1Of(d, typ); math.Abs(got-w) > 1e-9 {
				t.Errorf("%s: %s AC1 %v, Gwet's formula on its own scale %.12f", route.name, typ, got, w)
			}
			if d.Types[typ]["categories_inferred"] != true {
				t.Errorf("%s: %s's categories are not said to be inferred: %v", route.name, typ, d.Types[typ])
			}
			file := d.Types[typ]
			delete(file, "categories_inferred")
			if !sameFigures(file, db.Types[typ]) || !slices.Equal(d.Keys[typ], db.Keys[typ]) {
				t.Errorf("%s: %s differs from the database's:\nfile     %v %v\ndatabase %v %v", route.name, typ, file, d.Keys[typ],
					db.Types[typ], db.Keys[typ])
			}
		}
		if d.Pooled != nil || d.NotPooled != db.NotPooled {
			t.Errorf("%s: pooled %v, not_pooled %q; want null and %q", route.name, d.Pooled, d.NotPooled, db.NotPooled)
		}
		if d.PairsOver != "need" || !sameFigures(people(d), people(db)) {
			t.Errorf("%s: people over %q: pairs %v, annotators %v; the database's over %q: %v, %v", route.name, d.PairsOver,
				d.Pairs, d.Annotators, db.PairsOver, db.Pairs, db.Annotators)
		}
	}

	text := tm.run(t, "", "", "agree", "--ratings", exp, "--pairs")
	if text.code != 0 {
		t.Fatalf("agree --ratings: %+v", text)
	}
	out := strings.Join(strings.Fields(text.stdout), " ") // the prose wraps at 80
	for _, w := range []string{"each type's own: need 1 < 2 < 3 < 4; usefulness 1 < 2 < 3.",
		"The categories of need, usefulness are inferred from the labels", "--categories TYPE=a,b,c",
		"because the unit types' scales differ: need 1–4, usefulness 1–3.", "Annotators over the need units alone"} {
		if !strings.Contains(out, w) {
			t.Errorf("agree --ratings does not say %q:\n%s", w, text.stdout)
		}
	}
	ac1 := strconv.FormatFloat(want["usefulness"], 'f', 3, 64)
	if !regexp.MustCompile(`(?m)^usefulness +0\.\d+ +— +`+regexp.QuoteMeta(ac1)+` `).MatchString(text.stdout) &&
		!regexp.MustCompile(`(?m)^usefulness +0\.\d+ +\[[^]]*\] +`+regexp.QuoteMeta(ac1)+` `).MatchString(text.stdout) {
		t.Errorf("agree --ratings's usefulness AC1 is not %s:\n%s", ac1, text.stdout)
	}
	if regexp.MustCompile(`(?m)^pooled `).MatchString(text.stdout) || strings.Contains(text.stdout, "categories in order: 1 < 2 < 3 < 4.") ||
		regexp.MustCompile(`(?m)^usefulness .*undefined`).MatchString(text.stdout) || strings.Contains(text.stdout, "4 0%") {
		t.Errorf("agree --ratings pools need and usefulness:\n%s", text.stdout)
	}
}

// The database's agree says why it has no pooled row in the quality
// report's words, in JSON (on the command line and over SSH) and in its
// tables; pooled was null with no reason.
func TestAgreeSaysWhyNotPooled(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqLabStudy(t, tm)
	var q struct {
		NotPooled string `json:"not_pooled"`
	}
	r := tm.run(t, "", "", "annotators", "--quality", "--dataset", "clariq", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &q); err != nil || q.NotPooled == "" {
		t.Fatalf("quality's not_pooled %q: %v %+v", q.NotPooled, err, r)
	}
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for route, r := range map[string]result{
		"cli": tm.run(t, "", "", "agree", "--dataset", "clariq", "--json"),
		"ssh": sshRun(t, c, "", "agree --dataset clariq --json"),
	} {
		if d := readAgree(t, route, r); d.Pooled != nil || d.NotPooled != q.NotPooled {
			t.Errorf("%s: pooled %v, not_pooled %q; want null and quality's %q", route, d.Pooled, d.NotPooled, q.NotPooled)
		}
	}
	for _, args := range [][]string{{"agree", "--dataset", "clariq"}, {"agree", "--dataset", "clariq", "--pairs"}} {
		text := tm.run(t, "", "", args...)
		if out := strings.Join(strings.Fields(text.stdout), " "); !strings.Contains(out, "No pooled row, and no figure pools the types, because "+
			q.NotPooled+".") {
			t.Errorf("%v does not say why it has no pooled row:\n%s", args, text.stdout)
		}
	}
	// A dataset whose types share a scale has its pooled row and no reason.
	if r := tm.run(t, "", "", "agree", "--json"); r.code != 0 || strings.Contains(r.stdout, "not_pooled") || !strings.Contains(r.stdout, `"pooled":{`) {
		t.Errorf("the demo's agree --json: %+v", r)
	}
}

// clariqUnusedTwo is the ClariQ study's labels as a labels TSV, with every
// usefulness 2 made a 3, so nobody uses usefulness's middle category;
// and its usefulness units, each label an index from 1 on the scale
// given (1, 3 inferred; 1, 2, 3 given), for Gwet's formula.
func clariqUnusedTwo() (tsv string, inferred, given [][]int) {
	var b strings.Builder
	b.WriteString("item\tunit\tannotator\tlabel\n")
	for r, need := range datatest.ClariQNeed {
		for a, name := range datatest.ClariQAnnotators {
			fmt.Fprintf(&b, "r%d\tneed\t%s\t%d\n", r, name, need[a])
		}
		for q, use := range datatest.ClariQUse[r] {
			var in, gi []int
			for a, name := range datatest.ClariQAnnotators {
				v := use[a]
				if v == 2 {
					v = 3
				}
				fmt.Fprintf(&b, "r%d\tusefulness_%d\t%s\t%d\n", r, q+1, name, v)
				in, gi = append(in, map[int]int{1: 1, 3: 2}[v]), append(gi, v)
			}
			inferred, given = append(inferred, in), append(given, gi)
		}
	}
	return b.String(), inferred, given
}

// Under --ratings each type's scale is the categories its labels use,
// said so, unless given: --categories TYPE=a,b,c gives a type its own
// (AC1 over all of them, one nobody used too), a bare list puts every
// type not named on one scale, pooled, with a warning when their labels
// use different categories. A label off its type's scale is refused at
// its line, as is a scale for a type the file lacks or given twice.
func TestRatingsCategoriesPerType(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	tsv, inferred, given := clariqUnusedTwo()
	file := filepath.Join(dir, "unused.tsv")
	if err := os.WriteFile(file, []byte(tsv), 0o644); err != nil {
		t.Fatal(err)
	}
	need, _ := datatest.ClariQUnits()
	db := filepath.Join(dir, "c.db")
	agree := func(args ...string) result {
		return runBin(t, bin, db, append([]string{"agree", "--ratings", file, "--bootstrap", "0"}, args...)...)
	}
	for _, c := range []struct {
		name          string
		args          []string
		need, use     float64
		useCats       []string
		inferred      bool
		pooled, warns bool
	}{
		{"inferred", nil, datatest.GwetAC1(need, 4), datatest.GwetAC1(inferred, 2), []string{"1", "3"}, true, false, false},
		{"per type", []string{"--categories", "need=1,2,3,4", "--categories", "usefulness=1,2,3"},
			datatest.GwetAC1(need, 4), datatest.GwetAC1(given, 3), []string{"1", "2", "3"}, false, false, false},
		{"bare and a type", []string{"--categories", "1,2,3,4", "--categories", "usefulness=1,2,3"},
			datatest.GwetAC1(need, 4), datatest.GwetAC1(given, 3), []string{"1", "2", "3"}, false, false, false},
		{"bare", []string{"--categories", "1,2,3,4"}, datatest.GwetAC1(need, 4), datatest.GwetAC1(given, 4),
			[]string{"1", "2", "3", "4"}, false, true, true},
	} {
		r := agree(append(c.args, "--json")...)
		d := readAgree(t, c.name, r)
		if got := ac1Of(d, "need"); math.Abs(got-c.need) > 1e-9 {
			t.Errorf("%s: need AC1 %v, Gwet's formula %.12f", c.name, got, c.need)
		}
		if got := ac1Of(d, "usefulness"); math.Abs(got-c.use) > 1e-9 {
			t.Errorf("%s: usefulness AC1 %v, Gwet's formula %.12f", c.name, got, c.use)
		}
		if !slices.Equal(d.Keys["usefulness"], c.useCats) || fmt.Sprint(d.Types["usefulness"]["categories"]) != fmt.Sprint(c.useCats) {
			t.Errorf("%s: usefulness on %v with kappas for %v, want %v", c.name, d.Types["usefulness"]["categories"], d.Keys["usefulness"], c.useCats)
		}
		if (d.Types["usefulness"]["categories_inferred"] == true) != c.inferred {
			t.Errorf("%s: categories_inferred %v", c.name, d.Types["usefulness"]["categories_inferred"])
		}
		if (d.Pooled != nil) != c.pooled || (d.NotPooled == "") != c.pooled {
			t.Errorf("%s: pooled %v, not_pooled %q", c.name, d.Pooled, d.NotPooled)
		}
		warned := strings.Contains(r.stderr, "warning: --categories 1,2,3,4 puts need, usefulness on one scale") &&
			strings.Contains(r.stderr, "--categories need=1,2,3,4 --categories usefulness=1,3")
		if warned != c.warns {
			t.Errorf("%s: stderr %q", c.name, r.stderr)
		}
	}
	if r := agree("--categories", "usefulness=1,2,3"); r.code != 0 || !strings.Contains(strings.Join(strings.Fields(r.stdout), " "),
		"The categories of need are inferred from the labels") {
		t.Errorf("need's scale is not said to be inferred beside usefulness's given one:\n%+v", r)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--categories", "usefulness=1,2"}, file + ":6: label \"3\" is not one of usefulness's categories 1, 2"},
		{[]string{"--categories", "1,2,3"}, file + ":3: label \"4\" is not one of the categories 1, 2, 3"},
		{[]string{"--categories", "use=1,2,3"}, "has no use units to give categories to (its unit types: need, usefulness)"},
		{[]string{"--categories", "need=1,2,3,4", "--categories", "need=1,2,3,4"}, "need's categories are given twice"},
		{[]string{"--categories", "1,2", "--categories", "1,2,3"}, "two lists for every type"},
		{[]string{"--categories", "1,2,2"}, "a category is empty or given twice"},
		{[]string{"--categories", "=1,2"}, "name the unit type before ="},
	} {
		if r := agree(c.args...); r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, r.code, r.stderr, c.want)
		}
	}
}

// Every line of agree's text fits 80 columns when a file's labels are in
// a script whose characters are two columns wide (or start with a
// combining mark): each bar of the charts is as many columns as cells.
func TestAgreeChartsOfWideLabels(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	var b strings.Builder
	b.WriteString("item\tunit\tannotator\tlabel\n")
	for i := range 24 {
		for a, who := range []string{"ana", "bo", "cy"} {
			fmt.Fprintf(&b, "i%d\tquestion\t%s\t%s\n", i, who, []string{"好", "差", "\u0301中"}[(i+a*(i%2))%3])
		}
	}
	file := filepath.Join(dir, "wide.tsv")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runBin(t, bin, filepath.Join(dir, "c.db"), "agree", "--ratings", file, "--pairs")
	if r.code != 0 || !strings.Contains(r.stdout, "Labels per unit type") {
		t.Fatalf("%+v", r)
	}
	for _, l := range strings.Split(r.stdout, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line %d columns wide: %q", w, l)
		}
	}
}
