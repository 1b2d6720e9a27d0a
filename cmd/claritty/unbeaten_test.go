package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// unbeatenPairs is a compare dataset of three systems over five requests
// with its gold: x beat y and z in all ten of its games, y beat z 3–2.
// Policy min 1 makes the one annotator's gold settled.
func unbeatenPairs(t *testing.T, bin, dir string) string {
	t.Helper()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var pairs, gold strings.Builder
	gold.WriteString("item\tunit\tannotator\tlabel\n")
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"x": "X%d", "y": "Y%d", "z": "Z%d"}}`+"\n", i, i, i, i, i)
		yz := "win"
		if i > 3 {
			yz = "lose"
		}
		fmt.Fprintf(&gold, "q%d/x/y\tpreference\tann\twin\nq%d/x/z\tpreference\tann\twin\nq%d/y/z\tpreference\tann\t%s\n", i, i, i, yz)
	}
	for _, args := range [][]string{{"import", write("pairs.jsonl", pairs.String())}, {"policy", "--min", "1", "--max", "1"},
		{"import", "--format", "labels", write("gold.tsv", gold.String())}} {
		if r := runBin(t, bin, db, args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r.stderr)
		}
	}
	return db
}

// Bradley–Terry with a system that never lost: x has no finite strength
// (Ford 1957), so no route gives it one, or an interval, or counts it
// separable; each says so, and y and z, who beat each other, are fitted
// on their own games: by definition y's strength is its share of them,
// 3/5, and z's 2/5. Every route says it: stats, --json, --csv, bench
// --json, the HTML report, and stats over SSH.
func TestBradleyTerryUnbeatenEveryRoute(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := unbeatenPairs(t, bin, dir)

	text := runBin(t, bin, db, "stats").stdout
	checkUnbeatenText(t, "stats", text)

	var doc struct {
		Ranking []struct {
			System     string
			Strength   *float64
			Low, High  *float64
			Group      int
			NoStrength string `json:"no_strength"`
			Wins       float64
			Games      int
		}
		BradleyTerry struct {
			Finite  bool
			Note    string
			Between []struct {
				Above, Below []string
				Games        int
			}
		} `json:"bradley_terry"`
		Bootstrap struct {
			Replicates, Used int
			NoFit            int `json:"dropped_no_finite_fit"`
			Unconverged      int `json:"dropped_not_converged"`
		}
		Separability struct {
			Pairs int `json:"system_pairs"`
		}
	}
	r := runBin(t, bin, db, "stats", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil {
		t.Fatal(err, r.stderr)
	}
	if len(doc.Ranking) != 3 {
		t.Fatalf("ranking %+v", doc.Ranking)
	}
	x, y, z := doc.Ranking[0], doc.Ranking[1], doc.Ranking[2]
	if x.System != "x" || x.Strength != nil || x.Low != nil || x.High != nil || x.NoStrength != "lost none of its 10 games" {
		t.Errorf("x: %+v, want no strength, no interval, and why", x)
	}
	near := func(got *float64, want float64) bool { return got != nil && math.Abs(*got-want) < 1e-9 }
	if y.System != "y" || !near(y.Strength, 3.0/5) || z.System != "z" || !near(z.Strength, 2.0/5) || y.Group != z.Group || y.Group == x.Group ||
		y.Low == nil || z.High == nil {
		t.Errorf("y, z: %+v %+v, want 3/5 and 2/5 in one group, with intervals", y, z)
	}
	bt := doc.BradleyTerry
	if bt.Finite || !strings.Contains(bt.Note, "NO FINITE FIT") || len(bt.Between) != 1 || bt.Between[0].Games != 10 ||
		strings.Join(bt.Between[0].Above, ",") != "x" || strings.Join(bt.Between[0].Below, ",") != "y,z" {
		t.Errorf("bradley_terry %+v", bt)
	}
	if b := doc.Bootstrap; b.Replicates != 1000 || b.Used == 0 || b.NoFit == 0 || b.Used+b.NoFit+b.Unconverged != b.Replicates {
		t.Errorf("bootstrap %+v: the used and the dropped make the replicates", b)
	}
	if doc.Separability.Pairs != 1 {
		t.Errorf("separability over %d pairs: only y and z share a scale", doc.Separability.Pairs)
	}

	csv := runBin(t, bin, db, "stats", "--csv").stdout
	for _, want := range []string{"ranking,x,strength,\n", "ranking,x,low,\n", "ranking,x,no_strength,lost none of its 10 games\n",
		"ranking,y,strength,0.6\n", "ranking,z,strength,0.4\n", "bradley_terry,,finite,false\n"} {
		if !strings.Contains(csv, want) {
			t.Errorf("stats --csv lacks %q:\n%s", want, csv)
		}
	}

	var bench struct {
		Comparisons []struct {
			Ranking []struct {
				System   string
				Strength *float64
			}
		}
	}
	if err := json.Unmarshal([]byte(runBin(t, bin, db, "bench", "--json").stdout), &bench); err != nil || len(bench.Comparisons) != 1 {
		t.Fatalf("bench --json: %v %+v", err, bench)
	}
	if rk := bench.Comparisons[0].Ranking; rk[0].System != "x" || rk[0].Strength != nil || !near(rk[1].Strength, 0.6) {
		t.Errorf("bench --json ranking %+v", rk)
	}
	checkUnbeatenText(t, "bench", runBin(t, bin, db, "bench").stdout)

	out := filepath.Join(dir, "report.html")
	if r := runBin(t, bin, db, "report", "--out", out); r.code != 0 {
		t.Fatal(r.stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{"NO FINITE FIT for all 3 systems together", "no finite strength: lost none of its 10 games",
		`data-path="comparisons/0/ranking/0/strength" data-value="null"`, `data-path="comparisons/0/ranking/1/strength" data-value="0.6"`,
		"group 1 won all 10 games against group 2", "Separable: 0 of 1 pair of systems within a group"} {
		if !strings.Contains(page, want) {
			t.Errorf("the report lacks %q", want)
		}
	}

	// Over SSH the lead reads the same (only a lead sees a pair's
	// systems: an annotator's stats name none).
	c := leadOverSSH(t, bin, db, dir)
	checkUnbeatenText(t, "stats over SSH", sshRun(t, c, "", "stats").stdout)
}

// checkUnbeatenText holds a route's text to the unbeaten comparison: it
// says there is no finite fit and why, gives x no strength, y and z theirs
// within their group, and never a degenerate 1.000 or 0.000.
func checkUnbeatenText(t *testing.T, route, text string) {
	t.Helper()
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"Bradley–Terry: NO FINITE FIT for all 3 systems together: x lost none of its 10 games",
		"x no finite strength: lost none of its 10 games", "group 2: y, z", "group 1 won all 10 games against group 2",
		"separable: 0 of 1 pair of systems within a group"} {
		if !strings.Contains(flat, want) {
			t.Errorf("%s lacks %q:\n%s", route, want, text)
		}
	}
	if !regexp.MustCompile(`y\s+0\.600 \[0\.\d{3}, 0\.\d{3}\]`).MatchString(text) || !regexp.MustCompile(`z\s+0\.400 \[`).MatchString(text) {
		t.Errorf("%s: y and z are not 0.600 and 0.400 with intervals:\n%s", route, text)
	}
	if strings.Contains(text, "[1.000, 1.000]") || strings.Contains(text, "[0.000, 0.000]") {
		t.Errorf("%s gives a degenerate strength:\n%s", route, text)
	}
}
