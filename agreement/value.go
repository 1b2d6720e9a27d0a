package agreement

import (
	"encoding/json"
	"math"
	"strconv"
)

// Value is a coefficient that may be undefined: chance agreement of 1, or
// too few rated items. Undefined is shown as such (JSON null), never as 0 or
// NaN.
type Value struct {
	V       float64
	Defined bool
}

func defined(v float64) Value { return Value{V: v, Defined: true} }

var undefined = Value{}

// ratio is (a - b) / (1 - b), the shape of every chance-corrected
// coefficient here; undefined when chance agreement b is 1.
func ratio(a, b float64) Value {
	if 1-b <= epsilon {
		return undefined
	}
	return defined((a - b) / (1 - b))
}

// epsilon absorbs rounding: a chance agreement within it of 1 is 1.
const epsilon = 1e-12

// MarshalJSON writes the number, or null when undefined.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.Defined || math.IsNaN(v.V) || math.IsInf(v.V, 0) {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v.V, 'g', -1, 64), nil
}

// String is the value to 3 decimals, or "undefined".
func (v Value) String() string {
	if !v.Defined {
		return "undefined"
	}
	return strconv.FormatFloat(v.V, 'f', 3, 64)
}

// Interval is a confidence interval, or undefined. A bootstrap interval
// says how many replicates it rests on: those where its coefficient is
// defined (the others are dropped).
type Interval struct {
	Lo, Hi  float64
	Defined bool
	Used    int
}

// MarshalJSON writes [lo, hi], or null when undefined.
func (iv Interval) MarshalJSON() ([]byte, error) {
	if !iv.Defined {
		return []byte("null"), nil
	}
	return json.Marshal([2]float64{iv.Lo, iv.Hi})
}

// String is "[lo, hi]" to 3 decimals, or "undefined".
func (iv Interval) String() string {
	if !iv.Defined {
		return "undefined"
	}
	return "[" + strconv.FormatFloat(iv.Lo, 'f', 3, 64) + ", " + strconv.FormatFloat(iv.Hi, 'f', 3, 64) + "]"
}
