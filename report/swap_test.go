package report_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Judges who keep their verdict after a swap with different chances: the
// quality report's position consistency is each one's tally of same
// verdicts over their swapped repeats, with the 95% Wilson interval
// worked from its formula here, and swapped repeats stay out of plain
// self-consistency.
func TestPositionConsistencyOverSwappedRepeats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	var b strings.Builder
	for i := range 150 {
		fmt.Fprintf(&b, `{"id": "p%d", "request": "request %d", "outputs": {"alpha": "a %d", "beta": "b %d"}}`+"\n", i, i, i, i)
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(b.String()), "pairs.jsonl", data.Options{Dataset: "cmp"}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "cmp")
	if err != nil {
		t.Fatal(err)
	}
	st.Draws = rand.New(rand.NewPCG(21, 22))
	if err := st.SetTraining(ctx, lead, d.ID, store.Training{Pass: 0.7, RepeatGap: 3, PauseAfter: 5, SwapRate: 0.3}); err != nil {
		t.Fatal(err)
	}
	type tally struct{ swaps, same int }
	want := map[string]*tally{}
	for _, p := range []struct {
		name string
		keep float64 // the chance a verdict survives the swap
	}{{"ana", 0.9}, {"bo", 0.5}, {"cy", 1}} {
		who := storetest.Person(t, st, p.name, store.RoleAnnotator)
		rng := rand.New(rand.NewPCG(uint64(len(p.name)), 7))
		tl := &tally{}
		want[p.name] = tl
		first := map[int64]int{}
		for range 80 {
			id, ok, _, err := st.NextHIT(ctx, d.ID, who.ID, 0)
			if err != nil || !ok {
				t.Fatalf("%s: no HIT: %v", p.name, err)
			}
			h, err := st.LoadHIT(ctx, id, who.ID)
			if err != nil {
				t.Fatal(err)
			}
			v := rng.IntN(3)
			if h.Swapped {
				tl.swaps++
				v = first[id]
				if rng.Float64() >= p.keep {
					v = (v + 1 + rng.IntN(2)) % 3
				} else {
					tl.same++
				}
			} else {
				first[id] = v
			}
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: who.ID, Unit: guidelines.PreferenceUnit,
				Value: &v, Finish: true}); err != nil {
				t.Fatal(err)
			}
		}
	}
	q, err := report.ReadQuality(ctx, st, lead, d)
	if err != nil {
		t.Fatal(err)
	}
	const z = 1.959963984540054
	for _, a := range q.Annotators {
		tl := want[a.Annotator]
		if tl == nil || tl.swaps == 0 {
			t.Fatalf("%s: the test keyed no swapped repeat", a.Annotator)
		}
		if a.Swaps != tl.swaps || a.SwapsSame != tl.same || a.Repeats != 0 || a.SelfAgreement.Defined {
			t.Errorf("%s: %d of %d same (repeats %d, self %+v); the test keyed %d of %d", a.Annotator, a.SwapsSame, a.Swaps,
				a.Repeats, a.SelfAgreement, tl.same, tl.swaps)
		}
		n, p := float64(tl.swaps), float64(tl.same)/float64(tl.swaps)
		centre := (p + z*z/(2*n)) / (1 + z*z/n)
		half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
		if math.Abs(a.PositionConsistency.V-p) > 1e-12 || math.Abs(a.PositionLow.V-math.Max(0, centre-half)) > 1e-12 ||
			math.Abs(a.PositionHigh.V-math.Min(1, centre+half)) > 1e-12 {
			t.Errorf("%s: position consistency %v [%v, %v], want %v [%v, %v]", a.Annotator, a.PositionConsistency.V,
				a.PositionLow.V, a.PositionHigh.V, p, centre-half, centre+half)
		}
	}
	if text := q.Text(); !strings.Contains(text, "position") {
		t.Errorf("the report's table has no position column:\n%s", text)
	}
}
