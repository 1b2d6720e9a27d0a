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
	// Groups are the ranking's groups of systems that beat one another
	// round, each with its own fit: one when every system has a finite
	// strength (Ford's condition holds), several when some won, or lost,
	// every game against the rest. Between says which group won every
	// game against which.
	Groups  []Group
	Between []Dominance
	// Bootstrap is how the ranking's intervals were drawn, and
	// Separability what they separate (both zero without a ranking).
	Bootstrap    BootstrapInfo
	Separability Separability
}

// Finite says every system of the ranking has a finite Bradley–Terry
// strength, all on one scale.
func (c Comparison) Finite() bool { return len(c.Groups) == 1 }

// Strength is a system's Bradley–Terry strength within its group, the
// group's strengths summing to 1: the chance it beats another of the
// group is its strength over the two's sum.
type Strength struct {
	System string
	// Score is undefined for a system alone in its group: the likelihood
	// grows without bound as it moves away from the rest (it won, or lost,
	// every game against them), so it has no finite strength and no
	// interval.
	Score Value
	Group int // its group in Comparison.Groups
	Wins  float64
	Games int
	// Low and High bound the strength's 95% bootstrap interval over the
	// judged items (Bootstrap).
	Low, High Value
}

// Group is systems that beat one another round: between any two of them,
// a chain of wins (a tie counting as a win each way) leads each way, the
// condition under which Bradley–Terry's likelihood has a finite maximum
// (Ford 1957). Each group is fitted on its own games.
type Group struct {
	Systems []string // best first
	// Rounds is how many of Hunter's rounds the fit took (0 for a system
	// alone: nothing to fit), Converged whether it stopped moving within
	// BTRounds, and Change the last round's largest move.
	Rounds    int
	Converged bool
	Change    float64
}

// Dominance is group Above having won all Games games against group
// Below: no loss, no tie.
type Dominance struct{ Above, Below, Games int }

// BTRounds caps the rounds of one Bradley–Terry fit. Hunter's rounds
// converge for a group that beats itself round, most within a hundred; a
// fit that still moves by more than btTolerance after BTRounds is marked
// not converged rather than run on.
const BTRounds = 10_000

// btTolerance is the largest move of a strength (the group's summing to 1)
// at which a fit has converged.
const btTolerance = 1e-12

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
	c.Bootstrap = bootstrapRanking(js, &c, BootstrapReplicates, BootstrapSeed, stop)
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
	c.Ranking, c.Groups, c.Between = BradleyTerry(c.Pairs)
	return c, nil
}

// BradleyTerry fits strengths to the pairs' results by maximum likelihood,
// a tie counting as half a win for each side (so a pair's wins are W + T/2
// of its W + T + L games), with Hunter's (2004) minorisation–maximisation
// update p_i ← w_i / Σ_j n_ij / (p_i + p_j), rescaled to sum 1 each round,
// until no strength moves by more than 1e-12 (or BTRounds rounds). It
// needs three or more systems (with two, the table says it all).
//
// The likelihood has a finite maximum only when every split of the
// systems into two sides has a win each way across it (Ford 1957): a
// system that never lost, or never won, has none, and its strength would
// run off to 1 or 0 in as many rounds as it is given. So the systems are
// split into groups that beat one another round (the win graph's strongly
// connected components), each group is fitted on its own games, and the
// groups are ranked by who won every game against whom (Between); a
// system alone in its group gets no strength. With every system in one
// group this is the ordinary fit.
func BradleyTerry(pairs []PairResult) ([]Strength, []Group, []Dominance) {
	d := btDataOf(pairs)
	if d.n() < 3 {
		return nil, nil, nil
	}
	members := d.components()
	var groups []Group
	var ranking []Strength
	for _, m := range members {
		g, strengths := d.fit(m, BTRounds)
		gi := len(groups)
		for k, i := range m {
			s := Strength{System: d.names[i], Group: gi, Wins: d.wins(i, nil), Games: int(d.played(i))}
			if strengths != nil {
				s.Score = Of(strengths[k])
			}
			ranking = append(ranking, s)
		}
		groups = append(groups, g)
	}
	return d.order(ranking, groups, members)
}

// btData is a set of judgements as Bradley–Terry reads them: each pair of
// systems' games, and each side's wins over the other (a tie half each).
type btData struct {
	names []string
	index map[string]int
	games [][]float64 // games[i][j] = games[j][i]
	beat  [][]float64 // beat[i][j]: i's wins over j
}

func btDataOf(pairs []PairResult) btData {
	d := btData{index: map[string]int{}}
	for _, p := range pairs {
		for _, s := range []string{p.First, p.Second} {
			if _, ok := d.index[s]; !ok {
				d.index[s] = len(d.names)
				d.names = append(d.names, s)
			}
		}
	}
	d.games, d.beat = square(d.n()), square(d.n())
	for _, p := range pairs {
		a, b := d.index[p.First], d.index[p.Second]
		half := float64(p.Tie.K) / 2
		d.add(a, b, float64(p.Comparisons), float64(p.Win.K)+half, float64(p.Lose.K)+half)
	}
	return d
}

func square(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

func (d btData) n() int { return len(d.names) }

// add counts games of a against b, of which a won aWon and b bWon.
func (d btData) add(a, b int, games, aWon, bWon float64) {
	d.games[a][b] += games
	d.games[b][a] += games
	d.beat[a][b] += aWon
	d.beat[b][a] += bWon
}

// wins is i's wins over the systems in among (every system: nil).
func (d btData) wins(i int, among []int) float64 {
	w := 0.0
	for j := range d.n() {
		if among == nil || slices.Contains(among, j) {
			w += d.beat[i][j]
		}
	}
	return w
}

func (d btData) played(i int) float64 {
	g := 0.0
	for _, x := range d.games[i] {
		g += x
	}
	return g
}

// reach is who i reaches through wins, staying within among (every
// system: nil); backwards, through losses.
func (d btData) reach(i int, among []int, backwards bool) []bool {
	seen := make([]bool, d.n())
	seen[i] = true
	queue := []int{i}
	for len(queue) > 0 {
		a := queue[0]
		queue = queue[1:]
		for b := range d.n() {
			w := d.beat[a][b]
			if backwards {
				w = d.beat[b][a]
			}
			if w > 0 && !seen[b] && (among == nil || slices.Contains(among, b)) {
				seen[b] = true
				queue = append(queue, b)
			}
		}
	}
	return seen
}

// components are the groups of systems that beat one another round, each
// in index order, the groups in the order of their first system.
func (d btData) components() [][]int {
	group := make([]int, d.n())
	for i := range group {
		group[i] = -1
	}
	var out [][]int
	for i := range d.n() {
		if group[i] >= 0 {
			continue
		}
		ahead, behind := d.reach(i, nil, false), d.reach(i, nil, true)
		var m []int
		for j := i; j < d.n(); j++ {
			if ahead[j] && behind[j] {
				group[j] = len(out)
				m = append(m, j)
			}
		}
		out = append(out, m)
	}
	return out
}

// roundAmong says whether the systems of m, all of them compared, beat one
// another round through their games with each other alone.
func (d btData) roundAmong(m []int) bool {
	ahead, behind := d.reach(m[0], m, false), d.reach(m[0], m, true)
	for _, j := range m {
		if !ahead[j] || !behind[j] {
			return false
		}
	}
	return true
}

// fit is Bradley–Terry over the group m (which beats itself round) on its
// own games, at most rounds rounds: the strengths in m's order, summing to
// 1; none for a system alone.
func (d btData) fit(m []int, rounds int) (Group, []float64) {
	g := Group{Converged: true}
	for _, i := range m {
		g.Systems = append(g.Systems, d.names[i])
	}
	if len(m) < 2 {
		return g, nil
	}
	wins := make([]float64, len(m))
	for k, i := range m {
		wins[k] = d.wins(i, m)
	}
	strength, next := make([]float64, len(m)), make([]float64, len(m))
	for k := range strength {
		strength[k] = 1 / float64(len(m))
	}
	g.Converged = false
	for g.Rounds < rounds {
		g.Rounds++
		sum := 0.0
		for k, i := range m {
			den := 0.0
			for l, j := range m {
				if n := d.games[i][j]; n > 0 && l != k {
					den += n / (strength[k] + strength[l])
				}
			}
			next[k] = wins[k] / den
			sum += next[k]
		}
		g.Change = 0
		for k := range next {
			next[k] /= sum
			g.Change = max(g.Change, math.Abs(next[k]-strength[k]))
		}
		strength, next = next, strength
		if g.Change < btTolerance {
			g.Converged = true
			break
		}
	}
	return g, strength
}

// order ranks the groups, a group before every group it won all its games
// against (of those ready, the one with the larger share of wins over all
// its games first, then by name), and within each group the systems by
// strength, then name; it says which group won every game against which.
func (d btData) order(ranking []Strength, groups []Group, members [][]int) ([]Strength, []Group, []Dominance) {
	k := len(groups)
	of := make([]int, d.n())
	for gi, m := range members {
		for _, i := range m {
			of[i] = gi
		}
	}
	above, games := make([][]bool, k), square(k)
	for gi := range above {
		above[gi] = make([]bool, k)
	}
	for i := range d.n() {
		for j := range d.n() {
			if a, b := of[i], of[j]; a != b {
				games[a][b] += d.games[i][j]
				above[a][b] = above[a][b] || d.beat[i][j] > 0
			}
		}
	}
	share := func(gi int) float64 {
		w, n := 0.0, 0.0
		for _, i := range members[gi] {
			w, n = w+d.wins(i, nil), n+d.played(i)
		}
		return w / n
	}
	var rank []int // groups, best first
	placed := make([]bool, k)
	for len(rank) < k {
		best := -1
		for gi := range k {
			if placed[gi] {
				continue
			}
			ready := true
			for h := range k {
				ready = ready && (placed[h] || !above[h][gi])
			}
			if !ready {
				continue
			}
			if best < 0 || share(gi) > share(best) || share(gi) == share(best) && d.names[members[gi][0]] < d.names[members[best][0]] {
				best = gi
			}
		}
		placed[best] = true
		rank = append(rank, best)
	}
	newIndex := make([]int, k)
	for pos, gi := range rank {
		newIndex[gi] = pos
	}
	byStrength := func(x, y Strength) int {
		return cmp.Or(cmp.Compare(newIndex[x.Group], newIndex[y.Group]), cmp.Compare(y.Score.X, x.Score.X), cmp.Compare(x.System, y.System))
	}
	slices.SortFunc(ranking, byStrength)
	outGroups := make([]Group, k)
	for pos, gi := range rank {
		outGroups[pos] = groups[gi]
		outGroups[pos].Systems = nil
	}
	for i := range ranking {
		ranking[i].Group = newIndex[ranking[i].Group]
		g := &outGroups[ranking[i].Group]
		g.Systems = append(g.Systems, ranking[i].System)
	}
	var between []Dominance
	for _, a := range rank {
		for _, b := range rank {
			if above[a][b] {
				between = append(between, Dominance{Above: newIndex[a], Below: newIndex[b], Games: int(games[a][b])})
			}
		}
	}
	return ranking, outGroups, between
}
