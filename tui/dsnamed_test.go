package tui

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Issue 43 point 6: the quality pager names each annotator's Dawid–Skene
// accuracy by its scale (necessity 75% · facet 50%), one figure per model
// of the report, each the model's own.
func TestQualityPagerNamesEachDSScale(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var reqs strings.Builder
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&reqs, `{"id": "r%d", "request": "request %d", "facets": ["a", "b"]}`+"\n", i, i)
	}
	labels := "item\tunit\tannotator\tlabel\n" +
		"r1\tnecessity\tann\tyes\nr1\tfacet\tann\t1\nr1\tnecessity\tbo\tyes\nr1\tfacet\tbo\t2\n" +
		"r2\tnecessity\tann\tyes\nr2\tfacet\tann\t2\nr2\tnecessity\tbo\tyes\nr2\tfacet\tbo\t2\n" +
		"r3\tnecessity\tann\tno\nr3\tnecessity\tbo\tyes\nr3\tfacet\tbo\t1\n" +
		"r4\tnecessity\tann\tno\nr4\tnecessity\tbo\tno\n"
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(reqs.String()), "r.jsonl",
		data.Options{Format: formatNecessity, Dataset: "nec", Policy: &store.Policy{Min: 1, Max: 2, Lease: time.Hour}}); err != nil {
		t.Fatal(err)
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(labels), "l.tsv", data.Options{Format: data.FormatLabels, Dataset: "nec"}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "nec")
	if err != nil {
		t.Fatal(err)
	}
	q, err := report.ReadQuality(ctx, st, lead, ds)
	if err != nil || len(q.Models) != 2 {
		t.Fatalf("%d models: %v", len(q.Models), err)
	}
	h := startOn(t, st, lead, "nec", 120, 40, false)
	msg := h.m.openQuality()().(qualityMsg)
	if msg.err != nil {
		t.Fatal(msg.err)
	}
	h.m.qualityLoaded(msg)
	pager := ansi.Strip(strings.Join(h.m.quality, "\n"))
	for _, a := range q.Annotators {
		var cells []string
		for i, d := range a.DawidSkene {
			if d.Scale != q.Models[i].Scale {
				t.Fatalf("%s is not in every model: the test tries less than it says", a.Annotator)
			}
			_, types, _ := strings.Cut(strings.TrimSuffix(d.Scale, ")"), " (") // "2/…/11 (facet)"
			cells = append(cells, fmt.Sprintf("%s %.0f%%", strings.ReplaceAll(types, ", ", "/"), math.Round(d.Accuracy.V*100)))
		}
		want := strings.Join(cells, " · ")
		if !regexp.MustCompile(`(?m)^` + a.Annotator + `\s.*\s` + regexp.QuoteMeta(want) + `\s*$`).MatchString(pager) {
			t.Errorf("the quality pager's row of %s lacks %q:\n%s", a.Annotator, want, pager)
		}
	}
}
