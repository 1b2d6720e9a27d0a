package data

import (
	"bytes"
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

func parseTest(t *testing.T, name, text string) *guidelines.ProtocolFile {
	t.Helper()
	f, err := guidelines.ParseProtocolFile(name, []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// exportFile is the dataset written back in its protocol file's shape.
func exportFile(t *testing.T, st *store.Store, who store.Annotator, dataset string) string {
	t.Helper()
	ctx := context.Background()
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		t.Fatal(err)
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
	return out.String()
}

// A CLAMBER-shaped file (each line a JSON string holding the object) is
// known by its first line's keys, imports with its labels read through
// the scales' codes, and exports back byte for byte; an adjudicated
// category changes that one field's code and nothing else. The same file
// again adds nothing.
func TestImportCLAMBERShapedJSONL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	f := parseTest(t, "clamber-test.toml", datatest.ClamberShaped("clamber-test"))
	body := datatest.ClamberLine(t, "Give me a list of good coffee shops?", "", 1, "MC", "whom") +
		datatest.ClamberLine(t, "Who won?", "The café \"Le Monde\" <3", 1, "LA", "co-reference") +
		datatest.ClamberLine(t, "What is 2+2?", "", 0, "FD", "NK")
	opt := Options{Dataset: "clamber", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(datatest.ClamberShaped("clamber-test"))})}}
	res, err := testImport(ctx, st, who, strings.NewReader(body), "clamber_benchmark.jsonl", opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "clamber-test" || res.Items != 3 {
		t.Errorf("imported as %s, %d items", res.Format, res.Items)
	}
	ds, _ := st.DatasetByName(ctx, "clamber")
	second := storetest.ItemAt(t, st, ds.ID, 2)
	release, err := st.EnsureAnnotator(ctx, DefaultLabelsAs)
	if err != nil {
		t.Fatal(err)
	}
	labels, err := st.Labels(ctx, second.ID, release.ID)
	if err != nil {
		t.Fatal(err)
	}
	if labels["require"] != 1 || labels["category"] != 3 || labels["subclass"] != 8 {
		t.Errorf("the second line's labels: %v, want require 1, category 3 (LA), subclass 8 (co-reference)", labels)
	}
	if got := exportFile(t, st, who, "clamber"); got != body {
		t.Errorf("the export is not the file:\n got %q\nwant %q", got, body)
	}
	again, err := testImport(ctx, st, who, strings.NewReader(body), "clamber_benchmark.jsonl", opt)
	if err != nil || again.ItemsKnown != 3 || again.Items != 0 {
		t.Errorf("the same file again: %+v, %v", again.ImportStats, err)
	}
	fd := 2
	if err := st.Adjudicate(ctx, second.ID, "category", &fd, who, "test"); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(body, "\n")
	lines[1] = strings.Replace(lines[1], `\"category\":\"LA\"`, `\"category\":\"FD\"`, 1)
	if !strings.Contains(lines[1], `\"FD\"`) {
		t.Fatalf("the test's line has no category LA: %s", lines[1])
	}
	if got, want := exportFile(t, st, who, "clamber"), strings.Join(lines, ""); got != want {
		t.Errorf("after category LA → FD:\n got %q\nwant %q", got, want)
	}
}

// plainShaped is a test-only protocol over plain JSONL objects: a nested
// id, and a list path whose elements are each rated.
const plainShaped = `name = "answers-test"
title = "Answers"
items = "answers"

[item]
format = "jsonl"
keys = ["meta", "topic", "answer", "overall"]
id = ["meta.id"]
text = ["topic"]
list = ["answer[].text"]
list_name = "sentence"

[[scale]]
name = "grade"
values = [0, 1, 2]
keys = ["0", "1", "2"]
names = ["bad", "fair", "good"]

[[step]]
title = "Each sentence"
unit = "sentence"
per = "element"
show = ["topic", "list"]
scale = "grade"

[[step]]
title = "The answer"
unit = "overall"
show = ["topic", "list"]
scale = "grade"
column = "overall"
`

// A plain JSONL file imports with its list read by a path (one unit per
// element), the nested id, and exports back byte for byte, spacing and
// escapes as the file has them; a changed label rewrites its number in
// place.
func TestImportPlainJSONL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	f := parseTest(t, "answers.toml", plainShaped)
	body := `{"meta": {"id": "a1"}, "topic": "caf\u00e9s", "answer": [{"text": "One."}, {"text": "Two."}], "overall": 2}` + "\n" +
		`{ "overall" : 0 , "answer":[{"text":"Only."}],"topic":"x","meta":{"id":"a2"}}` + "\r\n"
	opt := Options{Dataset: "answers", Format: "answers-test", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(plainShaped)})}}
	if _, err := testImport(ctx, st, who, strings.NewReader(body), "answers.jsonl", opt); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "answers")
	first := storetest.ItemAt(t, st, ds.ID, 1)
	if first.UID != store.FileItemUID("a1") {
		t.Errorf("the first item's uid %s is not its meta.id's", first.UID)
	}
	units := f.Protocol().Units(first.Shape(1))
	if want := []string{"sentence_1", "sentence_2", "overall"}; !slices.Equal(units, want) {
		t.Errorf("the first item's units %v, want %v", units, want)
	}
	if got := exportFile(t, st, who, "answers"); got != body {
		t.Errorf("the export is not the file:\n got %q\nwant %q", got, body)
	}
	one := 1
	second := storetest.ItemAt(t, st, ds.ID, 2)
	if err := st.Adjudicate(ctx, first.ID, "overall", &one, who, "test"); err != nil {
		t.Fatal(err)
	}
	if err := st.Adjudicate(ctx, second.ID, "overall", &one, who, "test"); err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(strings.Replace(body, `"overall": 2}`, `"overall": 1}`, 1), `"overall" : 0 ,`, `"overall" : 1 ,`, 1)
	if got := exportFile(t, st, who, "answers"); got != want {
		t.Errorf("after overall 2 → 1 and 0 → 1:\n got %q\nwant %q", got, want)
	}
}

// A bad line is refused at its line, saying what it is, and nothing of
// the file is kept (neither its items nor its protocol).
func TestJSONLLinesRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	f := parseTest(t, "clamber-test.toml", datatest.ClamberShaped("clamber-test"))
	good := datatest.ClamberLine(t, "Q?", "", 1, "MC", "what")
	obj := `{"question": "Q2?", "context": "", "clarifying_question": "", "require_clarification": 0, "category": "FD", "subclass": "NK"}`
	for _, c := range []struct{ line, want string }{
		{`"just words"` + "\n", "x.jsonl:2: the line is a JSON string, and its text is not JSON"},
		{`"[1]"` + "\n", "x.jsonl:2: the line is a JSON string holding a list, not an object"},
		{"42\n", "x.jsonl:2: the line is a number, not a JSON object"},
		{`[{"question": 1}]` + "\n", "x.jsonl:2: the line is a list, not a JSON object"},
		{`{"question": "Q2?"` + "\n", "x.jsonl:2: not JSON: the JSON ends before its value does"},
		{strings.Replace(obj, `"subclass": "NK"`, `"subclass": "NK", "extra": 1`, 1) + "\n", `x.jsonl:2: key "extra" is not in item.keys`},
		{strings.Replace(obj, `, "subclass": "NK"`, ``, 1) + "\n", `x.jsonl:2: key "subclass" is missing`},
		{strings.Replace(obj, `"category": "FD"`, `"category": "XX"`, 1) + "\n", `x.jsonl:2: category is "XX", not a value of scale "category"`},
		{strings.Replace(obj, `"question": "Q2?"`, `"question": ["Q2?"]`, 1) + "\n", `x.jsonl:2: question is a list, not a text or a number`},
		{good, "x.jsonl:2: the same item as line 1"},
	} {
		st := storetest.Open(t)
		who := lead(t, st)
		opt := Options{Dataset: "c", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(datatest.ClamberShaped("clamber-test"))})}}
		_, err := testImport(ctx, st, who, strings.NewReader(good+c.line), "x.jsonl", opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.line, err, c.want)
		}
		kept, err := st.Protocols(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if ds, _ := st.Datasets(ctx); len(ds) != 0 || kept.Text("clamber-test") != nil {
			t.Errorf("%q: kept %d datasets, the protocol %v", c.line, len(ds), kept.Text("clamber-test") != nil)
		}
	}
}

// A step with a field condition is asked only of the items whose field
// meets it: the layout, the units a label may name, and what counts as a
// whole HIT all leave it out of the others.
func TestFieldConditionSkipsStep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	f := parseTest(t, "clamber-test.toml", datatest.ClamberShaped("clamber-test"))
	body := datatest.ClamberLine(t, "No context?", "", 0, "MC", "what") + datatest.ClamberLine(t, "With context?", "Earlier: the bank.", 0, "LA", "polysemy")
	opt := Options{Dataset: "c", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(datatest.ClamberShaped("clamber-test"))})}}
	if _, err := testImport(ctx, st, who, strings.NewReader(body), "x.jsonl", opt); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "c")
	p := f.Protocol()
	whole := map[string]int{"require": 0, "category": 1, "subclass": 1}
	for i, want := range [][]string{{"require", "category", "subclass"}, {"require", "category", "subclass", "context_settles"}} {
		it := storetest.ItemAt(t, st, ds.ID, i+1)
		if got := p.Asked(it.Shape(1), whole); !slices.Equal(got, want) {
			t.Errorf("item %d asks %v, want %v", i+1, got, want)
		}
		if complete := p.Complete(it.Shape(1), whole); complete != (i == 0) {
			t.Errorf("item %d: complete without context_settles: %v", i+1, complete)
		}
		// A merged label of the step is refused on the item that does not
		// ask it.
		merge := "item\tunit\tannotator\tlabel\n" + it.UID + "\tcontext_settles\tbo\t1\n"
		_, err := testImport(ctx, st, who, strings.NewReader(merge), "merge.tsv", Options{Format: FormatLabels})
		if (err == nil) != (i == 1) {
			t.Errorf("item %d: a merged context_settles label: %v", i+1, err)
		}
	}
}

// The gold counts a step with a field condition as asked only of the
// items whose field meets it: the release's labels resolve the item with
// no context whole, and leave the one with a context waiting on whether
// the context settles it (no column holds that). The file-shaped export
// writes both lines back: it leaves an item out only for a unit the file
// has a column for.
func TestFieldConditionInTheGold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := datatest.ClamberShaped("clamber-test")
	f := parseTest(t, "clamber-test.toml", text)
	body := datatest.ClamberLine(t, "No context?", "", 0, "MC", "what") + datatest.ClamberLine(t, "With context?", "Earlier: the bank.", 0, "LA", "polysemy")
	opt := Options{Dataset: "c", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)})}}
	if _, err := testImport(ctx, st, who, strings.NewReader(body), "x.jsonl", opt); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "c")
	r, err := st.ReadGold(ctx, who, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var missing [][]string
	if err := report.EachPaneGold(ctx, r, func(p *report.PaneGold) error {
		missing = append(missing, p.MissingUnits)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(missing) != 2 || len(missing[0]) != 0 || !slices.Equal(missing[1], []string{"context_settles"}) {
		t.Errorf("units without gold per item: %q; want none, then context_settles", missing)
	}
	var out bytes.Buffer
	sum, err := WriteProtocolFile(ctx, r, &out, report.ReleaseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Written != 2 || sum.Unresolved != 0 || out.String() != body {
		t.Errorf("written %d, unresolved %d: %q; want the file back", sum.Written, sum.Unresolved, out.String())
	}
}

// A kept file's field condition may not change once items were imported
// by it (each item keeps the fields its layout reads): the change is
// refused, the kept file unchanged; before any item it may.
func TestFieldConditionChangeRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := datatest.ClamberShaped("clamber-change")
	changed := strings.Replace(text, `when = { field = "context", not = "" }`, `when = { field = "question", is = "" }`, 1)
	f, f2 := parseTest(t, "a.toml", text), parseTest(t, "b.toml", changed)
	if err := st.AddProtocol(ctx, who, f, []byte(text)); err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, who, f2, []byte(changed)); err != nil {
		t.Fatalf("a change before any item: %v", err)
	}
	opt := Options{Dataset: "c", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f2, Text: []byte(changed)})}}
	if _, err := testImport(ctx, st, who, strings.NewReader(datatest.ClamberLine(t, "Q?", "", 0, "MC", "what")), "x.jsonl", opt); err != nil {
		t.Fatal(err)
	}
	err := st.AddProtocol(ctx, who, f, []byte(text))
	if !errors.Is(err, store.ErrProtocolChanged) || !strings.Contains(err.Error(), "field conditions") {
		t.Errorf("a changed field condition after an import: %v", err)
	}
	if kept, _ := st.Protocols(ctx); string(kept.Text("clamber-change")) != changed {
		t.Error("the kept file changed")
	}
}

// A TSV's label column may hold a scale's codes too: read as their
// values, and an adjudicated label writes its code in the file-shaped
// export (the labels and gold exports give the number).
func TestScaleCodesInATSV(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := `name = "coded-tsv"
title = "Coded"
items = "questions"
[item]
header = ["question", "category"]
id = ["question"]
text = ["question"]
[[scale]]
name = "category"
nominal = true
values = [1, 2, 3]
keys = ["1", "2", "3"]
names = ["missing context", "unfamiliar", "lexical"]
codes = ["MC", "FD", "LA"]
[[step]]
unit = "category"
scale = "category"
column = "category"
show = ["question"]
`
	f := parseTest(t, "coded.toml", text)
	body := "question\tcategory\nWho?\tLA\nWhat?\tMC\n"
	opt := Options{Dataset: "coded", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)})}}
	if _, err := testImport(ctx, st, who, strings.NewReader(body), "coded.tsv", opt); err != nil {
		t.Fatal(err)
	}
	if got := exportFile(t, st, who, "coded"); got != body {
		t.Errorf("the export %q is not the file %q", got, body)
	}
	ds, _ := st.DatasetByName(ctx, "coded")
	first := storetest.ItemAt(t, st, ds.ID, 1)
	fd := 2
	if err := st.Adjudicate(ctx, first.ID, "category", &fd, who, "test"); err != nil {
		t.Fatal(err)
	}
	if got, want := exportFile(t, st, who, "coded"), strings.Replace(body, "Who?\tLA", "Who?\tFD", 1); got != want {
		t.Errorf("after LA → FD: %q, want %q", got, want)
	}
	_, err := testImport(ctx, st, who, strings.NewReader("question\tcategory\nWhy?\t2\n"), "bad.tsv", opt)
	if want := `bad.tsv:2: category is "2", not a value of scale "category"`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a number on a coded scale: %v, want %q", err, want)
	}
}

// A JSONL line is bounded as every import's line is: one past the bound
// is refused at its line, before it is read whole.
func TestJSONLLineBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := datatest.ClamberShaped("clamber-bound")
	f := parseTest(t, "b.toml", text)
	long := datatest.ClamberLine(t, strings.Repeat("why ", 400), "", 1, "MC", "what")
	opt := Options{Dataset: "b", MaxLine: 1000, Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)})}}
	_, err := testImport(ctx, st, who, strings.NewReader(datatest.ClamberLine(t, "Q?", "", 1, "MC", "what")+long), "b.jsonl", opt)
	if err == nil || !strings.Contains(err.Error(), "b.jsonl:2:") || !strings.Contains(err.Error(), "1000") {
		t.Errorf("a line past the bound: %v", err)
	}
}

// Two protocols whose items have the same keys both claim a file's first
// line, an object or a JSON string holding one: the import is refused
// naming both, and --format NAME chooses.
func TestJSONLKeysOfTwoProtocols(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	var formats []Format
	for _, name := range []string{"keys-one", "keys-two"} {
		text := datatest.ClamberShaped(name)
		formats = append(formats, ProtocolFormat(guidelines.ProtocolText{File: parseTest(t, name+".toml", text), Text: []byte(text)}))
	}
	obj := `{"question": "Q?", "context": "", "clarifying_question": "", "require_clarification": 0, "category": "FD", "subclass": "NK"}` + "\n"
	for _, body := range []string{obj, datatest.ClamberLine(t, "Q?", "", 0, "FD", "NK")} {
		st := storetest.Open(t)
		who := lead(t, st)
		_, err := testImport(ctx, st, who, strings.NewReader(body), "k.jsonl", Options{Dataset: "k", Formats: formats})
		if want := "k.jsonl:1: the keys of several protocols (keys-one, keys-two): say which with --format NAME"; err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", body, err, want)
		}
		res, err := testImport(ctx, st, who, strings.NewReader(body), "k.jsonl", Options{Dataset: "k", Format: "keys-two", Formats: formats})
		if err != nil || res.Format != "keys-two" {
			t.Errorf("%q with --format keys-two: %s, %v", body, res.Format, err)
		}
	}
}

// groupedJSONL gathers a topic's lines into one item, as a TSV's group
// column does: the need once, each question's usefulness per row.
const groupedJSONL = `name = "grouped-jsonl"
title = "Need, then each question"
items = "topics"

[item]
format = "jsonl"
keys = ["topic", "request", "question", "need", "use"]
group = "topic.id"
id = ["topic.id"]
text = ["request", "question"]

[[scale]]
name = "four"
values = [1, 2, 3, 4]
keys = ["1", "2", "3", "4"]
names = ["none", "little", "some", "much"]

[[step]]
unit = "need"
scale = "four"
show = ["request"]
column = "need"

[[step]]
unit = "usefulness"
per = "row"
scale = "four"
show = ["request", "question"]
column = "use"
`

// A grouped JSONL file gathers each group's lines, wherever they are,
// into one item, and its export writes the lines back byte for byte, in
// the order the items' rows were kept.
func TestGroupedJSONL(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	f := parseTest(t, "g.toml", groupedJSONL)
	a1 := `{"topic": {"id": 1}, "request": "jaguar", "question": "The car?", "need": 3, "use": 2}` + "\n"
	b1 := `{"topic": {"id": 2}, "request": "java", "question": "The island?", "need": 2, "use": 4}` + "\n"
	a2 := `{"topic": {"id": 1}, "request": "jaguar", "question": "The cat?", "need": 3, "use": 1}` + "\n"
	opt := Options{Dataset: "g", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(groupedJSONL)})}}
	res, err := testImport(ctx, st, who, strings.NewReader(a1+b1+a2), "g.jsonl", opt)
	if err != nil {
		t.Fatal(err)
	}
	if res.Items != 2 {
		t.Errorf("%d items, want 2 topics", res.Items)
	}
	if got, want := exportFile(t, st, who, "g"), a1+a2+b1; got != want {
		t.Errorf("the export:\n got %q\nwant %q", got, want)
	}
	bad := strings.Replace(a2, `"need": 3`, `"need": 4`, 1)
	st2 := storetest.Open(t)
	_, err = testImport(ctx, st2, lead(t, st2), strings.NewReader(a1+b1+bad), "g.jsonl", opt)
	if want := "g.jsonl:3: need is 4 here and 3 at line 1, for one item"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a group's lines that disagree on its need: %v, want %q", err, want)
	}
}

// A first line nearly a JSONL protocol's (a key renamed) is that
// protocol's when no format claims it as its own, and refused saying
// which keys differ, not read as some other format's (SERP takes any JSON
// object, and a string line no format's).
func TestJSONLNearlyAProtocolsKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	text := datatest.ClamberShaped("clamber-near")
	f := parseTest(t, "n.toml", text)
	obj := `{"question": "Q?", "context": "", "clarifying_question": "", "require_clarification": 0, "category": "FD", "sub_class": "NK"}` + "\n"
	str := strings.Replace(datatest.ClamberLine(t, "Q?", "", 0, "FD", "NK"), `\"subclass\"`, `\"sub_class\"`, 1)
	for _, body := range []string{obj, str} {
		st := storetest.Open(t)
		who := lead(t, st)
		// The shipped clamber's keys are a superset of the test file's: a
		// line near both is refused by the first, and this test's is the
		// one whose message it reads.
		formats := slices.DeleteFunc(testFormats(st), func(f Format) bool { return f.name == "clamber" })
		formats = append(formats, ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)}))
		_, err := testImport(ctx, st, who, strings.NewReader(body), "n.jsonl", Options{Dataset: "n", Formats: formats})
		if want := `n.jsonl:1: key "subclass" is missing; key "sub_class" is not in item.keys`; err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", body, err, want)
		}
	}
}
