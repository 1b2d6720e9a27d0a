package agreement

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The functions below compute the same coefficients a second way, straight
// from the definitions by enumerating rater pairs, with none of the
// pattern, coincidence-matrix or pair-table machinery of the package.

type naiveSubject [][2]int // (rater, category)

func naiveKappa(subjects []naiveSubject, q int) (po, pe, kappa, ac1 float64) {
	var n1, n2 float64
	pi := make([]float64, q)
	for _, s := range subjects {
		m := len(s)
		if m == 0 {
			continue
		}
		n1++
		for _, r := range s {
			pi[r[1]] += 1 / float64(m)
		}
		if m < 2 {
			continue
		}
		n2++
		agree, pairs := 0.0, 0.0
		for i := range s {
			for j := range s {
				if i != j {
					pairs++
					if s[i][1] == s[j][1] {
						agree++
					}
				}
			}
		}
		po += agree / pairs
	}
	po /= n2
	var g float64
	for k := range pi {
		pi[k] /= n1
		pe += pi[k] * pi[k]
		g += pi[k] * (1 - pi[k])
	}
	g /= float64(q - 1)
	return po, pe, (po - pe) / (1 - pe), (po - g) / (1 - g)
}

// naiveAlpha is Krippendorff's pairwise definition: D_o averages δ² over
// the pairs inside each unit (each weighted 1/(m−1)), D_e over all pairs of
// pairable values anywhere.
func naiveAlpha(subjects []naiveSubject, q int, delta func(a, b int, freq []float64) float64) float64 {
	var values []int
	freq := make([]float64, q)
	for _, s := range subjects {
		if len(s) < 2 {
			continue
		}
		for _, r := range s {
			values = append(values, r[1])
			freq[r[1]]++
		}
	}
	n := float64(len(values))
	do := 0.0
	for _, s := range subjects {
		if len(s) < 2 {
			continue
		}
		for i := range s {
			for j := range s {
				if i != j {
					do += delta(s[i][1], s[j][1], freq) / float64(len(s)-1)
				}
			}
		}
	}
	do /= n
	de := 0.0
	for i := range values {
		for j := range values {
			if i != j {
				de += delta(values[i], values[j], freq)
			}
		}
	}
	de /= n * (n - 1)
	return 1 - do/de
}

func naiveOrdinal(a, b int, freq []float64) float64 {
	if a > b {
		a, b = b, a
	}
	s := -(freq[a] + freq[b]) / 2
	for g := a; g <= b; g++ {
		s += freq[g]
	}
	return s * s
}

func naiveCohen(subjects []naiveSubject, ra, rb, q int) (int, float64) {
	var n, agree float64
	pa, pb := make([]float64, q), make([]float64, q)
	for _, s := range subjects {
		a, b := -1, -1
		for _, r := range s {
			if r[0] == ra {
				a = r[1]
			}
			if r[0] == rb {
				b = r[1]
			}
		}
		if a < 0 || b < 0 {
			continue
		}
		n++
		pa[a]++
		pb[b]++
		if a == b {
			agree++
		}
	}
	pe := 0.0
	for k := range pa {
		pe += pa[k] / n * pb[k] / n
	}
	return int(n), (agree/n - pe) / (1 - pe)
}

// randomStudy has subjects rated by 1–5 of 8 raters, with skewed categories.
func randomStudy(rng *rand.Rand, subjects, q int) (*Study, []naiveSubject) {
	st := &Study{Types: []string{"t"}}
	for k := range q {
		st.Scale.Categories = append(st.Scale.Categories, string(rune('a'+k)))
		st.Scale.Values = append(st.Scale.Values, float64(k*k)) // uneven spacing
	}
	for r := range 8 {
		st.Raters = append(st.Raters, string(rune('A'+r)))
	}
	var naive []naiveSubject
	for i := range subjects {
		truth := rng.IntN(q)
		s := Subject{Item: string(rune(i)), Unit: "u"}
		var ns naiveSubject
		for _, r := range rng.Perm(8)[:1+rng.IntN(5)] {
			c := truth
			if rng.Float64() < 0.4 {
				c = rng.IntN(q)
			}
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: c})
			ns = append(ns, [2]int{r, c})
		}
		st.Subjects = append(st.Subjects, s)
		naive = append(naive, ns)
	}
	return st, naive
}

func close9(t *testing.T, name string, got Value, want float64) {
	t.Helper()
	if !got.Defined || math.Abs(got.V-want) > 1e-9 {
		t.Errorf("%s = %v, independent computation %.12f", name, got, want)
	}
}

func TestAgainstIndependentComputation(t *testing.T) {
	t.Parallel()
	for seed := range uint64(20) {
		rng := rand.New(rand.NewPCG(seed, 7))
		q := 2 + int(seed%4)
		st, naive := randomStudy(rng, 40+rng.IntN(200), q)
		rep := Analyze(st, Options{})
		c := rep.Types[0]
		po, pe, kappa, ac1 := naiveKappa(naive, q)
		close9(t, "observed", c.Observed, po)
		close9(t, "chance", c.Chance, pe)
		close9(t, "fleiss", c.FleissKappa, kappa)
		close9(t, "ac1", c.GwetAC1, ac1)
		close9(t, "alpha nominal", c.AlphaNominal, naiveAlpha(naive, q, func(a, b int, _ []float64) float64 {
			return map[bool]float64{true: 0, false: 1}[a == b]
		}))
		close9(t, "alpha ordinal", c.AlphaOrdinal, naiveAlpha(naive, q, naiveOrdinal))
		close9(t, "alpha interval", c.AlphaInterval, naiveAlpha(naive, q, func(a, b int, _ []float64) float64 {
			d := st.Scale.Values[a] - st.Scale.Values[b]
			return d * d
		}))
		for k := range q {
			binary := make([]naiveSubject, len(naive))
			for i, s := range naive {
				for _, r := range s {
					binary[i] = append(binary[i], [2]int{r[0], map[bool]int{true: 1, false: 0}[r[1] == k]})
				}
			}
			_, _, want, _ := naiveKappa(binary, 2)
			close9(t, "per-category kappa", c.PerCategory[k], want)
		}
		for _, p := range rep.Pairs {
			a, b := indexOf(st.Raters, p.A), indexOf(st.Raters, p.B)
			n, want := naiveCohen(naive, a, b, q)
			if p.Items != n {
				t.Errorf("pair %s-%s: %d items, want %d", p.A, p.B, p.Items, n)
			}
			if n >= 2 && !math.IsNaN(want) && !math.IsInf(want, 0) {
				close9(t, "cohen "+p.A+p.B, p.Kappa, want)
			}
		}
	}
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return -1
}
