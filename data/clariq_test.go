package data

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// ClariQ's files import as released under the shipped clariq protocol,
// known by their header: one HIT per topic, its 27 distinct questions 27
// units (usefulness_1 … usefulness_27, each shown once, from its first
// row), the need once; the release's need labels' distribution is the
// file's; and export --format clariq writes the file back byte for byte.
func TestShippedClariQ(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	body := datatest.ClariQRelease()
	res, err := testImport(ctx, st, who, strings.NewReader(body), "dev.tsv", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "clariq" || res.Items != 3 {
		t.Fatalf("read as %s, %d items; want clariq, 3", res.Format, res.Items)
	}
	ds, _ := st.DatasetByName(ctx, "dev")
	first := storetest.ItemAt(t, st, ds.ID, 1)
	rows, err := st.ShownRows(ctx, first.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 27 {
		t.Fatalf("topic 201 shows %d questions, want 27", len(rows))
	}
	for i, r := range rows {
		if want := fmt.Sprintf("do you mean X number %d?", i+1); r.Cells["question"] != want || r.Cells["initial_request"] != `"Find the ""X""."` {
			t.Errorf("question %d shows %v", i+1, r.Cells)
		}
	}
	p := st.Protocol("clariq")
	if !p.HasUnit("usefulness_27") {
		t.Errorf("no unit usefulness_27: %v", p.AllUnits)
	}
	r := storetest.ReadGold(t, st, ds.ID)
	var out bytes.Buffer
	if _, err := WriteProtocolFile(ctx, r, &out, report.ReleaseOptions{}); err != nil {
		t.Fatal(err)
	}
	if out.String() != body {
		t.Errorf("export --format clariq is not the file:\n%s", out.String())
	}
	stats, err := report.ProtocolFileStats(ctx, r, p)
	if err != nil {
		t.Fatal(err)
	}
	r.Close()
	want := datatest.ClariQNeeds(body) // counted from the file's text
	if got := stats.Types[0]; got.Name != "need" || got.N != 3 || !sameCounts(got.Distribution, want) {
		t.Errorf("stats' need: %+v, want %v", got, want)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	two, one := 2, 1
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "need", Value: &two}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "usefulness_27", Value: &one}); err != nil {
		t.Errorf("usefulness_27: %v", err)
	}
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "usefulness_28", Value: &one}); err == nil {
		t.Errorf("usefulness_28 of a topic of 27 questions was taken")
	}
}

// sameCounts says whether a distribution counts what want does.
func sameCounts(d []report.ValueCount, want map[int]int) bool {
	n := 0
	for _, vc := range d {
		if vc.N != want[vc.Value] {
			return false
		}
		n += vc.N
	}
	total := 0
	for _, c := range want {
		total += c
	}
	return n == total
}
