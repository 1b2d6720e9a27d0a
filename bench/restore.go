package bench

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Coverage is how much of a gold nugget an answer restores.
type Coverage int

// The three judgements of Clarify-Then-Search, valued as labels 0/1/2.
const (
	None    Coverage = 0
	Partial Coverage = 1
	Full    Coverage = 2
)

// credit is s(cov): full 1, partial 0.5, none 0.
func (c Coverage) credit() float64 { return float64(c) / 2 }

// Nugget is one weighted gold nugget and how the answer covers it.
type Nugget struct {
	Weight   float64
	Coverage Coverage
}

// ErrNoWeight means an intent's nuggets weigh nothing in all, so no answer
// can be scored against them.
var ErrNoWeight = errors.New("the nuggets' weights sum to zero")

// RestoreScore is restore_score_100 = 100 · Σ w·s(cov) / Σ w, with
// s(full)=1, s(partial)=0.5, s(none)=0 (Clarify-Then-Search).
func RestoreScore(nuggets []Nugget) (float64, error) {
	var num, den float64
	for i, n := range nuggets {
		if n.Weight < 0 || math.IsNaN(n.Weight) || math.IsInf(n.Weight, 0) {
			return 0, fmt.Errorf("nugget %d: weight %v is not a non-negative number", i+1, n.Weight)
		}
		if n.Coverage < None || n.Coverage > Full {
			return 0, fmt.Errorf("nugget %d: coverage %d is not none, partial or full", i+1, n.Coverage)
		}
		num += n.Weight * n.Coverage.credit()
		den += n.Weight
	}
	if den == 0 {
		return 0, ErrNoWeight
	}
	return 100 * num / den, nil
}

// Summary is a system's row in the Clarify-Then-Search tables.
type Summary struct {
	Mean, P50, P90 Value
	N              int // answers scored
}

// Summarise gives the mean, median and 90th percentile of restore scores.
func Summarise(scores []float64) Summary {
	s := Summary{N: len(scores)}
	if len(scores) == 0 {
		return s
	}
	sorted := slices.Clone(scores)
	slices.Sort(sorted)
	var sum float64
	for _, x := range sorted {
		sum += x
	}
	s.Mean = Of(sum / float64(len(sorted)))
	s.P50 = Of(Percentile(sorted, 50))
	s.P90 = Of(Percentile(sorted, 90))
	return s
}

// Percentile is the p-th percentile (0-100) of sorted values, interpolating
// linearly between the two closest ranks: the value at fractional index
// (n-1)·p/100. This is numpy.percentile's default method ("linear", type 7
// of Hyndman and Fan). sorted must be ascending and not empty.
func Percentile(sorted []float64, p float64) float64 {
	h := float64(len(sorted)-1) * p / 100
	lo := int(math.Floor(h))
	if lo >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	frac := h - float64(lo)
	return sorted[lo] + frac*(sorted[lo+1]-sorted[lo])
}
