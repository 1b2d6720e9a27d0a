package data

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// formatNecessity is the shipped necessity protocol file's format.
const formatNecessity store.Format = "necessity"

const necessityFile = `{"id": "r1", "request": "I need a visa", "facets": ["destination country", "visa type"], "reference": "Which country are you travelling to?"}
{"id": 2, "request": "What is the capital of Peru?", "context": [{"role": "user", "text": "quiz time"}, {"role": "assistant", "text": "Go ahead."}]}
`

const pairsFile = `{"id": "p1", "request": "I need a visa", "outputs": {"clarilm": "Which country are you going to?", "base": "Here is how visas work."}}
{"id": "p2", "request": "Book a table", "outputs": {"clarilm": "For how many people?", "base": "Done.", "gpt": "Where?"}}
`

// Both formats import all at once, are told apart by their first line, and
// a second import adds nothing.
func TestImportNecessityAndPairs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	nec := datatest.WriteFile(t, filepath.Join(dir, "nec.jsonl"), necessityFile)
	for range 2 {
		res, err := testImportFile(ctx, st, lead(t, st), nec, Options{})
		if err != nil || res.Format != formatNecessity {
			t.Fatalf("import necessity: %+v %v", res, err)
		}
	}
	d, err := st.DatasetByName(ctx, "nec")
	if err != nil || d.Kind != "necessity" || d.Items != 2 {
		t.Fatalf("necessity dataset %+v %v", d, err)
	}
	cmp := datatest.WriteFile(t, filepath.Join(dir, "cmp.jsonl"), pairsFile)
	res, err := testImportFile(ctx, st, lead(t, st), cmp, Options{})
	if err != nil || res.Format != FormatPairs || res.Items != 4 {
		t.Fatalf("import pairs: %+v %v", res, err)
	}
	var uids []string
	d, _ = st.DatasetByName(ctx, "cmp")
	st.EachItem(ctx, d.ID, func(it store.Item) error {
		uids = append(uids, it.UID)
		return nil
	})
	slices.Sort(uids)
	if got := strings.Join(uids, " "); got != "p1 p2/base/clarilm p2/base/gpt p2/clarilm/gpt" {
		t.Errorf("pair uids %s", got)
	}
	// --against names the reference: each other system against it.
	st2 := storetest.Open(t)
	res, err = testImportFile(ctx, st2, lead(t, st2), cmp, Options{Against: "base"})
	if err != nil || res.Items != 3 {
		t.Fatalf("import --against base: %+v %v", res, err)
	}
}

func TestNecessityAndPairsRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cases := []struct {
		format           store.Format
		good, line, want string
	}{
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x"}`, `key "request" is missing`},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": "q", "facet": ["a"]}`, `key "facet" is not in item.keys`},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": "q"} x`, "text after the JSON object"},
		{FormatPairs, `{"id": "ok", "request": "q", "outputs": {"a": "x", "b": "y"}}`, `{"id": "x", "request": "q", "outputs": {"a": "x", "b": "y"}} {}`, "text after the JSON object"},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": "q", "facets": ["1","2","3","4","5","6","7","8","9","10"]}`, "10 facets; at most 9"},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": "q", "facets": ["a", "a"]}`, "facets[]: facet 2 is facet 1 again"},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": "q", "context": [{"text": "hi"}]}`, "context turn 1: role is missing"},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "ok", "request": "q"}`, `request "ok" is already on line 1`},
		// item.not_empty: a blank request is refused, as the typed import refused it.
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": " \t "}`, "request is missing or empty"},
		{formatNecessity, `{"id": "ok", "request": "q"}`, `{"id": "x", "request": ""}`, "request is missing or empty"},
		{FormatPairs, `{"id": "ok", "request": "q", "outputs": {"a": "x", "b": "y"}}`, `{"id": "x", "request": "q", "outputs": {"a": "x"}}`, "two systems or more"},
		{FormatPairs, `{"id": "ok", "request": "q", "outputs": {"a": "x", "b": "y"}}`, `{"id": "x", "request": "q", "outputs": {"a": "x", "b": ""}}`, "the output of b is empty"},
		{FormatPairs, `{"id": "ok", "request": "q", "outputs": {"a": "x", "b": "y"}}`, `{"id": "x", "request": "q", "outputs": {"a/b": "x", "b": "y"}}`, "a slash"},
		{FormatPairs, `{"id": "ok", "request": "q", "outputs": {"a": "x", "b": "y"}}`, `{"id": "x", "request": "q", "outputs": {"a\u001b[2J": "x", "b": "y"}}`, "control characters"},
	}
	for _, c := range cases {
		st := storetest.Open(t)
		path := datatest.WriteFile(t, filepath.Join(t.TempDir(), "f.jsonl"), c.good+"\n"+c.line+"\n")
		_, err := testImportFile(ctx, st, lead(t, st), path, Options{Format: c.format})
		var le *LineError
		if !errors.As(err, &le) || le.Line != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s\n  err = %v, want line 2: %s", c.line, err, c.want)
		}
		if ds, _ := st.Datasets(ctx); len(ds) != 0 {
			t.Errorf("%s: a refused file left a dataset behind", c.line)
		}
	}
	st := storetest.Open(t)
	path := datatest.WriteFile(t, filepath.Join(t.TempDir(), "f.jsonl"), pairsFile)
	if _, err := testImportFile(ctx, st, lead(t, st), path, Options{Against: "gpt"}); err == nil || !strings.Contains(err.Error(), "f.jsonl:1: request \"p1\" has no output from gpt") {
		t.Errorf("--against a system a line lacks: %v", err)
	}
}

// A labels file merges necessity labels like any other, and the facet rule
// holds there too: no facet without the annotator's yes, none past the
// request's candidates; a refused file changes nothing.
func TestMergeNecessityLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "nec.jsonl"), necessityFile), Options{}); err != nil {
		t.Fatal(err)
	}
	row := func(item, unit, who, label string) string {
		return item + "\t" + unit + "\t" + who + "\t" + label + "\t2026-11-01T00:00:00.000Z\t2026-11-01T00:00:00.000Z\t3\n"
	}
	before := storetest.Fingerprint(t, storetest.DB(t, st), "labels", "label_history", "hits")
	for name, body := range map[string]string{
		"facet without yes":         row("r1", "necessity", "ana", "no") + row("r1", "facet", "ana", "1"),
		"facet past the candidates": row("r1", "necessity", "ana", "yes") + row("r1", "facet", "ana", "3"),
		"facet alone":               row("r1", "facet", "bo", "2"),
	} {
		path := datatest.WriteFile(t, filepath.Join(dir, "l.tsv"), LabelsHeader+"\n"+body)
		if _, err := testImportFile(ctx, st, lead(t, st), path, Options{}); err == nil {
			t.Errorf("%s: merged", name)
		}
		if after := storetest.Fingerprint(t, storetest.DB(t, st), "labels", "label_history", "hits"); after != before {
			t.Errorf("%s: a refused merge changed the database", name)
		}
	}
	good := row("r1", "necessity", "ana", "yes") + row("r1", "facet", "ana", "2") + row("2", "necessity", "ana", "no")
	res, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "g.tsv"), LabelsHeader+"\n"+good), Options{})
	if err != nil || res.Merge.Added != 3 || res.Merge.Finished != 2 {
		t.Fatalf("good merge: %+v %v", res.Merge, err)
	}
}

// A judge's verdicts name a system of the pair or tie; anything else is
// refused at its line, and a questions run has nothing to score on pairs.
func TestJudgeRunRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "cmp.jsonl"), pairsFile), Options{}); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		kind       store.RunKind
		body, want string
	}{
		{"labels", "p1 preference clarilm\np1 preference base\n", `r.run:2: item "p1" unit preference is already predicted on line 1`},
		{"labels", "p1 preference A\n", `r.run:1: verdict "A": want "base", "clarilm" or tie`},
		{"labels", "p2/base/gpt preference clarilm\n", `r.run:1: verdict "clarilm": want "base", "gpt" or tie`},
		{"labels", "p1 preference\n", "r.run:1: want item unit label, got 2 fields"},
		{"questions", "p1\tWhich country?\n", `r.run:1: unknown item "p1"`},
	}
	tables := []string{"runs", "run_labels", "run_questions"}
	before := storetest.Fingerprint(t, storetest.DB(t, st), tables...)
	for _, c := range cases {
		_, err := AddRun(ctx, st, lead(t, st), datatest.RunFile(t, c.body), RunOptions{Kind: c.kind, Name: "x", RunKinds: testRunKinds})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s run %q:\n  err = %v\n  want %s", c.kind, c.body, err, c.want)
		}
	}
	if storetest.Fingerprint(t, storetest.DB(t, st), tables...) != before {
		t.Error("a refused run changed the database")
	}
	res, err := AddRun(ctx, st, lead(t, st), datatest.RunFile(t, "p1 preference clarilm\np2/base/gpt preference tie\np2/clarilm/gpt preference gpt\n"),
		RunOptions{Kind: "labels", Name: "judge", RunKinds: testRunKinds})
	if err != nil || res.RunLines != 3 {
		t.Fatalf("good verdicts: %+v %v", res, err)
	}
	var got []int
	rows, _ := storetest.DB(t, st).Query(`SELECT l.value FROM run_labels l JOIN items i ON i.id = l.item_id ORDER BY i.uid`)
	for rows.Next() {
		var v int
		rows.Scan(&v)
		got = append(got, v)
	}
	rows.Close()
	// A value speaks for the pair's first system (base in base/clarilm,
	// clarilm in clarilm/gpt): the second one better is a loss.
	if !slices.Equal(got, []int{0, 1, 0}) {
		t.Errorf("stored verdicts %v, want lose, tie, lose from the first system's side", got)
	}
}

// A pairs line whose systems would make more than MaxPairsPerLine pairs is
// refused at its line before any pair is made; 45 systems (990 pairs) are
// not, nor are 1,001 against one reference (1,000 pairs).
func TestPairsLineIsBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	line := func(id string, n int) string {
		var outs []string
		for i := range n {
			outs = append(outs, fmt.Sprintf(`"s%04d": "out %d"`, i, i))
		}
		return fmt.Sprintf(`{"id": %q, "request": "Book a table", "outputs": {%s}}`, id, strings.Join(outs, ", "))
	}
	dir := t.TempDir()
	st := storetest.Open(t)
	many := datatest.WriteFile(t, filepath.Join(dir, "many.jsonl"), line("p1", 45)+"\n"+line("p2", 1001)+"\n")
	_, err := testImportFile(ctx, st, lead(t, st), many, Options{})
	if err == nil || !strings.Contains(err.Error(), "many.jsonl:2: request \"p2\": 1001 systems make 500500 pairs, more than the 1000") {
		t.Fatalf("1,001 systems: %v", err)
	}
	if _, err := st.DatasetByName(ctx, "many"); err == nil {
		t.Fatal("a refused file made a dataset")
	}
	res, err := testImportFile(ctx, st, lead(t, st), many, Options{Against: "s0000"})
	if err != nil || res.Items != 44+1000 {
		t.Fatalf("against one reference: %+v %v", res, err)
	}
	ok := datatest.WriteFile(t, filepath.Join(dir, "ok.jsonl"), line("p1", 45)+"\n")
	if res, err := testImportFile(ctx, st, lead(t, st), ok, Options{}); err != nil || res.Items != 990 {
		t.Fatalf("45 systems: %+v %v", res, err)
	}
}
