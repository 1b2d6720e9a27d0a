package data

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// askedTSV is a protocol whose written step (ask) has a column of a TSV.
const askedTSV = `name = "asked"
items = "questions"

[item]
header = ["id", "question", "need", "ask"]
id = ["id"]
text = ["question"]

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Does the question need clarifying?"
unit = "need"
show = ["question"]
scale = "yn"
column = "need"

[[step]]
title = "What would you ask back?"
unit = "ask"
kind = "text"
max_chars = 60
show = ["question"]
column = "ask"
when = { unit = "need", value = 1 }
`

// askedJSONL is askedTSV over JSONL lines.
var askedJSONL = strings.Replace(strings.Replace(askedTSV, `name = "asked"`, `name = "asked-json"`, 1),
	`header = ["id", "question", "need", "ask"]`, `format = "jsonl"`+"\n"+`keys = ["id", "question", "need", "ask"]`, 1)

// importAsked imports body under the protocol text, as dataset "a".
func importAsked(t *testing.T, st *store.Store, text, name, body string) (Result, error) {
	t.Helper()
	f := parseTest(t, "asked.toml", text)
	opt := Options{Dataset: "a", Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(text)})}}
	return testImport(context.Background(), st, lead(t, st), strings.NewReader(body), name, opt)
}

// releaseAnswer is the release annotator's written answer of the n-th
// item's ask ("" for none).
func releaseAnswer(t *testing.T, st *store.Store, n int) string {
	t.Helper()
	ctx := context.Background()
	ds, err := st.DatasetByName(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	it := storetest.ItemAt(t, st, ds.ID, n)
	labels, err := st.UnitLabels(ctx, it.ID, "ask", lead(t, st))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range labels {
		if l.Annotator == DefaultLabelsAs {
			return l.Text
		}
	}
	return ""
}

// disputeAndDecide gives the n-th item's ask a second, different answer
// (so its gold is unresolved), then an adjudicator's own words.
func disputeAndDecide(t *testing.T, st *store.Store, n int, decided string) (unresolved func()) {
	t.Helper()
	ctx := context.Background()
	ds, _ := st.DatasetByName(ctx, "a")
	it := storetest.ItemAt(t, st, ds.ID, n)
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	zero, yes := 0, 1
	for _, ch := range []store.LabelChange{
		{ItemID: it.ID, AnnotatorID: ana.ID, Unit: "need", Value: &yes},
		{ItemID: it.ID, AnnotatorID: ana.ID, Unit: "ask", Value: &zero, Text: "Something else entirely?", Finish: true},
	} {
		if _, err := st.SetLabel(ctx, ch); err != nil {
			t.Fatal(err)
		}
	}
	return func() {
		if err := st.AdjudicateText(ctx, it.ID, "ask", decided, lead(t, st), ""); err != nil {
			t.Fatal(err)
		}
	}
}

// A text step's TSV column holds the release's written answers: they
// import as the release annotator's labels, word for word, and export
// --format NAME writes the file back byte for byte; an unresolved answer
// leaves its cell empty, and an adjudicator's words fill it verbatim.
// The same file again adds nothing.
func TestTextColumnTSV(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	body := "id\tquestion\tneed\task\n" +
		"q1\tjaguar speed\t1\tDo you mean the car or the cat?\n" +
		"q2\tWhat is 2+2?\t0\t\n" +
		"q3\tbest pizza\t1\tIn which city — \"Rome\" & <Naples>?\n"
	res, err := importAsked(t, st, askedTSV, "a.tsv", body)
	if err != nil {
		t.Fatal(err)
	}
	if res.Items != 3 || res.Labels != 5 {
		t.Errorf("%d items, %d labels; want 3 and 5 (three needs, two answers)", res.Items, res.Labels)
	}
	for n, want := range map[int]string{1: "Do you mean the car or the cat?", 2: "", 3: "In which city — \"Rome\" & <Naples>?"} {
		if got := releaseAnswer(t, st, n); got != want {
			t.Errorf("item %d's released answer %q, want %q", n, got, want)
		}
	}
	if got := exportFile(t, st, lead(t, st), "a"); got != body {
		t.Errorf("the export is not the file:\n%s", got)
	}
	if again, err := importAsked(t, st, askedTSV, "a.tsv", body); err != nil || again.Items != 0 || again.Labels != 0 {
		t.Errorf("the same file again: %+v, %v", again.ImportStats, err)
	}
	decide := disputeAndDecide(t, st, 1, "Car, or cat?")
	if got, want := exportFile(t, st, lead(t, st), "a"), strings.Replace(body, "Do you mean the car or the cat?", "", 1); got != want {
		t.Errorf("an unresolved answer's cell:\n%s", got)
	}
	decide()
	if got, want := exportFile(t, st, lead(t, st), "a"), strings.Replace(body, "Do you mean the car or the cat?", "Car, or cat?", 1); got != want {
		t.Errorf("an adjudicated answer's cell:\n%s", got)
	}
	storetest.CheckClean(t, st)
}

// A JSONL text field holds the release's written answers as JSON strings:
// escapes read as their text, the line written back byte for byte, and an
// adjudicator's words written as a JSON string in place, the rest of the
// line as it was ("" where the answer is unresolved: the field was a
// string).
func TestTextColumnJSONL(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	line := func(id, q string, need int, ask string) string {
		b, err := json.Marshal(map[string]any{"id": id, "question": q, "need": need, "ask": ask})
		if err != nil {
			t.Fatal(err)
		}
		return string(b) + "\n"
	}
	first := `{"id": "q1", "question": "jaguar speed", "need": 1, "ask": "Do you mean \u201cthe car\u201d?"}` + "\n"
	body := first + line("q2", "What is 2+2?", 0, "") + line("q3", "best pizza", 1, `In which city: "Rome" & <Naples>?`)
	if _, err := importAsked(t, st, askedJSONL, "a.jsonl", body); err != nil {
		t.Fatal(err)
	}
	if got, want := releaseAnswer(t, st, 1), "Do you mean “the car”?"; got != want {
		t.Errorf("a JSON string's answer %q, want %q", got, want)
	}
	if got := releaseAnswer(t, st, 3); got != `In which city: "Rome" & <Naples>?` {
		t.Errorf("the third answer %q", got)
	}
	if got := exportFile(t, st, lead(t, st), "a"); got != body {
		t.Errorf("the export is not the file:\n%s", got)
	}
	decide := disputeAndDecide(t, st, 1, `The "car" <or> the cat?`)
	unresolved := strings.Replace(body, `"Do you mean \u201cthe car\u201d?"`, `""`, 1)
	if got := exportFile(t, st, lead(t, st), "a"); got != unresolved {
		t.Errorf("an unresolved answer's field:\n%s", got)
	}
	decide()
	decided := strings.Replace(body, `"Do you mean \u201cthe car\u201d?"`, `"The \"car\" <or> the cat?"`, 1)
	if got := exportFile(t, st, lead(t, st), "a"); got != decided {
		t.Errorf("an adjudicated answer's field:\n got %q\nwant %q", got, decided)
	}
}

// A written answer a file gives is held to what a keyed one is: one line,
// no control character, at most max_chars, asked (its condition met);
// each refusal names the file's line, and nothing is stored. Practice
// items keep no written answers, and say so.
func TestTextColumnRefusals(t *testing.T) {
	t.Parallel()
	head := "id\tquestion\tneed\task\nq1\tjaguar speed\t1\tWhich one?\n"
	for _, c := range []struct{ row, want string }{
		{"q2\tbest pizza\t1\tWhere\x1b[2J?\n", "a.tsv:3: ask: a written answer holds control character U+001B"},
		{"q2\tbest pizza\t1\t" + strings.Repeat("x", 61) + "\n", "a.tsv:3: ask: a written answer has 61 characters, at most 60"},
		{"q2\tbest pizza\t1\t   \n", "a.tsv:3: ask: a written answer is empty"},
		{"q2\tbest pizza\t0\tWhere?\n", "a.tsv:3: ask (a written answer) waits for another label: need 1, and the file gives need 0"},
	} {
		st := storetest.Open(t)
		_, err := importAsked(t, st, askedTSV, "a.tsv", head+c.row)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.row, err, c.want)
		}
		if _, err := st.DatasetByName(context.Background(), "a"); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%q: the dataset after a refusal: %v", c.row, err)
		}
	}
	st := storetest.Open(t)
	f := parseTest(t, "asked.toml", askedTSV)
	opt := Options{Dataset: "a", Purpose: store.PurposePractice, Formats: []Format{ProtocolFormat(guidelines.ProtocolText{File: f, Text: []byte(askedTSV)})}}
	if _, err := testImport(context.Background(), st, lead(t, st), strings.NewReader(head), "p.tsv", opt); err == nil || !strings.Contains(err.Error(), "p.tsv:2: ask is a written answer: practice and gold-check items keep no written answers") {
		t.Errorf("a practice item's written answer: %v", err)
	}
}
