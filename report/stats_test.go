package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// printed reports whether x rounds to the figure as the paper prints it,
// to as many places as it prints.
func printed(x *float64, figure string) bool {
	if figure == "N/A" {
		return x == nil
	}
	v, _ := strconv.ParseFloat(figure, 64)
	places := 0
	if i := strings.IndexByte(figure, '.'); i >= 0 {
		places = len(figure) - i - 1
	}
	return x != nil && math.Abs(*x-v) <= 0.5*math.Pow(10, -float64(places))+1e-9
}

func f(x float64) *float64 { return &x }

// The released MIMICS-Manual reproduces the MIMICS-Manual columns of the
// paper's Tables 1, 4 (T2-T7), 6 and 7 to the printed precision.
func TestStatsReproduceThePaper(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics/MIMICS-Manual.tsv")
	ctx := context.Background()
	st := storetest.Open(t)
	res, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), path, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, res.Dataset)
	s, err := report.DatasetStats(ctx, storetest.ReadGold(t, st, ds.ID))
	if err != nil {
		t.Fatal(err)
	}
	// Table 1: 2464 queries, 2832 pairs, 1.15 ± 0.36 (1 & 3), 3.06 ± 1.05 (2 & 5).
	t1 := s.Table1
	if t1.Queries != 2464 || t1.Panes != 2832 || !printed(f(t1.PanesPerQuery.Mean), "1.15") || !printed(f(t1.PanesPerQuery.Std), "0.36") ||
		t1.PanesPerQuery.Min != 1 || t1.PanesPerQuery.Max != 3 || !printed(f(t1.AnswersPerPane.Mean), "3.06") ||
		!printed(f(t1.AnswersPerPane.Std), "1.05") || t1.AnswersPerPane.Min != 2 || t1.AnswersPerPane.Max != 5 {
		t.Errorf("table 1 %+v", t1)
	}
	// Table 4, MIMICS-Manual columns. T1 is N/A in the paper by policy; the
	// released file labels 233 of its 2490 panes, and we report those.
	table4 := []struct {
		panes int
		mean  string
	}{{2490, "1.0043"}, {158, "1.9367"}, {76, "2.000"}, {22, "1.6818"}, {60, "2.000"}, {7, "1.5714"}, {3, "1.0"}}
	for i, want := range table4 {
		got := s.Templates[i]
		if got.Panes != want.panes || !printed(got.Question.Mean, want.mean) {
			t.Errorf("%s: %d panes, mean %v; paper %d, %s", got.ID, got.Panes, got.Question.Mean, want.panes, want.mean)
		}
	}
	if s.Templates[0].Question.N != 233 {
		t.Errorf("T1 has %d question labels", s.Templates[0].Question.N)
	}
	// Table 6 (by query length) and 7 (by answers): Freq, then mean ± std of
	// question, answer set and landing quality, as printed.
	table6 := [][7]string{
		{"1028", "1.7347", "0.4415", "1.0418", "0.3075", "1.9750", "0.1251"},
		{"942", "1.4694", "0.4991", "1.0085", "0.3827", "1.9178", "0.2881"},
		{"555", "1.4667", "0.4989", "0.9333", "0.4463", "1.8021", "0.4816"},
		{"199", "1.3333", "0.4714", "0.9698", "0.5103", "1.8313", "0.41986"},
		{"75", "1.3846", "0.4865", "1.0267", "0.5157", "1.7847", "0.5291"},
		{"15", "1.0", "0.0", "0.8", "0.5416", "1.7", "0.4800"},
		{"13", "1.0", "0.0", "0.7692", "0.4213", "1.7692", "0.5756"},
		{"3", "N/A", "N/A", "1.0", "0.0", "1.8333", "0.2357"},
		{"1", "N/A", "N/A", "0.0", "0.0", "2.0", "0.0"},
		{"1", "N/A", "N/A", "1.0", "0.0", "2.0", "0.0"},
	}
	for i, want := range table6 {
		checkGroup(t, "length "+s.ByQueryLength[i].Length, s.ByQueryLength[i].Group, want)
	}
	table7 := [][7]string{
		{"1083", "1.3164", "0.4651", "0.9751", "0.3775", "1.8915", "0.3665"},
		{"892", "1.7513", "0.4323", "0.9507", "0.2954", "1.9129", "0.3101"},
		{"453", "1.6292", "0.4830", "1.0088", "0.3816", "1.9073", "0.2862"},
		{"404", "1.4741", "0.4993", "1.1733", "0.5401", "1.9168", "0.2832"},
	}
	for i, want := range table7 {
		checkGroup(t, strconv.Itoa(s.ByAnswerCount[i].Answers)+" answers", s.ByAnswerCount[i].Group, want)
	}
}

func checkGroup(t *testing.T, name string, g report.Group, want [7]string) {
	t.Helper()
	got := []*float64{g.Question.Mean, g.Question.Std, g.AnswerSet.Mean, g.AnswerSet.Std, g.Landing.Mean, g.Landing.Std}
	if strconv.Itoa(g.Panes) != want[0] {
		t.Errorf("%s: %d panes, paper %s", name, g.Panes, want[0])
	}
	for i, x := range got {
		if !printed(x, want[i+1]) {
			t.Errorf("%s: figure %d is %v, paper %s", name, i+1, x, want[i+1])
		}
	}
}

// A hand-worked example, and the JSON shape.
func TestStatsByHand(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	tsv := data.ManualHeader() + "\n" +
		"a b\twhat would you like to know about a b?\tx\ty\t\t\t\t2\t1\t2\t0\t\t\t\n" +
		"a b\tSelect one to refine your search\tx\ty\tz\t\t\t\t0\t2\t2\t2\t\t\n" +
		"\"c\"\tWhich c do you mean?\tx\ty\t\t\t\t1\t2\t1\t1\t\t\t\n"
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(tsv), "hand.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, "hand")
	s, err := report.DatasetStats(ctx, storetest.ReadGold(t, st, ds.ID))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := s.WriteJSON(&out); err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	json.Unmarshal(out.Bytes(), &got)
	want := map[string]any{}
	json.Unmarshal([]byte(`{
	 "table1": {"queries": 2, "panes": 3,
	   "panes_per_query": {"mean": 1.5, "std": 0.5, "min": 1, "max": 2},
	   "answers_per_pane": {"mean": 2.3333333333333335, "std": 0.4714045207910317, "min": 2, "max": 3}},
	 "templates": [
	   {"id": "T1", "panes": 1, "question": {"mean": null, "n": 0}},
	   {"id": "T2", "panes": 1, "question": {"mean": 2, "n": 1}},
	   {"id": "T3", "panes": 1, "question": {"mean": 1, "n": 1}},
	   {"id": "T4", "panes": 0, "question": {"mean": null, "n": 0}},
	   {"id": "T5", "panes": 0, "question": {"mean": null, "n": 0}},
	   {"id": "T6", "panes": 0, "question": {"mean": null, "n": 0}},
	   {"id": "T7", "panes": 0, "question": {"mean": null, "n": 0}}],
	 "by_query_length": [
	   {"length": "1", "panes": 1, "question": {"mean": 1, "std": 0, "n": 1},
	    "answer_set": {"mean": 2, "std": 0, "n": 1}, "landing": {"mean": 1, "std": 0, "n": 1}},
	   {"length": "2", "panes": 2, "question": {"mean": 2, "std": 0, "n": 1},
	    "answer_set": {"mean": 0.5, "std": 0.5, "n": 2}, "landing": {"mean": 1.5, "std": 0.5, "n": 2}}],
	 "by_answer_count": [
	   {"answers": 2, "panes": 2, "question": {"mean": 1.5, "std": 0.5, "n": 2},
	    "answer_set": {"mean": 1.5, "std": 0.5, "n": 2}, "landing": {"mean": 1, "std": 0, "n": 2}},
	   {"answers": 3, "panes": 1, "question": {"mean": null, "std": null, "n": 0},
	    "answer_set": {"mean": 0, "std": 0, "n": 1}, "landing": {"mean": 2, "std": 0, "n": 1}},
	   {"answers": 4, "panes": 0, "question": {"mean": null, "std": null, "n": 0},
	    "answer_set": {"mean": null, "std": null, "n": 0}, "landing": {"mean": null, "std": null, "n": 0}},
	   {"answers": 5, "panes": 0, "question": {"mean": null, "std": null, "n": 0},
	    "answer_set": {"mean": null, "std": null, "n": 0}, "landing": {"mean": null, "std": null, "n": 0}}],
	 "basis": {"labelled_panes": 3, "insufficient_panes": 0, "flagged_panes_left_out": 0}}`), &want)
	// Only lengths 1 and 2 are checked here; the other eight rows are empty.
	got["by_query_length"] = got["by_query_length"].([]any)[:2]
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("stats JSON:\n%s", out.String())
	}
}
