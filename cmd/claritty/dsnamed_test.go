package main

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
)

// Issue 43 point 6: where the quality report fits a Dawid–Skene model per
// scale, each annotator's accuracy in each is named by its scale's unit
// types (need 50% · usefulness 67%), in the text (which the TUI's quality
// pager shows) and the HTML report, each the JSON's figure for that
// scale; over SSH too.
func TestDSAccuracyNamesItsScale(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqStudy(t, tm)
	bo := "item\tunit\tannotator\tlabel\n101\tneed\tbo\t3\n101\tusefulness_1\tbo\t2\n101\tusefulness_2\tbo\t1\n" +
		"102\tneed\tbo\t1\n102\tusefulness_1\tbo\t1\n102\tusefulness_2\tbo\t1\n"
	if r := tm.run(t, "", "", "import", "--format", "labels", "--dataset", "clariq", tm.file(t, "bo.tsv", bo)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	var doc struct {
		Models []struct {
			Scale     string   `json:"scale"`
			UnitTypes []string `json:"unit_types"`
		} `json:"dawid_skene"`
		Annotators []struct {
			Annotator  string `json:"annotator"`
			DawidSkene []struct {
				Scale    string   `json:"scale"`
				Accuracy *float64 `json:"accuracy"`
			} `json:"dawid_skene"`
		} `json:"annotators"`
	}
	js := tm.run(t, "", "", "annotators", "--quality", "--dataset", "clariq", "--json")
	if err := json.Unmarshal([]byte(js.stdout), &doc); err != nil || len(doc.Models) != 2 {
		t.Fatalf("annotators --quality --json: %v, %d models: %s%s", err, len(doc.Models), js.stdout, js.stderr)
	}
	typesOf := map[string]string{} // a scale's unit types, from its name: "1/2/3/4 (need)"
	for _, m := range doc.Models {
		_, types, _ := strings.Cut(strings.TrimSuffix(m.Scale, ")"), " (")
		typesOf[m.Scale] = strings.ReplaceAll(types, ", ", "/")
		if strings.Join(m.UnitTypes, "/") != typesOf[m.Scale] {
			t.Errorf("the model %q's unit_types are %v", m.Scale, m.UnitTypes)
		}
	}
	if typesOf[doc.Models[0].Scale] != "need" || typesOf[doc.Models[1].Scale] != "usefulness" {
		t.Fatalf("the models: %+v", doc.Models)
	}
	// Each annotator's cell, from the JSON: "need 50% · usefulness 67%".
	want := map[string]string{}
	for _, a := range doc.Annotators {
		var parts []string
		for _, d := range a.DawidSkene {
			v := "–"
			if d.Accuracy != nil {
				v = fmt.Sprintf("%.0f%%", math.Round(*d.Accuracy*100))
			}
			parts = append(parts, typesOf[d.Scale]+" "+v)
		}
		want[a.Annotator] = strings.Join(parts, " · ")
	}
	if len(want) != 2 || !strings.Contains(want["bo"], "need ") || !strings.Contains(want["bo"], " · usefulness ") {
		t.Fatalf("the annotators' cells: %v", want)
	}

	srv := startServe(t, tm.db)
	conn, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for route, r := range map[string]result{"the binary": tm.run(t, "", "", "annotators", "--quality", "--dataset", "clariq"),
		"SSH": sshRun(t, conn, "", "annotators --quality --dataset clariq")} {
		for name, cell := range want {
			if !regexp.MustCompile(`(?m)^` + name + `\s.*\s` + regexp.QuoteMeta(cell) + `(\s|$)`).MatchString(r.stdout) {
				t.Errorf("%s: %s's row lacks %q:\n%s%s", route, name, cell, r.stdout, r.stderr)
			}
		}
	}

	page, _ := teamReport(t, tm, "", "clariq")
	cells := regexp.MustCompile(`<td>([^<]*<span class="fig" data-src="quality" data-path="annotators/\d+/dawid_skene/\d+/accuracy"[^>]*>[^<]*</span>(?: · )?)+</td>`).
		FindAllString(page, -1)
	if len(cells) != 2 {
		t.Fatalf("the report has %d Dawid–Skene cells, want one per annotator:\n%s", len(cells), cells)
	}
	for _, c := range cells {
		text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(c, "")
		if !regexp.MustCompile(`^need (\d\.\d{3}|–) · usefulness (\d\.\d{3}|–)$`).MatchString(text) {
			t.Errorf("a report cell reads %q, want each figure named by its scale", text)
		}
	}
}
