package data

import (
	"bytes"
	"context"
	"errors"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// shipped is the shipped protocol file of that name, and its text.
func shipped(t *testing.T, name guidelines.Kind) (*guidelines.ProtocolFile, []byte) {
	t.Helper()
	s, err := guidelines.FindShipped(name)
	if err != nil {
		t.Fatal(err)
	}
	return s.File, s.Text
}

// columnCounts counts, for each named column, how many rows hold each
// value, from a plain read of the file.
func columnCounts(t *testing.T, path string, cols map[string]bool) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{}
	for col, cells := range datatest.Columns(t, path) {
		for _, v := range cells {
			if cols[col] && v != "" {
				if out[col] == nil {
					out[col] = map[string]int{}
				}
				out[col][v]++
			}
		}
	}
	return out
}

// MIMICS-Duo's three task files read whole in their protocol files' shape:
// Task 1 gathers 1,034 panes into 306 queries, Tasks 2 and 3 are 1,034
// panes each, and every label column's values, counted by the reader per
// unit, are the counts a plain read of the column gives.
func TestMIMICSDuoFilesReadInTheirShape(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		kind        guidelines.Kind
		file        string
		items, rows int
		units       map[string]string // label column -> unit type; {n} columns by their n
		cut         bool              // all three end without a line end
	}{
		{"mimics-duo-rating", "mimics-duo/Task1-OfflineRating.tsv", 306, 1034, map[string]string{"offline rating": "pane_rating"}, true},
		{"mimics-duo-quality", "mimics-duo/Task2-QualityLabelling.tsv", 1034, 1034, map[string]string{
			"Quality_Option1": "answer_quality_1", "Quality_Option2": "answer_quality_2", "Quality_Option3": "answer_quality_3",
			"Quality_Option4": "answer_quality_4", "Quality_Option5": "answer_quality_5", "OverallClarificationPaneQuality": "pane_quality"}, true},
		{"mimics-duo-aspects", "mimics-duo/Task3-AspectLabelling.tsv", 1034, 1034, map[string]string{
			"Coverage": "coverage", "Diversity": "diversity", "Understandability": "understandability", "Importance Order": "importance_order"}, true},
	} {
		path := datatest.SharedOrSkip(t, c.file)
		f, _ := shipped(t, c.kind)
		in, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		items, warnings, err := ReadProtocolItems(in, c.file, f, 0)
		in.Close()
		if err != nil {
			t.Fatalf("%s: %v", c.kind, err)
		}
		rows := 0
		got := map[string]map[string]int{} // column -> value -> count, from the reader
		for _, it := range items {
			rows += len(it.Rows)
			for col, unit := range c.units {
				for u, v := range it.Known {
					if u == unit || (unit == "pane_rating" && strings.HasPrefix(u, "pane_rating_")) {
						if got[col] == nil {
							got[col] = map[string]int{}
						}
						got[col][strconv.Itoa(v)]++
					}
				}
			}
		}
		if len(items) != c.items || rows != c.rows {
			t.Errorf("%s: %d items, %d rows; want %d and %d", c.kind, len(items), rows, c.items, c.rows)
		}
		cols := map[string]bool{}
		for col := range c.units {
			cols[col] = true
		}
		want := columnCounts(t, path, cols)
		for col := range c.units {
			if !maps.Equal(got[col], want[col]) || len(want[col]) == 0 {
				t.Errorf("%s: column %q: the reader counts %v, a plain read %v", c.kind, col, got[col], want[col])
			}
		}
		if c.kind != "mimics-duo-rating" {
			// A pane's item has the uid the same pane has imported from
			// MIMICS-Click or MIMICS-Manual.
			r := items[0].Rows[0]
			p := store.Pane{Query: r.Cell("query"), Question: r.Cell("question")}
			for i := range p.Options {
				p.Options[i] = r.Cell("option_" + strconv.Itoa(i+1))
			}
			if items[0].UID != p.UID() {
				t.Errorf("%s: the first pane's uid %s, as a MIMICS pane %s", c.kind, items[0].UID, p.UID())
			}
		}
		if cut := len(warnings) > 0; cut != c.cut {
			t.Errorf("%s: warnings %q", c.kind, warnings)
		}
	}
}

// A file that is not in the protocol's shape is refused at its line, and
// nothing of it comes back.
func TestProtocolItemsRefusals(t *testing.T) {
	t.Parallel()
	f, _ := shipped(t, "mimics-duo-aspects")
	header := strings.Join(f.Item.Header, "\t")
	row := "q\tWhich?\ta\tb\t\t\t\t4\t3\t5\t2"
	for _, c := range []struct{ what, body, want string }{
		{"another header", "query\tquestion\n" + row, "x.tsv:1: this is not a mimics-duo-aspects file"},
		{"a header alone", header + "\n", "the file has a header and no rows"},
		{"a short row", header + "\nq\tWhich?\ta", `x.tsv:2: 3 tab-separated fields, the header has 11 (columns "option_2", "option_3", "option_4", "option_5", "Coverage", "Diversity", "Understandability", "Importance Order" are missing)`},
		{"a label off the scale", header + "\n" + strings.Replace(row, "\t4\t3", "\t7\t3", 1), `x.tsv:2: Coverage is "7", not a value of scale "aspect"`},
		{"a gap in the answers", header + "\nq\tWhich?\ta\t\tc\t\t\t4\t3\t5\t2", "x.tsv:2: option_3 is set but an earlier answer is empty"},
		{"a pane twice", header + "\n" + row + "\n" + row, "x.tsv:3: the same item as line 2"},
	} {
		items, _, err := ReadProtocolItems(strings.NewReader(c.body), "x.tsv", f, 0)
		if err == nil || !strings.Contains(err.Error(), c.want) || items != nil {
			t.Errorf("%s: %d items, %v; want %q", c.what, len(items), err, c.want)
		}
	}
	// Task 2: an answer's quality for an answer the pane does not have.
	q, _ := shipped(t, "mimics-duo-quality")
	body := strings.Join(q.Item.Header, "\t") + "\nq\tWhich?\ta\t\t\t\t\t4\t3\t\t\t\t4"
	if _, _, err := ReadProtocolItems(strings.NewReader(body), "y.tsv", q, 0); err == nil ||
		!strings.Contains(err.Error(), "y.tsv:2: Quality_Option2 is set, but the row has no answer there") {
		t.Errorf("a label for a missing answer: %v", err)
	}
}

// No file makes the protocol-shaped reader panic, and every refusal names
// the file.
func FuzzProtocolItems(f *testing.F) {
	var files []*guidelines.ProtocolFile
	all, err := guidelines.ShippedProtocols()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range all {
		files = append(files, s.File)
		f.Add([]byte(strings.Join(s.File.Item.Header, "\t") + "\nq\tWhich?\ta\tb\t\t\t\t4\t3\t5\t2\n"))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, pf := range files {
			_, _, err := ReadProtocolItems(strings.NewReader(string(b)), "f.tsv", pf, 4096)
			if err != nil && !strings.HasPrefix(err.Error(), "f.tsv") {
				t.Fatalf("%s: an error not naming the file: %v", pf.Name, err)
			}
		}
	})
}

// MIMICS-Duo's three files import in their protocol files' shape, all of
// each: every item with its rows and every label of the release under the
// release's annotator, value for value as the reader read them; a second
// import of each adds nothing.
func TestImportMIMICSDuo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	db := storetest.DB(t, st)
	for _, c := range []struct {
		kind guidelines.Kind
		file string
	}{
		{"mimics-duo-rating", "mimics-duo/Task1-OfflineRating.tsv"},
		{"mimics-duo-quality", "mimics-duo/Task2-QualityLabelling.tsv"},
		{"mimics-duo-aspects", "mimics-duo/Task3-AspectLabelling.tsv"},
	} {
		path := datatest.SharedOrSkip(t, c.file)
		pf, text := shipped(t, c.kind)
		in, _ := os.Open(path)
		items, _, err := ReadProtocolItems(in, path, pf, 0)
		in.Close()
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{} // "uid unit value" -> 1
		rows := 0
		for _, it := range items {
			rows += len(it.Rows)
			for u, v := range it.Known {
				want[it.UID+" "+u+" "+strconv.Itoa(v)]++
			}
		}
		for round := range 2 {
			in, _ := os.Open(path)
			res, err := ImportProtocolFile(ctx, st, who, in, path, pf, text, Options{Dataset: string(c.kind)})
			in.Close()
			if err != nil {
				t.Fatalf("%s, import %d: %v", c.kind, round+1, err)
			}
			if round == 0 && (res.Items != len(items) || res.Labels != len(want)) {
				t.Errorf("%s: %d items and %d labels added; the file has %d and %d", c.kind, res.Items, res.Labels, len(items), len(want))
			}
			if round == 1 && (res.Items != 0 || res.ItemsKnown != len(items) || res.Labels != 0) {
				t.Errorf("%s again: %+v", c.kind, res.ImportStats)
			}
		}
		got := map[string]int{}
		q, err := db.Query(`SELECT i.uid || ' ' || l.unit || ' ' || l.value FROM labels l JOIN items i ON i.id = l.item_id
			JOIN datasets d ON d.id = i.dataset_id JOIN annotators a ON a.id = l.annotator_id
			WHERE d.name = ? AND a.name = ?`, string(c.kind), DefaultLabelsAs)
		if err != nil {
			t.Fatal(err)
		}
		for q.Next() {
			var s string
			q.Scan(&s)
			got[s]++
		}
		q.Close()
		var stored int
		db.QueryRow(`SELECT count(*) FROM item_rows r JOIN items i ON i.id = r.item_id JOIN datasets d ON d.id = i.dataset_id
			WHERE d.name = ?`, string(c.kind)).Scan(&stored)
		// The rows kept, in order after the header, are the file byte for
		// byte: what an export in its shape writes back.
		var kept string
		db.QueryRow(`SELECT group_concat(line, '') FROM (SELECT r.line FROM item_rows r JOIN items i ON i.id = r.item_id
			JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ? ORDER BY i.seq, r.pos)`, string(c.kind)).Scan(&kept)
		file, _ := os.ReadFile(path)
		if strings.Join(pf.Item.Header, "\t")+"\n"+kept != string(file) {
			t.Errorf("%s: the kept rows are not the file (%d bytes kept, the file %d)", c.kind, len(kept), len(file))
		}
		// The export in the file's shape is the file, byte for byte.
		ds, err := st.DatasetByName(ctx, string(c.kind))
		if err != nil {
			t.Fatal(err)
		}
		r, err := st.ReadGold(ctx, who, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		_, err = WriteProtocolFile(ctx, r, &out, report.ReleaseOptions{IncludeUnresolved: true, IncludeIncomplete: true})
		r.Close()
		if err != nil || out.String() != string(file) {
			t.Errorf("%s: the export (%d bytes, %v) is not the file (%d bytes)", c.kind, out.Len(), err, len(file))
		}
		if !maps.Equal(got, want) || stored != rows {
			t.Errorf("%s: %d labels stored (the file %d, equal %v), %d rows kept (the file %d)",
				c.kind, len(got), len(want), maps.Equal(got, want), stored, rows)
		}
	}
}

// The line reader says how each line ended, so a row kept with its end
// is the file's bytes: LF, CRLF, a lone CR or nothing at the end.
func TestLineEnds(t *testing.T) {
	t.Parallel()
	lr := newLineReader(strings.NewReader("a\nb\r\nc\r"), "x")
	var got []string
	for {
		line, err := lr.next()
		if err != nil {
			break
		}
		got = append(got, string(line)+"|"+strconv.Quote(lr.end))
	}
	if want := []string{`a|"\n"`, `b|"\r\n"`, `c|"\r"`}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	lr = newLineReader(strings.NewReader("d"), "x")
	if line, err := lr.next(); err != nil || string(line) != "d" || lr.end != "" {
		t.Errorf("a last line without an end: %q %q %v", line, lr.end, err)
	}
}

// A decision changes its cell in the file-shaped export and nothing else.
func TestProtocolExportCarriesGold(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	path := datatest.SharedOrSkip(t, "mimics-duo/Task3-AspectLabelling.tsv")
	pf, text := shipped(t, "mimics-duo-aspects")
	in, _ := os.Open(path)
	_, err := ImportProtocolFile(ctx, st, who, in, path, pf, text, Options{Dataset: "aspects"})
	in.Close()
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "aspects")
	first := storetest.ItemAt(t, st, ds.ID, 1)
	file, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(file), "\n")
	cells := strings.Split(strings.TrimSuffix(lines[1], "\n"), "\t")
	was, _ := strconv.Atoi(cells[7]) // Coverage
	now := 1 + was%5
	if err := st.Adjudicate(ctx, first.ID, "coverage", &now, who, "test"); err != nil {
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
	cells[7] = strconv.Itoa(now)
	lines[1] = strings.Join(cells, "\t") + "\n"
	if out.String() != strings.Join(lines, "") {
		t.Errorf("the export with coverage %d → %d on the first pane differs elsewhere too", was, now)
	}
}

// A protocol file's condition holds in the store, whoever writes the
// label: why waits for a yes, and a no takes it away; a merged label of a
// unit whose name a built-in kind has too is read as this kind's.
func TestProtocolFileConditionsInTheStore(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	pf, err := guidelines.ParseProtocolFile("yes-why.toml", []byte(datatest.YesWhy))
	if err != nil {
		t.Fatal(err)
	}
	body := "query\tquestion\tuseful\twhy\nq1\tWhat do you mean?\t\t\nq2\tWhich one?\t\t\n"
	if _, err := ImportProtocolFile(ctx, st, who, strings.NewReader(body), "yw.tsv", pf, []byte(datatest.YesWhy), Options{}); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "yw")
	one := storetest.ItemAt(t, st, ds.ID, 1)
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	set := func(unit string, v *int) error {
		_, err := st.SetLabel(ctx, store.LabelChange{ItemID: one.ID, AnnotatorID: ana.ID, Unit: unit, Value: v})
		return err
	}
	two, yes, no := 2, 1, 0
	if err := set("diversity", &two); !errors.Is(err, store.ErrCondition) {
		t.Errorf("why before a yes: %v", err)
	}
	if err := set("useful", &yes); err != nil {
		t.Fatal(err)
	}
	if err := set("diversity", &two); err != nil {
		t.Errorf("why after a yes: %v", err)
	}
	if err := set("useful", &no); err != nil {
		t.Fatal(err)
	}
	labels, err := st.Labels(ctx, one.ID, ana.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, has := labels["diversity"]; has || labels["useful"] != 0 {
		t.Errorf("after a no: %v", labels)
	}
	merge := "item\tunit\tannotator\tlabel\n" + one.UID + "\tuseful\tbo\t1\n" + one.UID + "\tdiversity\tbo\t3\n"
	if _, err := testImport(ctx, st, who, strings.NewReader(merge), "merge.tsv", Options{Format: FormatLabels}); err != nil {
		t.Errorf("merging a yes-why file's labels: %v", err)
	}
	bad := "item\tunit\tannotator\tlabel\n" + one.UID + "\tdiversity\tcy\t3\n"
	if _, err := testImport(ctx, st, who, strings.NewReader(bad), "bad.tsv", Options{Format: FormatLabels}); err == nil {
		t.Errorf("a merged why without its yes was taken")
	}
}

// A file refused half-way leaves the database as it was: neither its
// items nor its protocol are kept, though the protocol was taken in the
// same transaction. A changed file under that name is then a first file,
// not a change (the process let go of the refused one).
func TestRefusedProtocolImportKeepsNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	text := strings.Replace(datatest.YesWhy, `name = "yes-why"`, `name = "refused-why"`, 1)
	pf, err := guidelines.ParseProtocolFile("r.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	body := "query\tquestion\tuseful\twhy\nq1\tWhat do you mean?\t1\t2\nq2\tWhich one?\t7\t\n"
	_, err = ImportProtocolFile(ctx, st, who, strings.NewReader(body), "r.tsv", pf, []byte(text), Options{})
	if err == nil || !strings.Contains(err.Error(), `r.tsv:3: useful is "7"`) {
		t.Fatalf("a bad label at line 3: %v", err)
	}
	kept, err := st.Protocols(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if kept.Text("refused-why") != nil {
		t.Error("the refused file's protocol is kept")
	}
	if ds, _ := st.Datasets(ctx); len(ds) != 0 {
		t.Errorf("datasets after a refused import: %v", ds)
	}
	changed := strings.Replace(text, `title = "Useful, and why"`, `title = "Useful?"`, 1)
	pf2, err := guidelines.ParseProtocolFile("r2.toml", []byte(changed))
	if err != nil {
		t.Fatal(err)
	}
	good := strings.Replace(body, "\t7\t", "\t0\t", 1)
	if _, err := ImportProtocolFile(ctx, st, who, strings.NewReader(good), "r.tsv", pf2, []byte(changed), Options{}); err != nil {
		t.Fatalf("the changed file after the refused one: %v", err)
	}
	if kept, _ := st.Protocols(ctx); string(kept.Text("refused-why")) != changed {
		t.Errorf("kept %q", kept.Text("refused-why"))
	}
}

// Rows of one item that disagree on a label asked once are refused naming
// the line the label was first read from, not the item's first line, whose
// cell may be empty.
func TestProtocolLabelDisagreementNamesItsLine(t *testing.T) {
	t.Parallel()
	f, err := guidelines.ParseProtocolFile("clariq.toml", []byte(datatest.ClariQ("clariq-lab")))
	if err != nil {
		t.Fatal(err)
	}
	body := "topic_id\tinitial_request\tquestion_id\tquestion\tclarification_need\tusefulness\n" +
		"1\trequest 1\tQ011\tfirst?\t\t2\n" +
		"1\trequest 1\tQ012\tsecond?\t3\t1\n" +
		"1\trequest 1\tQ013\tthird?\t4\t1\n"
	_, _, err = ReadProtocolItems(strings.NewReader(body), "x.tsv", f, 0)
	if want := "x.tsv:4: clarification_need is 4 here and 3 at line 3, for one item"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %q", err, want)
	}
}
