package bench

import (
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// Classify against a plain confusion matrix over random predictions:
// accuracy from its diagonal, each label's F1 from its row and column,
// kappa from the marginals, computed here without Classify's maps.
func TestClassifyAgainstConfusionMatrix(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	labels := []string{"yes", "no", "none", "1", "2"}
	for trial := range 300 {
		n, k := 1+rng.IntN(60), 2+rng.IntN(len(labels)-1)
		var preds []Prediction
		var m [5][5]float64 // gold row, predicted column
		for range n {
			g, p := rng.IntN(k), rng.IntN(k)
			if rng.IntN(3) == 0 {
				p = g
			}
			preds = append(preds, Prediction{labels[g], labels[p]})
			m[g][p]++
		}
		var diag, chance, f1sum float64
		seen := 0
		for i := range k {
			var row, col float64
			for j := range k {
				row += m[i][j]
				col += m[j][i]
			}
			diag += m[i][i]
			chance += row * col / float64(n*n)
			if row+col > 0 {
				seen++
				f1sum += 2 * m[i][i] / (row + col)
			}
		}
		c := Classify(preds)
		acc := diag / float64(n)
		if math.Abs(c.Accuracy.X-acc) > 1e-9 || math.Abs(c.MacroF1.X-f1sum/float64(seen)) > 1e-9 {
			t.Fatalf("trial %d: %+v, want accuracy %v macro-F1 %v", trial, c, acc, f1sum/float64(seen))
		}
		if chance < 1 && math.Abs(c.Kappa.X-(acc-chance)/(1-chance)) > 1e-9 {
			t.Fatalf("trial %d: kappa %v, want %v", trial, c.Kappa.X, (acc-chance)/(1-chance))
		}
	}
}

// TokenF1 against a second reading of its definition: words found by a
// regular expression, stop words dropped, the overlap counted by merging
// the two sorted word lists.
func TestTokenF1AgainstSortedMerge(t *testing.T) {
	word := regexp.MustCompile(`[\p{L}\p{N}]+`)
	tokens := func(s string) []string {
		var out []string
		for _, w := range word.FindAllString(strings.ToLower(s), -1) {
			if !StopWords[w] {
				out = append(out, w)
			}
		}
		slices.Sort(out)
		return out
	}
	vocab := []string{"The", "jaguar", "car", "CAR", "animal,", "which", "do", "you", "mean?", "Perú", "city", "x2",
		"don't", "visa", "country", "a", "an", "of", "trip!", "año"}
	rng := rand.New(rand.NewPCG(3, 5))
	text := func() string {
		var w []string
		for range rng.IntN(12) {
			w = append(w, vocab[rng.IntN(len(vocab))])
		}
		return strings.Join(w, " ")
	}
	for trial := range 2000 {
		g, r := text(), text()
		a, b := tokens(g), tokens(r)
		common := 0
		for i, j := 0, 0; i < len(a) && j < len(b); {
			switch {
			case a[i] == b[j]:
				common++
				i++
				j++
			case a[i] < b[j]:
				i++
			default:
				j++
			}
		}
		want := 0.0
		switch {
		case len(a) == 0 && len(b) == 0:
			want = 1
		case common > 0:
			want = 2 * float64(common) / float64(len(a)+len(b)) // the harmonic mean of P and R
		}
		if got := TokenF1(g, r); math.Abs(got-want) > 1e-9 {
			t.Fatalf("trial %d: TokenF1(%q, %q) = %v, want %v", trial, g, r, got, want)
		}
	}
}
