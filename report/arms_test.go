package report

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
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
	a := ComputeArmFigures(d, guidelines.MIMICS, agreement.RuleMajority, opt)
	b := ComputeArmFigures(d, guidelines.MIMICS, agreement.RuleMajority, opt)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed gave other figures")
	}
	opt.Seed = 2
	c := ComputeArmFigures(d, guidelines.MIMICS, agreement.RuleMajority, opt)
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

// The bootstrap's light Fleiss' κ is agree's on the arm's labels.
func TestArmFleissIsAgreesKappa(t *testing.T) {
	t.Parallel()
	d := armData(40)
	d.Labels = d.Labels[:len(d.Labels)-3] // the last pane: one label only
	units := armUnits(d, guidelines.MIMICS, agreement.RuleMajority, 0)
	for arm := range 2 {
		want := withinArm(guidelines.MIMICS, units, 0, arm, nil, agreement.Options{}).Kappa
		got := fleissOf(units, 0, arm, nil)
		if !want.Defined || !got.Defined || math.Abs(got.V-want.V) > 1e-12 {
			t.Errorf("arm %d: %v, agree's %v", arm, got, want)
		}
	}
}
