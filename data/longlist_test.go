package data

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// twelveToml is a protocol whose list has twelve columns, each element
// rated (column rating_{n}).
func twelveToml() string {
	var cols, ratings []string
	for i := 1; i <= 12; i++ {
		cols = append(cols, fmt.Sprintf("%q", fmt.Sprintf("facet_%d", i)))
		ratings = append(ratings, fmt.Sprintf("%q", fmt.Sprintf("rating_%d", i)))
	}
	return `name = "twelve"
title = "Twelve facets"
items = "requests"

[item]
header = ["request", ` + strings.Join(cols, ", ") + `, ` + strings.Join(ratings, ", ") + `]
id = ["request"]
text = ["request"]
list = [` + strings.Join(cols, ", ") + `]
list_name = "facet"

[[scale]]
name = "fit"
values = [0, 1]
keys = ["0", "1"]
names = ["off", "on topic"]

[[step]]
title = "Is the facet on topic?"
unit = "fit"
per = "element"
show = ["request", "list"]
scale = "fit"
column = "rating_{n}"
`
}

// A list has no cap of five elements: a request of twelve facets is
// twelve units (fit_12 the file's label and an annotator's), one of seven
// is seven; the file comes back byte for byte.
func TestListOfAnyLength(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := []byte(twelveToml())
	pf, err := guidelines.ParseProtocolFile("twelve.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	row := func(request string, n int, last string) string {
		cells := []string{request}
		for i := 1; i <= 12; i++ {
			c := ""
			if i <= n {
				c = fmt.Sprintf("f%d", i)
			}
			cells = append(cells, c)
		}
		for i := 1; i <= 12; i++ {
			c := ""
			if i == n {
				c = last
			}
			cells = append(cells, c)
		}
		return strings.Join(cells, "\t") + "\n"
	}
	body := strings.Join(pf.Item.Header, "\t") + "\n" + row("jaguar", 12, "1") + row("python", 7, "0")
	if _, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "twelve.tsv", pf, text, Options{}); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "twelve")
	first, second := storetest.ItemAt(t, st, ds.ID, 1), storetest.ItemAt(t, st, ds.ID, 2)
	p := st.Protocol("twelve")
	if got := p.Units(first.Shape(0)); len(got) != 12 || got[11] != "fit_12" {
		t.Errorf("twelve facets' units: %v", got)
	}
	if got := p.Units(second.Shape(0)); len(got) != 7 {
		t.Errorf("seven facets' units: %v", got)
	}
	release, err := st.Labels(ctx, first.ID, annotatorID(t, st, DefaultLabelsAs))
	if err != nil || release["fit_12"] != 1 {
		t.Errorf("the file's fit_12: %v %v", release, err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	one := 1
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "fit_11", Value: &one}); err != nil {
		t.Errorf("fit_11 by an annotator: %v", err)
	}
	merge := "item\tunit\tannotator\tlabel\n" + first.UID + "\tfit_12\tbo\t1\n"
	if _, err := testImport(ctx, st, who, strings.NewReader(merge), "merge.tsv", Options{Format: FormatLabels}); err != nil {
		t.Errorf("merging fit_12: %v", err)
	}
	past := "item\tunit\tannotator\tlabel\n" + second.UID + "\tfit_8\tbo\t1\n"
	if _, err := testImport(ctx, st, who, strings.NewReader(past), "past.tsv", Options{Format: FormatLabels}); err == nil ||
		!strings.Contains(err.Error(), "past.tsv:2:") {
		t.Errorf("fit_8 of seven facets merged: %v", err)
	}
	r := storetest.ReadGold(t, st, ds.ID)
	defer r.Close()
	var out bytes.Buffer
	if _, err := WriteProtocolFile(ctx, r, &out, report.ReleaseOptions{IncludeUnresolved: true, IncludeIncomplete: true}); err != nil {
		t.Fatal(err)
	}
	if out.String() != body {
		t.Errorf("the export is not the file:\n%s", out.String())
	}
	storetest.CheckClean(t, st)
}

// A choice's known label in a file's own column may name any element the
// choice can pick (up to 11), of a list longer than the five options an
// item keeps: the import counts the row's whole list, as the screen and a
// merge do; one past the row's elements is refused at its line.
func TestKnownChoiceOfALongList(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	var cols, quoted []string
	for i := 1; i <= 13; i++ {
		cols = append(cols, fmt.Sprintf("o%d", i))
		quoted = append(quoted, fmt.Sprintf("%q", cols[i-1]))
	}
	toml := `name = "long-pick"
title = "Pick an option"
items = "questions"
[item]
header = ["q", ` + strings.Join(quoted, ", ") + `, "best"]
id = ["q"]
text = ["q"]
list = [` + strings.Join(quoted, ", ") + `]
list_name = "option"
[[step]]
title = "Which option is best?"
unit = "best"
kind = "choice"
show = ["q", "list"]
column = "best"
`
	pf, err := guidelines.ParseProtocolFile("long.toml", []byte(toml))
	if err != nil {
		t.Fatal(err)
	}
	row := func(q string, n int, best string) string {
		cells := []string{q}
		for i := 1; i <= 13; i++ {
			c := ""
			if i <= n {
				c = fmt.Sprintf("option %d", i)
			}
			cells = append(cells, c)
		}
		return strings.Join(append(cells, best), "\t") + "\n"
	}
	head := "q\t" + strings.Join(cols, "\t") + "\tbest\n"
	body := head + row("a?", 13, "11") + row("b?", 13, "6")
	if _, err := ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(body), "long.tsv", pf, []byte(toml), Options{Dataset: "l"}); err != nil {
		t.Fatalf("picks 11 and 6 of 13 options: %v", err)
	}
	bad := head + row("c?", 7, "9")
	if _, err := ImportProtocolFile(ctx, st, lead(t, st), strings.NewReader(bad), "bad.tsv", pf, []byte(toml), Options{Dataset: "l"}); err == nil || !strings.Contains(err.Error(), "bad.tsv:2:") {
		t.Errorf("a pick of 9 of 7 options: %v", err)
	}
}
