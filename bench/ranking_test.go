package bench

import (
	"math"
	"testing"
)

// A small run with ties, worked by hand with trec_eval's conventions.
//
// q1 judged d1:2 d2:0 d3:1 d4:2; run d2 .9, d3 .9, d4 .9, d5 .7 (unjudged),
// d1 .5. The three-way tie at .9 goes by docno descending: d4 d3 d2, then
// d5, d1, so the gains by rank are 2 1 0 0 2. The ideal ranking is 2 2 1.
// q2 is judged with nothing relevant: every metric 0.
// q3 is in the run but not judged and q4 judged but not in the run: both
// are left out of the means.
func smallRun() (Run, Qrels) {
	run := Run{
		"q1": {{"d1", .5}, {"d2", .9}, {"d3", .9}, {"d4", .9}, {"d5", .7}},
		"q2": {{"a", 1}, {"b", 0.5}},
		"q3": {{"x", 1}},
	}
	qrels := Qrels{
		"q1": {"d1": 2, "d2": 0, "d3": 1, "d4": 2},
		"q2": {"a": 0, "b": 0},
		"q4": {"y": 2},
	}
	return run, qrels
}

func TestScoreByHand(t *testing.T) {
	t.Parallel()
	run, qrels := smallRun()
	got, err := Score(run["q1"], qrels["q1"])
	if err != nil {
		t.Fatal(err)
	}
	l2 := math.Log2
	idcg3 := 2 + 2/l2(3) + 1/l2(4)
	want := map[string]float64{
		"ndcg@1": 2.0 / 2,
		"ndcg@3": (2 + 1/l2(3)) / idcg3,
		"ndcg@5": (2 + 1/l2(3) + 2/l2(6)) / idcg3, // the ideal has only 3 relevant
		"mrr":    1,
		"p@1":    1,
		"p@3":    2.0 / 3,
	}
	for i, name := range metricNames() {
		near(t, "q1 "+name, got[i], want[name])
	}
}

func TestEvaluateMeansOverQueriesInBoth(t *testing.T) {
	t.Parallel()
	run, qrels := smallRun()
	r, err := Evaluate(run, qrels)
	if err != nil {
		t.Fatal(err)
	}
	if r.Queries != 2 {
		t.Fatalf("queries = %d, want 2 (q1 and q2)", r.Queries)
	}
	q1, _ := Score(run["q1"], qrels["q1"])
	for i, m := range r.Metrics {
		near(t, m.Name, m.Value.X, q1[i]/2) // q2 scores 0 throughout
	}
	// The means worked by hand, rounded to the 4 decimals trec_eval prints.
	rounded := map[string]float64{"ndcg@1": 0.5, "ndcg@3": 0.3497, "ndcg@5": 0.4525, "mrr": 0.5, "p@1": 0.5, "p@3": 0.3333}
	for _, m := range r.Metrics {
		if got := math.Round(m.Value.X*1e4) / 1e4; got != rounded[m.Name] {
			t.Errorf("%s = %.4f, want %.4f", m.Name, got, rounded[m.Name])
		}
	}
}

func TestOrderTiesByDocnoDescending(t *testing.T) {
	t.Parallel()
	// Byte order, as strcmp: "9" sorts after "10", so it ranks first.
	got, err := Order([]Doc{{"10", 1}, {"9", 1}, {"2", 3}, {"11", 1}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"2", "9", "11", "10"}
	for i, d := range got {
		if d.ID != want[i] {
			t.Fatalf("order = %v, want %v", got, want)
		}
	}
}

func TestScoreRefusesDuplicateDocument(t *testing.T) {
	t.Parallel()
	if _, err := Score([]Doc{{"a", 1}, {"a", 2}}, map[string]int{"a": 1}); err == nil {
		t.Error("a document retrieved twice was accepted")
	}
}

func TestPrecisionDividesByK(t *testing.T) {
	t.Parallel()
	// One relevant document retrieved, alone: P@3 is 1/3, not 1.
	s, err := Score([]Doc{{"a", 1}}, map[string]int{"a": 1})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "p@3", s[5], 1.0/3)
	near(t, "mrr", s[3], 1)
}

func TestEvaluateNothingInCommon(t *testing.T) {
	t.Parallel()
	r, err := Evaluate(Run{"a": {{"x", 1}}}, Qrels{"b": {"x": 1}})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range r.Metrics {
		if m.Value.Defined {
			t.Errorf("%s = %v over no queries, want undefined", m.Name, m.Value.X)
		}
	}
}
