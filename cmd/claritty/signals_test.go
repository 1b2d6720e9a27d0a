package main

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// plainSignals reads a MIMICS-Click file the plain way: impression counts,
// engagement levels and each answer position's click rates (of the
// answers a pane has).
func plainSignals(t *testing.T, path string) (impr map[string]int, eng []float64, cctr [5][]float64) {
	t.Helper()
	cols := datatest.Columns(t, path)
	impr = map[string]int{}
	for row, level := range cols["impression_level"] {
		impr[level]++
		e, _ := strconv.Atoi(cols["engagement_level"][row])
		eng = append(eng, float64(e))
		for i := range 5 {
			n := strconv.Itoa(i + 1)
			if cols["option_"+n][row] != "" && cols["option_cctr_"+n][row] != "" { // a rate of an answer the pane has
				v, _ := strconv.ParseFloat(cols["option_cctr_"+n][row], 64)
				cctr[i] = append(cctr[i], v)
			}
		}
	}
	return impr, eng, cctr
}

func meanPstd(xs []float64) (float64, float64) {
	var s, ss float64
	for _, x := range xs {
		s += x
	}
	m := s / float64(len(xs))
	for _, x := range xs {
		ss += (x - m) * (x - m)
	}
	return m, math.Sqrt(ss / float64(len(xs)))
}

// A MIMICS-Click file's signals are in a lead's stats, each figure as a
// plain read of the file gives it, and in no one else's: an annotator or
// adjudicator asking for the same dataset's statistics gets the tables
// without them, as text and as JSON.
func TestClickSignalsAreForLeads(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Mimics-ClickExploreSampling.tsv")
	tm := newTeam(t)
	if r := tm.run(t, "", "", "import", "--dataset", "click", path); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	var got struct {
		Signals *struct {
			Panes      int `json:"panes"`
			Impression []struct {
				Level string `json:"level"`
				Panes int    `json:"panes"`
			} `json:"impression_level"`
			Engagement struct {
				Mean, Std float64
				N         int
			} `json:"engagement_level"`
			Counts [11]int `json:"engagement_counts"`
			CCTR   [5]struct {
				Mean, Std float64
				N         int
			} `json:"option_cctr"`
		} `json:"click_signals"`
	}
	r := tm.run(t, "", "", "stats", "--json", "--dataset", "click")
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || got.Signals == nil {
		t.Fatalf("a lead's stats --json: %v %+v", err, r)
	}
	impr, eng, cctr := plainSignals(t, path)
	s := got.Signals
	if s.Panes != len(eng) || s.Engagement.N != len(eng) {
		t.Errorf("%d panes (engagement n %d), the file has %d", s.Panes, s.Engagement.N, len(eng))
	}
	for _, l := range s.Impression {
		if l.Panes != impr[l.Level] {
			t.Errorf("impression %s: %d panes, the file %d", l.Level, l.Panes, impr[l.Level])
		}
	}
	close := func(what string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: %v, a plain read %v", what, got, want)
		}
	}
	m, sd := meanPstd(eng)
	close("engagement mean", s.Engagement.Mean, m)
	close("engagement std", s.Engagement.Std, sd)
	for n, k := range s.Counts {
		want := 0
		for _, e := range eng {
			if int(e) == n {
				want++
			}
		}
		if k != want {
			t.Errorf("engagement %d: %d panes, the file %d", n, k, want)
		}
	}
	for i, c := range s.CCTR {
		m, sd := meanPstd(cctr[i])
		close("click rate "+strconv.Itoa(i+1)+" mean", c.Mean, m)
		close("click rate "+strconv.Itoa(i+1)+" std", c.Std, sd)
		if c.N != len(cctr[i]) {
			t.Errorf("click rate %d: n %d, the file %d", i+1, c.N, len(cctr[i]))
		}
	}
	if text := tm.run(t, "", "", "stats", "--dataset", "click"); !strings.Contains(text.stdout, "Click signals (MIMICS-Click; leads only): "+strconv.Itoa(len(eng))+" panes") {
		t.Errorf("a lead's stats text has no click signals:\n%s", text.stdout)
	}
	for _, who := range []string{"ana", "eve"} {
		j := tm.run(t, who, "", "stats", "--json", "--dataset", "click")
		txt := tm.run(t, who, "", "stats", "--dataset", "click")
		if j.code != 0 || txt.code != 0 || strings.Contains(j.stdout, "click_signals") || strings.Contains(txt.stdout, "Click signals") ||
			!strings.Contains(txt.stdout, "Table 1") {
			t.Errorf("%s's stats: %+v\n%+v", who, j, txt)
		}
	}
	// Over SSH, as the annotator the key belongs to.
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := sshRun(t, c, "", "stats --json --dataset click"); r.code != 0 || strings.Contains(r.stdout, "click_signals") || !strings.Contains(r.stdout, "table1") {
		t.Errorf("ana's stats over SSH: %+v", r)
	}
}

// A protocol file's dataset (MIMICS-Duo Task 3, imported by its header)
// has statistics in another process, which knows the kind from the
// database: each step's and each unit's n, mean, std and distribution for
// a lead; for an annotator with no finished work there, nothing: every
// pane is one they may still be given.
func TestProtocolFileDatasetStats(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Task3-AspectLabelling.tsv")
	tm := newTeam(t)
	if r := tm.run(t, "", "", "import", "--dataset", "aspects", path); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	var lead, ana struct {
		Types []struct {
			Name         string
			N            int
			Mean         *float64
			Distribution []struct{ Value, N int }
			Withheld     string `json:"distribution_withheld"`
		}
	}
	for who, into := range map[string]any{"": &lead, "ana": &ana} {
		r := tm.run(t, who, "", "stats", "--json", "--dataset", "aspects")
		if err := json.Unmarshal([]byte(r.stdout), into); err != nil {
			t.Fatalf("%q's stats: %v %+v", who, err, r)
		}
	}
	if len(lead.Types) != 4 || lead.Types[0].Name != "coverage" || lead.Types[0].N != 1034 || len(lead.Types[0].Distribution) != 5 {
		t.Errorf("the lead's stats: %+v", lead.Types)
	}
	if len(ana.Types) != 4 || ana.Types[0].N != 0 || ana.Types[0].Mean != nil || ana.Types[0].Distribution != nil {
		t.Errorf("ana's stats: %+v", ana.Types)
	}
}
