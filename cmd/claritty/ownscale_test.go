package main

import (
	"cmp"
	"encoding/json"
	"fmt"
	"html"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// clariqLabStudy imports the lab's ClariQ study (need 1–4, then each
// question's usefulness 1–3) into the team's database as its lead, with
// ana's, bo's and cy's labels of every request.
func clariqLabStudy(t *testing.T, tm team) {
	t.Helper()
	toml := tm.file(t, "clariq.toml", datatest.ClariQ("clariq-lab"))
	for a, name := range datatest.ClariQAnnotators {
		tsv := tm.file(t, "clariq-"+name+".tsv", datatest.ClariQRows(a))
		if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "clariq", "--labels-as", name, tsv); r.code != 0 {
			t.Fatalf("import %s's labels: %+v", name, r)
		}
	}
}

// agreeTypes are agree --json's types by name, each with the keys of its
// per-category kappas in the order written.
func agreeTypes(t *testing.T, out string) (map[string]map[string]any, map[string][]string) {
	t.Helper()
	var doc struct {
		Types []map[string]any `json:"types"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	types, keys := map[string]map[string]any{}, map[string][]string{}
	raw := struct {
		Types []struct {
			Type        string          `json:"type"`
			PerCategory json.RawMessage `json:"per_category_kappa"`
		} `json:"types"`
	}{}
	json.Unmarshal([]byte(out), &raw)
	for i, ty := range doc.Types {
		name := ty["type"].(string)
		types[name] = ty
		for _, m := range regexp.MustCompile(`"([^"]*)":`).FindAllStringSubmatch(string(raw.Types[i].PerCategory), -1) {
			keys[name] = append(keys[name], m[1])
		}
	}
	return types, keys
}

// Gwet's AC1 of each type is on the type's own scale: usefulness (1–3)
// beside need (1–4) has q = 3, as Gwet's formula computed here from the
// labels gives it; each type names its own categories and has a
// per-category kappa for them alone. So say agree --json (on the command
// line and over SSH), agree's tables and the HTML report.
func TestAC1OnEachTypesOwnScale(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqLabStudy(t, tm)
	need, use := datatest.ClariQUnits()
	want := map[string]float64{"need": datatest.GwetAC1(need, 4), "usefulness": datatest.GwetAC1(use, 3)}
	if math.Abs(want["usefulness"]-datatest.GwetAC1(use, 4)) < 0.05 {
		t.Fatal("test is void: the usefulness AC1 hardly moves with q")
	}
	cats := map[string][]string{"need": {"1", "2", "3", "4"}, "usefulness": {"1", "2", "3"}}
	check := func(route, out string) {
		t.Helper()
		types, keys := agreeTypes(t, out)
		for name, w := range want {
			ty := types[name]
			if got, ok := ty["gwet_ac1"].(float64); !ok || math.Abs(got-w) > 1e-9 {
				t.Errorf("%s: %s AC1 %v, Gwet's formula on its own scale %.12f", route, name, ty["gwet_ac1"], w)
			}
			if got := fmt.Sprint(ty["categories"]); got != fmt.Sprint(cats[name]) {
				t.Errorf("%s: %s categories %s, want %v", route, name, got, cats[name])
			}
			if !slices.Equal(keys[name], cats[name]) {
				t.Errorf("%s: %s per-category kappas for %v, want %v", route, name, keys[name], cats[name])
			}
		}
		if !strings.Contains(out, `"pooled":null`) {
			t.Errorf("%s: a pooled row over two scales", route)
		}
	}
	r := tm.run(t, "", "", "agree", "--dataset", "clariq", "--json")
	if r.code != 0 {
		t.Fatalf("agree --json: %+v", r)
	}
	check("cli", r.stdout)

	// Over SSH with the lead's key: below the lead, figures leave out the
	// items the reader may still be given, and a release's labels close
	// none (the annotators have no finished HIT here).
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s := sshRun(t, c, "", "agree --dataset clariq --json")
	if s.code != 0 {
		t.Fatalf("ssh agree --json: %+v", s)
	}
	check("ssh lead", s.stdout)

	text := tm.run(t, "", "", "agree", "--dataset", "clariq", "--pairs").stdout
	if strings.Contains(text, "categories in order: 1 < 2 < 3 < 4.") || !strings.Contains(text, "usefulness 1 < 2 < 3") {
		t.Errorf("agree names one scale for both types:\n%s", text)
	}
	ac1 := strconv.FormatFloat(want["usefulness"], 'f', 3, 64)
	if !regexp.MustCompile(`(?m)^usefulness +0\.\d+ +\[[^]]*\] +` + regexp.QuoteMeta(ac1) + ` `).MatchString(text) {
		t.Errorf("agree's usefulness AC1 is not %s:\n%s", ac1, text)
	}
	if regexp.MustCompile(`(?m)^usefulness .*undefined`).MatchString(text) || strings.Contains(text, "4 0%") {
		t.Errorf("agree gives usefulness a category 4:\n%s", text)
	}

	page, _ := teamReport(t, tm, "", "clariq")
	checkFigures(t, "clariq", page, reportDocs(t, tm, "", "clariq", true))
	m := regexp.MustCompile(`data-path="types/1/gwet_ac1" data-value="([^"]*)"`).FindStringSubmatch(page)
	if got, err := strconv.ParseFloat(m[1], 64); m == nil || err != nil || math.Abs(got-want["usefulness"]) > 1e-9 {
		t.Errorf("the report's usefulness AC1 %v, want %.12f", m, want["usefulness"])
	}
	useTable := labelsTable(t, page, "usefulness")
	for _, w := range []string{"useless (1)", "somewhat useful (2)", "useful (3)"} {
		if !strings.Contains(useTable, w) {
			t.Errorf("the usefulness chart lacks %q", w)
		}
	}
	if strings.Contains(useTable, "(4)") || strings.Contains(useTable, "needed") {
		t.Errorf("the usefulness chart has the need scale's names:\n%s", useTable)
	}
	if needTable := labelsTable(t, page, "need"); !strings.Contains(needTable, "necessary (4)") {
		t.Errorf("the need chart lacks its own 4:\n%s", needTable)
	}
	var doc struct {
		NotPooled string `json:"not_pooled"`
	}
	if err := json.Unmarshal([]byte(tm.run(t, "", "", "agree", "--dataset", "clariq", "--json").stdout), &doc); err != nil || doc.NotPooled == "" {
		t.Fatalf("agree --json says nothing of why it has no pooled row: %v", err)
	}
	if !strings.Contains(page, html.EscapeString("because "+doc.NotPooled)) {
		t.Errorf("the report does not say why it has no pooled row (%q)", doc.NotPooled)
	}
}

// show is a JSON number, or null.
func show(v *float64) string {
	if v == nil {
		return "null"
	}
	return strconv.FormatFloat(*v, 'g', -1, 64)
}

// labelsTable is the label distributions' legend, chart and table that
// hold the unit type's counts in the HTML report.
func labelsTable(t *testing.T, page, typ string) string {
	t.Helper()
	from, to := strings.Index(page, `id="labels"`), strings.Index(page, `id="quality"`)
	if from < 0 || to < from {
		t.Fatal("the report has no label distributions")
	}
	for _, part := range strings.Split(page[from:to], `<p class="legend">`) {
		if strings.Contains(part, `data-type="`+typ+`"`) {
			return part
		}
	}
	t.Fatalf("no labels table of %s", typ)
	return ""
}

// Each annotator's quality figures are per unit type on its own scale:
// the mean of Cohen's kappa with each other annotator over the type's
// units, and the share matching the other two's majority, as counted here
// from the labels; the figures over every unit are null (need and
// usefulness have scales of their own) and say why. So say annotators
// --quality --json (the lead's, the adjudicator's, and over SSH), its
// table and the HTML report.
func TestQualityPerTypeOnItsOwnScale(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqLabStudy(t, tm)
	need, use := datatest.ClariQUnits()
	units := map[string][][]int{"need": need, "usefulness": use}
	type fig struct {
		kappa, others float64
		othersUnits   int
	}
	want := map[string]map[string]fig{}
	for a, name := range datatest.ClariQAnnotators {
		want[name] = map[string]fig{}
		for typ, us := range units {
			var f fig
			for b := range datatest.ClariQAnnotators {
				if b == a {
					continue
				}
				var x, y []int
				for _, u := range us {
					x, y = append(x, u[a]), append(y, u[b])
				}
				f.kappa += datatest.CohenKappa(x, y) / 2
			}
			agree := 0
			for _, u := range us {
				var others []int
				for b, v := range u {
					if b != a {
						others = append(others, v)
					}
				}
				if others[0] == others[1] { // two others: a majority only when they agree
					f.othersUnits++
					if u[a] == others[0] {
						agree++
					}
				}
			}
			f.others = float64(agree) / float64(f.othersUnits)
			want[name][typ] = f
		}
	}
	if math.Abs(want["ana"]["need"].kappa-want["ana"]["usefulness"].kappa) < 0.05 {
		t.Fatal("test is void: ana's kappas on the two types are alike")
	}
	check := func(route, out string) {
		t.Helper()
		var q struct {
			NotPooled  string `json:"not_pooled"`
			Annotators []struct {
				Annotator string   `json:"annotator"`
				MeanKappa *float64 `json:"mean_pairwise_kappa"`
				Others    *float64 `json:"others_majority_agreement"`
				ByType    []struct {
					Type        string   `json:"type"`
					MeanKappa   *float64 `json:"mean_pairwise_kappa"`
					Others      *float64 `json:"others_majority_agreement"`
					OthersUnits int      `json:"others_majority_units"`
				} `json:"by_type"`
			} `json:"annotators"`
		}
		if err := json.Unmarshal([]byte(out), &q); err != nil {
			t.Fatalf("%s: %v\n%s", route, err, out)
		}
		if !strings.Contains(q.NotPooled, "need 1–4, usefulness 1–3") {
			t.Errorf("%s: not_pooled %q names no scales", route, q.NotPooled)
		}
		seen := 0
		for _, a := range q.Annotators {
			w, ok := want[a.Annotator]
			if !ok {
				continue
			}
			seen++
			if a.MeanKappa != nil || a.Others != nil {
				t.Errorf("%s: %s's figures pool need and usefulness: mean κ %s, vs others %s", route, a.Annotator, show(a.MeanKappa), show(a.Others))
			}
			if len(a.ByType) != 2 {
				t.Fatalf("%s: %s by type %+v", route, a.Annotator, a.ByType)
			}
			for _, bt := range a.ByType {
				f := w[bt.Type]
				if bt.MeanKappa == nil || math.Abs(*bt.MeanKappa-f.kappa) > 1e-9 {
					t.Errorf("%s: %s's mean κ on %s %s, from the labels %.12f", route, a.Annotator, bt.Type, show(bt.MeanKappa), f.kappa)
				}
				if bt.Others == nil || math.Abs(*bt.Others-f.others) > 1e-12 || bt.OthersUnits != f.othersUnits {
					t.Errorf("%s: %s vs others on %s %s of %d, from the labels %v of %d", route, a.Annotator, bt.Type, show(bt.Others),
						bt.OthersUnits, f.others, f.othersUnits)
				}
			}
		}
		if seen != 3 {
			t.Errorf("%s: %d of the three annotators", route, seen)
		}
	}
	for _, who := range []string{"", "eve"} {
		r := tm.run(t, who, "", "annotators", "--quality", "--dataset", "clariq", "--json")
		if r.code != 0 {
			t.Fatalf("quality as %q: %+v", who, r)
		}
		check("cli as "+cmp.Or(who, "lead"), r.stdout)
	}
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "eve"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s := sshRun(t, c, "", "annotators --quality --dataset clariq --json")
	if s.code != 0 {
		t.Fatalf("ssh quality: %+v", s)
	}
	check("ssh eve", s.stdout)

	text := tm.run(t, "", "", "annotators", "--quality", "--dataset", "clariq").stdout
	head := strings.SplitN(text, "\n\n", 3)[1]
	if strings.Contains(head, "mean κ") || strings.Contains(head, "vs others") {
		t.Errorf("the table pools need and usefulness:\n%s", text)
	}
	for name, w := range want {
		for typ, f := range w {
			row := regexp.MustCompile(`(?m)^` + name + ` +` + typ + ` .* ` + regexp.QuoteMeta(fmt.Sprintf("%.2f", f.kappa)) + `$`)
			if !row.MatchString(text) {
				t.Errorf("no row of %s on %s with mean κ %.2f:\n%s", name, typ, f.kappa, text)
			}
		}
	}

	page, _ := teamReport(t, tm, "", "clariq")
	n := checkFigures(t, "clariq", page, reportDocs(t, tm, "", "clariq", true))
	for i := range 3 {
		for j := range 2 {
			if !strings.Contains(page, fmt.Sprintf(`data-path="annotators/%d/by_type/%d/mean_pairwise_kappa"`, i, j)) {
				t.Errorf("the report lacks annotator %d's mean κ on type %d (%v figures checked)", i, j, n)
			}
		}
	}
	if strings.Contains(page, `data-path="annotators/0/mean_pairwise_kappa"`) {
		t.Error("the report shows a mean κ over both scales")
	}
}

// firstSmaller is a protocol file whose first step labels on the smaller
// scale (usefulness 1–3) and whose second's values are neither next to
// each other nor from the first's lowest up (need 0, 2, 4, 6).
const firstSmaller = `name = "first-smaller"
title = "Usefulness, then need"
items = "questions"

[item]
header = ["question_id", "question", "usefulness", "need"]
id = ["question_id"]
text = ["question"]

[[scale]]
name = "use"
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["useless", "somewhat useful", "useful"]

[[scale]]
name = "need"
values = [0, 2, 4, 6]
keys = ["5", "6", "7", "8"]
names = ["not needed", "may help", "needed", "necessary"]

[[step]]
title = "How useful is the question?"
unit = "usefulness"
show = ["question"]
scale = "use"
column = "usefulness"

[[step]]
title = "How much does its request need clarification?"
unit = "need"
show = ["question"]
scale = "need"
column = "need"
`

// A kind whose first scale is the smaller, and whose other scale skips
// values, has its agreement like any other: each type's AC1 on its own
// scale (Gwet's formula here), in agree, agree --json and the HTML report,
// where a need label past the first scale's end made agree fail and
// agree --json panic.
func TestFirstScaleSmaller(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := tm.file(t, "first-smaller.toml", firstSmaller)
	var need, use [][]int
	for t := range datatest.ClariQNeed {
		need = append(need, datatest.ClariQNeed[t][:])
		use = append(use, datatest.ClariQUse[t][0][:])
	}
	for a, name := range datatest.ClariQAnnotators {
		var b strings.Builder
		b.WriteString("question_id\tquestion\tusefulness\tneed\n")
		for i := range need {
			fmt.Fprintf(&b, "q%d\tquestion %d?\t%d\t%d\n", i, i, use[i][a], 2*(need[i][a]-1))
		}
		if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "smaller", "--labels-as", name,
			tm.file(t, name+".tsv", b.String())); r.code != 0 {
			t.Fatalf("import %s's labels: %+v", name, r)
		}
	}
	want := map[string]float64{"usefulness": datatest.GwetAC1(use, 3), "need": datatest.GwetAC1(need, 4)}
	r := tm.run(t, "", "", "agree", "--dataset", "smaller", "--json")
	if r.code != 0 {
		t.Fatalf("agree --json: %+v", r)
	}
	types, keys := agreeTypes(t, r.stdout)
	for name, w := range want {
		if got, ok := types[name]["gwet_ac1"].(float64); !ok || math.Abs(got-w) > 1e-9 {
			t.Errorf("%s AC1 %v, Gwet's formula on its own scale %.12f", name, types[name]["gwet_ac1"], w)
		}
	}
	if fmt.Sprint(keys["need"]) != "[0 2 4 6]" || fmt.Sprint(keys["usefulness"]) != "[1 2 3]" {
		t.Errorf("per-category kappas for %v", keys)
	}
	if r := tm.run(t, "", "", "agree", "--dataset", "smaller", "--pairs"); r.code != 0 || !strings.Contains(r.stdout, "need 0 < 2 < 4 < 6") {
		t.Errorf("agree: %+v", r)
	}
	page, _ := teamReport(t, tm, "", "smaller")
	checkFigures(t, "smaller", page, reportDocs(t, tm, "", "smaller", true))
	if needTable := labelsTable(t, page, "need"); !strings.Contains(needTable, "necessary (6)") || strings.Contains(needTable, "useful") {
		t.Errorf("the need chart is not on its own scale:\n%s", needTable)
	}
}
