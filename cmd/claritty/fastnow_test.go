package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/store"
)

// The quality report's "fast" is the share of an annotator's timed HITs
// whose recorded time is under the policy's --fast as it stands, whenever
// they were finished: ana finishes two demo panes in 4 s each, then the
// lead sets --fast 20s, and both count (not 0%); a third 4 s HIT makes 3
// of 3 (not 33%); --fast 3s then counts none. Each share is recounted
// from the times keyed, in annotators --quality, its --json and the HTML
// report.
func TestQualityFastReadsThePolicyAsItStands(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	const hitTime = 4 * time.Second
	var times []time.Duration // ana's timed HITs
	timedHITs := func(seqs ...int) {
		t.Helper()
		ctx := context.Background()
		st, err := store.Open(ctx, tm.db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		clock := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC).Add(time.Duration(len(times)) * time.Hour)
		st.Now = func() time.Time { return clock }
		ana, err := st.EnsureAnnotator(ctx, "ana")
		if err != nil {
			t.Fatal(err)
		}
		for _, seq := range seqs {
			pane := demoPane(t, st, seq)
			if err := st.MoveStep(ctx, pane.ID, ana.ID, store.StepMove{Enter: "serp"}); err != nil {
				t.Fatal(err)
			}
			clock = clock.Add(hitTime)
			if err := st.MoveStep(ctx, pane.ID, ana.ID, store.StepMove{Leave: "serp"}); err != nil {
				t.Fatal(err)
			}
			keyHIT(t, st, pane, ana, 1)
			times = append(times, hitTime)
			clock = clock.Add(time.Minute)
		}
	}
	policy := func(fast string) {
		t.Helper()
		if r := tm.run(t, "", "", "policy", "--dataset", "demo", "--fast", fast); r.code != 0 {
			t.Fatalf("policy --fast %s: %+v", fast, r)
		}
	}
	// check holds ana's figures to the share of her HITs' times under
	// fast, counted here.
	check := func(fast time.Duration) {
		t.Helper()
		under := 0
		for _, d := range times {
			if d < fast {
				under++
			}
		}
		want := float64(under) / float64(len(times))
		var q struct {
			Annotators []struct {
				Annotator string
				TimedHITs int      `json:"timed_hits"`
				TooFast   int      `json:"too_fast"`
				Share     *float64 `json:"too_fast_share"`
			}
		}
		r := tm.run(t, "", "", "annotators", "--quality", "--dataset", "demo", "--json")
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &q) != nil {
			t.Fatalf("quality --json: %+v", r)
		}
		row := -1
		for i, a := range q.Annotators {
			if a.Annotator != "ana" {
				continue
			}
			row = i
			if a.TimedHITs != len(times) || a.TooFast != under || a.Share == nil || math.Abs(*a.Share-want) > 1e-12 {
				share := "null"
				if a.Share != nil {
					share = fmt.Sprint(*a.Share)
				}
				t.Errorf("--fast %v: ana has %d timed HITs, %d too fast, share %s; want %d, %d, %v",
					fast, a.TimedHITs, a.TooFast, share, len(times), under, want)
			}
		}
		if row < 0 {
			t.Fatalf("no ana in %s", r.stdout)
		}
		text := tm.run(t, "", "", "annotators", "--quality", "--dataset", "demo").stdout
		wantPct := fmt.Sprintf("%.0f%%", 100*want)
		found := false
		for _, l := range strings.Split(text, "\n") {
			if f := strings.Fields(l); len(f) > 3 && f[0] == "ana" {
				found = true
				if f[3] != wantPct {
					t.Errorf("--fast %v: ana's fast column reads %q, want %s:\n%s", fast, f[3], wantPct, text)
				}
			}
		}
		if !found {
			t.Fatalf("no row of ana in:\n%s", text)
		}
		page, _ := teamReport(t, tm, "", "demo")
		checkFigures(t, "report", page, reportDocs(t, tm, "", "demo", true))
		p := fmt.Sprintf(`data-path="annotators/%d/too_fast_share" data-value="%v"`, row, want)
		if !strings.Contains(page, p) {
			t.Errorf("--fast %v: the report lacks %s", fast, p)
		}
	}

	timedHITs(3, 4)
	policy("20s")
	check(20 * time.Second)
	timedHITs(5)
	check(20 * time.Second)
	policy("3s")
	check(3 * time.Second)
}
