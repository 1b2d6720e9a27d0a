package data

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// writtenStudy imports two questions under datatest.Written and gives
// back the store, the first item and annotator ana.
func writtenStudy(t *testing.T) (*store.Store, store.Item, store.Annotator) {
	t.Helper()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	pf, err := guidelines.ParseProtocolFile("written.toml", []byte(datatest.Written))
	if err != nil {
		t.Fatal(err)
	}
	body := "id\tquestion\nq1\tjaguar speed\nq2\tWhich one?\n"
	if _, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "w.tsv", pf, []byte(datatest.Written), Options{}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "w")
	if err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return st, storetest.ItemAt(t, st, ds.ID, 1), ana
}

// A written answer is a label: it stores with its words, a change keeps
// the old words in history, a no withdraws it (its words kept in history
// too), and check finds nothing wrong after. What is not an answer (empty,
// too long, a control character, words on a scale unit, a value on a text
// unit) is refused, the database unchanged.
func TestTextLabelStores(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, one, ana := writtenStudy(t)
	zero, yes, no := 0, 1, 0
	set := func(unit string, v *int, text string) error {
		_, err := st.SetLabel(ctx, store.LabelChange{ItemID: one.ID, AnnotatorID: ana.ID, Unit: unit, Value: v, Text: text})
		return err
	}
	if err := set("need", &yes, ""); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ unit, text string }{
		{"ask", ""}, {"ask", "   "}, {"ask", strings.Repeat("é", 61)},
		{"ask", "do you mean\tthe car?"}, {"ask", "the \x1b[31mcar\x1b[0m?"}, {"need", "words"},
	} {
		v := &zero
		if c.unit == "need" {
			v = &yes
		}
		if err := set(c.unit, v, c.text); !errors.Is(err, store.ErrAnswer) {
			t.Errorf("%s %q: %v, want ErrAnswer", c.unit, c.text, err)
		}
	}
	if err := set("ask", &yes, "the animal?"); !errors.Is(err, store.ErrAnswer) {
		t.Errorf("a text unit with value 1: %v", err)
	}
	first, second := "Do you mean the animal or the car?", strings.Repeat("é", 60)
	if err := set("ask", &zero, first); err != nil {
		t.Fatal(err)
	}
	if err := set("ask", &zero, second); err != nil {
		t.Fatal(err)
	}
	if err := set("need", &no, ""); err != nil {
		t.Fatal(err)
	}
	hist, err := st.History(ctx, one.ID)
	if err != nil {
		t.Fatal(err)
	}
	var asks [][2]string
	for _, h := range hist {
		if h.Unit == "ask" {
			asks = append(asks, [2]string{h.OldText, h.NewText})
		}
	}
	want := [][2]string{{"", first}, {first, second}, {second, ""}}
	if len(asks) != len(want) {
		t.Fatalf("ask's history %q, want %q", asks, want)
	}
	for i := range want {
		if asks[i] != want[i] {
			t.Errorf("ask's history %d: %q, want %q", i, asks[i], want[i])
		}
	}
	storetest.CheckClean(t, st)
}

// A written answer comes out of a labels export as typed, in the label
// column, and merges back: into a second database as a new label, and
// into the first as nothing new; a changed answer in the file, newer,
// replaces the stored one and keeps it in history.
func TestTextLabelExportsAndMerges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, one, ana := writtenStudy(t)
	zero, yes := 0, 1
	answer := `Do you mean the "jaguar" car — or the cat?  `
	for _, ch := range []store.LabelChange{
		{ItemID: one.ID, AnnotatorID: ana.ID, Unit: "need", Value: &yes},
		{ItemID: one.ID, AnnotatorID: ana.ID, Unit: "ask", Value: &zero, Text: answer, Finish: true},
	} {
		if _, err := st.SetLabel(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	export := func(st *store.Store) string {
		t.Helper()
		ds, err := st.DatasetByName(ctx, "w")
		if err != nil {
			t.Fatal(err)
		}
		r, err := st.ReadLabels(ctx, lead(t, st), ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var b strings.Builder
		if err := WriteLabels(ctx, r, &b, nil); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	out := export(st)
	var row []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 3 && f[1] == "ask" {
			row = f
		}
	}
	if row == nil || row[3] != answer {
		t.Fatalf("the ask row %q, want the label %q:\n%s", row, answer, out)
	}

	other, _, _ := writtenStudy(t)
	res, err := testImport(ctx, other, lead(t, other), strings.NewReader(out), "labels.tsv", Options{Format: FormatLabels, Dataset: "w"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Merge.Added != 2 {
		t.Errorf("merged into a new database: %+v", res.Merge)
	}
	if got := export(other); got != out {
		t.Errorf("the merged database exports\n%s\nthe first\n%s", got, out)
	}
	res, err = testImport(ctx, st, lead(t, st), strings.NewReader(out), "labels.tsv", Options{Format: FormatLabels, Dataset: "w"})
	if err != nil || res.Merge.Same != 2 || res.Merge.Added+res.Merge.Changed != 0 {
		t.Errorf("merged into itself: %+v %v", res.Merge, err)
	}
	// The ask row again, its answer changed later than the stored one.
	rowWith := func(text, at string) string {
		f := slices.Clone(row)
		f[3], f[5] = text, at
		return LabelsHeader + "\n" + strings.Join(f, "\t") + "\n"
	}
	changed := rowWith("Which jaguar?", "2099-01-01T00:00:00.000Z")
	if res, err = testImport(ctx, st, lead(t, st), strings.NewReader(changed), "labels.tsv", Options{Format: FormatLabels, Dataset: "w"}); err != nil || res.Merge.Changed != 1 {
		t.Fatalf("a changed answer: %+v %v", res.Merge, err)
	}
	hist, err := st.History(ctx, one.ID)
	if err != nil {
		t.Fatal(err)
	}
	last := hist[len(hist)-1]
	if last.Source != "merge" || last.OldText != answer || last.NewText != "Which jaguar?" {
		t.Errorf("the merge's history: %+v", last)
	}
	bad := rowWith("Which\x1b[2Jjaguar?", "2099-01-02T00:00:00.000Z")
	if _, err := testImport(ctx, st, lead(t, st), strings.NewReader(bad), "labels.tsv", Options{Format: FormatLabels, Dataset: "w"}); err == nil || !strings.Contains(err.Error(), "labels.tsv:2: ") {
		t.Errorf("a control character in a merged answer: %v", err)
	}
	storetest.CheckClean(t, st)
	storetest.CheckClean(t, other)
}

// A written unit's gold is the first answer keyed, as written, when every
// answer is the same trimmed and case folded; unresolved when they differ
// (its label cell empty); the gold export writes it verbatim, with the
// number of answers.
func TestTextGold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st, one, _ := writtenStudy(t)
	ds, err := st.DatasetByName(ctx, "w")
	if err != nil {
		t.Fatal(err)
	}
	two := storetest.ItemAt(t, st, ds.ID, 2)
	zero, yes := 0, 1
	answers := map[int64][]string{
		one.ID: {`Do you mean "the car"?  `, "do you mean \"THE CAR\"?", `  Do you mean "the car"?`},
		two.ID: {"Which one?", "Which one of them?", "Which one?"},
	}
	for i, name := range []string{"ana", "bo", "cy"} {
		an, err := st.EnsureAnnotator(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range []int64{one.ID, two.ID} {
			for _, ch := range []store.LabelChange{
				{ItemID: item, AnnotatorID: an.ID, Unit: "need", Value: &yes},
				{ItemID: item, AnnotatorID: an.ID, Unit: "ask", Value: &zero, Text: answers[item][i], Finish: true},
			} {
				if _, err := st.SetLabel(ctx, ch); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	gold := func() string {
		t.Helper()
		r, err := st.ReadGold(ctx, lead(t, st), ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		var b strings.Builder
		if _, err := WriteGold(ctx, r, &b, report.ReleaseOptions{IncludeIncomplete: true}); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	goldRows(t, gold(), map[string]string{
		one.UID: one.UID + "\task\t" + answers[one.ID][0] + "\tunanimous\tanswers:3\t",
		two.UID: two.UID + "\task\t\tunresolved\tanswers:3\t",
	})

	// stats: n answers and their mean length in characters, not a
	// distribution of 0s.
	fr, err := st.ReadFigures(ctx, lead(t, st), ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	stats, err := report.ProtocolFileStats(ctx, fr, st.Protocol(ds.Kind))
	fr.Close()
	if err != nil {
		t.Fatal(err)
	}
	chars := 0
	for _, as := range answers {
		for _, a := range as {
			chars += len([]rune(a))
		}
	}
	ask := stats.Types[1]
	if ask.Name != "ask" || !ask.Written || ask.N != 6 || ask.Mean == nil || *ask.Mean != float64(chars)/6 || len(ask.Distribution) != 0 {
		t.Errorf("stats of ask: %+v, want 6 answers of mean length %v", ask, float64(chars)/6)
	}

	// The differing answers are disputed; an adjudicator's own words (or
	// one picked) are the gold, checked as a keyed answer.
	queue, err := st.AdjudicationQueue(ctx, ds.ID, lead(t, st), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(queue) != 1 || queue[0].Item.ID != two.ID || queue[0].Unit != "ask" {
		t.Fatalf("the adjudication queue: %+v", queue)
	}
	if err := st.AdjudicateText(ctx, two.ID, "ask", "Which\tone?", lead(t, st), ""); !errors.Is(err, store.ErrAnswer) {
		t.Errorf("a tab in a decided answer: %v", err)
	}
	own := "Which one — the first or the second?"
	if err := st.AdjudicateText(ctx, two.ID, "ask", own, lead(t, st), "neither is whole"); err != nil {
		t.Fatal(err)
	}
	goldRows(t, gold(), map[string]string{
		one.UID: one.UID + "\task\t" + answers[one.ID][0] + "\tunanimous\tanswers:3\t",
		two.UID: two.UID + "\task\t" + own + "\tadjudicated\tanswers:3\tlead",
	})
	storetest.CheckClean(t, st)
}

// goldRows checks a gold export's ask rows, by item.
func goldRows(t *testing.T, out string, want map[string]string) {
	t.Helper()
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 1 && f[1] == "ask" {
			if line != want[f[0]] {
				t.Errorf("gold row %q, want %q", line, want[f[0]])
			}
			delete(want, f[0])
		}
	}
	if len(want) > 0 {
		t.Errorf("no gold row for %v:\n%s", want, out)
	}
}
