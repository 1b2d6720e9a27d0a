package report_test

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/claritty/claritty/report"
)

// A worked answer: three sentences; the first cites two segments (full,
// partial), the second one (none), the third nothing. Precision is
// (1 + ½ + 0) / 3 pairs; recall is (1 + 0 + 0) / 3 sentences.
func TestSupportWorkedAnswer(t *testing.T) {
	p, r := report.SupportPrecisionRecall([][]float64{{1, 0.5}, {0}, nil})
	if math.Abs(p-0.5) > 1e-12 || math.Abs(r-1.0/3) > 1e-12 {
		t.Fatalf("precision %v recall %v, want 0.5 and 1/3", p, r)
	}
}

// judged is one (sentence, citation) judgment as a flat list gives it:
// the counting the metric's definition reads, done apart from the scorer.
type judged struct {
	sentence int
	label    string // "full", "partial", "none"
}

// countSupport computes an answer's figures by counting labels: precision
// is (full + partial/2) over the pairs; a sentence counts 1 when any of
// its citations is full, ½ when the best is partial.
func countSupport(sentences int, pairs []judged) (float64, float64) {
	full, partial := 0, 0
	best := make([]string, sentences)
	for _, j := range pairs {
		switch j.label {
		case "full":
			full++
			best[j.sentence] = "full"
		case "partial":
			partial++
			if best[j.sentence] != "full" {
				best[j.sentence] = "partial"
			}
		}
	}
	var p, r float64
	if len(pairs) > 0 {
		p = (float64(full) + float64(partial)/2) / float64(len(pairs))
	}
	for _, b := range best {
		switch b {
		case "full":
			r++
		case "partial":
			r += 0.5
		}
	}
	if sentences > 0 {
		r /= float64(sentences)
	}
	return p, r
}

func TestSupportScoresMatchACount(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 45))
	labels := []string{"full", "partial", "none"}
	weight := map[string]float64{"full": report.FullSupport, "partial": report.PartialSupport, "none": 0}
	var answers []report.SupportAnswer
	want := map[string][2]float64{}
	n := map[string]int{}
	for a := range 300 {
		run := []string{"r1", "r2", "r3"}[a%3]
		sentences := 1 + rng.IntN(8)
		var pairs []judged
		cites := make([][]float64, sentences)
		for s := range sentences {
			for range rng.IntN(4) {
				l := labels[rng.IntN(3)]
				pairs = append(pairs, judged{s, l})
				cites[s] = append(cites[s], weight[l])
			}
		}
		unjudged := 0
		if a%17 == 0 {
			unjudged = 1 // not scored, and counted apart
		} else {
			p, r := countSupport(sentences, pairs)
			w := want[run]
			want[run] = [2]float64{w[0] + p, w[1] + r}
			n[run]++
		}
		answers = append(answers, report.SupportAnswer{Run: run, Topic: "t", Sentences: cites, Unjudged: unjudged})
	}
	got := report.SupportScores(answers)
	if len(got) != 3 {
		t.Fatalf("%d runs, want 3", len(got))
	}
	for _, s := range got {
		w, k := want[s.Run], float64(n[s.Run])
		if s.Answers != n[s.Run] || s.Unscored != 100-n[s.Run] {
			t.Errorf("%s: %d answers, %d unscored; want %d and %d", s.Run, s.Answers, s.Unscored, n[s.Run], 100-n[s.Run])
		}
		if math.Abs(s.Precision-w[0]/k) > 1e-12 || math.Abs(s.Recall-w[1]/k) > 1e-12 {
			t.Errorf("%s: precision %v recall %v, want %v and %v", s.Run, s.Precision, s.Recall, w[0]/k, w[1]/k)
		}
	}
}

// A run none of whose answers is scored yet has no figures: null in JSON,
// not the 0 of a run whose citations support nothing; a scored run's
// figures are numbers.
func TestSupportScoreWithNoAnswerIsNull(t *testing.T) {
	got := report.SupportScores([]report.SupportAnswer{
		{Run: "judged", Sentences: [][]float64{{0}}},
		{Run: "waiting", Sentences: [][]float64{{1}}, Unjudged: 1},
	})
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"run":"judged","answers":1,"unscored":0,"weighted_precision":0,"weighted_recall":0},` +
		`{"run":"waiting","answers":0,"unscored":1,"weighted_precision":null,"weighted_recall":null}]`
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	lines := strings.Join(report.SupportLines(report.DatasetSupport{Dataset: "d", Runs: got}), "\n")
	if !strings.Contains(lines, "N/A") || strings.Count(lines, "0.0000") != 2 {
		t.Errorf("bench's lines:\n%s", lines)
	}
}
