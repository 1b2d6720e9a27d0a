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
// resamples from Seed, Used had every system compared and connected (a
// resample that leaves one out fits no strength for it, and is dropped).
type BootstrapInfo struct {
	Replicates, Used int
	Seed             uint64
}

// Separability is how many of the ranking's pairs of systems have 95%
// intervals that do not overlap, of how many pairs (Arena-Hard's
// "separability"), and the share.
type Separability struct {
	Separated, Pairs int
	Share            Value
}

// bootstrapRanking sets each strength's Low and High from reps resamples
// of js, and says how they were drawn.
func bootstrapRanking(js []Judgement, ranking []Strength, reps int, seed uint64, stop <-chan struct{}) BootstrapInfo {
	info := BootstrapInfo{Replicates: reps, Seed: seed}
	draws := map[string][]float64{}
	sample := make([]Judgement, len(js))
	for r := range reps {
		select {
		case <-stop:
			return info
		default:
		}
		rng := rand.New(rand.NewPCG(seed, uint64(r)))
		for i := range sample {
			sample[i] = js[rng.IntN(len(js))]
		}
		c, err := tabulate(sample)
		if err != nil || len(c.Ranking) != len(ranking) {
			continue // a system left out, or the rest not connected
		}
		info.Used++
		for _, s := range c.Ranking {
			draws[s.System] = append(draws[s.System], s.Score)
		}
	}
	for i := range ranking {
		d := draws[ranking[i].System]
		if len(d) == 0 {
			continue
		}
		slices.Sort(d)
		ranking[i].Low, ranking[i].High = Of(Percentile(d, 2.5)), Of(Percentile(d, 97.5))
	}
	return info
}

// separate counts the pairs of ranked systems whose intervals do not
// overlap.
func separate(ranking []Strength) Separability {
	var s Separability
	for i, a := range ranking {
		for _, b := range ranking[i+1:] {
			if !a.Low.Defined || !b.Low.Defined {
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
