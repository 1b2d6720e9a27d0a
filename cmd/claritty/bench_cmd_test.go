package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Benchmark runs from the command line: gold nuggets, two systems'
// answers, judgements, then bench --json, the nugget-judgements export
// and a refused run.
func TestBenchCommands(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	gold := write("gold.jsonl", `{"id": "q1", "query": "golden gate", "nuggets": [{"id": "n1", "text": "1937", "weight": 3}, {"id": "n2", "text": "Strauss", "weight": 1}]}
{"id": "q2", "query": "espresso", "gold": {"nuggets": [{"id": "n1", "text": "63 mg", "weight": 1}]}}
`)
	if r := runBin(t, bin, db, "import", gold); r.code != 0 || !strings.Contains(r.stderr, "2 intents added") {
		t.Fatalf("gold: %d %q", r.code, r.stderr)
	}
	a := write("a.jsonl", `{"id": "q1", "answer": "1937", "k": 1}`+"\n"+`{"id": "q2", "answer": "60 mg", "k": 1}`+"\n")
	b := write("b.jsonl", `{"id": "q1", "answer": "a bridge"}`+"\n")
	if r := runBin(t, bin, db, "bench", "add", "--kind", "nuggets", "--name", "sys-a", a); r.code != 0 || !strings.Contains(r.stderr, "2 answers added") {
		t.Fatalf("run a: %d %q", r.code, r.stderr)
	}
	if r := runBin(t, bin, db, "import", "--format", "candidates", "--system", "sys-b", b); r.code != 0 {
		t.Fatalf("run b: %d %q", r.code, r.stderr)
	}
	labels := write("l.tsv", "item\tunit\tannotator\tlabel\n"+
		"q1@sys-a\tnugget_1\tann\tfull\nq1@sys-a\tnugget_2\tann\tnone\nq2@sys-a\tnugget_1\tann\tpartial\n"+
		"q1@sys-b\tnugget_1\tann\tnone\n")
	if r := runBin(t, bin, db, "import", labels); r.code != 0 {
		t.Fatalf("labels: %q", r.stderr)
	}
	// One annotator judged everything: the gold is provisional, and only
	// --provisional scores it.
	if text := squeeze(runBin(t, bin, db, "bench").stdout); !strings.Contains(text, "sys-a 1 – – – 0/2* 0 settled · 2 provisional not scored\n") ||
		!strings.Contains(text, "scored on settled gold; --provisional also scores") {
		t.Errorf("bench without --provisional:\n%s", text)
	}
	r := runBin(t, bin, db, "bench", "--json", "--provisional")
	var got struct {
		Runs []struct {
			Name, Kind string
			Metrics    map[string]*float64
			Items      int
			Complete   bool
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || r.code != 0 || len(got.Runs) != 2 {
		t.Fatalf("bench --json: %v %d\n%s", err, r.code, r.stdout)
	}
	// sys-a: q1 (3·1 + 1·0)/4 = 75, q2 0.5/1 = 50; p90 = 50 + 0.9·25.
	ra, rb := got.Runs[0], got.Runs[1]
	want := map[string]float64{"restore_mean": 62.5, "restore_p50": 62.5, "restore_p90": 72.5}
	for k, v := range want {
		if ra.Metrics[k] == nil || math.Abs(*ra.Metrics[k]-v) > 1e-9 {
			t.Errorf("sys-a %s = %v, want %v", k, ra.Metrics[k], v)
		}
	}
	if ra.Name != "sys-a" || ra.Items != 2 || !ra.Complete || rb.Items != 0 || rb.Metrics["restore_mean"] != nil || rb.Complete {
		t.Errorf("runs %+v", got.Runs)
	}
	text := runBin(t, bin, db, "bench", "--provisional").stdout
	if !strings.Contains(squeeze(text), "sys-a 1 62.500 62.500 72.500 2 0 settled + 2 provisional\n") ||
		!strings.Contains(squeeze(text), "sys-b – – – – 0/1* 0 settled · 1 missing") {
		t.Errorf("bench table:\n%s", text)
	}
	out := filepath.Join(dir, "per_item.jsonl")
	if r := runBin(t, bin, db, "export", "--format", "nugget-judgements", "--include-incomplete", "--out", out); r.code != 0 {
		t.Fatalf("export: %q", r.stderr)
	}
	body, _ := os.ReadFile(out)
	if !strings.Contains(string(body), `{"id":"q1","system":"sys-a","k":1,"restore_score_100":75,"nuggets":[{"id":"n1","weight":3,"coverage":"full"},{"id":"n2","weight":1,"coverage":"none"}]}`) {
		t.Errorf("nugget judgements:\n%s", body)
	}

	before := dbBytes(t, db)
	bad := write("bad.jsonl", `{"id": "q1", "answer": "x"}`+"\n"+`{"id": "q9", "answer": "y"}`+"\n")
	r = runBin(t, bin, db, "bench", "add", "--kind", "nuggets", "--name", "sys-c", bad)
	if r.code == 0 || !strings.Contains(r.stderr, "bad.jsonl:2: unknown intent \"q9\"") {
		t.Errorf("bad run: %d %q", r.code, r.stderr)
	}
	if dbBytes(t, db) != before {
		t.Error("a refused run changed the database")
	}
}

// squeeze makes every run of spaces one, line by line.
func squeeze(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		out = append(out, strings.Join(strings.Fields(l), " "))
	}
	return strings.Join(out, "\n")
}
