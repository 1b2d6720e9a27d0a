package bench

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// tournament is n systems s0 … s(n-1), each pair judged k times, every
// outcome equally likely, so each system wins often in every resample.
func tournament(rng *rand.Rand, n, k int) []Judgement {
	names := []string{"s0", "s1", "s2", "s3", "s4", "s5"}[:n]
	var js []Judgement
	for i := range n {
		for j := i + 1; j < n; j++ {
			for range k {
				js = append(js, Judgement{First: names[i], Second: names[j], Outcome: Outcome(rng.IntN(3)), FirstLeft: rng.IntN(2) == 0})
			}
		}
	}
	return js
}

// The ranking's 95% intervals against an independent bootstrap: the same
// resamples (the documented draws), each fitted by Newton's method on the
// log-likelihood (newtonBT), and the percentiles taken by hand from the
// sorted strengths. Drawn again, they are the same to the last bit.
func TestBootstrapAgainstNewton(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 3 {
		n := 3 + trial
		js := tournament(rng, n, 12)
		c, err := Compare(js)
		if err != nil {
			t.Fatal(err)
		}
		if c.Bootstrap != (BootstrapInfo{Replicates: BootstrapReplicates, Used: BootstrapReplicates, Seed: BootstrapSeed}) {
			t.Fatalf("trial %d: bootstrap %+v", trial, c.Bootstrap)
		}
		draws := make([][]float64, n)
		for r := range BootstrapReplicates {
			pick := rand.New(rand.NewPCG(BootstrapSeed, uint64(r)))
			wins, games := make([]float64, n), make([][]float64, n)
			for i := range games {
				games[i] = make([]float64, n)
			}
			for range js {
				j := js[pick.IntN(len(js))]
				a, b := int(j.First[1]-'0'), int(j.Second[1]-'0')
				games[a][b]++
				games[b][a]++
				wins[a] += float64(j.Outcome) / 2
				wins[b] += float64(Win-j.Outcome) / 2
			}
			for i := range n {
				played := 0.0
				for _, g := range games[i] {
					played += g
				}
				if wins[i] == 0 || wins[i] == played {
					t.Fatalf("trial %d resample %d: system %d won none or all; Newton has no finite fit", trial, r, i)
				}
			}
			theta := newtonBT(wins, games)
			sum := 0.0
			for _, th := range theta {
				sum += math.Exp(th)
			}
			for i, th := range theta {
				draws[i] = append(draws[i], math.Exp(th)/sum)
			}
		}
		quantile := func(xs []float64, p float64) float64 { // type 7, by hand
			h := p * float64(len(xs)-1)
			f := math.Floor(h)
			return xs[int(f)] + (h-f)*(xs[int(f)+1]-xs[int(f)])
		}
		for _, s := range c.Ranking {
			d := draws[int(s.System[1]-'0')]
			slices.Sort(d)
			lo, hi := quantile(d, 0.025), quantile(d, 0.975)
			if math.Abs(s.Low.X-lo) > 1e-8 || math.Abs(s.High.X-hi) > 1e-8 || !(s.Low.X <= s.Score.X && s.Score.X <= s.High.X) {
				t.Errorf("trial %d %s: %.4f [%.10f, %.10f], independently [%.10f, %.10f]", trial, s.System, s.Score.X, s.Low.X, s.High.X, lo, hi)
			}
		}
		again, _ := Compare(js)
		for i := range again.Ranking {
			if again.Ranking[i] != c.Ranking[i] {
				t.Errorf("trial %d: drawn again, %+v then %+v", trial, c.Ranking[i], again.Ranking[i])
			}
		}
	}
}

// Separability counts the pairs of systems whose intervals do not meet:
// here a–b overlap, a–c and b–c do not, so 2 of 3.
func TestSeparabilityHandWorked(t *testing.T) {
	r := []Strength{{System: "a", Low: Of(0.40), High: Of(0.60)}, {System: "b", Low: Of(0.30), High: Of(0.45)},
		{System: "c", Low: Of(0.05), High: Of(0.25)}}
	s := separate(r)
	if s.Separated != 2 || s.Pairs != 3 || !s.Share.Defined || math.Abs(s.Share.X-2.0/3) > 1e-15 {
		t.Errorf("separability %+v, want 2 of 3", s)
	}
	if s := separate(nil); s.Pairs != 0 || s.Share.Defined {
		t.Errorf("no ranking: %+v", s)
	}
}

// A resample that leaves a system out fits it no strength: it is dropped
// and counted out of Used. Two judgements of three systems around a ring
// leave one out of most resamples.
func TestBootstrapDropsThinResamples(t *testing.T) {
	js := []Judgement{{First: "a", Second: "b", Outcome: Win}, {First: "b", Second: "c", Outcome: Tie}, {First: "c", Second: "a", Outcome: Lose}}
	c, err := Compare(js)
	if err != nil {
		t.Fatal(err)
	}
	if c.Bootstrap.Used >= c.Bootstrap.Replicates || c.Bootstrap.Used == 0 {
		t.Errorf("bootstrap %+v: want some resamples dropped, some kept", c.Bootstrap)
	}
}

func BenchmarkCompareBootstrap(b *testing.B) {
	js := tournament(rand.New(rand.NewPCG(1, 2)), 5, 50) // 500 judgements, 5 systems
	for b.Loop() {
		if _, err := Compare(js); err != nil {
			b.Fatal(err)
		}
	}
}

// A comparison whose caller has gone draws no resample.
func TestCompareUntilStops(t *testing.T) {
	js := tournament(rand.New(rand.NewPCG(1, 2)), 4, 8)
	gone := make(chan struct{})
	close(gone)
	c, err := CompareUntil(js, gone)
	if err != nil || c.Bootstrap.Used != 0 || c.Ranking == nil {
		t.Errorf("stopped: bootstrap %+v, ranking %v, %v", c.Bootstrap, c.Ranking, err)
	}
	if full, _ := Compare(js); full.Bootstrap.Used == 0 {
		t.Error("the full comparison drew nothing: the test tries nothing")
	}
}
