package datatest

import (
	"math"
	"testing"
)

// wikipediaPairs is the worked example of Wikipedia's "Cohen's kappa"
// article: 50 grant proposals read by two readers, yes (1) or no (0):
// both yes 20, A yes and B no 5, A no and B yes 10, both no 15.
func wikipediaPairs() (a, b []int) {
	for _, c := range []struct{ a, b, n int }{{1, 1, 20}, {1, 0, 5}, {0, 1, 10}, {0, 0, 15}} {
		for range c.n {
			a, b = append(a, c.a), append(b, c.b)
		}
	}
	return a, b
}

// The references the figure tests check against are themselves held to
// a worked example, so a slip in one cannot pass for agreement with the
// code it checks. Cohen's κ is the article's 0.4 (p_o 0.7, p_e 0.5).
func TestCohenKappaWikipedia(t *testing.T) {
	a, b := wikipediaPairs()
	if got := CohenKappa(a, b); math.Abs(got-0.4) > 1e-12 {
		t.Errorf("Cohen's κ of the Wikipedia example %v, published 0.4", got)
	}
}

// Gwet's AC1 of the same 50 proposals, by hand from Gwet (2008): p_a 0.7;
// π_yes the mean share of yes, (25 + 30)/100 = 0.55; chance agreement
// Σ π_k (1 − π_k) / (q − 1) = 2 · 0.55 · 0.45 = 0.495; AC1 = 0.205/0.505.
// On categories 1 and 2 (GwetAC1 counts from 1), yes 2 and no 1.
func TestGwetAC1ByHand(t *testing.T) {
	a, b := wikipediaPairs()
	var units [][]int
	for i := range a {
		units = append(units, []int{a[i] + 1, b[i] + 1})
	}
	if got, want := GwetAC1(units, 2), 0.205/0.505; math.Abs(got-want) > 1e-12 {
		t.Errorf("AC1 of the Wikipedia example %v, by hand %v", got, want)
	}
}
