package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/data"
)

// onlinePanes are six MIMICS panes: query, question label, answer-set
// label, engagement level, impression level; every answer's landing label
// is 1.
var onlinePanes = []struct {
	query                 string
	question, set, engage float64
	impression            string
}{{"q1", 0, 1, 1, "medium"}, {"q2", 1, 1, 3, "medium"}, {"q3", 2, 0, 5, "low"}, {"q4", 1, 2, 2, "low"},
	{"q5", 2, 2, 7, "high"}, {"q6", 0, 1, 4, "high"}}

// onlineDB is a MIMICS dataset of onlinePanes with one annotator's labels
// as settled gold, and a click dataset with their signals.
func onlineDB(t *testing.T, bin, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var manual, clicks strings.Builder
	manual.WriteString(data.ManualHeader() + "\n")
	clicks.WriteString("query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\timpression_level\tengagement_level\t" +
		"option_cctr_1\toption_cctr_2\toption_cctr_3\toption_cctr_4\toption_cctr_5\n")
	for _, p := range onlinePanes {
		fmt.Fprintf(&manual, "%s\tWhich?\ta\tb\t\t\t\t%g\t%g\t1\t1\t\t\t\n", p.query, p.question, p.set)
		fmt.Fprintf(&clicks, "%s\tWhich?\ta\tb\t\t\t\t%s\t%g\t0\t0\t\t\t\n", p.query, p.impression, p.engage)
	}
	for _, args := range [][]string{{"import", "--dataset", "clicks", write("clicks.tsv", clicks.String())},
		{"import", "--dataset", "manual", "--labels-as", "ann", write("manual.tsv", manual.String())},
		{"policy", "--dataset", "manual", "--min", "1", "--max", "1"}} {
		if r := runBin(t, bin, db, args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r.stderr)
		}
	}
	return db
}

// usedResamples counts, of the documented draws over the pairs in order
// (resample r draws with rand.NewPCG(bench.BootstrapSeed, r)), those in
// which both sides vary, so rho and tau-b are defined.
func usedResamples(x, y []float64) int {
	used := 0
	for r := range bench.CorrelationReplicates {
		rng := rand.New(rand.NewPCG(bench.BootstrapSeed, uint64(r)))
		var xs, ys []float64
		for range x {
			i := rng.IntN(len(x))
			xs, ys = append(xs, x[i]), append(ys, y[i])
		}
		if slices.Min(xs) < slices.Max(xs) && slices.Min(ys) < slices.Max(ys) {
			used++
		}
	}
	return used
}

// Gold against online engagement says what each figure rests on: the
// resamples a row's intervals used of the 1,000 drawn (counted here from
// the documented draws), why a ρ or τ-b is undefined (the landing gold is
// 1 on every pane), and that six panes are few; in the text, --json and
// --csv.
func TestOnlineFiguresSayTheirBasis(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := onlineDB(t, bin, dir)
	var doc struct {
		Online struct {
			Rows []struct {
				Type              string
				Impression        string `json:"impression_level"`
				N                 int
				Rho               *float64 `json:"spearman_rho"`
				Replicates        int
				Used              int    `json:"replicates_used"`
				Undefined         string `json:"undefined_why"`
				IntervalUndefined string `json:"interval_undefined_why"`
				Warning           string
			}
		} `json:"online_offline"`
	}
	r := runBin(t, bin, db, "stats", "--dataset", "manual", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || len(doc.Online.Rows) != 12 {
		t.Fatalf("stats --json: %v %+v\n%s", err, doc, r.stderr)
	}
	text := runBin(t, bin, db, "stats", "--dataset", "manual").stdout
	if strings.Contains(text, "1,000 resamples") {
		t.Errorf("the text claims 1,000 resamples for every row:\n%s", text)
	}
	for _, row := range doc.Online.Rows {
		var x, y []float64
		for _, p := range onlinePanes {
			if row.Impression != "all" && row.Impression != p.impression {
				continue
			}
			x = append(x, map[string]float64{"question": p.question, "answer_set": p.set, "landing": 1}[row.Type])
			y = append(y, p.engage)
		}
		what := row.Type + " " + row.Impression
		line := regexp.MustCompile(`(?m)^` + row.Type + `\s+` + row.Impression + `\s+` + fmt.Sprint(len(x)) + `\s.*$`).FindString(text)
		if row.N != len(x) || line == "" {
			t.Fatalf("%s: n %d, want %d; its line %q", what, row.N, len(x), line)
		}
		if slices.Min(x) == slices.Max(x) {
			want := fmt.Sprintf("the gold does not vary: every pane's is %g", x[0])
			if row.Rho != nil || row.Undefined != want || !strings.Contains(line, want) {
				t.Errorf("%s: ρ %v, why %q, line %q; want undefined because %q", what, row.Rho, row.Undefined, line, want)
			}
			continue
		}
		used := usedResamples(x, y)
		if row.Rho == nil || row.Replicates != 1000 || row.Used != used || !strings.Contains(line, fmt.Sprintf(" %d of 1000 ", used)) {
			t.Errorf("%s: resamples %d of %d, line %q; drawn here, %d of 1000 have both varying", what, row.Used, row.Replicates, line, used)
		}
		if row.Warning == "" || !strings.Contains(line, "few panes (under 10)") {
			t.Errorf("%s: %d panes and no warning: %q", what, row.N, line)
		}
	}
	if !strings.Contains(text, "few panes: under 10, a percentile bootstrap interval is too narrow") {
		t.Errorf("no legend for the few-panes warning:\n%s", text)
	}
	csv := runBin(t, bin, db, "stats", "--dataset", "manual", "--csv").stdout
	if !strings.Contains(csv, "undefined_why,the gold does not vary: every pane's is 1") || !strings.Contains(csv, "replicates_used,") {
		t.Errorf("stats --csv lacks the reasons and resamples:\n%s", csv)
	}
}
