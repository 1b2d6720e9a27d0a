package bench

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Wilson's interval against the roots of its defining quadratic, solved
// here directly: the π with (p − π)² = z²π(1 − π)/n.
func TestWilsonAgainstItsQuadratic(t *testing.T) {
	for _, c := range []struct{ k, n int }{{0, 10}, {5, 10}, {10, 10}, {1, 100}, {37, 100}, {3, 7}} {
		s := Wilson(c.k, c.n)
		p, n, z2 := float64(c.k)/float64(c.n), float64(c.n), z95*z95
		a, b, cc := 1+z2/n, -(2*p + z2/n), p*p
		d := math.Sqrt(b*b - 4*a*cc)
		lo, hi := (-b-d)/(2*a), (-b+d)/(2*a)
		if math.Abs(s.Low.X-max(0, lo)) > 1e-12 || math.Abs(s.High.X-min(1, hi)) > 1e-12 || s.P.X != p {
			t.Errorf("%d/%d: %v–%v, quadratic %v–%v", c.k, c.n, s.Low.X, s.High.X, lo, hi)
		}
	}
	// Published: 0 of 10 has the upper bound 0.2775; 5 of 10 is 0.2366–0.7634.
	if s := Wilson(0, 10); math.Abs(s.High.X-0.2775) > 5e-5 || s.Low.X != 0 {
		t.Errorf("0/10: %v", s)
	}
	if s := Wilson(5, 10); math.Abs(s.Low.X-0.2366) > 5e-5 || math.Abs(s.High.X-0.7634) > 5e-5 {
		t.Errorf("5/10: %v", s)
	}
	if s := Wilson(0, 0); s.P.Defined || s.Low.Defined {
		t.Error("0 of 0 is undefined")
	}
}

// Hand-worked: the results of strengths 4 : 2 : 1 in expectation (A beats
// B 2 of 3, B beats C 2 of 3, A beats C 4 of 5; A–B given as one win and
// two ties) are fitted by exactly those strengths, 4/7, 2/7, 1/7: each
// system's wins equal its expected wins under them.
func TestBradleyTerryHandWorked(t *testing.T) {
	var js []Judgement
	add := func(a, b string, o Outcome, n int) {
		for range n {
			js = append(js, Judgement{First: a, Second: b, Outcome: o})
		}
	}
	add("A", "B", Win, 1)
	add("B", "A", Tie, 2) // the other way round: counts from A's side
	add("B", "C", Win, 2)
	add("C", "B", Win, 1)
	add("A", "C", Win, 4)
	add("A", "C", Lose, 1)
	c, err := Compare(js)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"A": 4.0 / 7, "B": 2.0 / 7, "C": 1.0 / 7}
	if len(c.Ranking) != 3 || c.Ranking[0].System != "A" || c.Ranking[2].System != "C" {
		t.Fatalf("ranking %+v", c.Ranking)
	}
	for _, s := range c.Ranking {
		if math.Abs(s.Score.X-want[s.System]) > 1e-9 {
			t.Errorf("%s: %.12f, want %.12f", s.System, s.Score.X, want[s.System])
		}
	}
	ab := c.Pairs[0]
	if ab.First != "A" || ab.Second != "B" || ab.Win.K != 1 || ab.Tie.K != 2 || ab.Lose.K != 0 || ab.Comparisons != 3 {
		t.Fatalf("A–B table %+v", ab)
	}
}

// Bradley–Terry against an independent fit: Newton's method on the
// log-likelihood Σ w_ij θ_i − n_ij log(e^θ_i + e^θ_j), the last θ fixed at
// 0, on random tournaments of four to six systems.
func TestBradleyTerryAgainstNewton(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 20 {
		n := 4 + trial%3
		names := []string{"s0", "s1", "s2", "s3", "s4", "s5"}[:n]
		var js []Judgement
		for i := range n {
			for j := i + 1; j < n; j++ {
				for range 5 + rng.IntN(20) {
					js = append(js, Judgement{First: names[i], Second: names[j], Outcome: Outcome(rng.IntN(3))})
				}
			}
		}
		c, err := Compare(js)
		if err != nil {
			t.Fatal(err)
		}
		wins, games := make([]float64, n), make([][]float64, n)
		for i := range games {
			games[i] = make([]float64, n)
		}
		for _, j := range js {
			a, b := int(j.First[1]-'0'), int(j.Second[1]-'0')
			games[a][b]++
			games[b][a]++
			wins[a] += float64(j.Outcome) / 2
			wins[b] += float64(Win-j.Outcome) / 2
		}
		theta := newtonBT(wins, games)
		sum := 0.0
		for _, th := range theta {
			sum += math.Exp(th)
		}
		for _, s := range c.Ranking {
			want := math.Exp(theta[int(s.System[1]-'0')]) / sum
			if math.Abs(s.Score.X-want) > 1e-9 {
				t.Fatalf("trial %d %s: %.12f, Newton %.12f", trial, s.System, s.Score.X, want)
			}
		}
	}
}

func newtonBT(wins []float64, games [][]float64) []float64 {
	n := len(wins)
	theta := make([]float64, n)
	for range 100 {
		m := n - 1 // theta[n-1] stays 0
		grad := make([]float64, m)
		hess := make([][]float64, m)
		for i := range hess {
			hess[i] = make([]float64, m)
		}
		for i := range m {
			grad[i] = wins[i]
			for j := range n {
				if i == j || games[i][j] == 0 {
					continue
				}
				pij := 1 / (1 + math.Exp(theta[j]-theta[i]))
				grad[i] -= games[i][j] * pij
				w := games[i][j] * pij * (1 - pij)
				hess[i][i] -= w
				if j < m {
					hess[i][j] += w
				}
			}
		}
		step := solve(hess, grad)
		done := true
		for i := range m {
			theta[i] -= step[i]
			done = done && math.Abs(step[i]) < 1e-14
		}
		if done {
			break
		}
	}
	return theta
}

// solve is Gaussian elimination with partial pivoting: a x = b.
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x
}

// Position bias counts the decisive judgements the left-hand output won;
// ties count for neither side. Hand-worked: of four judgements, the left
// won two (a win shown left, a loss shown right), the right one, one tie.
func TestPositionBias(t *testing.T) {
	c, err := Compare([]Judgement{
		{First: "x", Second: "y", Outcome: Win, FirstLeft: true},
		{First: "x", Second: "y", Outcome: Lose, FirstLeft: false},
		{First: "y", Second: "x", Outcome: Win, FirstLeft: false},
		{First: "x", Second: "y", Outcome: Tie, FirstLeft: true},
	})
	if err != nil {
		t.Fatal(err)
	}
	if c.PositionBias.K != 2 || c.PositionBias.N != 3 || c.Ranking != nil {
		t.Fatalf("position bias %+v, ranking %v", c.PositionBias, c.Ranking)
	}
	p := c.Pairs[0]
	// From x's side: win, lose, lose (y won), tie.
	if p.Win.K != 1 || p.Lose.K != 2 || p.Tie.K != 1 || p.FirstLeft != 3 || p.Left != 2 {
		t.Fatalf("pair %+v", p)
	}
	if _, err := Compare([]Judgement{{First: "x", Second: "x"}}); err == nil {
		t.Error("a system compared with itself was accepted")
	}
}

// Hand-worked token F1: the generated question's content words are jaguar,
// car, animal; the reference's are mean, jaguar, car, brand, jaguar,
// animal. Three are common: precision 3/3, recall 3/6, F1 2/3.
func TestTokenF1HandWorked(t *testing.T) {
	got := TokenF1("Which jaguar are you looking for: the car or the animal?", "Do you mean the Jaguar car brand, or the jaguar (animal)?")
	if math.Abs(got-2.0/3) > 1e-15 {
		t.Fatalf("token F1 %v, want 2/3", got)
	}
	// ClariLM's TF is the recall: half the reference's content words.
	o := TokenOverlap("Which jaguar are you looking for: the car or the animal?", "Do you mean the Jaguar car brand, or the jaguar (animal)?")
	if o.Precision != 1 || o.Recall != 0.5 || math.Abs(o.F1-2.0/3) > 1e-15 {
		t.Errorf("overlap %+v, want precision 1, recall 1/2, F1 2/3", o)
	}
	if TokenF1("What do you want?", "Which is it?") != 1 {
		t.Error("two questions of stop words alone are a perfect match")
	}
	if TokenF1("jaguar", "What do you mean?") != 0 || TokenF1("puma", "jaguar") != 0 {
		t.Error("no common content word scores 0")
	}
	if TokenF1("the Jaguar, car!", "jaguar car") != 1 {
		t.Error("case and punctuation count for nothing")
	}
}

// A system that never lost has no finite Bradley–Terry strength (Ford
// 1957: the likelihood grows as it moves off). Hand-worked: x beat y and z
// in all ten of its games; y beat z 3–2. x is alone in its group, with no
// strength and no interval; y and z beat each other, and their fit on
// their own five games is by definition y's share of them, 3/5 and 2/5.
// Their intervals come from the documented resamples, each giving y its
// share of the y–z games drawn, dropped where y won all or none of them;
// only y–z can be told apart, so separability counts one pair.
func TestBradleyTerryUnbeaten(t *testing.T) {
	var js []Judgement
	add := func(a, b string, o Outcome, n int) {
		for range n {
			js = append(js, Judgement{First: a, Second: b, Outcome: o})
		}
	}
	add("x", "y", Win, 5)
	add("z", "x", Lose, 5) // the other way round: x won
	add("y", "z", Win, 3)
	add("y", "z", Lose, 2)
	c, err := Compare(js)
	if err != nil {
		t.Fatal(err)
	}
	if c.Finite() || len(c.Groups) != 2 || !slices.Equal(c.Groups[0].Systems, []string{"x"}) ||
		!slices.Equal(c.Groups[1].Systems, []string{"y", "z"}) || !c.Groups[1].Converged {
		t.Fatalf("groups %+v", c.Groups)
	}
	if len(c.Between) != 1 || c.Between[0] != (Dominance{Above: 0, Below: 1, Games: 10}) {
		t.Fatalf("between %+v, want x above y, z in 10 games", c.Between)
	}
	if len(c.Ranking) != 3 || c.Ranking[0].System != "x" || c.Ranking[0].Score.Defined || c.Ranking[0].Low.Defined ||
		c.Ranking[0].High.Defined || c.Ranking[0].Wins != 10 || c.Ranking[0].Games != 10 {
		t.Fatalf("x: %+v, want no strength, no interval", c.Ranking)
	}
	y, z := c.Ranking[1], c.Ranking[2]
	if y.System != "y" || z.System != "z" || math.Abs(y.Score.X-0.6) > 1e-9 || math.Abs(z.Score.X-0.4) > 1e-9 || y.Group != 1 || z.Group != 1 {
		t.Fatalf("y, z: %+v %+v, want 0.6 and 0.4 in group 1", y, z)
	}
	var draws []float64
	dropped := 0
	for r := range BootstrapReplicates {
		pick := rand.New(rand.NewPCG(BootstrapSeed, uint64(r)))
		won, games := 0, 0
		for range js {
			j := js[pick.IntN(len(js))]
			if j.First == "y" {
				games++
				if j.Outcome == Win {
					won++
				}
			}
		}
		if won == 0 || won == games {
			dropped++
			continue
		}
		draws = append(draws, float64(won)/float64(games))
	}
	slices.Sort(draws)
	quantile := func(p float64) float64 {
		h := p * float64(len(draws)-1)
		f := math.Floor(h)
		return draws[int(f)] + (h-f)*(draws[min(int(f)+1, len(draws)-1)]-draws[int(f)])
	}
	if c.Bootstrap.Used != len(draws) || c.Bootstrap.NoFit != dropped || c.Bootstrap.Unconverged != 0 || dropped == 0 {
		t.Errorf("bootstrap %+v: independently %d used, %d dropped", c.Bootstrap, len(draws), dropped)
	}
	if math.Abs(y.Low.X-quantile(0.025)) > 1e-9 || math.Abs(y.High.X-quantile(0.975)) > 1e-9 {
		t.Errorf("y's interval [%v, %v], independently [%v, %v]", y.Low.X, y.High.X, quantile(0.025), quantile(0.975))
	}
	if c.Separability.Pairs != 1 {
		t.Errorf("separability %+v: only y and z share a scale", c.Separability)
	}
}

// Where every system won every game against those below it, no system
// has a strength: three groups of one, ranked by who beat whom, and no
// resample is drawn.
func TestBradleyTerryNoStrengthAtAll(t *testing.T) {
	js := []Judgement{{First: "a", Second: "b", Outcome: Win}, {First: "c", Second: "b", Outcome: Lose},
		{First: "a", Second: "c", Outcome: Win}, {First: "a", Second: "c", Outcome: Win}}
	c, err := Compare(js)
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, s := range c.Ranking {
		order = append(order, s.System)
		if s.Score.Defined || s.Low.Defined {
			t.Errorf("%s has a strength: %+v", s.System, s)
		}
	}
	want := []Dominance{{0, 1, 1}, {0, 2, 2}, {1, 2, 1}}
	if !slices.Equal(order, []string{"a", "b", "c"}) || !slices.Equal(c.Between, want) || len(c.Groups) != 3 {
		t.Errorf("ranking %v, between %+v, want a b c and %+v", order, c.Between, want)
	}
	if c.Bootstrap != (BootstrapInfo{}) || c.Separability.Pairs != 0 {
		t.Errorf("bootstrap %+v, separability %+v: nothing to draw", c.Bootstrap, c.Separability)
	}
}

// A fit is capped: given too few rounds it stops and says it did not
// converge, with its last move.
func TestBradleyTerryCapped(t *testing.T) {
	d := btDataOf([]PairResult{{First: "a", Second: "b", Win: Wilson(9, 10), Lose: Wilson(1, 10), Comparisons: 10},
		{First: "b", Second: "c", Win: Wilson(9, 10), Lose: Wilson(1, 10), Comparisons: 10}})
	g, s := d.fit([]int{0, 1, 2}, 3)
	if g.Converged || g.Rounds != 3 || g.Change <= btTolerance || len(s) != 3 {
		t.Errorf("three rounds: %+v %v", g, s)
	}
	if g, _ := d.fit([]int{0, 1, 2}, BTRounds); !g.Converged || g.Rounds >= BTRounds {
		t.Errorf("in full: %+v", g)
	}
}
