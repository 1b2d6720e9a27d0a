package report_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// duoPanes is a MIMICS-Duo Task 2 file (its release header) of n panes
// with no labels, pane i with 2 + i%4 candidate answers; it returns the
// file and each pane's count of answers by query.
func duoPanes(n int) (string, map[string]int) {
	header := "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\tQuality_Option1\tQuality_Option2\t" +
		"Quality_Option3\tQuality_Option4\tQuality_Option5\tOverallClarificationPaneQuality" + strings.Repeat("\t", 8)
	var b strings.Builder
	b.WriteString(header + "\n")
	answers := map[string]int{}
	for i := range n {
		q, k := fmt.Sprintf("query %d", i), 2+i%4
		cells := []string{q, "Which one?"}
		for j := range 5 {
			cells = append(cells, map[bool]string{true: fmt.Sprintf("answer %d", j+1), false: ""}[j < k])
		}
		b.WriteString(strings.Join(cells, "\t") + strings.Repeat("\t", 14) + "\n")
		answers[q] = k
	}
	return b.String(), answers
}

// Over hundreds of HITs at an attention rate of 0.3, about 30% end with
// the question; the quality report counts each annotator's answers and
// right ones as the test recorded them; and no answer reaches a label
// or the labels export.
func TestAttentionQuestionsOverManyHITs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	file, answers := duoPanes(400)
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(file), "duo.tsv", data.Options{Dataset: "duo"}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "duo")
	if err != nil {
		t.Fatal(err)
	}
	st.Draws = rand.New(rand.NewPCG(5, 8))
	const rate = 0.3
	if err := st.SetTraining(ctx, lead, d.ID, store.Training{Pass: 0.7, RepeatGap: 1, PauseAfter: 5, AttentionRate: rate}); err != nil {
		t.Fatal(err)
	}
	type tally struct{ hits, asked, right, labels int }
	got := map[string]*tally{}
	for _, p := range []struct {
		name string
		hits int
		care float64 // the chance of counting right
	}{{"ana", 200, 0.9}, {"bo", 150, 0.5}, {"cy", 100, 1}} {
		who := storetest.Person(t, st, p.name, store.RoleAnnotator)
		rng := rand.New(rand.NewPCG(uint64(len(p.name)), 1))
		tl := &tally{}
		got[p.name] = tl
		for range p.hits {
			id, ok, _, err := st.NextHIT(ctx, d.ID, who.ID, 0)
			if err != nil || !ok {
				t.Fatalf("%s: no HIT: %v", p.name, err)
			}
			it, err := st.ItemByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			k := answers[it.Query]
			units := []string{"pane_quality"}
			for j := range k {
				units = append(units, fmt.Sprintf("answer_quality_%d", j+1))
			}
			for i, u := range units {
				ch := store.LabelChange{ItemID: id, AnnotatorID: who.ID, Unit: u, Value: ptrTo(1 + rng.IntN(5)), Finish: i == len(units)-1}
				if _, err := st.SetLabel(ctx, ch); err != nil {
					t.Fatal(err)
				}
			}
			tl.hits++
			tl.labels += len(units)
			h, err := st.LoadHIT(ctx, id, who.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !h.Attention {
				continue
			}
			tl.asked++
			n := k
			if rng.Float64() >= p.care {
				n = k + 1 + rng.IntN(2)
			} else {
				tl.right++
			}
			if err := st.AnswerAttention(ctx, store.AttentionAnswer{ItemID: id, AnnotatorID: who.ID, Answer: n}); err != nil {
				t.Fatal(err)
			}
		}
	}
	asked, hits, labels := 0, 0, 0
	for _, tl := range got {
		asked, hits, labels = asked+tl.asked, hits+tl.hits, labels+tl.labels
	}
	if mean, sd := rate*float64(hits), math.Sqrt(float64(hits)*rate*(1-rate)); math.Abs(float64(asked)-mean) > 4*sd {
		t.Errorf("asked on %d of %d HITs, want %.0f ± %.0f", asked, hits, mean, 4*sd)
	}

	q, err := report.ReadQuality(ctx, st, lead, d)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range q.Annotators {
		tl := got[a.Annotator]
		if a.HITs != tl.hits || a.Attention != tl.asked || a.AttentionRight != tl.right {
			t.Errorf("%s: %d HITs, %d of %d right; the test keyed %d HITs, %d of %d right",
				a.Annotator, a.HITs, a.AttentionRight, a.Attention, tl.hits, tl.right, tl.asked)
		}
		if want := float64(tl.right) / float64(tl.asked); !a.AttentionAccuracy.Defined || math.Abs(a.AttentionAccuracy.V-want) > 1e-12 {
			t.Errorf("%s: attention accuracy %+v, want %v", a.Annotator, a.AttentionAccuracy, want)
		}
	}
	if text := q.Text(); !strings.Contains(text, "attention") {
		t.Errorf("the report's table has no attention column:\n%s", text)
	}

	// The labels export has the labels keyed and nothing else.
	r, err := st.ReadLabels(ctx, lead, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = data.WriteLabels(ctx, r, &out, nil)
	r.Close()
	if err != nil {
		t.Fatal(err)
	}
	if rows := strings.Count(out.String(), "\n") - 1; rows != labels {
		t.Errorf("the labels export has %d rows; %d labels were keyed", rows, labels)
	}
	if strings.Contains(out.String(), "attention") {
		t.Error("the labels export mentions the attention question")
	}
}

func ptrTo(v int) *int { return &v }
