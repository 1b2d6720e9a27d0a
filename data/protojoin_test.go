package data

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// An answers file joined to its segment corpus: a sentence with two
// citations is two support units, each item keeps the segments it cites,
// and the same file again adds nothing.
func TestImportJoinedAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	corpus := datatest.Segment(t, "d1", "Segment one says IR is search.") + datatest.Segment(t, "d2", "Segment two says it ranks.") + datatest.Segment(t, "d3", "unused")
	answers := datatest.RAGAnswer(t, "runA", "t1", []string{"d1", "d2"}, []string{"IR is search.", "It ranks."}, [][]int{{0, 1}, {1}})
	opt := func() Options {
		return Options{Dataset: "rag", Joins: []JoinFile{{Name: "segment", File: "corpus.jsonl", R: strings.NewReader(corpus)}}}
	}
	res, err := testImport(ctx, st, who, strings.NewReader(answers), "answers.jsonl", opt())
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "trec-rag-support" || res.Items != 1 {
		t.Fatalf("imported as %s, %d items", res.Format, res.Items)
	}
	ds, _ := st.DatasetByName(ctx, "rag")
	it := storetest.ItemAt(t, st, ds.ID, 1)
	units := st.Protocol("trec-rag-support").Units(it.Shape(1))
	if strings.Join(units, " ") != "support_1_1 support_1_2 support_2_1" {
		t.Errorf("units %v, want support_1_1 support_1_2 support_2_1", units)
	}
	if !strings.Contains(it.Meta, "Segment two says it ranks.") || strings.Contains(it.Meta, "unused") {
		t.Errorf("the item keeps %s; want the segments it cites, and no other", it.Meta)
	}
	again, err := testImport(ctx, st, who, strings.NewReader(answers), "answers.jsonl", opt())
	if err != nil || again.Items != 0 {
		t.Errorf("the same file again: %d items, %v; want none added", again.Items, err)
	}
}

// A citation of a segment the corpus does not have is an error at the
// answers file's line, and the database is unchanged; so is an answers
// file imported without its corpus, or a corpus with a key twice.
func TestImportJoinRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	db := storetest.DB(t, st)
	before := storetest.DataFingerprint(t, db)
	corpus := datatest.Segment(t, "d1", "one") + datatest.Segment(t, "d2", "two")
	good := datatest.RAGAnswer(t, "runA", "t1", []string{"d1"}, []string{"s"}, [][]int{{0}})
	missing := datatest.RAGAnswer(t, "runA", "t2", []string{"d1", "d9"}, []string{"s", "s2"}, [][]int{{0}, {1}})
	outside := datatest.RAGAnswer(t, "runA", "t3", []string{"d1"}, []string{"s"}, [][]int{{4}})
	for _, c := range []struct {
		name, answers, corpus string
		noJoin                bool
		want                  string
	}{
		{"missing key", good + missing, corpus, false, `answers.jsonl:2: references[] "d9" is not in the joined file segment`},
		{"no such reference", good + outside, corpus, false, `answers.jsonl:2: answer[].citations[]: sentence 1, citation 1 cites "4", which is no element of references[]`},
		{"no corpus", good, corpus, true, `answers.jsonl: protocol trec-rag-support joins a second file: give it with --join segment=FILE`},
		{"key twice", good, corpus + datatest.Segment(t, "d1", "again"), false, `corpus.jsonl:3: docid "d1" is the key of line 1 too`},
		{"run with a space", good + datatest.RAGAnswer(t, "run X", "t4", []string{"d1"}, []string{"s"}, [][]int{{0}}), corpus, false,
			`answers.jsonl:2: run_id "run X" is empty or holds a space, which the space-separated judgments export (export --format trec-rag-support) cannot write`},
	} {
		opt := Options{Dataset: "rag", Format: "trec-rag-support"}
		if !c.noJoin {
			opt.Joins = []JoinFile{{Name: "segment", File: "corpus.jsonl", R: strings.NewReader(c.corpus)}}
		}
		_, err := testImport(ctx, st, who, strings.NewReader(c.answers), "answers.jsonl", opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
		if storetest.DataFingerprint(t, db) != before {
			t.Errorf("%s: the database changed", c.name)
		}
	}
}

// Both files on one input (as over SSH): the corpus, a JoinEnd line, then
// the answers, whose lines are numbered from 1.
func TestImportJoinOnOneInput(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	in := datatest.Segment(t, "d1", "one") + JoinEnd + "\n" +
		datatest.RAGAnswer(t, "runA", "t1", []string{"d1"}, []string{"s"}, [][]int{{0}}) +
		datatest.RAGAnswer(t, "runA", "t2", []string{"d7"}, []string{"s"}, [][]int{{0}})
	opt := Options{Dataset: "rag", Joins: []JoinFile{{Name: "segment", File: "-"}}}
	_, err := testImport(ctx, st, who, strings.NewReader(in), "-", opt)
	if err == nil || !strings.Contains(err.Error(), `-:2: references[] "d7" is not in the joined file segment`) {
		t.Errorf("%v; want the answers' line 2", err)
	}
	_, err = testImport(ctx, st, who, strings.NewReader(datatest.Segment(t, "d1", "one")), "-", opt)
	if err == nil || !strings.Contains(err.Error(), "standard input ended before the line") {
		t.Errorf("%v; want the missing end line said", err)
	}
}

// A joined file may be a TSV with a header ([[join]] format = "tsv"): its
// key's and fields' columns named there; a row of the wrong width is
// refused at its line.
func TestImportJoinedTSV(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	shipped, err := guidelines.FindShipped("trec-rag-support")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(strings.Replace(string(shipped.Text), `name = "trec-rag-support"`, `name = "rag-tsv"`, 1),
		`fields = ["segment", "title", "url"]`, `fields = ["segment", "title", "url"]`+"\nformat = \"tsv\"", 1)
	f := parseTest(t, "rag-tsv.toml", text)
	formats := []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)})}
	answers := datatest.RAGAnswer(t, "runA", "t1", []string{"d1", "d2"}, []string{"s1"}, [][]int{{1}})
	corpus := "docid\ttitle\tsegment\turl\nd1\tOne\tfirst\thttps://a\nd2\tTwo\tsecond text\thttps://b\n"
	opt := Options{Dataset: "rag", Formats: formats, Joins: []JoinFile{{Name: "segment", File: "c.tsv", R: strings.NewReader(corpus + "d3\tx\n")}}}
	if _, err := testImport(ctx, st, who, strings.NewReader(answers), "a.jsonl", opt); err == nil || !strings.Contains(err.Error(), "c.tsv:4: 2 cells; the header has 4") {
		t.Errorf("a short row: %v", err)
	}
	opt.Joins[0].R = strings.NewReader(corpus)
	if _, err := testImport(ctx, st, who, strings.NewReader(answers), "a.jsonl", opt); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "rag")
	it := storetest.ItemAt(t, st, ds.ID, 1)
	rows, err := st.ShownRows(ctx, it.ID)
	if err != nil || len(rows) != 1 {
		t.Fatal(err)
	}
	p, ok := rows[0].Pairs["support_1_1"]
	if !ok || !strings.Contains(fmt.Sprint(p.Cells), "second text") || strings.Contains(it.Meta, "first") {
		t.Errorf("the pair shows %+v; the item keeps %s", p, it.Meta)
	}
}

// One line of a client's file cannot make a kind list millions of units:
// a sentence citing 101 times (its units are listed up to the extent
// squared) is refused at its line before anything is built, the database
// unchanged; 100 imports.
func TestNestedExtentBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	db := storetest.DB(t, st)
	corpus := datatest.Segment(t, "d1", "one")
	cites := func(n int) [][]int { return [][]int{make([]int, n)} } // n citations of reference 0
	opt := Options{Dataset: "rag", Format: "trec-rag-support", Joins: []JoinFile{{Name: "segment", File: "corpus.jsonl", R: strings.NewReader(corpus)}}}
	before := storetest.DataFingerprint(t, db)
	big := datatest.RAGAnswer(t, "runA", "t1", []string{"d1"}, []string{"s"}, cites(guidelines.MaxNestExtent+1))
	if _, err := testImport(ctx, st, who, strings.NewReader(big), "answers.jsonl", opt); err == nil ||
		!strings.Contains(err.Error(), "answers.jsonl:1: a nested list of 101: at most 100") {
		t.Errorf("101 citations of a sentence: %v", err)
	}
	if storetest.DataFingerprint(t, db) != before {
		t.Error("the refused import changed the database")
	}
	opt.Joins[0].R = strings.NewReader(corpus)
	ok := datatest.RAGAnswer(t, "runA", "t1", []string{"d1"}, []string{"s"}, cites(guidelines.MaxNestExtent))
	if _, err := testImport(ctx, st, who, strings.NewReader(ok), "answers.jsonl", opt); err != nil {
		t.Errorf("100 citations of a sentence: %v", err)
	}
}
