package data

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// countManual reads the released file independently of the importer: panes,
// distinct queries, and non-empty label cells.
func countManual(t *testing.T, path string) (panes, queries, labels int) {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")[1:] {
		f := strings.Split(line, "\t")
		panes++
		seen[f[0]] = true
		for _, c := range f[7:] {
			if c != "" {
				labels++
			}
		}
	}
	return panes, len(seen), labels
}

func TestImportMIMICSManual(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics/MIMICS-Manual.tsv")
	st := storetest.Open(t)
	ctx := context.Background()
	res, err := testImportFile(ctx, st, lead(t, st), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	panes, queries, labels := countManual(t, path)
	if panes != 2832 || queries != 2464 {
		t.Fatalf("independent count: %d panes, %d queries; the release has 2832 and 2464", panes, queries)
	}
	if res.Format != FormatManual || res.Dataset != "MIMICS-Manual" || res.Items != panes || res.Labels != labels {
		t.Fatalf("import: %+v, want %d panes and %d labels", res, panes, labels)
	}
	var distinct, generic, genericLabelled int
	db := storetest.DB(t, st)
	db.QueryRow(`SELECT count(DISTINCT query) FROM items`).Scan(&distinct)
	if distinct != queries {
		t.Fatalf("%d distinct queries stored, want %d", distinct, queries)
	}
	// An empty question_label is N/A: no label, never a 0.
	db.QueryRow(`SELECT count(*) FROM items WHERE question = 'Select one to refine your search'`).Scan(&generic)
	db.QueryRow(`SELECT count(*) FROM items i JOIN labels l ON l.item_id = i.id AND l.unit = 'question'
		WHERE i.question = 'Select one to refine your search'`).Scan(&genericLabelled)
	emptyQ := strings.Count(readFile(t, path), "Select one to refine your search\t") // every generic row
	if generic != emptyQ || genericLabelled >= generic {
		t.Fatalf("generic panes %d (file has %d), with a question label %d", generic, emptyQ, genericLabelled)
	}
	// Raw bytes are kept: the doubly quoted question is stored as released.
	var raw string
	db.QueryRow(`SELECT question FROM items WHERE query = 'asdd'`).Scan(&raw)
	if raw != `"Which """"asdd"""" do you mean?"` {
		t.Fatalf("raw question %q", raw)
	}
	again, err := testImportFile(ctx, st, lead(t, st), path, Options{})
	if err != nil || again.Items != 0 || again.Labels != 0 || again.ItemsKnown != panes {
		t.Fatalf("second import: %+v %v", again, err)
	}
}

func readFile(t *testing.T, p string) string {
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestImportClickExplore(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Mimics-ClickExploreSampling.tsv")
	st := storetest.Open(t)
	res, err := testImportFile(context.Background(), st, lead(t, st), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != FormatClick || res.Items != 1034 || res.Labels != 0 {
		t.Fatalf("import: %+v", res)
	}
	// Second data row of the file: medium, engagement 8, cctr 1 0 0 0 0.
	var meta string
	storetest.DB(t, st).QueryRow(`SELECT meta FROM items WHERE seq = 2`).Scan(&meta)
	if meta != `{"impression_level":"medium","engagement_level":8,"option_cctr":[1,0,0,0,0]}` {
		t.Fatalf("meta %s", meta)
	}
	again, _ := testImportFile(context.Background(), st, lead(t, st), path, Options{})
	if again.Items != 0 || again.ItemsKnown != 1034 {
		t.Fatalf("second import: %+v", again)
	}
}

const hdr = "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\tquestion_label\toptions_overall_label\toption_label_1\toption_label_2\toption_label_3\toption_label_4\toption_label_5\n"
const good = "jaguar\tWhich jaguar?\tcar\tcat\t\t\t\t2\t1\t2\t0\t\t\t\n"

func TestDamagedFilesChangeNothing(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, body, want string
	}{
		{"missing header", good, "x.tsv:1: missing or unknown header"},
		{"empty file", "", "x.tsv: file is empty"},
		{"wrong field count", hdr + good + "a\tb\tc\n", "x.tsv:3: 3 fields, want 14"},
		{"bad label", hdr + good + strings.Replace(good, "\t2\t1\t", "\t2\t7\t", 1), `x.tsv:3: options_overall_label is "7"`},
		{"label on empty option", hdr + strings.Replace(good, "\t0\t\t\t\n", "\t0\t1\t\t\n", 1), "x.tsv:2: option_label_3 is set but option_3 is empty"},
		{"invalid utf-8", hdr + good + "caf\xe9\tq\ta\t\t\t\t\t\t\t\t\t\t\t\n", "x.tsv:3: invalid UTF-8 at byte 4"},
		{"truncated line", hdr + good + good[:20], "x.tsv:3: 2 fields, want 14"},
		{"blank line", hdr + good + "\n" + good, "x.tsv:3: empty line"},
		{"empty query", hdr + "\tq\ta\t\t\t\t\t\t\t\t\t\t\t\n", "x.tsv:2: query is empty"},
		{"gap in options", hdr + "q\tWhich?\ta\t\tc\t\t\t\t\t\t\t\t\t\n", "x.tsv:2: option_3 follows an empty option_2"},
		{"wrong format asked", hdr + good, "x.tsv:1: this is a mimics-manual file, not mimics-click"},
		{"bad click signal", strings.Replace(clickHeader, "", "", 1) + "\nq\tWhich?\ta\tb\t\t\t\tmedium\t11\t0\t0\t\t\t\n", "x.tsv:2: engagement_level is \"11\""},
		{"bad serp json", `{"queryContext":{"originalQuery":"a"}}` + "\n{oops\n", "x.tsv:2: not a Bing results object: broken JSON"},
		{"serp without query", `{"webPages":{"value":[]}}` + "\n", "x.tsv:1: no queryContext.originalQuery"},
		{"json of no format", `{"foo": 1, "bar": "b"}` + "\n", "x.tsv:1: missing or unknown header: no format claritty reads starts with a JSON object with bar, foo"},
	}
	st := storetest.Open(t)
	ctx := context.Background()
	if _, err := testImport(ctx, st, lead(t, st), strings.NewReader(hdr+good), "seed.tsv", Options{Dataset: "x"}); err != nil {
		t.Fatal(err)
	}
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opt := Options{Dataset: "x"}
			if c.name == "wrong format asked" {
				opt.Format = FormatClick
			}
			_, err := testImport(ctx, st, lead(t, st), strings.NewReader(c.body), "x.tsv", opt)
			var le *LineError
			if err == nil || !errors.As(err, &le) || !strings.HasPrefix(err.Error(), c.want) {
				t.Fatalf("error %v, want one starting %q", err, c.want)
			}
			if after := storetest.DataFingerprint(t, storetest.DB(t, st)); after != before {
				t.Fatal("the failed import changed the database")
			}
		})
	}
}

// A damaged copy of the real release (cut in the middle of a line far into
// the file) is refused with the line number and leaves no trace.
func TestDamagedReleaseChangesNothing(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics/MIMICS-Manual.tsv")
	b := []byte(readFile(t, path))
	lines := bytes.SplitAfter(b, []byte("\n"))
	cut := bytes.Join(lines[:2000], nil)
	cut = append(cut, lines[2000][:len(lines[2000])/2]...)
	st := storetest.Open(t)
	me := lead(t, st)
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	_, err := testImport(context.Background(), st, me, bytes.NewReader(cut), "cut.tsv", Options{Dataset: "m"})
	if err == nil || !strings.HasPrefix(err.Error(), "cut.tsv:2001: ") {
		t.Fatalf("error %v", err)
	}
	if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
		t.Fatal("database changed")
	}
}

func TestFinalLineWithoutNewlineAndCRLF(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	body := strings.ReplaceAll(hdr+good, "\n", "\r\n")
	body += strings.TrimSuffix(strings.Replace(good, "jaguar", "puma", 1), "\n")
	res, err := testImport(context.Background(), st, lead(t, st), strings.NewReader(body), "x.tsv", Options{Dataset: "x"})
	if err != nil || res.Items != 2 || res.Labels != 8 {
		t.Fatalf("%+v %v", res, err)
	}
	var opt string
	storetest.DB(t, st).QueryRow(`SELECT option_2 FROM items WHERE query = 'jaguar'`).Scan(&opt)
	if opt != "cat" {
		t.Fatalf("option_2 %q kept a carriage return", opt)
	}
}

// Lines longer than the reader's buffer arrive whole, between short ones,
// and a bad byte deep in one is reported at its place.
func TestLinesLongerThanTheBuffer(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	question := strings.Repeat("which one ", 30000) + "?" // 300,001 bytes
	long := strings.Replace(good, "Which jaguar?", question, 1)
	body := hdr + good + long + strings.Replace(good, "jaguar", "puma", 1)
	res, err := testImport(context.Background(), st, lead(t, st), strings.NewReader(body), "x.tsv", Options{Dataset: "x"})
	if err != nil || res.Items != 3 {
		t.Fatalf("%+v %v", res, err)
	}
	var got string
	storetest.DB(t, st).QueryRow(`SELECT question FROM items WHERE seq = 2`).Scan(&got)
	if got != question {
		t.Fatalf("long question came back with %d bytes", len(got))
	}
	bad := strings.Replace(long, "?", "\xff", 1)
	_, err = testImport(context.Background(), st, lead(t, st), strings.NewReader(hdr+bad), "y.tsv", Options{Dataset: "x"})
	if err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("y.tsv:2: invalid UTF-8 at byte %d", len("jaguar\t")+len(question))) {
		t.Fatalf("error %v", err)
	}
}

func TestDemoData(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	ctx := context.Background()
	for i := 0; i < 2; i++ {
		if err := LoadDemo(ctx, st, lead(t, st)); err != nil {
			t.Fatal(err)
		}
	}
	d, err := st.DatasetByName(ctx, DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	if d.Items < 35 || d.Items > 45 {
		t.Fatalf("demo has %d panes", d.Items)
	}
	var generic, specific, serp, minA, maxA int
	minA, maxA = 5, 0
	st.EachItem(ctx, d.ID, func(it store.Item) error {
		if it.Question == "Select one to refine your search" {
			generic++
		} else {
			specific++
		}
		n := it.AnswerCount()
		minA, maxA = min(minA, n), max(maxA, n)
		if _, ok, _ := st.SERP(ctx, it.Query); ok {
			serp++
		}
		return nil
	})
	if generic < 5 || specific < 5 || serp < 5 || minA != 2 || maxA != 5 {
		t.Fatalf("generic %d specific %d with results %d answers %d–%d", generic, specific, serp, minA, maxA)
	}
	// A query whose results line has no webPages is known, with no results.
	res, ok, _ := st.SERP(ctx, "flu symptoms")
	if !ok || len(res) != 0 {
		t.Fatalf("flu symptoms: %v %v", ok, res)
	}
}

// nopSink accepts everything, so the readers can be fuzzed without a database.
type nopSink struct{}

func (nopSink) AddPane(store.Pane, ...store.UnitLabel) (bool, error) { return true, nil }
func (nopSink) AddSERP(string, []store.SERPResult) error             { return nil }
func (nopSink) AddIntent(store.Intent) (bool, error)                 { return true, nil }
func (nopSink) AddAnswer(store.Answer) (bool, error)                 { return true, nil }
func (nopSink) AddPairs([]store.Pair) (int, error)                   { return 0, nil }

// FuzzReaders: no input makes a reader panic, and every error it returns
// names the file and a line.
func FuzzReaders(f *testing.F) {
	f.Add([]byte(hdr + good))
	f.Add([]byte(clickHeader + "\nq\tWhich?\ta\tb\t\t\t\tlow\t3\t0.5\t0.1\t\t\t\n"))
	f.Add([]byte(`{"queryContext":{"originalQuery":"a"},"webPages":{"value":[{"name":"n","url":"u","snippet":"s"}]}}` + "\n"))
	f.Add([]byte(hdr + "\"q\"\t\"\"\"x\"\"\"\ta\tb\t\t\t\t\t\t\t\t\t\t\n"))
	f.Add([]byte(`{"id": "r1", "request": "I need a visa", "facets": ["country", "type"], "context": [{"role": "user", "text": "hi"}]}` + "\n"))
	f.Add([]byte(`{"id": 7, "request": "visa?", "outputs": {"a": "Which country?", "b": "Sure.", "c": "x"}}` + "\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		lr := newLineReader(bytes.NewReader(b), "f")
		first, err := lr.next()
		if err != nil {
			return
		}
		format, err := detect(lr, first, builtInFormats())
		if err == nil && format.read != nil {
			_, err = format.read(body{lr: lr, first: first, im: nopSink{}, opt: Options{LabelsAs: "r", System: "s"}})
		}
		if err != nil && !strings.HasPrefix(err.Error(), "f:") {
			t.Fatalf("error without a location: %v", err)
		}
	})
}

// FuzzClickMeta: whatever the signal columns hold, the metadata is either
// refused or valid JSON that decodes to the values read by strconv.
func FuzzClickMeta(f *testing.F) {
	f.Add("low", "3", "0.5", "0.125", "", "NaN", "1e-7")
	f.Add("high", "10", "1", "0", "0x1p-2", "", "")
	f.Fuzz(func(t *testing.T, level, eng, c1, c2, c3, c4, c5 string) {
		cctr := []string{c1, c2, c3, c4, c5}
		meta, err := clickMeta(append([]string{level, eng}, cctr...))
		if err != nil {
			return
		}
		var got struct {
			Level string     `json:"impression_level"`
			Eng   int        `json:"engagement_level"`
			CCTR  []*float64 `json:"option_cctr"`
		}
		if err := json.Unmarshal([]byte(meta), &got); err != nil {
			t.Fatalf("%s: %v", meta, err)
		}
		wantEng, _ := strconv.Atoi(eng)
		if got.Level != level || got.Eng != wantEng || len(got.CCTR) != 5 {
			t.Fatalf("%s from %q %q", meta, level, eng)
		}
		for i, raw := range cctr {
			want, err := strconv.ParseFloat(raw, 64)
			if (raw == "") != (got.CCTR[i] == nil) || (raw != "" && (err != nil || *got.CCTR[i] != want)) {
				t.Fatalf("option_cctr_%d %q became %s", i+1, raw, meta)
			}
		}
	})
}

// A LineError keeps its cause; the database or the disk failing is never
// blamed on a line of the file.
func TestLineErrorsKeepTheirCause(t *testing.T) {
	t.Parallel()
	cause := store.ErrConflict
	err := lineErr("f.tsv", 3, "pane: %v", cause)
	var le *LineError
	if !errors.As(err, &le) || le.Line != 3 || !errors.Is(err, store.ErrConflict) {
		t.Fatalf("%v does not unwrap to its cause", err)
	}
	err = lineErr("f.tsv", 3, "%v", fmt.Errorf("add pane: %w", context.Canceled))
	if errors.As(err, &le) || !errors.Is(err, context.Canceled) || strings.Contains(err.Error(), "f.tsv:3") {
		t.Fatalf("a storage failure blamed on the line: %v", err)
	}
	if got := lineErr("f.tsv", 1, "field %q", strings.Repeat("x", 500)).Error(); len(got) > 150 || !strings.Contains(got, "(500 bytes)") {
		t.Fatalf("long field quoted whole: %s", got)
	}
}

// The generated Click files benchmarks import carry the header the reader
// knows MIMICS-Click by.
func TestClickHeaderOfGenerated(t *testing.T) {
	t.Parallel()
	if datatest.ClickHeader != clickHeader {
		t.Fatalf("datatest's Click header %q is not the reader's %q", datatest.ClickHeader, clickHeader)
	}
}
