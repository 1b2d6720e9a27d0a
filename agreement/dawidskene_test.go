package agreement

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Hand-worked: two annotators who always agree, on units of two classes.
// The soft majority start is one-hot, so the priors are the class shares
// (3/4, 1/4), both confusion matrices the identity, and EM is at its fixed
// point after one round.
func TestDawidSkeneHandWorked(t *testing.T) {
	var ls []DSLabel
	for u, c := range []int{0, 0, 1, 0} {
		ls = append(ls, DSLabel{u, 0, c}, DSLabel{u, 1, c})
	}
	m, err := FitDawidSkene(ls, 5, 2, 2, DSOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Converged || m.Iterations != 1 || m.Priors[0] != 0.75 || m.Priors[1] != 0.25 {
		t.Fatalf("priors %v after %d rounds (converged %v)", m.Priors, m.Iterations, m.Converged)
	}
	for a := range 2 {
		if m.Confusion[a][0][0] != 1 || m.Confusion[a][1][1] != 1 || m.Accuracy[a] != 1 {
			t.Errorf("annotator %d: %v, accuracy %v", a, m.Confusion[a], m.Accuracy[a])
		}
	}
	if c, p := m.Best(2); c != 1 || p != 1 {
		t.Errorf("unit 2: class %d at %v", c, p)
	}
	if m.Labelled[4] || m.Posterior[4][0] != 0.75 {
		t.Errorf("a unit without labels: %v %v", m.Labelled[4], m.Posterior[4])
	}
	// One round by hand with a dissenter: units (0,0,1), (1,1,1), (0,1,0)
	// by three annotators. The start is the vote shares; the M-step's
	// prior of class 0 is (2/3 + 0 + 2/3) / 3 = 4/9.
	ls = []DSLabel{{0, 0, 0}, {0, 1, 0}, {0, 2, 1}, {1, 0, 1}, {1, 1, 1}, {1, 2, 1}, {2, 0, 0}, {2, 1, 1}, {2, 2, 0}}
	ref := naiveDS(ls, 3, 3, 2, 0) // the first M-step; the fit is held to this reading below
	if math.Abs(ref.priors[0]-4.0/9) > 1e-15 {
		t.Fatalf("independent prior %v, want 4/9", ref.priors[0])
	}
	// Annotator 2 gave 1, 1, 0: row 0 is (2/3·0 + 0·0 + 2/3·1) of 0 over 4/3.
	if math.Abs(ref.confusion[2][0][0]-0.5) > 1e-15 {
		t.Fatalf("independent confusion %v", ref.confusion[2])
	}
}

// naive is the model as a second, plain reading of the paper: dense count
// arrays n[unit][annotator][class], probabilities multiplied out (no logs),
// the same soft-majority start and rounds of M then E.
type naive struct {
	priors    []float64
	confusion [][][]float64
	post      [][]float64
}

func naiveDS(ls []DSLabel, units, annotators, k, rounds int) naive {
	n := make([][][]float64, units)
	for u := range n {
		n[u] = make([][]float64, annotators)
		for a := range n[u] {
			n[u][a] = make([]float64, k)
		}
	}
	for _, l := range ls {
		n[l.Unit][l.Annotator][l.Class]++
	}
	post := make([][]float64, units)
	for u := range post {
		post[u] = make([]float64, k)
		total := 0.0
		for a := range annotators {
			for c := range k {
				total += n[u][a][c]
			}
		}
		for a := range annotators {
			for c := range k {
				post[u][c] += n[u][a][c] / total
			}
		}
	}
	var r naive
	for round := 0; ; round++ {
		r.priors = make([]float64, k)
		for u := range units {
			for c := range k {
				r.priors[c] += post[u][c] / float64(units)
			}
		}
		r.confusion = make([][][]float64, annotators)
		for a := range annotators {
			r.confusion[a] = make([][]float64, k)
			for c := range k {
				r.confusion[a][c] = make([]float64, k)
				den := 0.0
				for u := range units {
					for l := range k {
						den += post[u][c] * n[u][a][l]
					}
				}
				for l := range k {
					num := 0.0
					for u := range units {
						num += post[u][c] * n[u][a][l]
					}
					r.confusion[a][c][l] = num / den
				}
			}
		}
		if round == rounds {
			r.post = post
			return r
		}
		next := make([][]float64, units)
		for u := range units {
			next[u] = make([]float64, k)
			z := 0.0
			for c := range k {
				p := r.priors[c]
				for a := range annotators {
					for l := range k {
						p *= math.Pow(r.confusion[a][c][l], n[u][a][l])
					}
				}
				next[u][c] = p
				z += p
			}
			for c := range k {
				next[u][c] /= z
			}
		}
		post = next
	}
}

// simulate draws units of known classes labelled by annotators with known
// confusion matrices; each annotator labels a unit with chance cover.
func simulate(rng *rand.Rand, units int, priors []float64, conf [][][]float64, cover float64) ([]DSLabel, []int) {
	draw := func(p []float64) int {
		x := rng.Float64()
		for i, q := range p {
			if x < q {
				return i
			}
			x -= q
		}
		return len(p) - 1
	}
	var ls []DSLabel
	truth := make([]int, units)
	for u := range units {
		truth[u] = draw(priors)
		for a := range conf {
			if rng.Float64() < cover {
				ls = append(ls, DSLabel{u, a, draw(conf[a][truth[u]])})
			}
		}
		if len(ls) == 0 || ls[len(ls)-1].Unit != u {
			ls = append(ls, DSLabel{u, 0, draw(conf[0][truth[u]])}) // every unit labelled once at least
		}
	}
	return ls, truth
}

// diagonal is a confusion matrix right with chance acc, wrong evenly.
func diagonal(k int, acc float64) [][]float64 {
	m := make([][]float64, k)
	for i := range m {
		m[i] = make([]float64, k)
		for j := range m[i] {
			m[i][j] = (1 - acc) / float64(k-1)
		}
		m[i][i] = acc
	}
	return m
}

// Against the plain reading, on random labels with gaps (not every
// annotator labels every unit): the same number of rounds gives the same
// priors, confusion matrices and posteriors to 1e-9.
func TestDawidSkeneAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 79))
	for trial := range 20 {
		k := 2 + trial%3
		conf := [][][]float64{diagonal(k, 0.9), diagonal(k, 0.7), diagonal(k, 0.6), diagonal(k, 1/float64(k)+0.05)}
		priors := make([]float64, k)
		for c := range priors {
			priors[c] = 1 / float64(k)
		}
		ls, _ := simulate(rng, 40+rng.IntN(40), priors, conf, 0.8)
		units := ls[len(ls)-1].Unit + 1
		rounds := 1 + rng.IntN(30)
		m, err := FitDawidSkene(ls, units, len(conf), k, DSOptions{MaxIterations: rounds, Tolerance: -1})
		if err != nil {
			t.Fatal(err)
		}
		want := naiveAfter(ls, units, len(conf), k, rounds+1) // the fit ends with one more M and E
		for c := range k {
			if math.Abs(m.Priors[c]-want.priors[c]) > 1e-9 {
				t.Fatalf("trial %d: priors %v, want %v", trial, m.Priors, want.priors)
			}
			for a := range conf {
				for l := range k {
					if math.Abs(m.Confusion[a][c][l]-want.confusion[a][c][l]) > 1e-9 {
						t.Fatalf("trial %d: annotator %d confusion %v, want %v", trial, a, m.Confusion[a], want.confusion[a])
					}
				}
			}
		}
		for u := range units {
			for c := range k {
				if math.Abs(m.Posterior[u][c]-want.post[u][c]) > 1e-9 {
					t.Fatalf("trial %d unit %d: posterior %v, want %v", trial, u, m.Posterior[u], want.post[u])
				}
			}
		}
	}
}

// naiveAfter is the plain reading after rounds rounds of M then E: the
// parameters of the last M-step and the posteriors of the last E-step.
// (naiveDS(r) gives the M-step made after r E-steps, and the posteriors it
// was made from.)
func naiveAfter(ls []DSLabel, units, annotators, k, rounds int) naive {
	before := naiveDS(ls, units, annotators, k, rounds-1)
	after := naiveDS(ls, units, annotators, k, rounds)
	return naive{priors: before.priors, confusion: before.confusion, post: after.post}
}

// Simulated annotators with known confusion matrices: with 4,000 units,
// three classes and six annotators (one a spammer answering at random),
// the fitted matrices recover the true ones. Each entry is a share of the
// n_k units of true class k, so its sampling error is about
// √(π(1−π)/n_k) (at most 0.013 here); the fit must land within four of
// those, plus 0.005 for the units whose class the fit gets wrong. The
// priors too, and each annotator's accuracy is ranked as they were made.
func TestDawidSkeneRecoversSimulatedAnnotators(t *testing.T) {
	rng := rand.New(rand.NewPCG(2026, 11))
	priors := []float64{0.5, 0.3, 0.2}
	conf := [][][]float64{
		diagonal(3, 0.9), diagonal(3, 0.8), diagonal(3, 0.7),
		{{0.6, 0.3, 0.1}, {0.1, 0.8, 0.1}, {0.3, 0.1, 0.6}}, // confuses 0 with 1 and 2 with 0
		diagonal(3, 0.65), diagonal(3, 1.0/3), // the last one guesses
	}
	units := 4000
	ls, truth := simulate(rng, units, priors, conf, 1)
	m, err := FitDawidSkene(ls, units, len(conf), 3, DSOptions{})
	if err != nil || !m.Converged {
		t.Fatalf("fit: %v, converged %v after %d", err, m.Converged, m.Iterations)
	}
	count := make([]float64, 3)
	for _, c := range truth {
		count[c]++
	}
	for c, p := range priors {
		if se := math.Sqrt(p * (1 - p) / float64(units)); math.Abs(m.Priors[c]-p) > 4*se+0.005 {
			t.Errorf("prior %d: %v, want %v ± %v", c, m.Priors[c], p, 4*se)
		}
	}
	for a := range conf {
		for k := range 3 {
			for l := range 3 {
				p := conf[a][k][l]
				se := math.Sqrt(p * (1 - p) / count[k])
				if got := m.Confusion[a][k][l]; math.Abs(got-p) > 4*se+0.005 {
					t.Errorf("annotator %d π[%d][%d] = %.4f, want %.2f ± %.4f", a, k, l, got, p, 4*se+0.005)
				}
			}
		}
	}
	for a := 1; a < 3; a++ {
		if m.Accuracy[a] >= m.Accuracy[a-1] {
			t.Errorf("accuracies %v not in the order they were made", m.Accuracy)
		}
	}
	if m.Accuracy[5] > 0.4 {
		t.Errorf("the guesser's accuracy %v", m.Accuracy[5])
	}
}

// A class no unit is (nobody gave it) has no confusion row: nil, not a
// uniform row that reads as data; nor has a class an annotator never met.
// The fit reports its last change, at most the tolerance when converged.
func TestDawidSkeneRowsWithoutData(t *testing.T) {
	labels := []DSLabel{{0, 0, 0}, {0, 1, 0}, {1, 0, 1}, {1, 1, 1}, {2, 0, 0}, {2, 1, 1}, {3, 1, 0}}
	m, err := FitDawidSkene(labels, 4, 2, 3, DSOptions{})
	if err != nil || !m.Converged || m.Change > 1e-9 {
		t.Fatalf("fit: %v, converged %v, change %g", err, m.Converged, m.Change)
	}
	for a := range 2 {
		if m.Confusion[a][2] != nil {
			t.Errorf("annotator %d: a row for class 2, which nobody gave: %v", a, m.Confusion[a][2])
		}
		for k := range 2 {
			if m.Confusion[a][k] == nil {
				t.Errorf("annotator %d: no row for class %d", a, k)
			}
		}
	}
	// The accuracy is over the classes met: Σ p_k π_kk / Σ p_k.
	for a := range 2 {
		want := (m.Priors[0]*m.Confusion[a][0][0] + m.Priors[1]*m.Confusion[a][1][1]) / (m.Priors[0] + m.Priors[1])
		if math.Abs(m.Accuracy[a]-want) > 1e-12 {
			t.Errorf("annotator %d accuracy %v, want %v", a, m.Accuracy[a], want)
		}
	}
	slow := []DSLabel{{0, 0, 1}, {0, 3, 1}, {1, 0, 0}, {1, 1, 1}, {1, 2, 0}, {1, 3, 1}, {2, 1, 1},
		{3, 0, 0}, {3, 2, 0}, {3, 3, 0}, {4, 0, 1}, {4, 1, 1}, {4, 2, 0}, {4, 3, 0}}
	short, _ := FitDawidSkene(slow, 5, 4, 2, DSOptions{MaxIterations: 10})
	if short.Converged || short.Iterations != 10 || short.Change <= 1e-9 {
		t.Errorf("one round: converged %v after %d, change %g", short.Converged, short.Iterations, short.Change)
	}
}
