package data

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// manyQuestions is a file of datatest.ClariQByTopic's shape: topic 101
// with n questions (the last one's usefulness known, 3), topic 102 with
// two.
func manyQuestions(n int) string {
	var b strings.Builder
	b.WriteString("topic_id\tinitial_request\tquestion_id\tquestion\tclarification_need\tusefulness\n")
	for i := 1; i <= n; i++ {
		use := ""
		if i == n {
			use = "3"
		}
		fmt.Fprintf(&b, "101\tFind the \"\"X\"\".\tQ%05d\tAre you after number %d?\t2\t%s\n", i, i, use)
	}
	b.WriteString("102\ttell me about dogs\tQ00001\tWhich breed?\t4\t\n102\ttell me about dogs\tQ00002\tPuppies?\t4\t\n")
	return b.String()
}

// A group has no cap on its rows: a topic of 27 questions is one item,
// its usefulness_27 a unit every route takes (the file's label, an
// annotator's, a merged one), another process reads the kind's new units
// at its next sync, and the export writes the file back byte for byte.
func TestGroupOfAnyLength(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	other, err := store.Open(ctx, st.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	text := []byte(datatest.ClariQByTopic("groups"))
	pf, err := guidelines.ParseProtocolFile("groups.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	body := manyQuestions(27)
	res, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "topics.tsv", pf, text, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Items != 2 {
		t.Errorf("%d items, want 2 (one a topic)", res.Items)
	}
	ds, _ := st.DatasetByName(ctx, "topics")
	first := storetest.ItemAt(t, st, ds.ID, 1)
	release, err := st.Labels(ctx, first.ID, annotatorID(t, st, DefaultLabelsAs))
	if err != nil {
		t.Fatal(err)
	}
	if release["usefulness_27"] != 3 || release["need"] != 2 {
		t.Errorf("the release's labels: %v", release)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	two, one := 2, 1
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "need", Value: &two}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "usefulness_26", Value: &one}); err != nil {
		t.Errorf("usefulness_26 by an annotator: %v", err)
	}
	if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: ana.ID, Unit: "usefulness_28", Value: &one}); err == nil {
		t.Errorf("usefulness_28 of a topic of 27 questions was taken")
	}
	if _, err := other.Protocols(ctx); err != nil {
		t.Fatal(err)
	}
	if !other.Protocol("groups").HasUnit("usefulness_27") {
		t.Errorf("another process does not read usefulness_27 after the import")
	}
	bo, err := other.EnsureAnnotator(ctx, "bo")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := other.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: bo.ID, Unit: "need", Value: &two}); err != nil {
		t.Fatal(err)
	}
	if _, err := other.SetLabel(ctx, store.LabelChange{ItemID: first.ID, AnnotatorID: bo.ID, Unit: "usefulness_25", Value: &one}); err != nil {
		t.Errorf("usefulness_25 in another process: %v", err)
	}
	merge := "item\tunit\tannotator\tlabel\n" + first.UID + "\tneed\tcy\t3\n" + first.UID + "\tusefulness_24\tcy\t2\n"
	if _, err := testImport(ctx, st, who, strings.NewReader(merge), "merge.tsv", Options{Format: FormatLabels}); err != nil {
		t.Errorf("merging usefulness_24: %v", err)
	}
	r, err := st.ReadGold(ctx, who, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out bytes.Buffer
	if _, err := WriteProtocolFile(ctx, r, &out, report.ReleaseOptions{IncludeUnresolved: true, IncludeIncomplete: true}); err != nil {
		t.Fatal(err)
	}
	if out.String() != body {
		t.Errorf("the export is not the file:\n%s", out.String())
	}
	// A changed title is no change to what is stored: the kept file's
	// 27 units a step are the new one's.
	retitled := []byte(strings.Replace(string(text), `title = "ClariQ`, `title = "Our ClariQ`, 1))
	rf, err := guidelines.ParseProtocolFile("groups.toml", retitled)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, who, rf, retitled); err != nil {
		t.Errorf("a new title for a kind of 27 units a step: %v", err)
	}
	if !st.Protocol("groups").HasUnit("usefulness_27") {
		t.Errorf("the retitled kind has no usefulness_27")
	}
	// The same file again adds nothing, and lists no more units.
	again, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "topics.tsv", rf, retitled, Options{})
	if err != nil || again.Items != 0 {
		t.Errorf("the same file again: %+v, %v", again.ImportStats, err)
	}
	storetest.CheckClean(t, st)
}

// annotatorID is the id of the annotator of that name.
func annotatorID(t *testing.T, st *store.Store, name string) int64 {
	t.Helper()
	a, err := st.EnsureAnnotator(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return a.ID
}

// A file that gives an item the dataset has (the same id) with other rows
// is refused, not taken as that item again with its change dropped: a
// question added to topic 101, or its request changed, is an error at the
// item's line, the database unchanged. The same file again, or one whose
// label cells alone differ, adds nothing and is no error.
func TestChangedItemUnderItsIDRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := []byte(datatest.ClariQByTopic("changed"))
	pf, err := guidelines.ParseProtocolFile("changed.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	body := manyQuestions(3)
	opt := Options{Dataset: "t"}
	if _, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "topics.tsv", pf, text, opt); err != nil {
		t.Fatal(err)
	}
	again, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "topics.tsv", pf, text, opt)
	if err != nil || again.Items != 0 {
		t.Fatalf("the same file again: %d added, %v", again.Items, err)
	}
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	for name, changed := range map[string]string{
		"a question more":   manyQuestions(4),
		"a request changed": strings.Replace(body, "tell me about dogs", "tell me about cats", 2),
	} {
		_, err := ImportProtocolFile(ctx, st, who, strings.NewReader(changed), "topics.tsv", pf, text, opt)
		if err == nil || !strings.Contains(err.Error(), "topics.tsv:") || !strings.Contains(err.Error(), "already (the same id) with other text or rows") {
			t.Errorf("%s: %v", name, err)
		}
		if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
			t.Errorf("%s: the refused import changed the database", name)
		}
	}
}
