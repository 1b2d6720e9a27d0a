package bench

import (
	"math/rand/v2"
	"slices"
)

// The ranking's bootstrap, as Arena-Hard and Chatbot Arena report theirs:
// the judgements (one per judged item) are resampled with replacement,
// Bradley–Terry is fitted again to each resample, and a system's 95%
// interval runs from the 2.5th to the 97.5th percentile of its strengths
// (Percentile: linear between order statistics).
const (
	// BootstrapReplicates is how many resamples are drawn.
	BootstrapReplicates = 1000
	// BootstrapSeed seeds them: resample r draws its n items with
	// rand.New(rand.NewPCG(BootstrapSeed, r)).IntN(n), in order, so the
	// same judgements give the same intervals in every run.
	BootstrapSeed = 20240611
)

// BootstrapInfo says how a ranking's intervals were drawn: of Replicates
// resamples from Seed, Used gave every group of the ranking a finite fit
// that converged. A resample is dropped when some group's systems were
// not all compared in it or did not beat one another round (NoFit: the
// likelihood has no finite maximum there), or when a fit did not converge
// within BTRounds (Unconverged). All zero when no system has a strength.
type BootstrapInfo struct {
	Replicates, Used   int
	Seed               uint64
	NoFit, Unconverged int
}

// Separability is how many of the ranking's pairs of systems have 95%
// intervals that do not overlap, of how many pairs (Arena-Hard's
// "separability"), and the share.
type Separability struct {
	Separated, Pairs int
	Share            Value
}

// bootstrapRanking sets each strength's Low and High from reps resamples
// of js, each group of c's ranking with a fit fitted again to its own
// games in the resample, and says how they were drawn.
func bootstrapRanking(js []Judgement, c *Comparison, reps int, seed uint64, stop <-chan struct{}) BootstrapInfo {
	d := btDataOf(c.Pairs)
	var fitted [][]int // the groups with strengths: their systems
	for _, g := range c.Groups {
		if len(g.Systems) > 1 {
			m := make([]int, len(g.Systems))
			for k, s := range g.Systems {
				m[k] = d.index[s]
			}
			slices.Sort(m)
			fitted = append(fitted, m)
		}
	}
	if len(fitted) == 0 {
		return BootstrapInfo{}
	}
	type judged struct {
		a, b       int
		aWon, bWon float64
	}
	all := make([]judged, len(js))
	for i, j := range js {
		w := float64(j.Outcome) / 2 // win 1, tie ½, lose 0
		all[i] = judged{d.index[j.First], d.index[j.Second], w, 1 - w}
	}
	info := BootstrapInfo{Replicates: reps, Seed: seed}
	draws := map[string][]float64{}
	sample := btData{names: d.names, index: d.index, games: square(d.n()), beat: square(d.n())}
	fits := make([][]float64, len(fitted))
	for r := range reps {
		select {
		case <-stop:
			return info
		default:
		}
		rng := rand.New(rand.NewPCG(seed, uint64(r)))
		for i := range sample.games {
			clear(sample.games[i])
			clear(sample.beat[i])
		}
		for range js {
			j := all[rng.IntN(len(all))]
			sample.add(j.a, j.b, 1, j.aWon, j.bWon)
		}
		if !fitEach(sample, fitted, fits, &info) {
			continue
		}
		info.Used++
		for gi, m := range fitted {
			for k, i := range m {
				draws[d.names[i]] = append(draws[d.names[i]], fits[gi][k])
			}
		}
	}
	for i := range c.Ranking {
		dr := draws[c.Ranking[i].System]
		if len(dr) == 0 {
			continue
		}
		slices.Sort(dr)
		c.Ranking[i].Low, c.Ranking[i].High = Of(Percentile(dr, 2.5)), Of(Percentile(dr, 97.5))
	}
	return info
}

// fitEach fits each group again to a resample's games, into fits; false,
// counted in info, when one has no finite fit there or does not converge.
func fitEach(sample btData, fitted [][]int, fits [][]float64, info *BootstrapInfo) bool {
	for gi, m := range fitted {
		if !sample.roundAmong(m) {
			info.NoFit++
			return false
		}
		g, s := sample.fit(m, BTRounds)
		if !g.Converged {
			info.Unconverged++
			return false
		}
		fits[gi] = s
	}
	return true
}

// separate counts the pairs of ranked systems whose intervals do not
// overlap, of the pairs in one group with both intervals: strengths of
// different groups are on no common scale.
func separate(ranking []Strength) Separability {
	var s Separability
	for i, a := range ranking {
		for _, b := range ranking[i+1:] {
			if !a.Low.Defined || !b.Low.Defined || a.Group != b.Group {
				continue
			}
			s.Pairs++
			if a.Low.X > b.High.X || b.Low.X > a.High.X {
				s.Separated++
			}
		}
	}
	if s.Pairs > 0 {
		s.Share = Of(float64(s.Separated) / float64(s.Pairs))
	}
	return s
}
