package data

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Systems come interleaved: over many intents, the order of two systems'
// answers is not the same for every intent.
func TestAnswersInterleaved(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	var gold, a, b strings.Builder
	for i := range 12 {
		fmt.Fprintf(&gold, `{"id": "i%d", "query": "q%d", "nuggets": [{"id": "n", "text": "t", "weight": 1}]}`+"\n", i, i)
		fmt.Fprintf(&a, `{"id": "i%d", "answer": "x"}`+"\n", i)
		fmt.Fprintf(&b, `{"id": "i%d", "answer": "y"}`+"\n", i)
	}
	testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "g.jsonl"), gold.String()), Options{})
	for sys, body := range map[string]string{"a": a.String(), "b": b.String()} {
		if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, sys), body), Options{Format: FormatCandidates, System: sys}); err != nil {
			t.Fatal(err)
		}
	}
	d, _ := st.DatasetByName(ctx, "g")
	aFirst := 0
	for i := range 12 {
		first := storetest.ItemAt(t, st, d.ID, 2*i+1).UID
		if !strings.HasPrefix(first, fmt.Sprintf("i%d@", i)) {
			t.Fatalf("item %d is %s: intents out of order", 2*i+1, first)
		}
		if strings.HasSuffix(first, "@a") {
			aFirst++
		}
	}
	if aFirst == 0 || aFirst == 12 {
		t.Errorf("system a came first for %d of 12 intents: not interleaved", aFirst)
	}
}

func TestNuggetRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	many := make([]string, 31)
	for i := range many {
		many[i] = fmt.Sprintf(`{"id": "n%d", "text": "t", "weight": 1}`, i)
	}
	cases := map[string]string{
		`{"id": "x", "query": "q", "nuggets": []}`:                                                                             "has no nuggets",
		`{"id": "x", "query": "q", "nuggets": [` + strings.Join(many, ",") + `]}`:                                              "has 31 nuggets; at most 30",
		`{"id": "x", "query": "q", "nuggets": [{"id": "a", "text": "t", "weight": -1}]}`:                                       "weight -1 is negative",
		`{"id": "x", "query": "q", "nuggets": [{"id": "a", "text": "t", "weight": 0}]}`:                                        "sum to 0",
		`{"id": "x", "query": "q", "nuggets": [{"id": "a", "text": "t", "weight": 1}, {"id": "a", "text": "u", "weight": 1}]}`: `nugget id "a" comes twice`,
		`{"id": "x", "query": "q", "nuggets": [{"id": "a", "text": "", "weight": 1}]}`:                                         "text is missing or empty",
		`{"id": "x", "query": "q", "nuggets": [{"id": "a", "text": "t"}]}`:                                                     "weight is missing",
		`{"id": 1.5, "query": "q", "nuggets": [{"id": "a", "text": "t", "weight": 1}]}`:                                        "not a whole number",
		`{"query": "q", "nuggets": [{"id": "a", "text": "t", "weight": 1}]}`:                                                   "id is missing",
		`{"id": "x", "query": "q", "nuggets": {"id": "a"}}`:                                                                    "nuggets should be a list",
	}
	for line, want := range cases {
		st := storetest.Open(t)
		path := datatest.WriteFile(t, filepath.Join(t.TempDir(), "g.jsonl"), `{"id": "ok", "query": "q", "nuggets": [{"id": "a", "text": "t", "weight": 1}]}`+"\n"+line+"\n")
		_, err := testImportFile(ctx, st, lead(t, st), path, Options{Format: FormatNuggets})
		var le *LineError
		if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(err.Error(), want) {
			t.Errorf("%s\n  err = %v, want line 2: %s", line, err, want)
		}
		if ds, _ := st.Datasets(ctx); len(ds) != 0 {
			t.Errorf("%s: a refused file left a dataset behind", line)
		}
	}
}

// nuggetizerCreate is nuggetizer's create output from its README (TREC
// RAG's nugget file), with a second topic whose last nugget has no
// importance, and whose qid is a number.
const nuggetizerCreate = `{"query": "What is Python?", "qid": "q1", "nuggets": [{"text": "Python is a high-level programming language", "importance": "vital"}, {"text": "Python was created by Guido van Rossum", "importance": "vital"}, {"text": "Python is used for web development", "importance": "okay"}, {"text": "Python is used for data science", "importance": "okay"}]}
{"query": "what is rust", "qid": 2, "nuggets": [{"text": "Rust is a systems language", "importance": "okay"}, {"text": "Rust is memory safe"}], "trace": {"model": "gpt-4o"}}
`

// nuggetizerAnswers is an answers file of its README's shape: no run_id,
// so the run is named by the file, and one with a run_id, as TREC 2024
// RAG's files have them (with topic, references and citations, which are
// not read).
const nuggetizerAnswers = `{"topic_id": "q1", "topic": "What is Python?", "references": ["d1"], "response_length": 23, "answer": [{"text": "Python is a high-level programming language created by Guido van Rossum.", "citations": [0]}, {"text": "It is widely used for web development and data science.", "citations": []}]}
{"topic_id": 2, "answer": [{"text": "Rust is a language."}]}
`

// nuggetizer's create output imports as it is: each nugget numbered by
// its position, weighing 1, graded as the file grades it (vital without a
// grade, as nuggetizer's assign step reads it); its answers file supplies
// the answers, sentences joined with spaces, the run named by run_id or
// else by the file, as nuggetizer names it.
func TestImportNuggetizerFiles(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "nuggets.jsonl"), nuggetizerCreate), Options{Dataset: "rag"}); err != nil {
		t.Fatal(err)
	}
	res, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "baseline.jsonl"), nuggetizerAnswers), Options{Dataset: "rag"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatCandidates {
		t.Errorf("answers detected as %s", res.Format)
	}
	named := `{"topic_id": "q1", "run_id": "ragnarok-gpt4o", "answer": [{"text": "A language."}]}` + "\n"
	if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "run2.jsonl"), named), Options{Dataset: "rag"}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "rag")
	if err != nil {
		t.Fatal(err)
	}
	rows, err := st.AnswerRows(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]store.AnswerRow{}
	for _, r := range rows {
		got[r.Intent+"@"+r.System] = r
	}
	py := got["q1@baseline"]
	if py.Answer != "Python is a high-level programming language created by Guido van Rossum. It is widely used for web development and data science." ||
		py.ResponseLength == nil || *py.ResponseLength != 23 || py.Query != "What is Python?" {
		t.Errorf("q1@baseline: %+v", py)
	}
	if fmt.Sprint(py.Importances, py.Weights, py.NuggetIDs) != "[vital vital okay okay] [1 1 1 1] [1 2 3 4]" || !py.Graded() {
		t.Errorf("q1's nuggets: %v %v %v", py.Importances, py.Weights, py.NuggetIDs)
	}
	rust := got["2@baseline"]
	if fmt.Sprint(rust.Importances) != "[okay vital]" || rust.ResponseLength != nil || rust.Answer != "Rust is a language." {
		t.Errorf("2@baseline: %+v", rust)
	}
	if _, ok := got["q1@ragnarok-gpt4o"]; !ok || len(rows) != 3 {
		t.Errorf("answers %v", rows)
	}
	// The same files again add nothing.
	res, err = testImportFile(ctx, st, lead(t, st), filepath.Join(dir, "nuggets.jsonl"), Options{Dataset: "rag"})
	if err != nil || res.Intents != 0 || res.ItemsKnown != 2 {
		t.Errorf("again: %+v %v", res.ImportStats, err)
	}
}

// A bad nuggetizer line is refused at its line, with nothing kept.
func TestNuggetizerRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for line, want := range map[string]string{
		`{"qid": "x", "query": "q", "nuggets": [{"text": "t", "importance": "high"}]}`: `importance "high": want vital or okay`,
		`{"qid": "x", "query": "q", "nuggets": [{"importance": "vital"}]}`:             "text is missing",
		`{"qid": "", "query": "q", "nuggets": [{"text": "t"}]}`:                        "qid is empty",
	} {
		st := storetest.Open(t)
		path := datatest.WriteFile(t, filepath.Join(t.TempDir(), "n.jsonl"), `{"qid": "ok", "query": "q", "nuggets": [{"text": "t"}]}`+"\n"+line+"\n")
		_, err := testImportFile(ctx, st, lead(t, st), path, Options{Dataset: "rag"})
		var le *LineError
		if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(err.Error(), want) {
			t.Errorf("%s\n  err = %v, want line 2: %s", line, err, want)
		}
		if ds, _ := st.Datasets(ctx); len(ds) != 0 {
			t.Errorf("%s: a refused file left a dataset behind", line)
		}
	}
	st := storetest.Open(t)
	dir := t.TempDir()
	if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "n.jsonl"), nuggetizerCreate), Options{Dataset: "rag"}); err != nil {
		t.Fatal(err)
	}
	for line, want := range map[string]string{
		`{"topic_id": "q1", "answer": [{"citations": [1]}]}`:                   "answer sentence 1 has no text",
		`{"topic_id": "q1", "answer": {"text": "x"}}`:                          "answer should be text",
		`{"topic_id": "q1", "answer": [{"text": "x"}], "response_length": -2}`: "response_length -2 is negative",
		`{"topic_id": "q9", "answer": [{"text": "x"}]}`:                        `unknown intent "q9"`,
		`{"topic_id": "q1", "run_id": "a@b", "answer": [{"text": "x"}]}`:       "has an @",
	} {
		path := datatest.WriteFile(t, filepath.Join(dir, "answers.jsonl"), line+"\n")
		_, err := testImportFile(ctx, st, lead(t, st), path, Options{Dataset: "rag"})
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "answers.jsonl:1:") {
			t.Errorf("%s\n  err = %v, want answers.jsonl:1: %s", line, err, want)
		}
	}
}

// nuggetizer's README assign output, as it prints it.
const nuggetizerAssign = `{"query": "What is Python?", "qid": "q1", "answer_text": "Python is a high-level programming language...", "response_length": 42, "run_id": "run-123", "nuggets": [{"text": "Python is a high-level programming language", "importance": "vital", "assignment": "support"}, {"text": "Python was created by Guido van Rossum", "importance": "vital", "assignment": "support"}, {"text": "Python is used for data science", "importance": "okay", "assignment": "partial_support"}, {"text": "Python supports multithreading", "importance": "okay", "assignment": "not_support"}]}`

// The README's assign output is read unchanged as an LLM's assignments
// (bench add --kind nugget-assignments) of a dataset whose nuggets are
// its own (the README's create example grades others): each nugget's
// assignment the label of its unit.
func TestNuggetizerAssignFromREADME(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	create := `{"query": "What is Python?", "qid": "q1", "nuggets": [{"text": "Python is a high-level programming language", "importance": "vital"}, {"text": "Python was created by Guido van Rossum", "importance": "vital"}, {"text": "Python is used for data science", "importance": "okay"}, {"text": "Python supports multithreading", "importance": "okay"}]}` + "\n"
	answers := `{"topic_id": "q1", "run_id": "run-123", "answer": [{"text": "Python is a high-level programming language..."}]}` + "\n"
	for _, f := range []struct{ name, body string }{{"create.jsonl", create}, {"answers.jsonl", answers}} { // nuggets first
		if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, f.name), f.body), Options{Dataset: "rag"}); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
	}
	res, err := AddRunBytes(ctx, st, lead(t, st), []byte(nuggetizerAssign+"\n"), "assign.jsonl", RunOptions{Kind: KindNuggetAssignments, Name: "gpt-4o"})
	if err != nil || res.Dataset != "rag" || res.RunLines != 4 {
		t.Fatalf("bench add: %+v %v", res, err)
	}
	d, _ := st.DatasetByName(ctx, "rag")
	runs, err := st.Runs(ctx, d.ID)
	if err != nil || len(runs) != 2 { // the answers' run and the assignments'
		t.Fatalf("runs %+v %v", runs, err)
	}
	r, err := st.ReadFigures(ctx, lead(t, st), d.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	labels, err := r.RunLabels(ctx, runs[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, l := range labels {
		got[l.Unit] = l.Value
	}
	if _, has := got["nugget_4"]; got["nugget_1"] != 2 || got["nugget_3"] != 1 || !has || got["nugget_4"] != 0 {
		t.Errorf("labels %v: want support 2, partial_support 1, not_support 0", got)
	}
}
