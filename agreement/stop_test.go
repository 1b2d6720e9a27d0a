package agreement

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// A report or a fit whose caller has gone stops at once: with Stop closed,
// the most replicates draw no interval and EM runs no round, where the same
// call without it draws them all.
func TestStopEndsTheWork(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	st := &Study{Scale: NewScale([]string{"0", "1", "2"}), Types: []string{"a"}, Raters: []string{"r0", "r1", "r2", "r3"}}
	var ds []DSLabel
	for i := range 500 {
		s := Subject{Item: fmt.Sprint(i), Unit: "u"}
		for r := range 2 + rng.IntN(3) {
			c := rng.IntN(3)
			s.Ratings = append(s.Ratings, Rating{Rater: r, Category: c})
			ds = append(ds, DSLabel{Unit: i, Annotator: r, Class: c})
		}
		st.Subjects = append(st.Subjects, s)
	}
	gone := make(chan struct{})
	close(gone)
	full := Analyze(st, Options{Bootstrap: 200, Seed: 1})
	if !full.Types[0].CIKappa.Defined {
		t.Fatal("the full report has no interval: the test tries nothing")
	}
	stopped := Analyze(st, Options{Bootstrap: MaxBootstrap, Seed: 1, Stop: gone})
	if len(stopped.Types) > 0 && stopped.Types[0].CIKappa.Defined {
		t.Errorf("a stopped report drew its intervals: %+v", stopped.Types[0].CIKappa)
	}
	fit, err := FitDawidSkene(ds, 500, 4, 3, DSOptions{MaxIterations: DSMaxIterations, Stop: gone})
	if err != nil || fit.Iterations != 0 || fit.Converged {
		t.Errorf("a stopped fit ran %d rounds (converged %v, %v)", fit.Iterations, fit.Converged, err)
	}
	if fit, _ := FitDawidSkene(ds, 500, 4, 3, DSOptions{}); fit.Iterations == 0 {
		t.Error("the full fit ran no round: the test tries nothing")
	}
}
