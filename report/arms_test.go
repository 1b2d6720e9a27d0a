package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// armData is a study of n panes' question units: arms blind=2 and
// after:judge=2, the blind arm's labels the truth 70% of the time, the
// after arm's the run's 60% of the time.
func armData(n int) store.StudyData {
	rng := rand.New(rand.NewPCG(4, 6))
	d := store.StudyData{Study: store.Study{GoldFrom: store.GoldFromBlind, ArmOf: map[int64]int{1: 0, 2: 0, 3: 1, 4: 1},
		Arms: []store.Arm{{Seq: 0, Shows: store.ShowsNever, PerItem: 2}, {Seq: 1, Shows: store.ShowsAfter, Run: "judge", RunID: 9, PerItem: 2}}},
		Runs: map[int64]map[store.ItemUnit]int{9: {}}}
	for i := range n {
		item, truth := int64(i+1), rng.IntN(3)
		run := truth
		if rng.IntN(4) == 0 {
			run = rng.IntN(3)
		}
		d.Runs[9][store.ItemUnit{ItemID: item, Unit: "question"}] = run
		for who := int64(1); who <= 4; who++ {
			v := truth
			if rng.Float64() > 0.7 {
				v = rng.IntN(3)
			}
			first := v
			if who > 2 && rng.Float64() < 0.6 {
				v = run
			}
			d.Labels = append(d.Labels, store.ArmLabel{ItemID: item, Item: fmt.Sprint(item), Unit: "question",
				Annotator: who, Arm: d.ArmOf[who], First: first, Value: v})
		}
	}
	return d
}

// The differences' bootstrap intervals are the seed's: the same seed
// gives the same figures, another seed other intervals around the same
// differences; the blind arm has no agreement with its own gold and says
// why.
func TestArmDifferencesAreSeeded(t *testing.T) {
	t.Parallel()
	d := armData(60)
	opt := agreement.Options{Bootstrap: 200, Seed: 1}
	gold := ruleGold(d.Labels, d.Arms[0], agreement.RuleMajority)
	a := ComputeArmFigures(d, guidelines.MIMICS, gold, opt)
	b := ComputeArmFigures(d, guidelines.MIMICS, gold, opt)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave other figures")
	}
	opt.Seed = 2
	c := ComputeArmFigures(d, guidelines.MIMICS, gold, opt)
	var q ArmDifference
	for i, diff := range a.Differences {
		if diff.Type == "question" {
			q = diff
			if c.Differences[i].RunKappa != diff.RunKappa || c.Differences[i].RunCI == diff.RunCI {
				t.Errorf("seed 2: Δ κ %v in %v; seed 1: %v in %v", c.Differences[i].RunKappa, c.Differences[i].RunCI, diff.RunKappa, diff.RunCI)
			}
		}
	}
	if !q.RunCI.Defined || !q.WithinCI.Defined || q.RunCI.Lo > q.RunKappa.V || q.RunCI.Hi < q.RunKappa.V {
		t.Errorf("question: Δ κ with the run %v in %v, within %v in %v", q.RunKappa, q.RunCI, q.Within, q.WithinCI)
	}
	for _, at := range a.Arms[0].Types {
		if at.Gold != nil || at.GoldWhy != blindGoldSelf {
			t.Errorf("the blind arm's %s: gold %+v, why %q", at.Type, at.Gold, at.GoldWhy)
		}
	}
	if a.Arms[1].Changed == 0 || a.Arms[0].Changed != 0 {
		t.Errorf("changed: blind %d, after %d", a.Arms[0].Changed, a.Arms[1].Changed)
	}
}

// question is the differences of the question type.
func question(t *testing.T, f ArmFigures) ArmDifference {
	t.Helper()
	for _, d := range f.Differences {
		if d.Type == "question" {
			return d
		}
	}
	t.Fatalf("no question difference in %+v", f.Differences)
	return ArmDifference{}
}

// The differences' bootstrap intervals are a brute-force bootstrap's: at
// a small B, each replicate drawn as the code draws it (the items in
// import order, rand.NewPCG(seed, "arms"), one draw per item), the drawn
// items' labels and run labels copied as new items, and the differences
// of the copy's figures (no bootstrap) taken; the interval is their 2.5th
// and 97.5th percentiles.
func TestArmIntervalsAreABruteForceBootstrap(t *testing.T) {
	t.Parallel()
	const n, b = 25, 40
	d := armData(n)
	gold := ruleGold(d.Labels, d.Arms[0], agreement.RuleMajority)
	opt := agreement.Options{Bootstrap: b, Seed: 7}
	got := question(t, ComputeArmFigures(d, guidelines.MIMICS, gold, opt))
	byItem := map[int64][]store.ArmLabel{}
	for _, l := range d.Labels {
		byItem[l.ItemID] = append(byItem[l.ItemID], l)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x61726d73))
	var runs, withins []float64
	for range b {
		copyOf := store.StudyData{Study: d.Study, Runs: map[int64]map[store.ItemUnit]int{9: {}}}
		for k := range n {
			item := int64(rng.IntN(n) + 1) // armData's items are 1…n, in import order
			id := int64(k + 1)
			for _, l := range byItem[item] {
				l.ItemID = id
				copyOf.Labels = append(copyOf.Labels, l)
			}
			copyOf.Runs[9][store.ItemUnit{ItemID: id, Unit: "question"}] = d.Runs[9][store.ItemUnit{ItemID: item, Unit: "question"}]
		}
		r := question(t, ComputeArmFigures(copyOf, guidelines.MIMICS, nil, agreement.Options{}))
		if r.RunKappa.Defined {
			runs = append(runs, r.RunKappa.V)
		}
		if r.Within.Defined {
			withins = append(withins, r.Within.V)
		}
	}
	for _, c := range []struct {
		what string
		got  agreement.Interval
		reps []float64
	}{{"Δ κ with the run", got.RunCI, runs}, {"Δ κ within", got.WithinCI, withins}} {
		lo, hi := percentiles(c.reps)
		if !c.got.Defined || math.Abs(c.got.Lo-lo) > 1e-9 || math.Abs(c.got.Hi-hi) > 1e-9 {
			t.Errorf("%s: interval %v, by brute force [%v, %v] over %d replicates", c.what, c.got, lo, hi, len(c.reps))
		}
	}
}

// percentiles are the 2.5th and 97.5th percentiles of xs, each linearly
// between the two order statistics around p·(n − 1).
func percentiles(xs []float64) (lo, hi float64) {
	s := slices.Clone(xs)
	slices.Sort(s)
	at := func(p float64) float64 {
		h := p * float64(len(s)-1)
		i := int(h)
		if i+1 >= len(s) {
			return s[i]
		}
		return s[i] + (h-float64(i))*(s[i+1]-s[i])
	}
	return at(0.025), at(0.975)
}

// One replicate's statistics (item i drawn i mod 3 times) are a recount by
// hand over the labels repeated as drawn: the quadratic-weighted κ of each
// arm's labels with the run (MIMICS is ordinal), and Fleiss' κ within each
// arm, each arm's less the blind arm's.
func TestArmReplicateIsARecountByHand(t *testing.T) {
	t.Parallel()
	const n = 30
	d := armData(n)
	units := armUnits(d, guidelines.MIMICS, nil)
	t0 := slices.Index(guidelines.MIMICS.Types, "question")
	b := newArmBoot(units, t0, 1, 0, d.Runs[9])
	times := make([]float64, n)
	for i := range times {
		times[i] = float64(i % 3)
	}
	runK, within := b.replicate(times, true)
	var pairs [2][][2]int
	var byUnit [2]map[int64][]int
	byUnit[0], byUnit[1] = map[int64][]int{}, map[int64][]int{}
	for _, l := range d.Labels {
		side := 1 - l.Arm // the after arm first, as replicate takes it
		for k := range int(l.ItemID-1) % 3 {
			copyID := l.ItemID*10 + int64(k)
			pairs[side] = append(pairs[side], [2]int{l.Value, d.Runs[9][store.ItemUnit{ItemID: l.ItemID, Unit: "question"}]})
			byUnit[side][copyID] = append(byUnit[side][copyID], l.Value)
		}
	}
	wantRun := quadraticKappa(pairs[0]) - quadraticKappa(pairs[1])
	wantWithin := fleissByHand(byUnit[0]) - fleissByHand(byUnit[1])
	if !runK.Defined || math.Abs(runK.V-wantRun) > 1e-12 {
		t.Errorf("Δ κ with the run %v, by hand %v", runK, wantRun)
	}
	if !within.Defined || math.Abs(within.V-wantWithin) > 1e-12 {
		t.Errorf("Δ κ within %v, by hand %v", within, wantWithin)
	}
}

// quadraticKappa is Cohen's κ with quadratic weights of pairs of values:
// 1 − Σ (a − b)² over the pairs / the same over every pairing of the two
// sides' values (chance).
func quadraticKappa(pairs [][2]int) float64 {
	var obs, chance float64
	for _, p := range pairs {
		obs += float64((p[0] - p[1]) * (p[0] - p[1]))
		for _, q := range pairs {
			chance += float64((p[0] - q[1]) * (p[0] - q[1]))
		}
	}
	n := float64(len(pairs))
	return 1 - (obs/n)/(chance/(n*n))
}

// fleissByHand is Fleiss' κ in Gwet's form: the mean share of agreeing
// pairs over units with two or more labels against Σ π², π a value's mean
// share over units with one or more.
func fleissByHand(units map[int64][]int) float64 {
	pi := map[int]float64{}
	var pa, paired float64
	for _, ls := range units {
		c := map[int]float64{}
		for _, v := range ls {
			c[v]++
		}
		m := float64(len(ls))
		agree := 0.0
		for v, k := range c {
			pi[v] += k / m
			agree += k * (k - 1)
		}
		if m >= 2 {
			pa += agree / (m * (m - 1))
			paired++
		}
	}
	pe := 0.0
	for _, x := range pi {
		pe += (x / float64(len(units))) * (x / float64(len(units)))
	}
	return (pa/paired - pe) / (1 - pe)
}

// An arm's HITs, timed HITs and median time are its own HITs' (an
// annotator in no arm counts in none), the median of an even count the
// mean of the middle two; its annotators are those drawn into it who
// finished a HIT of it.
func TestArmHITFiguresByHand(t *testing.T) {
	t.Parallel()
	d := armData(4)
	d.ArmOf[5] = 1
	d.ArmOf[7] = 0 // drawn by a search that found no work: no HIT, no annotator of the arm
	d.HITs = []store.ArmHIT{
		{ItemID: 1, Annotator: 1, Arm: 0, Seconds: 30, Timed: true},
		{ItemID: 2, Annotator: 1, Arm: 0, Seconds: 10, Timed: true},
		{ItemID: 1, Annotator: 2, Arm: 0, Seconds: 90, Timed: true},
		{ItemID: 2, Annotator: 2, Arm: 0, Seconds: 0}, // merged: no step events
		{ItemID: 1, Annotator: 3, Arm: 1, Seconds: 12, Timed: true},
		{ItemID: 2, Annotator: 4, Arm: 1, Seconds: 20, Timed: true},
		{ItemID: 3, Annotator: 4, Arm: 1, Seconds: 7, Timed: true},
		{ItemID: 4, Annotator: 5, Arm: 1, Seconds: 40, Timed: true},
		{ItemID: 3, Annotator: 6, Arm: -1, Seconds: 1, Timed: true},
	}
	f := ComputeArmFigures(d, guidelines.MIMICS, nil, agreement.Options{})
	for i, want := range []struct {
		annotators, hits, timed int
		median                  float64
	}{{2, 4, 3, 30}, {3, 4, 4, 16}} {
		a := f.Arms[i]
		if a.Annotators != want.annotators || a.HITs != want.hits || a.TimedHITs != want.timed ||
			a.MedianHITSeconds != (agreement.Value{V: want.median, Defined: true}) {
			t.Errorf("%s: %d annotators, %d HITs, %d timed, median %v; want %+v", a.Arm, a.Annotators, a.HITs, a.TimedHITs,
				a.MedianHITSeconds, want)
		}
	}
}

// The HTML report names the changed share as the JSON does: labels whose
// final value differs from the first keyed, "changed after the first key"
// (a blind arm's annotator never saw a run, and a before: arm's saw it
// before keying), and its κ by their weighting and gold.
func TestArmsHTMLNamesWhatItShows(t *testing.T) {
	t.Parallel()
	d := armData(30)
	f := ComputeArmFigures(d, guidelines.MIMICS, ruleGold(d.Labels, d.Arms[0], agreement.RuleMajority), agreement.Options{})
	html := string(armsSection(&f))
	for _, want := range []string{"changed after the first key", "settled gold", "quadratic", "α nominal within", "κ within [95%]"} {
		if !strings.Contains(html, want) {
			t.Errorf("the arms section has no %q", want)
		}
	}
	// Each arm's distribution of each type, count by count, as the JSON's.
	for i, a := range f.Arms {
		for j, at := range a.Types {
			for k, c := range at.Distribution {
				path := fmt.Sprintf("arms/arms/%d/types/%d/distribution/%d/n", i, j, k)
				if !strings.Contains(html, path) || !strings.Contains(html, ">"+strconv.Itoa(c.N)+"<") {
					t.Errorf("the arms section has no %s (%d)", path, c.N)
				}
			}
		}
	}
	if strings.Contains(html, "seeing the run") {
		t.Error("the arms section says labels changed after seeing the run")
	}
}
