package bench

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// Judgement is one blinded pairwise comparison (ClariLM §4.6.2, Figure 4):
// the outputs of systems First and Second for one request, shown at Left
// (true: First was on the left, as A) and judged Win, Tie or Lose from
// First's side.
type Judgement struct {
	First, Second string
	Outcome       Outcome
	FirstLeft     bool
}

// Outcome is a comparison's result from the first system's side.
type Outcome int

// The outcomes, ordinal: lose < tie < win.
const (
	Lose Outcome = iota
	Tie
	Win
)

// z95 is the standard normal quantile for a two-sided 95% interval.
const z95 = 1.959963984540054

// Share is k of n with its 95% Wilson score interval, which, unlike the
// normal approximation, stays inside [0, 1] and is honest for small n and
// for shares near 0 or 1 (100 comparisons per test set in ClariLM).
type Share struct {
	K, N      int
	P         Value
	Low, High Value
}

// Wilson is k of n with its 95% Wilson score interval:
// (p + z²/2n ± z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n). Undefined for n = 0.
func Wilson(k, n int) Share {
	s := Share{K: k, N: n}
	if n <= 0 {
		return s
	}
	p, nf, z2 := float64(k)/float64(n), float64(n), z95*z95
	centre := (p + z2/(2*nf)) / (1 + z2/nf)
	half := z95 / (1 + z2/nf) * math.Sqrt(p*(1-p)/nf+z2/(4*nf*nf))
	s.P, s.Low, s.High = Of(p), Of(max(0, centre-half)), Of(min(1, centre+half))
	return s
}

// PairResult is the win / tie / lose table of one pair of systems, from
// First's side (the pair's names in sorted order).
type PairResult struct {
	First, Second   string
	Win, Tie, Lose  Share
	Comparisons     int
	FirstLeft, Left int // how often First was shown on the left; how often the left output won
}

// Comparison is what a set of pairwise judgements says: each pair's table,
// the position bias (of the decisive judgements, the share the left-hand
// output won: 0.5 when position plays no part), and, with three or more
// systems, a Bradley–Terry ranking.
type Comparison struct {
	Pairs        []PairResult
	PositionBias Share
	Ranking      []Strength // best first; nil with fewer than three systems
	// Bootstrap is how the ranking's intervals were drawn, and
	// Separability what they separate (both zero without a ranking).
	Bootstrap    BootstrapInfo
	Separability Separability
}

// Strength is a system's Bradley–Terry strength, scaled so the strengths
// sum to 1: the chance it beats another is its strength over the two's sum.
type Strength struct {
	System string
	Score  float64
	Wins   float64 // wins, ties counted half
	Games  int
	// Low and High bound the strength's 95% bootstrap interval over the
	// judged items (Bootstrap).
	Low, High Value
}

// Compare tabulates judgements. A judgement whose systems are given the
// other way round counts from the sorted pair's first system's side. The
// ranking's strengths carry 95% intervals from BootstrapReplicates
// resamples of the judgements, drawn from BootstrapSeed.
func Compare(js []Judgement) (Comparison, error) { return CompareUntil(js, nil) }

// CompareUntil is Compare whose bootstrap ends early once stop is closed
// (the caller no longer wants the comparison: its client left); the
// comparison is then unfinished and must not be shown.
func CompareUntil(js []Judgement, stop <-chan struct{}) (Comparison, error) {
	c, err := tabulate(js)
	if err != nil || c.Ranking == nil {
		return c, err
	}
	c.Bootstrap = bootstrapRanking(js, c.Ranking, BootstrapReplicates, BootstrapSeed, stop)
	c.Separability = separate(c.Ranking)
	return c, nil
}

// tabulate is Compare without the bootstrap: each pair's table, the
// position bias and the point ranking.
func tabulate(js []Judgement) (Comparison, error) {
	type key struct{ a, b string }
	type tally struct{ win, tie, lose, firstLeft, leftWon int }
	tallies := map[key]*tally{}
	var order []key
	leftWins, decisive := 0, 0
	for _, j := range js {
		if j.First == j.Second {
			return Comparison{}, fmt.Errorf("a comparison of %q with itself", j.First)
		}
		if j.Outcome < Lose || j.Outcome > Win {
			return Comparison{}, fmt.Errorf("outcome %d is not lose, tie or win", j.Outcome)
		}
		k, o, firstLeft := key{j.First, j.Second}, j.Outcome, j.FirstLeft
		if j.Second < j.First {
			k, o, firstLeft = key{j.Second, j.First}, Win-j.Outcome, !j.FirstLeft
		}
		t := tallies[k]
		if t == nil {
			t = &tally{}
			tallies[k] = t
			order = append(order, k)
		}
		switch o {
		case Win:
			t.win++
		case Tie:
			t.tie++
		default:
			t.lose++
		}
		if firstLeft {
			t.firstLeft++
		}
		if o != Tie {
			decisive++
			if (o == Win) == firstLeft {
				leftWins++
				t.leftWon++
			}
		}
	}
	slices.SortFunc(order, func(x, y key) int { return cmp.Or(cmp.Compare(x.a, y.a), cmp.Compare(x.b, y.b)) })
	var c Comparison
	for _, k := range order {
		t := tallies[k]
		n := t.win + t.tie + t.lose
		c.Pairs = append(c.Pairs, PairResult{First: k.a, Second: k.b, Win: Wilson(t.win, n), Tie: Wilson(t.tie, n),
			Lose: Wilson(t.lose, n), Comparisons: n, FirstLeft: t.firstLeft, Left: t.leftWon})
	}
	c.PositionBias = Wilson(leftWins, decisive)
	c.Ranking = BradleyTerry(c.Pairs)
	return c, nil
}

// BradleyTerry fits strengths to the pairs' results by maximum likelihood,
// a tie counting as half a win for each side (so a pair's wins are W + T/2
// of its W + T + L games), with Hunter's (2004) minorisation–maximisation
// update p_i ← w_i / Σ_j n_ij / (p_i + p_j), rescaled to sum 1 each round,
// until no strength moves by more than 1e-12 (or 100,000 rounds). It needs
// three or more systems (with two, the table says it all); a system with
// no wins gets strength 0, and when the systems do not all connect through
// comparisons, the strengths of separate groups are not comparable: nil.
func BradleyTerry(pairs []PairResult) []Strength {
	index := map[string]int{}
	var names []string
	for _, p := range pairs {
		for _, s := range []string{p.First, p.Second} {
			if _, ok := index[s]; !ok {
				index[s] = len(names)
				names = append(names, s)
			}
		}
	}
	n := len(names)
	if n < 3 || !connected(pairs, index, n) {
		return nil
	}
	games := make([][]float64, n)
	for i := range games {
		games[i] = make([]float64, n)
	}
	wins := make([]float64, n)
	played := make([]int, n)
	for _, p := range pairs {
		a, b := index[p.First], index[p.Second]
		g := float64(p.Comparisons)
		games[a][b] += g
		games[b][a] += g
		half := float64(p.Tie.K) / 2
		wins[a] += float64(p.Win.K) + half
		wins[b] += float64(p.Lose.K) + half
		played[a] += p.Comparisons
		played[b] += p.Comparisons
	}
	strength := make([]float64, n)
	for i := range strength {
		strength[i] = 1 / float64(n)
	}
	next := make([]float64, n)
	for range 100_000 {
		sum := 0.0
		for i := range n {
			d := 0.0
			for j := range n {
				if games[i][j] > 0 {
					d += games[i][j] / (strength[i] + strength[j])
				}
			}
			next[i] = wins[i] / d
			sum += next[i]
		}
		moved := 0.0
		for i := range n {
			next[i] /= sum
			moved = max(moved, math.Abs(next[i]-strength[i]))
		}
		strength, next = next, strength
		if moved < 1e-12 {
			break
		}
	}
	out := make([]Strength, n)
	for i, s := range names {
		out[i] = Strength{System: s, Score: strength[i], Wins: wins[i], Games: played[i]}
	}
	slices.SortFunc(out, func(x, y Strength) int {
		return cmp.Or(cmp.Compare(y.Score, x.Score), cmp.Compare(x.System, y.System)) // best first
	})
	return out
}

// connected reports whether every system reaches every other through
// compared pairs.
func connected(pairs []PairResult, index map[string]int, n int) bool {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	find := func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	groups := n
	for _, p := range pairs {
		if a, b := find(index[p.First]), find(index[p.Second]); a != b {
			parent[a] = b
			groups--
		}
	}
	return groups == 1
}
