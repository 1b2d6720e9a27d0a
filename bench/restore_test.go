package bench

import (
	"errors"
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-9 {
		t.Errorf("%s = %.12g, want %.12g", what, got, want)
	}
}

func TestRestoreScoreByHand(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		nuggets []Nugget
		want    float64
	}{
		// 100 · (3·1 + 2·0.5 + 1·0) / 6
		{"weighted", []Nugget{{3, Full}, {2, Partial}, {1, None}}, 100 * 4.0 / 6},
		// fractional weights: (0.5·0.5 + 0.25 + 0.25) / 1
		{"fractions", []Nugget{{0.5, Partial}, {0.25, Full}, {0.25, Full}}, 75},
		{"all full", []Nugget{{1, Full}, {7, Full}}, 100},
		{"all none", []Nugget{{1, None}, {7, None}}, 0},
		// a zero-weight nugget counts for nothing either way
		{"zero weight", []Nugget{{0, Full}, {2, Partial}}, 50},
	}
	for _, c := range cases {
		got, err := RestoreScore(c.nuggets)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		near(t, c.name, got, c.want)
	}
}

func TestRestoreScoreRefuses(t *testing.T) {
	t.Parallel()
	if _, err := RestoreScore([]Nugget{{0, Full}}); !errors.Is(err, ErrNoWeight) {
		t.Errorf("weights summing to 0: err = %v, want ErrNoWeight", err)
	}
	if _, err := RestoreScore(nil); !errors.Is(err, ErrNoWeight) {
		t.Errorf("no nuggets: err = %v, want ErrNoWeight", err)
	}
	for _, n := range []Nugget{{-1, Full}, {math.NaN(), Full}, {1, Coverage(3)}} {
		if _, err := RestoreScore([]Nugget{n, {1, Full}}); err == nil {
			t.Errorf("%+v was accepted", n)
		}
	}
}

// The examples in numpy.percentile's documentation (default method,
// "linear"): a = [[10, 7, 4], [3, 2, 1]]; percentile(a, 50) = 3.5 and,
// per column, [6.5, 4.5, 2.5].
func TestPercentileNumpyExamples(t *testing.T) {
	t.Parallel()
	near(t, "median of a", Percentile([]float64{1, 2, 3, 4, 7, 10}, 50), 3.5)
	for i, col := range [][]float64{{3, 10}, {2, 7}, {1, 4}} {
		near(t, "median of column", Percentile(col, 50), []float64{6.5, 4.5, 2.5}[i])
	}
}

func TestPercentileByHand(t *testing.T) {
	t.Parallel()
	xs := []float64{15, 20, 35, 40, 50}
	near(t, "p90", Percentile(xs, 90), 46)   // index 3.6: 40 + 0.6·10
	near(t, "p50", Percentile(xs, 50), 35)   // index 2
	near(t, "p0", Percentile(xs, 0), 15)     // the smallest
	near(t, "p100", Percentile(xs, 100), 50) // the largest
	near(t, "one value", Percentile([]float64{42}, 90), 42)
	near(t, "p90 of 1..4", Percentile([]float64{1, 2, 3, 4}, 90), 3.7) // index 2.7
}

func TestSummarise(t *testing.T) {
	t.Parallel()
	s := Summarise([]float64{50, 15, 40, 35, 20}) // unsorted on purpose
	if s.N != 5 {
		t.Fatalf("N = %d", s.N)
	}
	near(t, "mean", s.Mean.X, 32)
	near(t, "p50", s.P50.X, 35)
	near(t, "p90", s.P90.X, 46)
	empty := Summarise(nil)
	if empty.Mean.Defined || empty.P50.Defined || empty.P90.Defined || empty.N != 0 {
		t.Errorf("summary of nothing = %+v, want undefined", empty)
	}
	if got := empty.Mean.Format(3); got != "–" {
		t.Errorf("undefined prints %q", got)
	}
}
