package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// seedPairs imports n pairs of systems a and b as the compare dataset
// "cmp", and makes the annotator ana.
func seedPairs(t *testing.T, st *Store, n int) (int64, Annotator) {
	t.Helper()
	ctx := context.Background()
	im, err := st.BeginImport(ctx, testLead(t, st), "cmp", guidelines.Compare.Kind, "pairs")
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		im.addPair(Pair{UID: fmt.Sprint(i), Request: "req", First: "a", Second: "b", FirstOut: fmt.Sprint("first ", i), SecondOut: fmt.Sprint("second ", i)})
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	return im.DatasetID(), ana
}

// A compare dataset's swap rate hands a judge, once the gap has passed, a
// pair they finished with its sides the other way round: the HIT says it
// is swapped, the sides flip, the second verdict goes to repeat_labels
// (the first stays), and the quality data marks the pair swapped. Plain
// repeats are never swapped, and another kind refuses a swap rate.
func TestSwappedRepeats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	ds, ana := seedPairs(t, st, 12)
	st.Draws = rand.New(rand.NewPCG(9, 9))
	setTraining(t, st, ds, Training{Pass: 0.7, RepeatGap: 2, PauseAfter: 5, SwapRate: 0.5})
	first := map[int64]int{}
	swaps := 0
	for range 20 {
		id, ok, _ := next(t, st, ds, ana.ID)
		if !ok {
			break
		}
		h := loadHIT(t, st, id, ana.ID)
		sides, err := st.PairSides(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		v := guidelines.PreferWin
		if h.Rev.Repeat != 0 {
			if !h.Swapped {
				t.Fatal("a repeat at swap rate only is not swapped")
			}
			if got := sides.Swapped(); got.A != sides.B || got.B != sides.A || got.FirstIsA == sides.FirstIsA {
				t.Fatalf("swapped sides %+v of %+v", got, sides)
			}
			swaps++
			v = guidelines.PreferTie // the judge changes their mind
		} else if h.Swapped {
			t.Fatal("a first HIT is marked swapped")
		}
		if _, err := st.SetLabel(ctx, LabelChange{ItemID: id, AnnotatorID: ana.ID, Unit: guidelines.PreferenceUnit, Value: &v, Finish: true}); err != nil {
			t.Fatal(err)
		}
		if h.Rev.Repeat == 0 {
			first[id] = v
		}
	}
	if swaps == 0 {
		t.Fatal("no swapped repeat in 20 HITs at rate 0.5")
	}
	q, err := st.ReadQuality(ctx, lead, ds)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Repeats) != swaps {
		t.Fatalf("%d repeat pairs, %d swaps keyed", len(q.Repeats), swaps)
	}
	for _, r := range q.Repeats {
		if !r.Swapped || r.First != first[r.Item] || r.First != guidelines.PreferWin || r.Second != guidelines.PreferTie {
			t.Errorf("repeat pair %+v", r)
		}
	}

	other, _, _ := seed(t, st, 2)
	err = st.SetTraining(ctx, lead, other, Training{Pass: 0.7, RepeatGap: 2, PauseAfter: 5, SwapRate: 0.1})
	if err == nil || !strings.Contains(err.Error(), "no sides to swap") {
		t.Errorf("a swap rate for MIMICS panes: %v", err)
	}
}
