package main

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// undefinedRatings are need labels on a 1-4 scale where 4 is never
// given, and four annotators: a and b agree on 2 throughout (no
// variation), a and c share one unit, c and d vary; a–d, b–c and b–d
// share none.
const undefinedRatings = "item\tunit\tannotator\tlabel\n" +
	"i1\tneed\ta\t2\ni1\tneed\tb\t2\ni2\tneed\ta\t2\ni2\tneed\tb\t2\ni3\tneed\ta\t2\ni3\tneed\tb\t2\n" +
	"j1\tneed\tc\t3\nj1\tneed\ta\t3\nj2\tneed\tc\t1\nj2\tneed\td\t2\nj3\tneed\tc\t1\nj3\tneed\td\t1\n"

// Issue 43 point 6: every undefined figure of agree names its reason: a
// per-category kappa in a note under its table and in --json's
// per_category_kappa_undefined, each "—" of the kappa heatmap in a
// footnote; from a ratings file, a dataset, and over SSH.
func TestAgreeSaysWhyAFigureIsUndefined(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	file := tm.file(t, "need.tsv", undefinedRatings)
	text := tm.run(t, "", "", "agree", "--ratings", file, "--categories", "1,2,3,4", "--pairs")
	flat := regexp.MustCompile(`\s+`).ReplaceAllString(text.stdout, " ")
	for _, want := range []string{"Per-category κ undefined for need 4: never given, so chance agreement is 1.",
		"— undefined: no variation (1–2); one shared unit (1–3); no shared unit (1–4, 2–3, 2–4)"} {
		if text.code != 0 || !strings.Contains(flat, want) {
			t.Errorf("agree --ratings lacks %q:\n%s%s", want, text.stdout, text.stderr)
		}
	}
	var doc struct {
		Types []struct {
			Type string
			Per  map[string]*float64 `json:"per_category_kappa"`
			Why  map[string]string   `json:"per_category_kappa_undefined"`
		}
	}
	js := tm.run(t, "", "", "agree", "--ratings", file, "--categories", "1,2,3,4", "--json")
	if err := json.Unmarshal([]byte(js.stdout), &doc); err != nil || len(doc.Types) != 1 {
		t.Fatalf("agree --json: %v %+v", err, js)
	}
	for cat, k := range doc.Types[0].Per {
		if why := doc.Types[0].Why[cat]; (k == nil) != (why != "") {
			t.Errorf("--json: need %s's kappa %v, undefined because %q", cat, k, why)
		}
	}
	if doc.Types[0].Why["4"] != "never given, so chance agreement is 1" {
		t.Errorf("--json: need 4's reason is %q", doc.Types[0].Why["4"])
	}

	// A dataset of a protocol file's kind where every need is 3: its
	// kappa is undefined (no variation), and so is every category's.
	clariqStudy(t, tm)
	rows := strings.NewReplacer("\t2\t1\n", "\t3\t1\n", "\t2\t\n", "\t3\t\n").Replace(clariqRows)
	if r := tm.run(t, "", "", "import", "--format", "clariq-lab", "--dataset", "needs", tm.file(t, "needs.tsv", rows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	bo := "item\tunit\tannotator\tlabel\n101\tneed\tbo\t3\n101\tusefulness_1\tbo\t2\n101\tusefulness_2\tbo\t3\n" +
		"102\tneed\tbo\t3\n102\tusefulness_1\tbo\t1\n102\tusefulness_2\tbo\t1\n"
	if r := tm.run(t, "", "", "import", "--format", "labels", "--dataset", "needs", tm.file(t, "bo.tsv", bo)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	srv := startServe(t, tm.db)
	conn, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for route, r := range map[string]result{"the binary": tm.run(t, "", "", "agree", "--dataset", "needs"),
		"SSH": sshRun(t, conn, "", "agree --dataset needs")} {
		flat := regexp.MustCompile(`\s+`).ReplaceAllString(r.stdout, " ")
		for _, want := range []string{"Undefined for need: no variation",
			"Per-category κ undefined for need 1, 2, 4: never given, so chance agreement is 1.",
			"Per-category κ undefined for need 3: the only label given, so chance agreement is 1."} {
			if r.code != 0 || !strings.Contains(flat, want) {
				t.Errorf("agree --dataset needs through %s lacks %q:\n%s%s", route, want, r.stdout, r.stderr)
			}
		}
	}
	// The HTML report says why, as agree does.
	page, _ := teamReport(t, tm, "", "needs")
	if want := "Undefined for need: no variation: every label is the same, so chance agreement is 1"; !strings.Contains(page, want) {
		t.Errorf("the report does not say why need's kappa is undefined (%q)", want)
	}
}
