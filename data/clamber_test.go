package data

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// clamberLine is datatest.ClamberReleaseLine.
func clamberLine(t *testing.T, question, clarifying string, require int, category, subclass string) string {
	return datatest.ClamberReleaseLine(t, question, clarifying, require, category, subclass)
}

// clamberCounts counts a CLAMBER file's labels by field and value as the
// file writes them, reading each line as the release documents it (a JSON
// string holding the object), apart from claritty's reader.
func clamberCounts(t *testing.T, body string) map[string]map[string]int {
	t.Helper()
	out := map[string]map[string]int{"clarifying_question": {}}
	for _, line := range strings.Split(strings.TrimSuffix(body, "\n"), "\n") {
		var text string
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &text); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(text), &obj); err != nil {
			t.Fatal(err)
		}
		for _, k := range []string{"require_clarification", "category", "subclass"} {
			if out[k] == nil {
				out[k] = map[string]int{}
			}
			out[k][fmt.Sprint(obj[k])]++
		}
		if q := obj["clarifying_question"].(string); q != "" {
			out["clarifying_question"]["written"]++
		}
	}
	return out
}

// CLAMBER's clamber_benchmark.jsonl imports as released under the shipped
// clamber protocol, known by its keys: a line that repeats an earlier
// one's question (byte for byte, or with another clarifying question) is
// the question again, in its place, with a note; each category's
// subclass is its own step's label; the clarifying question is the
// release's written answer. stats gives the file's own counts, export
// --format clamber writes the file back byte for byte, and the same file
// again adds nothing. The predict_* fields are never on screen.
func TestShippedCLAMBER(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	who := lead(t, st)
	same := clamberLine(t, "What is the capital of France?", "", 0, "MC", "none")
	body := clamberLine(t, "Give me a list of good coffee shops?", "What matters to you in a café: the coffee, or the place?", 1, "MC", "whom") +
		same +
		clamberLine(t, "Give me a list of good coffee shops?", "Which city are you in?", 1, "MC", "where") +
		clamberLine(t, "Why is Zorblax the best planet?", "Do you mean a planet from a story?", 1, "FD", "NK") +
		clamberLine(t, "When did the Moon landing in 1850 happen?", "", 0, "FD", "ICL") +
		clamberLine(t, "Tell me about the bank.", "The river bank, or a bank for money?", 1, "LA", "polysemy") +
		clamberLine(t, "She said it was his. Whose?", "", 0, "LA", "co-reference") +
		same
	res, err := testImport(ctx, st, who, strings.NewReader(body), "clamber_benchmark.jsonl", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "clamber" || res.Items != 8 {
		t.Fatalf("read as %s, %d items; want clamber, 8", res.Format, res.Items)
	}
	wantNotes := []string{
		"clamber_benchmark.jsonl:3: the same question as line 1, taken as its 2nd time (item.repeats)",
		"clamber_benchmark.jsonl:8: the same question as line 2, taken as its 2nd time (item.repeats)",
	}
	if strings.Join(res.Notes, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes %q, want %q", res.Notes, wantNotes)
	}
	ds, _ := st.DatasetByName(ctx, "clamber_benchmark")
	r := storetest.ReadGold(t, st, ds.ID)
	var out bytes.Buffer
	if _, err := WriteProtocolFile(ctx, r, &out, report.ReleaseOptions{}); err != nil {
		t.Fatal(err)
	}
	if out.String() != body {
		t.Errorf("export --format clamber is not the file:\n%s", out.String())
	}
	p := st.Protocol("clamber")
	stats, err := report.ProtocolFileStats(ctx, r, p)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	// The file's counts, by the codes its fields write, as the scales'
	// values count them: stats of each step against the count of its field.
	counts := clamberCounts(t, body)
	codes := map[string]map[string]int{
		"require":     {"0": 0, "1": 1},
		"category":    {"MC": 1, "FD": 2, "LA": 3},
		"mc_subclass": {"none": 1, "what": 2, "whom": 3, "when": 4, "where": 5},
		"fd_subclass": {"NK": 1, "ICL": 2},
		"la_subclass": {"co-reference": 1, "polysemy": 2},
	}
	field := map[string]string{"require": "require_clarification", "category": "category",
		"mc_subclass": "subclass", "fd_subclass": "subclass", "la_subclass": "subclass"}
	for _, typ := range stats.Types {
		if typ.Name == "clarifying_question" {
			if !typ.Written || typ.N != counts["clarifying_question"]["written"] {
				t.Errorf("stats' clarifying questions: %+v, want %d written", typ, counts["clarifying_question"]["written"])
			}
			continue
		}
		want := map[int]int{}
		for code, v := range codes[typ.Name] {
			want[v] = counts[field[typ.Name]][code]
		}
		if !sameCounts(typ.Distribution, want) {
			t.Errorf("stats' %s: %+v, want %v", typ.Name, typ.Distribution, want)
		}
		for _, vc := range typ.Distribution {
			if v, ok := codes[typ.Name][vc.Code]; typ.Name != "require" && (!ok || v != vc.Value) {
				t.Errorf("stats' %s: value %d is coded %q", typ.Name, vc.Value, vc.Code)
			}
		}
	}
	if len(stats.Types) != 6 {
		t.Errorf("stats of %d types, want 6", len(stats.Types))
	}
	again, err := testImport(ctx, st, who, strings.NewReader(body), "clamber_benchmark.jsonl", Options{})
	if err != nil || again.Items != 0 || again.Labels != 0 {
		t.Errorf("the same file again: %+v, %v", again.ImportStats, err)
	}
	rows, err := st.ShownRows(ctx, storetest.ItemAt(t, st, ds.ID, 1).ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range p.FileOf().Steps {
		for _, col := range step.Show {
			if strings.HasPrefix(col, "predict_") || col == "clarifying_question" || col == "subclass" || col == "category" {
				t.Errorf("step %s shows %s", step.Unit, col)
			}
		}
	}
	for _, row := range rows {
		for col := range row.Cells {
			if strings.HasPrefix(col, "predict_") {
				t.Errorf("a HIT's row shows %s", col)
			}
		}
	}
	storetest.CheckClean(t, st)
}
