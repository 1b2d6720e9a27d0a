// Package bench scores benchmark runs against gold labels: Clarify-Then-Search
// restore scores and their percentiles, trec_eval's ranking metrics (nDCG@k,
// MRR, P@k), the classification metrics ClariLM reports (accuracy,
// macro-F1, Cohen's kappa), ClariLM's token F1 of generated clarifying
// questions, and pairwise comparisons (win / tie / lose shares with Wilson
// intervals, position bias, a Bradley–Terry ranking). It is pure
// computation: no I/O, nothing of the rest of the project.
package bench

import (
	"encoding/json"
	"math"
	"strconv"
)

// Value is a number that may be undefined: a mean of nothing, a kappa whose
// chance agreement is 1. Undefined is shown as such, never as 0 or NaN.
type Value struct {
	X       float64
	Defined bool
}

// Of is a defined value.
func Of(x float64) Value { return Value{X: x, Defined: true} }

// Undefined is the value of a statistic over nothing.
var Undefined = Value{}

// MarshalJSON writes the number, or null when undefined.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.Defined || math.IsNaN(v.X) || math.IsInf(v.X, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(v.X)
}

// Format writes the value with prec decimals, or "–" when undefined.
func (v Value) Format(prec int) string {
	if !v.Defined {
		return "–"
	}
	return strconv.FormatFloat(v.X, 'f', prec, 64)
}
