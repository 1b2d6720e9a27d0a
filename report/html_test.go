package report

import (
	"fmt"
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
