package main

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
)

// flat is text with every run of white space one space, so a sentence
// reads the same wherever it wraps.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

// pageText is an HTML page's text: tags and styles out, entities read,
// white space flattened.
func pageText(page string) string {
	page = regexp.MustCompile(`(?s)<style.*?</style>|<svg.*?</svg>`).ReplaceAllString(page, " ")
	page = regexp.MustCompile(`</?span[^>]*>`).ReplaceAllString(page, "") // inline: no space
	return flat(html.UnescapeString(regexp.MustCompile(`<[^>]+>`).ReplaceAllString(page, " ")))
}

// The quality report's share of HITs too fast is over the HITs that have
// a time: for an annotator none of whose HITs has one (merged HITs have
// no step events), or under a policy that marks none too fast, it is
// undefined (null, –), not 0%, and says why, in annotators --quality, its
// --json and the HTML report alike; so is a median HIT time with nothing
// timed.
func TestQualityFastNeedsATimedHIT(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	// ana finishes a pane of the demo in the TUI's way, its step events
	// kept: a HIT with a time, under a policy with no --fast.
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	pane := demoPane(t, st, 3)
	if err := st.MoveStep(ctx, pane.ID, ana.ID, store.StepMove{Enter: "serp"}); err != nil {
		t.Fatal(err)
	}
	keyHIT(t, st, pane, ana, 1)
	st.Close()

	r := tm.run(t, "", "", "annotators", "--quality", "--dataset", "demo", "--json")
	var q struct {
		Annotators []struct {
			Annotator       string
			HITs            int      `json:"hits"`
			TimedHITs       int      `json:"timed_hits"`
			Median          *float64 `json:"median_hit_seconds"`
			MedianWhy       string   `json:"median_hit_seconds_undefined_why"`
			TooFast         int      `json:"too_fast"`
			TooFastShare    *float64 `json:"too_fast_share"`
			TooFastShareWhy string   `json:"too_fast_share_undefined_why"`
		}
	}
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &q) != nil {
		t.Fatalf("quality --json: %+v", r)
	}
	untimed := map[int]string{
		1:  "their one HIT has no recorded time (no step events: a HIT merged from a labels file has none)",
		20: "none of their 20 HITs has a recorded time (no step events: a HIT merged from a labels file has none)",
	}
	const noMark = "the policy marks no HIT too fast (claritty policy --fast)"
	whys := map[string]string{}
	for _, a := range q.Annotators {
		want := untimed[a.HITs]
		switch {
		case a.Annotator == "ana":
			if a.HITs != 2 || a.TimedHITs != 1 || a.Median == nil || a.MedianWhy != "" {
				t.Errorf("ana: %d HITs, %d timed, median %v (%q); want 2, 1 timed, a median", a.HITs, a.TimedHITs, a.Median, a.MedianWhy)
			}
			want = noMark
		case a.TimedHITs != 0 || want == "":
			t.Fatalf("test is void: %s has %d HITs, %d timed", a.Annotator, a.HITs, a.TimedHITs)
		case a.Median != nil || a.MedianWhy != want:
			t.Errorf("%s: median HIT %v (%q), want null: %s", a.Annotator, a.Median, a.MedianWhy, want)
		}
		if a.TooFastShare != nil || a.TooFastShareWhy != want {
			t.Errorf("%s (%d HITs, %d timed): too_fast_share %v (%q), want null: %s", a.Annotator, a.HITs, a.TimedHITs,
				a.TooFastShare, a.TooFastShareWhy, want)
		}
		whys[a.Annotator] = a.TooFastShareWhy
	}
	if len(whys) < 3 {
		t.Fatalf("test is void: %d annotators", len(whys))
	}

	// The text: – in the fast column, and each reason with whom it holds
	// for.
	text := tm.run(t, "", "", "annotators", "--quality", "--dataset", "demo")
	if text.code != 0 {
		t.Fatal(text.stderr)
	}
	table, _, _ := strings.Cut(text.stdout[strings.Index(text.stdout, "annotator  HITs"):], "\n\n")
	for _, l := range strings.Split(table, "\n")[1:] {
		if f := strings.Fields(l); len(f) > 4 && whys[f[0]] != "" && f[3] != "–" {
			t.Errorf("%s's fast column reads %q, want –:\n%s", f[0], f[3], text.stdout)
		}
	}
	body := flat(text.stdout)
	for _, want := range []string{"fast – for ana: " + noMark, "median HIT and fast – for bo, cy, demo-nia, demo-oz: " + untimed[1],
		"median HIT and fast – for demo-kai, demo-lin, demo-mo: " + untimed[20]} {
		if !strings.Contains(body, want) {
			t.Errorf("annotators --quality lacks %q:\n%s", want, text.stdout)
		}
	}

	// The HTML report: each null, and the same reasons.
	page, _ := teamReport(t, tm, "", "demo")
	checkFigures(t, "report", page, reportDocs(t, tm, "", "demo", true))
	for i := range q.Annotators {
		if p := fmt.Sprintf(`data-path="annotators/%d/too_fast_share" data-value="null"`, i); !strings.Contains(page, p) {
			t.Errorf("the report's share too fast of %s is not null", q.Annotators[i].Annotator)
		}
	}
	pt := pageText(page)
	for _, want := range []string{"fast – for ana: " + noMark + ".", "median HIT and fast – for demo-kai, demo-lin, demo-mo: " + untimed[20] + "."} {
		if !strings.Contains(pt, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
}

// The HTML report's agreement section says, as a sentence, what it
// withholds from an annotator who has finished nothing in the dataset yet
// (not a fragment with no subject), and its label distributions say they
// are withheld rather than that there are none.
func TestReportSaysWhatItWithholdsAsASentence(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	if r := tm.run(t, "", "", "annotators", "dan", "--role", "annotator"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	agree := tm.run(t, "dan", "", "agree", "--dataset", "demo", "--json")
	var doc struct{ Withheld []string }
	if agree.code != 0 || json.Unmarshal([]byte(agree.stdout), &doc) != nil || len(doc.Withheld) == 0 {
		t.Fatalf("test is void: agree --json withholds nothing from dan: %+v", agree)
	}
	page, _ := teamReport(t, tm, "dan", "demo")
	text := pageText(page)
	for _, w := range doc.Withheld {
		if want := "Withheld: " + w + "."; !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%.3000s", want, text)
		}
	}
	if strings.Contains(text, "No label counts to show") ||
		!strings.Contains(text, "Labels per unit type: withheld (too few items of others', or none of your work here yet).") {
		t.Errorf("the report's label distributions do not say they are withheld from dan:\n%.3000s", text)
	}
}

// A compare dataset's table for an annotator who judged every pair
// leaves them all out (a table over them would say which system wrote
// which side) and says so: how many it leaves out and why, and why there
// is no verdict and no position bias to give, in stats, bench, their
// --json and the HTML report.
func TestCompareTableOverNothingSaysWhy(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	tm.importTrio(t, 2)
	if r := tm.run(t, "", "", "policy", "--dataset", "trio", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	judgeTrio(t, tm.db, "ana")
	const (
		leftOut = "left out for you: 6 you judged (you know the side you chose on each, so a table over them would tell you " +
			"which system wrote which side)"
		none = "every pair is left out for you: you judged them all"
	)
	var doc struct {
		Comparisons []struct {
			Items, Total int
			LeftOut      struct{ Open, Judged int } `json:"left_out"`
			LeftOutWhy   string                     `json:"left_out_why"`
			NoVerdicts   string                     `json:"no_verdicts_why"`
			PositionBias *struct {
				N     int
				Share *float64
			} `json:"position_bias"`
			BiasWhy string `json:"position_bias_undefined_why"`
		}
	}
	r := tm.run(t, "ana", "", "bench", "--dataset", "trio", "--json")
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &doc) != nil || len(doc.Comparisons) != 1 {
		t.Fatalf("bench --json: %+v", r)
	}
	c := doc.Comparisons[0]
	if c.Items != 0 || c.Total != 0 || c.LeftOut.Judged != 6 || c.LeftOut.Open != 0 || c.LeftOutWhy != leftOut ||
		c.NoVerdicts != none || c.PositionBias == nil || c.PositionBias.Share != nil || c.BiasWhy != none {
		t.Errorf("ana's comparison: %+v, want 0 of 0 pairs, 6 left out (%s), no verdicts and no bias because %s", c, leftOut, none)
	}
	conn, err := sshDial(t, startServe(t, tm.db).addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, args := range [][]string{{"stats", "--dataset", "trio"}, {"bench", "--dataset", "trio"}} {
		for route, r := range map[string]result{"the command line": tm.run(t, "ana", "", args...),
			"SSH": sshRun(t, conn, "", strings.Join(args, " "))} {
			out := flat(r.stdout)
			for _, want := range []string{"0 of 0 pairs with a gold verdict", leftOut, "no verdicts to count: " + none,
				"left output won 0 of 0 decisive verdicts: – (" + none + ")"} {
				if r.code != 0 || !strings.Contains(out, want) {
					t.Errorf("%v as ana over %s lacks %q:\n%s%s", args, route, want, r.stdout, r.stderr)
				}
			}
		}
	}
	page, _ := teamReport(t, tm, "ana", "trio")
	text := pageText(page)
	for _, want := range []string{"Left out for you: 6 you judged", "No verdicts to count: " + none + ".",
		"Left output won 0 of 0 decisive verdicts: – [–, –] (" + none + ")."} {
		if !strings.Contains(text, want) {
			t.Errorf("ana's report lacks %q:\n%.3000s", want, text)
		}
	}
	// The lead's table has every pair (the one ana flagged apart), and
	// nothing left out.
	r = tm.run(t, "", "", "bench", "--dataset", "trio", "--json")
	lead := doc
	lead.Comparisons = nil
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &lead) != nil || len(lead.Comparisons) != 1 {
		t.Fatalf("bench --json: %+v", r)
	}
	if c := lead.Comparisons[0]; c.Total != 6 || c.Items != 5 || c.LeftOut.Judged+c.LeftOut.Open != 0 || c.LeftOutWhy != "" ||
		c.NoVerdicts != "" || c.BiasWhy != "" {
		t.Errorf("the lead's comparison: %+v", c)
	}
}

// A system's Bradley–Terry group is numbered from 1 everywhere: the
// text's "group 1: x" and "group 1 won all 10 games against group 2" are
// group 1 in stats --json, --csv and bench --json too (the unbeaten x
// alone in the first group, y and z in the second).
func TestBradleyTerryGroupsNumberedAlike(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := unbeatenPairs(t, bin, dir)
	text := flat(runBin(t, bin, db, "stats").stdout)
	for _, want := range []string{"group 1: x", "group 2: y, z", "group 1 won all 10 games against group 2"} {
		if !strings.Contains(text, want) {
			t.Fatalf("test is void: stats lacks %q:\n%s", want, text)
		}
	}
	want := map[string]int{"x": 1, "y": 2, "z": 2}
	type ranking []struct {
		System string
		Group  int
	}
	check := func(route string, rk ranking) {
		t.Helper()
		if len(rk) != 3 {
			t.Fatalf("%s: ranking %+v", route, rk)
		}
		for _, s := range rk {
			if s.Group != want[s.System] {
				t.Errorf("%s: %s in group %d, the text's group %d", route, s.System, s.Group, want[s.System])
			}
		}
	}
	var stats struct{ Ranking ranking }
	if r := runBin(t, bin, db, "stats", "--json"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &stats) != nil {
		t.Fatalf("stats --json: %+v", r)
	}
	check("stats --json", stats.Ranking)
	var bench struct{ Comparisons []struct{ Ranking ranking } }
	if r := runBin(t, bin, db, "bench", "--json"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &bench) != nil || len(bench.Comparisons) != 1 {
		t.Fatalf("bench --json: %+v", r)
	}
	check("bench --json", bench.Comparisons[0].Ranking)
	csv := runBin(t, bin, db, "stats", "--csv").stdout
	for sys, g := range want {
		if row := fmt.Sprintf("ranking,%s,group,%d\n", sys, g); !strings.Contains(csv, row) {
			t.Errorf("stats --csv lacks %q:\n%s", row, csv)
		}
	}
}

// A leaderboard row whose figures are all withheld names its metric
// column "every metric", never "all", which is nuggetizer's all figure
// (a nugget-assignments run's column of that name).
func TestWithheldRunRowIsNotMetricAll(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	rows := 0
	for _, d := range []string{"demo-pairs", "demo-necessity"} {
		r := tm.run(t, "ana", "", "bench", "--dataset", d)
		if r.code != 0 {
			t.Fatalf("bench %s: %+v", d, r)
		}
		for _, l := range strings.Split(r.stdout, "\n") {
			f := strings.Fields(l)
			if len(f) < 4 || f[0] == "run" || !strings.HasPrefix(f[0], "demo-") {
				continue
			}
			if f[2] == "all" {
				t.Errorf("%s: a row reads metric all: %q", d, l)
			}
			if strings.Contains(l, "< 5 ") {
				rows++
				if f[2] != "every" || f[3] != "metric" {
					t.Errorf("%s: a withheld row names its metric %q: %q", d, f[2], l)
				}
			}
		}
	}
	if rows < 2 {
		t.Fatalf("test is void: %d withheld rows", rows)
	}
}
