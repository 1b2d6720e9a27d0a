package agreement

import (
	"io"
	"math/rand/v2"
	"strconv"
	"testing"
)

// benchStudy is the load: 400,000 panes × 7 units × 3 of 30
// annotators, labels that mostly agree.
func benchStudy() *Study {
	rng := rand.New(rand.NewPCG(1, 2))
	st := &Study{Scale: mimicsScale, Types: []string{"question", "answer_set", "landing"}}
	for r := range 30 {
		st.Raters = append(st.Raters, "annotator"+strconv.Itoa(r))
	}
	units := []string{"question", "answer_set", "landing_1", "landing_2", "landing_3", "landing_4", "landing_5"}
	ratings := make([]Rating, 400000*7*3)
	for range 400000 {
		item := strconv.FormatUint(rng.Uint64(), 16)
		raters := rng.Perm(30)[:3]
		for u, unit := range units {
			truth := rng.IntN(3)
			rs := ratings[:3:3]
			ratings = ratings[3:]
			for j, r := range raters {
				c := truth
				if rng.Float64() < 0.3 {
					c = rng.IntN(3)
				}
				rs[j] = Rating{Rater: r, Category: c}
			}
			st.Subjects = append(st.Subjects, Subject{Item: item, Unit: unit, Type: min(u, 2), Ratings: rs})
		}
	}
	return st
}

// BenchmarkReport computes the whole report, bootstrap included, for the
// study above; …/json also writes it out (2.8 million majority rows).
//
//	go test ./agreement -run '^$' -bench Report -benchtime 5x
func BenchmarkReport(b *testing.B) {
	st := benchStudy()
	b.Run("analyze", func(b *testing.B) {
		for range b.N {
			Analyze(st, DefaultOptions)
		}
	})
	b.Run("analyze+json", func(b *testing.B) {
		for range b.N {
			if err := Analyze(st, DefaultOptions).WriteJSON(io.Discard); err != nil {
				b.Fatal(err)
			}
		}
	})
}
