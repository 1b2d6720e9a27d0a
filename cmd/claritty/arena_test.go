package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// An arena-hard-auto judgment file is a judge run over a compare dataset:
// each line's pair found by its question (uid) and systems (model,
// baseline), its verdict the two games' together, and its flip rate (the
// pairs whose verdict changed with the order, of those scored both ways)
// counted as the test counts it, with Wilson's interval; a bad score is
// refused at its line with nothing kept.
func TestArenaJudgments(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var pairs strings.Builder
	for i := range 30 {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"base": "b%d", "m1": "x%d", "m2": "y%d"}}`+"\n", i, i, i, i, i)
	}
	if r := runBin(t, bin, db, "import", "--against", "base", write("pairs.jsonl", pairs.String())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	scores := []string{"A>>B", "A>B", "A=B", "B>A", "B>>A"}
	modelScore := func(s string, modelIsA bool) float64 {
		a := map[string]float64{"A>>B": 1, "A>B": 1, "A=B": 0.5, "B>A": 0, "B>>A": 0}[s]
		if modelIsA {
			return a
		}
		return 1 - a
	}
	var file strings.Builder
	both, flips, unscored := 0, 0, 0
	want := map[string]string{} // uid → verdict from the model's side
	for i := range 30 {
		for _, m := range []string{"m1", "m2"} {
			g1, g2 := scores[rng.IntN(5)], scores[rng.IntN(5)]
			games := fmt.Sprintf(`[{"score": %q, "judgment": {}}, {"score": %q}]`, g1, g2)
			s := (modelScore(g1, false) + modelScore(g2, true)) / 2
			switch {
			case i == 7 && m == "m1": // a judge that gave no score in game 2
				games = fmt.Sprintf(`[{"score": %q}, {"score": null}]`, g1)
				s = modelScore(g1, false)
			case i == 8 && m == "m1": // none at all: left out
				games = `[null, {"score": null}]`
				unscored++
				s = -1
			default:
				both++
				if modelScore(g1, false) != modelScore(g2, true) {
					flips++
				}
			}
			model, baseline := m, "base"
			if m == "m2" && i%3 == 0 { // the roles the other way: the verdict speaks for base
				model, baseline = "base", "m2"
				if s >= 0 {
					s = 1 - s
				}
			}
			fmt.Fprintf(&file, `{"uid": "q%d", "category": "hard_prompt", "judge": "gpt-4", "model": %q, "baseline": %q, "games": %s}`+"\n",
				i, model, baseline, games)
			uid := fmt.Sprintf("q%d/%s/base", i, m) // the pair's first system is m: its side
			switch {
			case s < 0:
			case s > 0.5:
				want[uid] = "win"
			case s < 0.5:
				want[uid] = "lose"
			default:
				want[uid] = "tie"
			}
		}
	}
	bad := strings.Replace(file.String(), `"A>>B"`, `"A>>>B"`, 1)
	if r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "gpt4", write("bad.jsonl", bad)); r.code == 0 ||
		!strings.Contains(r.stderr, "bad.jsonl:") || !strings.Contains(r.stderr, `score "A>>>B" is none of arena-hard's`) {
		t.Errorf("a bad score: %+v", r)
	}
	r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "gpt4", write("judgments.jsonl", file.String()))
	if r.code != 0 || !strings.Contains(r.stderr, "1 judgments with no score in either game left out") {
		t.Fatalf("bench add: %+v", r)
	}
	// The run's labels are the verdicts, from each pair's first system (the model's) side.
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for uid, v := range want {
		fmt.Fprintf(&labels, "%s\tpreference\tana\t%s\n", uid, v)
	}
	if r := runBin(t, bin, db, "policy", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runBin(t, bin, db, "import", "--format", "labels", write("gold.tsv", labels.String())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r = runBin(t, bin, db, "bench", "--json")
	var got struct {
		Runs []struct {
			Name       string
			Metrics    map[string]*float64
			BothOrders *struct {
				Pairs, Flips int
				Rate         float64 `json:"flip_rate"`
				Low          float64 `json:"flip_rate_low"`
				High         float64 `json:"flip_rate_high"`
			} `json:"both_orders"`
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err, r.stderr)
	}
	if len(got.Runs) != 1 || got.Runs[0].BothOrders == nil {
		t.Fatalf("runs %+v", got.Runs)
	}
	o := got.Runs[0].BothOrders
	const z = 1.959963984540054
	n, p := float64(both), float64(flips)/float64(both)
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	if o.Pairs != both || o.Flips != flips || math.Abs(o.Rate-p) > 1e-12 || math.Abs(o.Low-(centre-half)) > 1e-12 || math.Abs(o.High-(centre+half)) > 1e-12 {
		t.Errorf("both orders %+v; the test counts %d flips of %d pairs, rate %v [%v, %v]", o, flips, both, p, centre-half, centre+half)
	}
	// The gold is the run's own verdicts: it agrees with itself on every pair.
	if a := got.Runs[0].Metrics["accuracy"]; a == nil || *a != 1 {
		t.Errorf("accuracy against its own verdicts: %v (the verdicts stored are not the games' together)", a)
	}
	if r := runBin(t, bin, db, "bench"); !strings.Contains(r.stdout, fmt.Sprintf("gpt4 judged %d pairs in both orders; the verdict changed with the order in %d", both, flips)) {
		t.Errorf("bench text: %s", r.stdout)
	}
}
