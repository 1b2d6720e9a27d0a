package tui

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"
	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// paneRow is the pane's line for a label type, fields split.
func (h *harness) paneRow(name string) []string {
	h.t.Helper()
	for _, l := range strings.Split(h.screen(), "\n") {
		_, right, ok := strings.Cut(l, "│")
		if !ok {
			right = l
		}
		if f := strings.Fields(right); len(f) > 0 && strings.Join(f[:len(f)-3], " ") == name {
			return f[len(f)-3:]
		}
	}
	h.t.Fatalf("no pane row %q:\n%s", name, h.screen())
	return nil
}

// keyAll labels every unit of the pane as name, through the store as
// another process would.
func keyAll(t *testing.T, st *store.Store, it store.Item, name string, value int) {
	t.Helper()
	ctx := context.Background()
	an, err := st.EnsureAnnotator(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	units := guidelines.MIMICS.Units(it.Shape(0))
	for i, u := range units {
		v := value
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: u, Value: &v,
			Finish: i == len(units)-1}); err != nil {
			t.Fatal(err)
		}
	}
}

// expected is the pooled row the pane must show, computed from every label
// (the lead's reading) less the units of the hidden items.
func expectedPooled(t *testing.T, st *store.Store, datasetID int64, hidden ...store.Item) []string {
	t.Helper()
	study, err := report.DatasetStudy(context.Background(), goldReading(t, st, datasetID))
	if err != nil {
		t.Fatal(err)
	}
	study.Subjects = slices.DeleteFunc(study.Subjects, func(s agreement.Subject) bool {
		return slices.ContainsFunc(hidden, func(it store.Item) bool { return it.UID == s.Item })
	})
	p := agreement.Analyze(study, agreement.Options{}).Pooled
	return []string{fmt.Sprintf("%.2f", p.FleissKappa.V), fmt.Sprintf("%.2f", p.AlphaOrdinal.V), fmt.Sprint(p.Items)}
}

// Others' labels on a pane the annotator has open never reach the pane; once
// the annotator finishes it, the pane updates by itself and counts them.
func TestPaneIsBlindAndUpdates(t *testing.T) {
	st := storetest.Open(t)
	clock := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	st.Now = func() time.Time { clock = clock.Add(2 * time.Second); return clock }
	if err := data.LoadDemo(context.Background(), st, storetest.Lead(t, st)); err != nil {
		t.Fatal(err)
	}
	h := startHarness(t, st, "ana", 120, 40)
	ds := h.m.cfg.Dataset.ID
	one := h.item(1)
	keyAll(t, h.st, one, "bo", 0) // bo and cy disagree with what ana will key
	keyAll(t, h.st, one, "cy", 0)

	h.keys("tab")
	h.expect("agreement · live")
	blind := expectedPooled(t, h.st, ds, one)
	if got := h.paneRow("pooled"); strings.Join(got, " ") != strings.Join(blind, " ") {
		t.Fatalf("pane shows %v while pane 1 is open, want %v (without it)", got, blind)
	}
	h.expect("HITs done      0 / 40")

	h.keys("enter", "2", "2", "2", "2", "2", "2") // ana finishes HIT 1
	h.expect("HIT 2 ·")
	all := expectedPooled(t, h.st, ds)
	if all[2] == blind[2] {
		t.Fatal("test is void: pane 1 adds no units")
	}
	if got := h.paneRow("pooled"); strings.Join(got, " ") != strings.Join(all, " ") {
		t.Fatalf("after HIT 1 the pane shows %v, want %v", got, all)
	}
	h.expect("HITs done      1 / 40")
	h.expect("to adjudicate  1 unit")
	// The one finished HIT's time, as the store's per-HIT account gives it.
	_, spent, err := h.st.TimeSpent(context.Background(), one.ID, h.m.cfg.Annotator.ID)
	if err != nil || spent < time.Second {
		t.Fatalf("time spent %v %v", spent, err)
	}
	h.expect(fmt.Sprintf("time per HIT   %s", spent.Round(time.Second)))
	h.expect(fmt.Sprintf("pace           %.0f / hour", float64(time.Hour)/float64(spent)))
	h.keys("tab")
	if strings.Contains(h.screen(), "agreement · live") {
		t.Fatal("tab did not hide the pane")
	}
}

// A request made while the pane is being computed is served once it ends.
func TestPaneRecomputesAfterARequestDuringComputation(t *testing.T) {
	h := newHarness(t, 120, 40)
	h.m.pane.visible = true
	first := h.m.refreshPane()
	if first == nil || h.m.refreshPane() != nil || !h.m.pane.dirty {
		t.Fatal("a second request during a computation should wait, marked dirty")
	}
	msg := first()
	if again := h.m.paneComputed(msg.(paneMsg)); again == nil || h.m.pane.dirty {
		t.Fatal("the waiting request was not served")
	}
}

// On a terminal too narrow for both, the pane takes the HIT's place.
func TestPaneOnANarrowTerminal(t *testing.T) {
	h := newHarness(t, 60, 20)
	h.keys("enter", "tab")
	checkFits(t, h, 60, 20)
	h.expect("agreement · live")
	if strings.Contains(h.screen(), "Label the clarifying question") {
		t.Fatal("pane and HIT squeezed side by side at 60 columns")
	}
	// The step is out of sight: its keys label nothing, and the footer
	// says how to get it back.
	h.expect("tab back to the HIT")
	if strings.Contains(h.screen(), "2 good") {
		t.Fatalf("the footer offers label keys under the pane:\n%s", h.screen())
	}
	h.keys("2")
	h.expect("the agreement pane covers the HIT")
	h.keys("tab")
	h.expect("Label the clarifying question")
	if labels, err := h.st.Labels(context.Background(), h.m.hit.hit.item.ID, h.m.cfg.Annotator.ID); err != nil || len(labels) != 0 {
		t.Fatalf("a key under the pane labelled %v (%v)", labels, err)
	}
	h.keys("2")
	h.expect("Step III")
}

func TestMedian(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		in   []time.Duration
		want time.Duration
	}{{nil, 0}, {[]time.Duration{5 * s}, 5 * s}, {[]time.Duration{9 * s, 1 * s, 4 * s}, 4 * s},
		{[]time.Duration{600 * s, 2 * s, 4 * s, 3 * s}, 3500 * time.Millisecond}} {
		if got := median(c.in); got != c.want {
			t.Errorf("median %v = %v, want %v", c.in, got, c.want)
		}
	}
}

// Panes the demo annotators completed show as not needed in the queue, and
// opening one says why it cannot be taken.
func TestQueueShowsPanesNotNeeded(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.keys("l", "G")
	h.expect("not needed")
	h.keys("enter")
	h.expect("already has all the annotators its policy asks for")
	h.expect("HIT 1 ·") // still on the HIT the annotator had
}

// The side pane's figures are read only after every write queued before
// the request has run: a HIT's last step event is in them, whatever the
// scheduler does. Fails deterministically without the wait.
func TestPaneWaitsForQueuedWrites(t *testing.T) {
	h := newHarness(t, 120, 30)
	h.keys("tab")
	if !h.m.pane.visible || h.m.pane.computing {
		t.Fatalf("pane visible %v, computing %v", h.m.pane.visible, h.m.pane.computing)
	}
	release := make(chan struct{})
	h.m.work.jobs <- func() { <-release } // a write still on its way to disk
	cmd := h.m.refreshPane()
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	select {
	case <-got:
		t.Fatal("the pane read the database before the queued write ran")
	case <-time.After(300 * time.Millisecond):
	}
	close(release)
	if _, ok := (<-got).(paneMsg); !ok {
		t.Fatal("no pane figures after the write")
	}
}

// Counts fit the pane whole, rounded down, never cut mid-number.
func TestShortCounts(t *testing.T) {
	for n, want := range map[int]string{0: "0", 9999: "9999", 10000: "10k", 305638: "305k", 999999: "999k",
		1000000: "1.0M", 1377402: "1.3M", 20331999: "20.3M"} {
		if got := short(n); got != want {
			t.Errorf("short(%d) = %q, want %q", n, got, want)
		}
	}
}

// Every run's figures fit the pane with a space between each name and its
// value, whatever the metric ("accuracy" once ran into its figure), and a
// compare dataset's table fits it too.
func TestBenchLinesFitThePane(t *testing.T) {
	s := DefaultStyles(true)
	var metrics []bench.Metric
	for _, name := range []string{"accuracy", "macro_f1", "kappa", "token_precision", "token_recall", "token_f1", "ndcg@1", "ndcg@3", "mrr", "p@1"} {
		metrics = append(metrics, bench.Metric{Name: name, Value: bench.Of(0.123456)})
	}
	gold := &report.GoldBasis{Settled: 123456, Provisional: 23456, Missing: 3456}
	cls := bench.Classification{N: 12, Accuracy: bench.Of(0.5), MacroF1: bench.Of(0.25), Kappa: bench.Of(0.125)}
	lines := benchLines(s, []report.RunScore{{Name: "a-run-with-a-long-name", Kind: store.RunLabels, Metric: metrics, Complete: true,
		Gold: gold, PooledOver: []string{"question", "landing"}, Baseline: []report.HumanBaseline{{Type: "answer_set_with_a_long_type",
			Run: bench.Of(0.83), Lowest: bench.Of(0.4), Highest: bench.Of(0.6), Standing: "above"}}},
		// Necessity and facet share no scale: no pooled figure, each type's own.
		{Name: "necessity-run", Kind: store.RunLabels, Gold: gold, ByType: []report.TypeScore{
			{Type: "necessity", Classification: cls, Gold: *gold}, {Type: "facet", Classification: cls, Gold: *gold}}}})
	c := &report.ComparisonScore{Comparison: bench.Comparison{Pairs: []bench.PairResult{{First: "answer-first", Second: "ask-first",
		Win: bench.Wilson(1, 4), Tie: bench.Wilson(1, 4), Lose: bench.Wilson(2, 4), Comparisons: 4}}, PositionBias: bench.Wilson(1, 3),
		Ranking: []bench.Strength{{System: "answer-first", Score: bench.Of(1), Low: bench.Of(0.5), High: bench.Of(1)},
			{System: "ask-first", Score: bench.Of(0.25), Low: bench.Of(0), High: bench.Of(0.5)}, {System: "third-system-with-a-long-name", Score: bench.Of(0)}},
		Groups: []bench.Group{{Converged: true}}, Bootstrap: bench.BootstrapInfo{Replicates: 1000, Used: 990},
		Separability: bench.Separability{Separated: 1, Pairs: 3}}}
	c.Gold = report.GoldBasis{Settled: 4, Missing: 4}
	lines = append(lines, compareLines(s, c)...)
	joined := strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(strings.Join(lines, "\n")), "\u00a0", "")), "")
	for _, want := range []string{"necessity n 12*", "facet n 12*", "123456 settled", "23456 prov unscored", "3456 missing", "TF",
		"gold 4 settled · 4 missing", "answer-fir… 1.00 .50–1.00", "ask-first .25 .00–.50", "third-syst… .00 –", "resamples 990 of 1000", "separable 1 of 3 pairs", "vs people: above · answer_s…", "κ .83, people .40–.60"} {
		want = strings.ReplaceAll(want, " ", "") // no-break spaces hold a part together
		if !strings.Contains(joined, want) {
			t.Errorf("the pane lacks %q:\n%s", want, joined)
		}
	}
	for _, l := range lines {
		plain := ansi.Strip(l)
		if w := ansi.StringWidth(plain); w > paneWidth {
			t.Errorf("%q is %d cells wide, the pane %d", plain, w, paneWidth)
		}
		if regexp.MustCompile(`[a-z1]0\.\d{3}`).MatchString(plain) {
			t.Errorf("%q: a name runs into its value", plain)
		}
	}
}

// A judge with a pair open sees no system's standing: the systems' table
// and the judge run's scores stay out of the pane until the pair is done,
// then show.
func TestPaneHidesSystemsWhileJudging(t *testing.T) {
	h := demoHarness(t, data.DemoPairs, 120, 40)
	h.keys("tab")
	h.expect("benchmark · 1 run, systems")
	if strings.Contains(h.screen(), "systems · gold so far") || strings.Contains(h.screen(), "answer-fir") {
		t.Fatalf("the systems' table shows while a pair is open:\n%s", h.screen())
	}
	for range 4 { // the four pairs nobody judged yet: then no HIT is open
		h.keys("2")
	}
	h.expect("systems · gold so far")
	h.expect("answer-fir")
}

// ":" in the queue goes to a HIT by its number or its item's id (as
// exports write it); a number past the queue or an unknown id says so,
// and the cursor stays.
func TestQueueJumps(t *testing.T) {
	h := newHarness(t, 100, 30)
	it := h.item(17)
	h.keys("l", ":", "3", "2", "enter")
	if h.m.queue.cursor != 32 {
		t.Fatalf("after :32 the cursor is on %d", h.m.queue.cursor)
	}
	h.keys(":")
	h.keys(strings.Split(it.UID, "")...)
	h.keys("enter")
	if h.m.queue.cursor != 17 {
		t.Fatalf("after :%s (HIT 17's id) the cursor is on %d\n%s", it.UID, h.m.queue.cursor, h.screen())
	}
	h.keys(":", "9", "9", "9", "enter")
	h.expect("no HIT 999: the queue runs from 1 to 40")
	h.keys(":", "z", "z", "enter")
	h.expect(`no item "zz" in this dataset`)
	if h.m.queue.cursor != 17 {
		t.Fatalf("a refused jump moved the cursor to %d", h.m.queue.cursor)
	}
	h.keys("enter")
	h.expect("HIT 17 ·")
}
