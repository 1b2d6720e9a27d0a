package report

import (
	"math"
	"testing"
)

// Hand-worked: ratings 1, 2, 4, 5 have mean 3, population std √2.5 and
// median 3 (the mean of 2 and 4).
func TestClariMMStatsHandWorked(t *testing.T) {
	t.Parallel()
	m := metricStats("coherence", []float64{5, 1, 4, 2})
	if m.N != 4 || *m.Mean != 3 || math.Abs(*m.Std-math.Sqrt(2.5)) > 1e-15 || *m.Median != 3 {
		t.Fatalf("%+v", m)
	}
	if e := metricStats("diversity", nil); e.Mean != nil || e.N != 0 {
		t.Fatalf("no ratings %+v", e)
	}
}
