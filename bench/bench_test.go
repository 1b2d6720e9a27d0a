package bench

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkEvaluate scores a 100,000-line run (20,000 queries of 5
// documents, scores drawn from 4 values so ties abound) in memory.
func BenchmarkEvaluate(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	run, qrels := Run{}, Qrels{}
	for q := range 20000 {
		id := fmt.Sprintf("q%d", q)
		qrels[id] = map[string]int{}
		for d := 1; d <= 5; d++ {
			doc := fmt.Sprint(d)
			run[id] = append(run[id], Doc{ID: doc, Score: float64(rng.IntN(4))})
			qrels[id][doc] = rng.IntN(3)
		}
	}
	b.ResetTimer()
	for range b.N {
		if r, err := Evaluate(run, qrels); err != nil || r.Queries != 20000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkRestore scores 10,000 answers of 5 nuggets and summarises them.
func BenchmarkRestore(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	answers := make([][]Nugget, 10000)
	for i := range answers {
		for range 5 {
			answers[i] = append(answers[i], Nugget{Weight: float64(1 + rng.IntN(3)), Coverage: Coverage(rng.IntN(3))})
		}
	}
	b.ResetTimer()
	for range b.N {
		scores := make([]float64, 0, len(answers))
		for _, a := range answers {
			s, err := RestoreScore(a)
			if err != nil {
				b.Fatal(err)
			}
			scores = append(scores, s)
		}
		if Summarise(scores).N != 10000 {
			b.Fatal("lost answers")
		}
	}
}
