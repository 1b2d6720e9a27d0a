package report

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkBaseline is one label type's baseline over 3,000 items of five
// units, each labelled by four people: the bootstrap's 1,000 resamples are
// most of it (BENCHMARKS.md).
func BenchmarkBaseline(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var us []baselineUnit
	for i := range 3000 {
		for range 5 {
			u := baselineUnit{item: int64(i), run: rng.IntN(3), gold: rng.IntN(3)}
			for a := range 4 {
				u.person, u.said, u.other = append(u.person, int64(a)), append(u.said, rng.IntN(3)), append(u.other, rng.IntN(3))
			}
			us = append(us, u)
		}
	}
	for b.Loop() {
		baselineOf("answer_set", true, us)
	}
}
