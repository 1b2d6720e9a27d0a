package data

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// clariqHeader is ClariQ's header, as its released files have it.
const clariqHeader = "topic_id\tinitial_request\ttopic_desc\tclarification_need\tfacet_id\tfacet_desc\tquestion_id\tquestion\tanswer\n"

// clariqFile is a small file in ClariQ's shape, one row per (topic,
// facet, question) as ClariQ's are: topic 201 (need 2) asks 27 distinct
// questions, each under two facets (so a question's rows are apart), its
// request quoted as ClariQ quotes some; 202 (need 1) asks 3; 203 (need 4)
// asks 2.
func clariqFile() string {
	var b strings.Builder
	b.WriteString(clariqHeader)
	row := func(topic, request, need, facet, q, question, answer string) {
		fmt.Fprintf(&b, "%s\t%s\tthe person's intent\t%s\t%s\tfacet %s\t%s\t%s\t%s\n", topic, request, need, facet, facet, q, question, answer)
	}
	for _, facet := range []string{"F0001", "F0002"} {
		for i := 1; i <= 27; i++ {
			row("201", `"Find the ""X""."`, "2", facet, fmt.Sprintf("Q%05d", 100+i), fmt.Sprintf("do you mean X number %d?", i), "no, "+facet)
		}
	}
	for i := 1; i <= 3; i++ {
		row("202", "dinosaurs", "1", "F0003", fmt.Sprintf("Q%05d", 200+i), fmt.Sprintf("which dinosaur %d?", i), "")
	}
	row("203", "tell me about sun", "4", "F0004", "Q00301", "the star or the newspaper?", "the star")
	row("203", "tell me about sun", "4", "F0005", "Q00302", "do you want its size?", "yes")
	return b.String()
}

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
	body := clariqFile()
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
	// The need of each topic, counted from the file's text.
	want := map[int]int{}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n")[1:] {
		cells := strings.Split(line, "\t")
		if !seen[cells[0]] {
			seen[cells[0]] = true
			var need int
			fmt.Sscan(cells[3], &need)
			want[need]++
		}
	}
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
