package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// An annotator who shares no unit with another has no Dawid–Skene
// accuracy, and the HTML report says why beside its –, in the words
// annotators --quality gives it (ana, alone on the team's pane 2).
func TestReportSaysWhyDawidSkeneAccuracyIsUndefined(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	var q struct {
		Annotators []struct {
			Annotator  string
			DawidSkene []struct {
				Accuracy *float64
				Why      string `json:"accuracy_undefined_why"`
			} `json:"dawid_skene"`
		}
	}
	r := tm.run(t, "", "", "annotators", "--quality", "--dataset", "demo", "--json")
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &q) != nil {
		t.Fatalf("quality --json: %+v", r)
	}
	text := flat(tm.run(t, "", "", "annotators", "--quality", "--dataset", "demo").stdout)
	page, _ := teamReport(t, tm, "", "demo")
	pt := pageText(page)
	alone := 0
	for i, a := range q.Annotators {
		for j, d := range a.DawidSkene {
			if d.Accuracy != nil {
				continue
			}
			alone++
			if d.Why == "" {
				t.Errorf("%s: accuracy null with no reason", a.Annotator)
				continue
			}
			if want := a.Annotator + ": accuracy – (" + d.Why + ")"; !strings.Contains(text, want) {
				t.Errorf("annotators --quality lacks %q", want)
			}
			if p := fmt.Sprintf(`data-path="annotators/%d/dawid_skene/%d/accuracy" data-value="null"`, i, j); !strings.Contains(page, p) {
				t.Errorf("the report lacks %s", p)
			}
			if want := "Dawid–Skene accuracy – for " + a.Annotator + ": " + d.Why + "."; !strings.Contains(pt, want) {
				t.Errorf("the report lacks %q", want)
			}
		}
	}
	if alone == 0 {
		t.Fatal("test is void: every annotator has a Dawid–Skene accuracy")
	}
}
