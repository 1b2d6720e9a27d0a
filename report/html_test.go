package report

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/store"
)

// The report's text from the database is escaped however it was made (a
// merged file's finished_at, a run's name), and a long history charts
// its last days only.
func TestHTMLEscapesAndBounds(t *testing.T) {
	var days []store.DayCount
	for i := range 400 {
		days = append(days, store.DayCount{Day: fmt.Sprintf("d%03d", i), HITs: 1})
	}
	days[399].Day = `"><script>`
	r := HTMLReport{Dataset: "<b>x</b>", Throughput: days,
		Runs: []RunScore{{Name: `<img src=x>`, Kind: "labels", Metric: []bench.Metric{{Name: `a"b`, Value: bench.Value{X: 0.5, Defined: true}}}}}}
	var b strings.Builder
	if err := WriteHTML(&b, r); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, bad := range []string{"<script", "<img", "<b>x"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	if n := strings.Count(page, `class="day"`); n != maxChartDays {
		t.Errorf("%d days charted, want the last %d", n, maxChartDays)
	}
	if !strings.Contains(page, "d000") || !strings.Contains(page, "The chart shows the last 120 of 400 days.") {
		t.Error("the table lost the early days, or the note is missing")
	}
}

// A comparison of three systems shows its Bradley–Terry ranking, every
// figure at its place in the comparison's JSON (bench --json's
// comparisons); a pair and a ranking withheld say why instead.
func TestHTMLComparisonRanking(t *testing.T) {
	var js []bench.Judgement
	for i, o := range []bench.Outcome{bench.Win, bench.Win, bench.Tie, bench.Lose, bench.Win, bench.Win, bench.Lose, bench.Tie, bench.Win} {
		sys := [][2]string{{"a", "b"}, {"b", "c"}, {"a", "c"}}[i%3]
		js = append(js, bench.Judgement{First: sys[0], Second: sys[1], Outcome: o, FirstLeft: i%2 == 0})
	}
	c, err := bench.Compare(js)
	if err != nil || len(c.Ranking) != 3 {
		t.Fatalf("compare: %v %v", c.Ranking, err)
	}
	score := ComparisonScore{Dataset: "p", Judge: "gold", Items: 9, Total: 9, Comparison: c}
	b, err := json.Marshal(score)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	page := string(leaderboardSection(nil, []ComparisonScore{score}))
	checked := 0
	for _, m := range regexp.MustCompile(`data-path="comparisons/0/([^"]*)" data-value="([^"]*)"`).FindAllStringSubmatch(page, -1) {
		want := doc
		for _, k := range strings.Split(m[1], "/") {
			switch v := want.(type) {
			case map[string]any:
				want = v[k]
			case []any:
				i, _ := strconv.Atoi(k)
				want = v[i]
			}
		}
		got, _ := strconv.ParseFloat(m[2], 64)
		if w, ok := want.(float64); !ok || math.Abs(got-w) > 1e-12 {
			t.Errorf("%s is %s in the HTML, %v in the JSON", m[1], m[2], want)
		}
		checked++
	}
	if checked < 3*4+3*7 || !strings.Contains(page, "Bradley–Terry ranking") {
		t.Errorf("%d figures checked: the ranking or a pair is missing\n%s", checked, page)
	}
	score.Withheld = ComparisonWithheld{Pairs: map[[2]string]string{{"a", "b"}: "< 5 pairs"}, Ranking: "< 5 pairs"}
	score.Ranking = nil
	page = string(leaderboardSection(nil, []ComparisonScore{score}))
	if strings.Count(page, `<span class="withheld">&lt; 5 pairs</span>`) != 2 || strings.Contains(page, "comparisons/0/pairs/0/win") {
		t.Errorf("withheld pair and ranking:\n%s", page)
	}
}
