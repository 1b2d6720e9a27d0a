package main

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// readTSV reads a release file's rows as maps by column.
func readTSV(t *testing.T, path string) []map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.Comma, r.LazyQuotes, r.FieldsPerRecord = '\t', true, -1
	head, err := r.Read()
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	for {
		row, err := r.Read()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		for i, h := range head {
			if i < len(row) {
				m[h] = row[i]
			}
		}
		out = append(out, m)
	}
}

// paneOf is a release row's query, question and non-empty answers.
func paneOf(r map[string]string) string {
	parts := []string{r["query"], r["question"]}
	for i := 1; i <= 5; i++ {
		if a := r["option_"+strconv.Itoa(i)]; a != "" {
			parts = append(parts, a)
		}
	}
	return strings.Join(parts, "\x1f")
}

// MIMICS-Duo's offline labels against the ClickExplore file's engagement:
// Task 2's pane quality (one pane a row) and Task 1's pane ratings (every
// pane of a query on one item, each row its own pane) joined to the click
// panes by query, question and answers, their rho and tau-b equal to the
// definitions over the release files joined here, overall and at each
// impression level; an annotator's statistics carry none.
func TestOnlineAgainstOffline(t *testing.T) {
	t.Parallel()
	dir := datatest.SharedOrSkip(t, "mimics-duo")
	tm := newTeam(t)
	for _, f := range []string{"Mimics-ClickExploreSampling.tsv", "Task1-OfflineRating.tsv", "Task2-QualityLabelling.tsv"} {
		if r := tm.run(t, "", "", "import", filepath.Join(dir, f)); r.code != 0 {
			t.Fatalf("import %s: %+v", f, r)
		}
	}
	click := map[string]map[string]string{}
	for _, r := range readTSV(t, filepath.Join(dir, "Mimics-ClickExploreSampling.tsv")) {
		if click[paneOf(r)] == nil {
			click[paneOf(r)] = r
		}
	}
	for _, c := range []struct{ dataset, file, column, typ string }{
		{"Task2-QualityLabelling", "Task2-QualityLabelling.tsv", "OverallClarificationPaneQuality", "pane_quality"},
		{"Task1-OfflineRating", "Task1-OfflineRating.tsv", "offline rating", "pane_rating"},
	} {
		xs, ys := map[string][]float64{}, map[string][]float64{}
		for _, r := range readTSV(t, filepath.Join(dir, c.file)) {
			k, ok := click[paneOf(r)]
			gold, err := strconv.ParseFloat(r[c.column], 64)
			if !ok || err != nil {
				continue
			}
			eng, _ := strconv.ParseFloat(k["engagement_level"], 64)
			for _, level := range []string{"all", k["impression_level"]} {
				xs[level], ys[level] = append(xs[level], gold), append(ys[level], eng)
			}
		}
		r := tm.run(t, "", "", "stats", "--dataset", c.dataset, "--json")
		var got struct {
			Online struct {
				From []string `json:"joined_from"`
				Rows []struct {
					Type       string
					Impression string `json:"impression_level"`
					N          int
					Rho        float64 `json:"spearman_rho"`
					Tau        float64 `json:"kendall_tau_b"`
					Low, High  float64
				}
			} `json:"online_offline"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
			t.Fatalf("%s: %v\n%s", c.dataset, err, r.stderr)
		}
		seen := 0
		for _, row := range got.Online.Rows {
			if row.Type != c.typ {
				continue
			}
			seen++
			x, y := xs[row.Impression], ys[row.Impression]
			rho, tau := datatest.SpearmanRho(x, y), datatest.KendallTauB(x, y)
			if row.N != len(xs[row.Impression]) || math.Abs(row.Rho-rho) > 1e-12 || math.Abs(row.Tau-tau) > 1e-12 {
				t.Errorf("%s %s: n %d rho %v tau-b %v; by definition n %d rho %v tau-b %v", c.dataset, row.Impression,
					row.N, row.Rho, row.Tau, len(xs[row.Impression]), rho, tau)
			}
		}
		if seen != 4 || len(got.Online.From) != 1 || got.Online.From[0] != "Mimics-ClickExploreSampling" {
			t.Errorf("%s: %d rows of %s, joined from %v", c.dataset, seen, c.typ, got.Online.From)
		}
		if r := tm.run(t, "ana", "", "stats", "--dataset", c.dataset, "--json"); r.code != 0 || strings.Contains(r.stdout, "online_offline") {
			t.Errorf("%s: an annotator's statistics: %+v", c.dataset, r)
		}
	}
}
