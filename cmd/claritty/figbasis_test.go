package main

import (
	"encoding/json"
	"fmt"
	"html"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// benchGoldText is a gold basis in bench's words, written here from the
// JSON's counts: "4 settled · 3 provisional not scored · 2 missing".
func benchGoldText(g struct {
	Settled, Provisional, Missing int
	Scored                        bool `json:"provisional_scored"`
}) string {
	out := fmt.Sprintf("%d settled", g.Settled)
	switch {
	case g.Provisional > 0 && g.Scored:
		out += fmt.Sprintf(" + %d provisional", g.Provisional)
	case g.Provisional > 0:
		out += fmt.Sprintf(" · %d provisional not scored", g.Provisional)
	}
	if g.Missing > 0 {
		out += fmt.Sprintf(" · %d missing", g.Missing)
	}
	return out
}

// leaderboardText is the report's leaderboard as text: cells and
// paragraphs ended by " | ", tags gone, spaces collapsed.
func leaderboardText(page string) string {
	page = page[strings.Index(page, `id="leaderboard"`):]
	page = regexp.MustCompile(`(?s)<svg.*?</svg>`).ReplaceAllString(page, "")
	page = regexp.MustCompile(`</(td|th|p|h3)>`).ReplaceAllString(page, " | ")
	page = html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(page, ""))
	return strings.Join(strings.Fields(page), " ")
}

// The HTML leaderboard says what bench says: each run's n, starred
// n/total* while some of it waits for gold, and its gold basis (settled,
// provisional, missing), both written here from bench --json's counts; a
// labels run's rows per label type with theirs; bench's notes under the
// leaderboard word for word (settled gold, not "the gold as it stands";
// which kappa: the leaderboard's unweighted, the baseline's quadratic on
// an ordinal scale); the baseline's resamples used; a comparison's pairs
// with a verdict and its gold basis.
func TestReportSaysWhatBenchSays(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	resampled := 0
	for _, d := range []string{"demo", "demo-necessity", "demo-pairs", "demo-nuggets"} {
		page, _ := teamReport(t, tm, "", d)
		board := leaderboardText(page)
		type gold = struct {
			Settled, Provisional, Missing int
			Scored                        bool `json:"provisional_scored"`
		}
		var doc struct {
			Runs []struct {
				Name          string
				Items, Total  int
				Complete      bool
				Gold          *gold
				ByTypeItems   map[string]int  `json:"by_type_items"`
				ByTypeGold    map[string]gold `json:"by_type_gold"`
				Metrics       map[string]*float64
				PooledOver    []string `json:"pooled_over"`
				HumanBaseline []struct {
					Type       string
					Replicates int
					Used       int `json:"replicates_used"`
				} `json:"human_baseline"`
			}
			Comparisons []struct {
				Items, Total int
				Gold         gold
			}
		}
		r := tm.run(t, "", "", "bench", "--dataset", d, "--json")
		if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || len(doc.Runs)+len(doc.Comparisons) == 0 {
			t.Fatalf("%s: bench --json: %v %+v", d, err, r)
		}
		for _, run := range doc.Runs {
			n := fmt.Sprint(run.Items)
			if !run.Complete {
				n = fmt.Sprintf("%d/%d*", run.Items, run.Total)
			}
			basis := "–"
			if run.Gold != nil {
				basis = benchGoldText(*run.Gold)
			}
			if (len(run.Metrics) > 0 || len(run.ByTypeItems) == 0) && !strings.Contains(board, n+" | "+basis+" |") {
				t.Errorf("%s: run %s: the report lacks n %q beside gold %q:\n%s", d, run.Name, n, basis, board)
			}
			for typ, k := range run.ByTypeItems {
				if len(run.PooledOver) == 1 {
					break // one label type: bench gives the run's row alone
				}
				g := run.ByTypeGold[typ]
				n := fmt.Sprint(k)
				if g.Missing > 0 || g.Provisional > 0 && !g.Scored {
					n += "*"
				}
				if want := typ + " | "; !strings.Contains(board, run.Name+" | "+want) || !strings.Contains(board, n+" | "+benchGoldText(g)+" |") {
					t.Errorf("%s: run %s, %s: the report lacks its row with n %q and gold %q:\n%s", d, run.Name, typ, n, benchGoldText(g), board)
				}
			}
			for _, h := range run.HumanBaseline {
				if h.Replicates == 0 {
					continue // no person beside the run: no interval drawn
				}
				resampled++
				if want := fmt.Sprintf("%d of %d", h.Used, h.Replicates); !strings.Contains(board, want) {
					t.Errorf("%s: %s's baseline rests on %q resamples; the report does not say so:\n%s", d, h.Type, want, board)
				}
			}
		}
		for _, c := range doc.Comparisons {
			if want := fmt.Sprintf("%d of %d pairs with a gold verdict (95%% Wilson intervals); gold %s", c.Items, c.Total, benchGoldText(c.Gold)); !strings.Contains(board, want) {
				t.Errorf("%s: the report lacks %q:\n%s", d, want, board)
			}
		}
		text := tm.run(t, "", "", "bench", "--dataset", d).stdout
		for _, l := range strings.Split(text, "\n") {
			l = strings.TrimSpace(l)
			for _, head := range []string{"scored on ", "kappa: ", "pooled: ", "token_recall is "} {
				if strings.HasPrefix(l, head) && !strings.Contains(board, l) {
					t.Errorf("%s: bench says %q, the report does not:\n%s", d, l, board)
				}
			}
		}
		// The demo judge's kappa is Cohen's, its baseline's quadratic
		// (preference is ordinal): each says which it is.
		if d == "demo-pairs" && (!strings.Contains(text, "kappa: Cohen's κ, unweighted; the baseline below weighs its κ quadratically") ||
			!regexp.MustCompile(`demo-judge\s+preference\s+quadratic\s`).MatchString(text)) {
			t.Errorf("%s: bench does not name its kappas' weightings:\n%s", d, text)
		}
		if strings.Contains(board, "as it stands") {
			t.Errorf("%s: the report says its figures rest on the gold as it stands; bench scores settled gold:\n%s", d, board)
		}
	}
	if resampled == 0 {
		t.Error("no baseline interval was drawn: the test tries nothing")
	}
}

// Fleiss' κ's bootstrap interval says how many of its 1,000 resamples it
// rests on: three of four units have every label yes, so a resample of
// them alone has chance agreement 1 and no κ; it is dropped, which
// happens with chance (3/4)^4, and agree and agree --json say how many
// were used (here within five standard deviations of 1000·(1 − (3/4)^4)).
func TestAgreementIntervalSaysItsResamples(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var reqs, labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for i := 1; i <= 4; i++ {
		fmt.Fprintf(&reqs, `{"id": "r%d", "request": "request %d"}`+"\n", i, i)
		for j, a := range []string{"a", "b", "c"} {
			v := "yes"
			if i == 4 && j > 0 {
				v = "no"
			}
			fmt.Fprintf(&labels, "r%d\tnecessity\t%s\t%s\n", i, a, v)
		}
	}
	for _, f := range []string{write("req.jsonl", reqs.String()), write("l.tsv", labels.String())} {
		if r := runBin(t, bin, db, "import", "--dataset", "nec", f); r.code != 0 {
			t.Fatalf("import %s: %q", f, r.stderr)
		}
	}
	var doc struct {
		Types []struct {
			Type string
			Used struct {
				Kappa int `json:"fleiss_kappa"`
			} `json:"ci95_replicates_used"`
		}
	}
	r := runBin(t, bin, db, "agree", "--dataset", "nec", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc.Types[0].Type != "necessity" {
		t.Fatalf("agree --json: %v\n%s", err, r.stdout)
	}
	used := doc.Types[0].Used.Kappa
	p := 1 - math.Pow(0.75, 4)
	if sd := math.Sqrt(1000 * p * (1 - p)); used >= 1000 || math.Abs(float64(used)-1000*p) > 5*sd {
		t.Errorf("the interval rests on %d resamples; about %.0f ± %.0f should have a κ", used, 1000*p, sd)
	}
	text := runBin(t, bin, db, "agree", "--dataset", "nec").stdout
	if !regexp.MustCompile(`necessity\s+0\.400\s+\[\S+, \S+\] \(`+fmt.Sprint(used)+` used\)`).MatchString(text) ||
		!strings.Contains(text, "1000 replicates drawn") {
		t.Errorf("agree does not say the interval rests on %d resamples:\n%s", used, text)
	}
}

// A kappa that is undefined says why: the gold and the run say yes to
// every request, so chance agreement is 1 (κ = (p_o − p_e)/(1 − p_e)
// divides by zero), and the one annotator has no others to be set beside;
// bench and the HTML report give the reasons.
func TestBenchSaysWhyKappaIsUndefined(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var reqs, gold, run strings.Builder
	gold.WriteString("item\tunit\tannotator\tlabel\n")
	run.WriteString("item unit label\n")
	for i := 1; i <= 3; i++ {
		fmt.Fprintf(&reqs, `{"id": "r%d", "request": "request %d"}`+"\n", i, i)
		fmt.Fprintf(&gold, "r%d\tnecessity\tann\tyes\n", i)
		fmt.Fprintf(&run, "r%d necessity yes\n", i)
	}
	for _, args := range [][]string{{"import", "--dataset", "nec", write("req.jsonl", reqs.String())},
		{"policy", "--dataset", "nec", "--min", "1", "--max", "1"},
		{"import", "--dataset", "nec", write("gold.tsv", gold.String())},
		{"bench", "add", "--kind", "labels", "--name", "all-yes", "--dataset", "nec", write("run.txt", run.String())}} {
		if r := runBin(t, bin, db, args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r.stderr)
		}
	}
	const why = "kappa –: the gold and the run give one and the same label everywhere, so chance agreement is 1"
	text := runBin(t, bin, db, "bench").stdout
	if !regexp.MustCompile(`all-yes\s+necessity\s+kappa\s+–\s`).MatchString(text) || !strings.Contains(text, why) {
		t.Errorf("bench gives an undefined kappa without its reason:\n%s", text)
	}
	// Beside the people: the run's κ is undefined for the same reason, the
	// people's because one annotator has no others.
	for _, want := range []string{"run κ –: the gold and the run give one and the same label everywhere (chance agreement 1)",
		"people κ –: no one labelled these units beside two or more others with a unique majority"} {
		if !strings.Contains(text, want) {
			t.Errorf("bench's baseline lacks %q:\n%s", want, text)
		}
	}
	out := filepath.Join(dir, "r.html")
	if r := runBin(t, bin, db, "report", "--dataset", "nec", "--out", out); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if page, _ := os.ReadFile(out); !strings.Contains(leaderboardText(string(page)), why) {
		t.Errorf("the report gives an undefined kappa without its reason:\n%s", leaderboardText(string(page)))
	}
}
