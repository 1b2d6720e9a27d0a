package report_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// goldGrades reads the demo's gold landing labels back from the gold
// export: pane uid -> answer position -> grade.
func goldGrades(t *testing.T, st *store.Store, ds int64) map[string]map[string]int {
	t.Helper()
	var b bytes.Buffer
	if _, err := data.WriteGold(context.Background(), storetest.ReadGold(t, st, ds), &b, report.ReleaseOptions{}); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(b.String()), "\n")[1:] {
		f := strings.Split(l, "\t")
		if strings.HasPrefix(f[1], "landing_") && f[2] != "" {
			if out[f[0]] == nil {
				out[f[0]] = map[string]int{}
			}
			out[f[0]][strings.TrimPrefix(f[1], "landing_")], _ = strconv.Atoi(f[2])
		}
	}
	return out
}

// naiveNDCG is nDCG@k written out plainly from the definition, apart
// from bench: sort by score, ties by document id descending.
func naiveNDCG(docs [][2]string, grades map[string]int, k int) float64 {
	sort.SliceStable(docs, func(i, j int) bool {
		si, _ := strconv.ParseFloat(docs[i][1], 64)
		sj, _ := strconv.ParseFloat(docs[j][1], 64)
		if si != sj {
			return si > sj
		}
		return docs[i][0] > docs[j][0]
	})
	var dcg, idcg float64
	for i := 0; i < k && i < len(docs); i++ {
		dcg += float64(grades[docs[i][0]]) / math.Log2(float64(i)+2)
	}
	var ideal []int
	for _, g := range grades {
		ideal = append(ideal, g)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(ideal)))
	for i := 0; i < k && i < len(ideal); i++ {
		idcg += float64(ideal[i]) / math.Log2(float64(i)+2)
	}
	if idcg == 0 {
		return 0
	}
	return dcg / idcg
}

// The demo's TREC run, scored against the demo's gold landing labels, as
// a plain reading of the run file and the gold export computes it.
func TestTRECRunAgainstGoldLanding(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	d, _ := st.DatasetByName(ctx, data.DemoDataset)
	grades := goldGrades(t, st, d.ID)
	run := []byte(datatest.DemoFile(t, "demo/demo-rerank.run"))
	byQuery := map[string][][2]string{}
	for _, l := range strings.Split(strings.TrimSpace(string(run)), "\n") {
		f := strings.Fields(l)
		byQuery[f[0]] = append(byQuery[f[0]], [2]string{f[2], f[4]})
	}
	want := map[int]float64{}
	n := 0
	for q, docs := range byQuery {
		if grades[q] == nil {
			continue
		}
		n++
		for _, k := range []int{1, 3, 5} {
			want[k] += naiveNDCG(docs, grades[q], k)
		}
	}
	scores, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(scores) != 1 || scores[0].Target != store.TargetLanding || scores[0].Items != n || n == 0 {
		t.Fatalf("scores %+v, want one landing run over %d queries", scores, n)
	}
	for _, k := range []int{1, 3, 5} {
		name := fmt.Sprintf("ndcg@%d", k)
		for _, m := range scores[0].Metric {
			if m.Name == name && math.Abs(m.Value.X-want[k]/float64(n)) > 1e-12 {
				t.Errorf("%s = %v, want %v", name, m.Value.X, want[k]/float64(n))
			}
		}
	}
	if scores[0].Complete {
		t.Error("the demo run ranks unlabelled panes, yet it is marked complete")
	}
}

// A labels run against the demo's gold: accuracy, F1 and kappa as the
// predictions and the gold export give them, counted by hand.
func TestLabelsRun(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	d, _ := st.DatasetByName(ctx, data.DemoDataset)
	grades := goldGrades(t, st, d.ID)
	// Predict 2 for landing_1 of every pane with gold there, and one
	// prediction for a pane without gold.
	var body strings.Builder
	body.WriteString("item unit label\n")
	right, n := 0, 0
	for uid, g := range grades {
		if v, ok := g["1"]; ok {
			fmt.Fprintf(&body, "%s landing_1 2\n", uid)
			n++
			if v == 2 {
				right++
			}
		}
	}
	body.WriteString("c47950bdbed9465e answer_set 1\n")
	if _, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body.String()), data.RunOptions{Kind: "labels", Name: "all-two", RunKinds: runKinds(t, st)}); err != nil {
		t.Fatal(err)
	}
	scores, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var s report.RunScore
	for _, x := range scores {
		if x.Name == "all-two" {
			s = x
		}
	}
	if s.Items != n || s.Total != n+1 || s.Complete {
		t.Fatalf("labels run: %d of %d items, complete %v; want %d of %d, incomplete", s.Items, s.Total, s.Complete, n, n+1)
	}
	acc := s.Metric[0].Value.X
	if math.Abs(acc-float64(right)/float64(n)) > 1e-12 {
		t.Errorf("accuracy %v, want %d/%d", acc, right, n)
	}
	// Always predicting one label: kappa is 0 (chance agreement equals the
	// observed), and macro-F1 averages class 2's F1 with 0 for the others.
	if s.Metric[2].Value.X != 0 && math.Abs(s.Metric[2].Value.X) > 1e-12 {
		t.Errorf("kappa %v, want 0", s.Metric[2].Value.X)
	}
	// The one answer-set prediction has no gold: its type is listed with
	// nothing scored, and its gold counted missing; the pooled figure
	// rests on the landing labels alone, and says so.
	if len(s.ByType) != 2 || s.ByType[0].Type != "answer_set" || s.ByType[0].N != 0 || s.ByType[0].Gold.Missing != 1 ||
		s.ByType[1].Type != "landing" || s.ByType[1].N != n || s.ByType[1].Gold.Settled != n {
		t.Errorf("by type %+v", s.ByType)
	}
	if fmt.Sprint(s.PooledOver) != "[landing]" || s.Gold.Settled != n || s.Gold.Missing != 1 {
		t.Errorf("pooled over %v, gold %+v", s.PooledOver, s.Gold)
	}
	// In text the run's rows name the one type they rest on, with the gold
	// the prediction without gold leaves missing.
	text := strings.Join(strings.Fields(strings.Join(report.BenchLines([]report.RunScore{s}), "\n")), " ")
	if want := fmt.Sprintf("all-two landing accuracy %.4f %d/%d* %d settled · 1 missing", acc, n, n+1, n); !strings.Contains(text, want) {
		t.Errorf("bench text lacks %q:\n%s", want, text)
	}
}

// A questions run over MIMICS panes is scored against each pane's own
// clarifying question: a run that repeats the questions scores 1, one
// that asks about nothing in them 0.
func TestQuestionsRunAgainstPaneQuestions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	d, _ := st.DatasetByName(ctx, data.DemoDataset)
	var same, other strings.Builder
	n := 0
	st.EachItem(ctx, d.ID, func(it store.Item) error {
		if n < 3 {
			same.WriteString(it.UID + "\t" + it.Question + "\n")
			other.WriteString(it.UID + "\tZebra crossings?\n")
		}
		n++
		return nil
	})
	for name, body := range map[string]string{"same": same.String(), "other": other.String()} {
		if _, err := data.AddRun(ctx, st, storetest.Lead(t, st), datatest.RunFile(t, body), data.RunOptions{Kind: store.RunQuestions, Name: name, RunKinds: runKinds(t, st)}); err != nil {
			t.Fatal(err)
		}
	}
	scores, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"same": 1, "other": 0}
	for _, s := range scores {
		if w, ok := want[s.Name]; ok && (s.Items != 3 || s.Metric[0].Value.X != w || !s.Metric[0].Value.Defined) {
			t.Errorf("%s: %+v, want token F1 %v over 3 panes", s.Name, s, w)
		}
	}
}

// A dataset's runs are scored by the scorers its caller names (its kind's
// descriptor, kinds.Set.Runs), not by a table of report's own: a run of
// a kind they leave out is refused, as a run a kind does not take.
func TestRunsScoredByTheCallersScorers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	d, _ := st.DatasetByName(ctx, data.DemoDataset) // a trec run, demo-rerank
	scores, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil || len(scores) != 1 || scores[0].Kind != store.RunTREC {
		t.Fatalf("MIMICS' own runs: %+v %v", scores, err)
	}
	labelsOnly := []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreLabels}}
	_, err = report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, labelsOnly, report.ScoreOptions{})
	if err == nil || !strings.Contains(err.Error(), `score run "demo-rerank": a mimics dataset takes no trec runs`) {
		t.Errorf("scorers without trec: err = %v", err)
	}
	_, _, err = report.ScoreDataset(ctx, storetest.ReadGold(t, st, d.ID), d, nil, report.ScoreOptions{})
	if err == nil || !strings.Contains(err.Error(), "takes no trec runs") {
		t.Errorf("no scorers: err = %v", err)
	}
}
