package report_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/demotest"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// On the demo, the per-annotator chart counts what SQL counts straight
// from the labels of finished HITs: each annotator's labels per value.
func TestAnnotatorChartCountsTheLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.Store(t)
	ds, _ := st.DatasetByName(ctx, data.DemoDataset)
	study, err := report.DatasetStudy(ctx, storetest.ReadLabels(t, st, ds.ID))
	if err != nil {
		t.Fatal(err)
	}
	rep := agreement.Analyze(study, agreement.Options{})
	rows, err := storetest.DB(t, st).Query(`SELECT a.name, l.value, count(*) FROM labels l
		JOIN annotators a ON a.id = l.annotator_id
		JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id AND h.finished_at IS NOT NULL
		JOIN items i ON i.id = l.item_id WHERE i.dataset_id = ? GROUP BY a.name, l.value`, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][3]int{}
	for rows.Next() {
		var name string
		var v, n int
		rows.Scan(&name, &v, &n)
		c := want[name]
		c[v] = n
		want[name] = c
	}
	rows.Close()
	if len(want) < 3 || len(rep.AnnotatorLabels) != len(want) {
		t.Fatalf("annotators %v, SQL %v", rep.AnnotatorLabels, want)
	}
	chart := report.LabelChart("Labels per annotator", rep.Scale, rep.AnnotatorLabels, 80)
	for i, a := range rep.AnnotatorLabels {
		w := want[a.Name]
		if fmt.Sprint(a.Labels) != fmt.Sprint(w[:]) {
			t.Errorf("%s: %v, SQL counts %v", a.Name, a.Labels, w)
		}
		if line := ansi.Strip(chart[i+1]); !strings.HasSuffix(line, fmt.Sprintf("n %d", w[0]+w[1]+w[2])) {
			t.Errorf("chart line %q", line)
		}
	}
}

// The annotators' figures read as a stream are those of the report over
// the whole study: the same labels per annotator, the same pairs.
func TestPeopleOfIsTheStudysPeople(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.Store(t)
	for _, name := range []string{data.DemoDataset, data.DemoConversations, data.DemoNuggets} {
		ds, _ := st.DatasetByName(ctx, name)
		r := storetest.ReadLabels(t, st, ds.ID)
		study, err := report.DatasetStudy(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		people, err := report.PeopleOf(ctx, r)
		if err != nil {
			t.Fatal(err)
		}
		rep := agreement.Analyze(study, agreement.Options{})
		if got, want := fmt.Sprint(people.Labels()), fmt.Sprint(rep.AnnotatorLabels); got != want || len(rep.AnnotatorLabels) < 2 {
			t.Errorf("%s labels\n got %s\nwant %s", name, got, want)
		}
		if got, want := fmt.Sprint(people.Pairs(study.Scale.Values)), fmt.Sprint(rep.Pairs); got != want || len(rep.Pairs) == 0 {
			t.Errorf("%s pairs\n got %s\nwant %s", name, got, want)
		}
	}
}
