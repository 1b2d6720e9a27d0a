package main

import (
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// ClariLM's scores from the command line, each figure worked out here
// from the files by plain counting: a necessity run (accuracy and
// macro-F1 per label type, a facet predicted for a request the gold says
// needs no clarification left out), a questions run (token F1 against the
// references), and an LLM judge's verdicts on pairs of three systems set
// against the people's gold in bench --json.
func TestClariLMBench(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	must := func(what string, args ...string) result {
		t.Helper()
		r := runBin(t, bin, db, args...)
		if r.code != 0 {
			t.Fatalf("%s: %d %s", what, r.code, r.stderr)
		}
		return r
	}
	must("import requests", "import", write("nec.jsonl", `{"id": "r1", "request": "I need a visa", "facets": ["x", "y"], "reference": "Which country are you travelling to?"}
{"id": "r2", "request": "capital of Peru", "facets": ["x", "y"], "reference": "Do you mean Peru the country or Peru, Indiana?"}
{"id": "r3", "request": "book it", "facets": ["x"]}
{"id": "r4", "request": "what is 2 + 2", "facets": ["x"]}
{"id": "r5", "request": "hello"}
{"id": "r6", "request": "thanks"}
`))
	// The gold: r1-r3 need clarification (facet 2, facet 1, none), r4-r6 not.
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for _, l := range []string{"r1 necessity yes", "r1 facet 2", "r2 necessity yes", "r2 facet 1", "r3 necessity yes",
		"r3 facet none", "r4 necessity no", "r5 necessity no", "r6 necessity no"} {
		f := strings.Fields(l)
		labels.WriteString(f[0] + "\t" + f[1] + "\tann\t" + f[2] + "\n")
	}
	must("necessity gold", "import", write("nec-gold.tsv", labels.String()))
	must("necessity run", "bench", "add", "--kind", "labels", "--name", "nec-run", write("nec.run",
		"item unit label\nr1 necessity yes\nr2 necessity no\nr3 necessity no\nr4 necessity no\nr5 necessity no\nr6 necessity yes\n"+
			"r1 facet 2\nr2 facet 2\nr3 facet none\nr4 facet 1\n"))
	r := must("questions run", "bench", "add", "--kind", "questions", "--name", "gen", write("q.tsv",
		"r1\tWhat country will you travel to?\nr2\tWhich Peru do you mean?\nr3\tAnything else?\n"))
	if !strings.Contains(r.stderr, "1 of the run's items have no reference question") {
		t.Errorf("questions run stderr: %s", r.stderr)
	}

	pairs := map[string]map[string]string{ // request -> the pair's first system (sorted) -> gold, judge
		"p1": {"a/b": "win a", "a/c": "win c", "b/c": "tie tie"},
		"p2": {"a/b": "win a", "a/c": "tie a", "b/c": "win b"},
		"p3": {"a/b": "lose tie", "a/c": "win a", "b/c": "win b"},
		"p4": {"a/b": "win a", "a/c": "win -", "b/c": "lose c"},
	}
	var pairFile, gold, judge strings.Builder
	gold.WriteString("item\tunit\tannotator\tlabel\n")
	for _, p := range []string{"p1", "p2", "p3", "p4"} {
		pairFile.WriteString(`{"id": "` + p + `", "request": "r", "outputs": {"a": "A says", "b": "B says", "c": "C says"}}` + "\n")
		for sys, v := range pairs[p] {
			f := strings.Fields(v)
			gold.WriteString(p + "/" + sys + "\tpreference\tann\t" + f[0] + "\n")
			if f[1] != "-" {
				judge.WriteString(p + "/" + sys + " preference " + f[1] + "\n")
			}
		}
	}
	must("import pairs", "import", write("cmp.jsonl", pairFile.String()))
	must("pairs gold", "import", write("cmp-gold.tsv", gold.String()))
	must("judge run", "bench", "add", "--kind", "labels", "--name", "gpt-judge", "--dataset", "cmp", write("judge.run", judge.String()))

	var got struct {
		Runs []struct {
			Name     string
			Metrics  map[string]*float64
			ByType   map[string]map[string]*float64 `json:"by_type"`
			Items    int
			Total    int
			Complete bool
			Compare  *struct{ Judge, Gold comparisonJSON } `json:"comparison"`
		}
		Comparisons []struct {
			Dataset      string
			Items, Total int
			comparisonJSON
		}
	}
	// One annotator labelled all of it: the gold is provisional, scored
	// with --provisional.
	r = must("bench --json", "bench", "--json", "--provisional")
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil || len(got.Runs) != 3 || len(got.Comparisons) != 1 {
		t.Fatalf("bench --json: %v\n%s", err, r.stdout)
	}
	near := func(what string, got *float64, want float64) {
		t.Helper()
		if got == nil || math.Abs(*got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", what, got, want)
		}
	}
	nec := got.Runs[0]
	// yes: 1 of 3 found, 1 false alarm: F1 2/5; no: 2 of 3, 2 false: F1 4/7.
	near("necessity accuracy", nec.ByType["necessity"]["accuracy"], 3.0/6)
	near("necessity macro-F1", nec.ByType["necessity"]["macro_f1"], (2.0/5+4.0/7)/2)
	near("facet accuracy", nec.ByType["facet"]["accuracy"], 2.0/3)
	if !nec.Complete || nec.Items != 6 {
		t.Errorf("necessity run: complete %v, items %d", nec.Complete, nec.Items)
	}
	// Yes/no and a facet's number share no scale: no pooled figure.
	if len(nec.Metrics) != 0 {
		t.Errorf("necessity run pools necessity and facet labels: %v", nec.Metrics)
	}
	// r1 {country, travel} against {country, travelling}: 1/2. r2 {peru,
	// mean} against {mean, peru, country, peru, indiana}: P 1, R 2/5, F1 4/7.
	q := got.Runs[1]
	near("token F1", q.Metrics["token_f1"], (1.0/2+4.0/7)/2)
	near("token precision", q.Metrics["token_precision"], (1.0/2+1)/2)
	near("token recall (ClariLM's TF)", q.Metrics["token_recall"], (1.0/2+2.0/5)/2)
	if q.Items != 2 || q.Total != 3 {
		t.Errorf("questions run: %d of %d items scored, want 2 of 3", q.Items, q.Total)
	}

	// The judge against the gold, counted from the table above.
	outcome := map[string]int{"lose": 0, "tie": 1, "win": 2}
	var agree, n int
	goldN, judgeN := map[int]float64{}, map[int]float64{}
	type tally [3]int
	goldT, judgeT := map[string]*tally{}, map[string]*tally{}
	for _, byPair := range pairs {
		for sys, v := range byPair {
			f := strings.Fields(v)
			if f[1] == "-" {
				continue
			}
			g, first := outcome[f[0]], sys[:1]
			j := map[bool]int{true: 2, false: 0}[f[1] == first]
			if f[1] == "tie" {
				j = 1
			}
			n++
			if g == j {
				agree++
			}
			goldN[g]++
			judgeN[j]++
			if goldT[sys] == nil {
				goldT[sys], judgeT[sys] = &tally{}, &tally{}
			}
			goldT[sys][g]++
			judgeT[sys][j]++
		}
	}
	chance := 0.0
	for v := range 3 {
		chance += goldN[v] / float64(n) * judgeN[v] / float64(n)
	}
	run := got.Runs[2]
	near("judge agreement", run.Metrics["accuracy"], float64(agree)/float64(n))
	near("judge kappa", run.Metrics["kappa"], (float64(agree)/float64(n)-chance)/(1-chance))
	if run.Compare == nil {
		t.Fatal("the judge run has no comparison")
	}
	checkTable := func(side string, c comparisonJSON, want map[string]*tally) {
		t.Helper()
		if len(c.Pairs) != 3 {
			t.Fatalf("%s: %d pairs of systems, want 3", side, len(c.Pairs))
		}
		for _, p := range c.Pairs {
			w := want[p.First+"/"+p.Second]
			if w == nil || p.Win.K != w[2] || p.Tie.K != w[1] || p.Lose.K != w[0] {
				t.Errorf("%s %s/%s: %+v, want lose/tie/win %v", side, p.First, p.Second, p, w)
			}
			near(side+" win share", p.Win.Share, float64(w[2])/float64(w[0]+w[1]+w[2]))
		}
		if len(c.Ranking) != 3 {
			t.Errorf("%s: ranking %+v", side, c.Ranking)
		}
		checkIntervals(t, side, c)
	}
	checkTable("judge", run.Compare.Judge, judgeT)
	checkTable("gold over the judged pairs", run.Compare.Gold, goldT)
	if run.Compare.Judge.PositionBias != nil {
		t.Error("the judge saw its own order: its position bias means nothing, yet it is given")
	}

	// The dataset's own gold table counts all 12 pairs, and its position
	// bias is read from the sides the store drew.
	cmp := got.Comparisons[0]
	if cmp.Dataset != "cmp" || cmp.Items != 12 || cmp.Total != 12 || cmp.PositionBias == nil {
		t.Fatalf("gold comparison %+v", cmp)
	}
	left := firstLeft(t, db)
	leftWon, decisive := 0, 0
	for p, byPair := range pairs {
		for sys, v := range byPair {
			g := outcome[strings.Fields(v)[0]]
			if g == 1 {
				continue
			}
			decisive++
			if (g == 2) == left[p+"/"+sys] {
				leftWon++
			}
		}
	}
	if cmp.PositionBias.K != leftWon || cmp.PositionBias.N != decisive {
		t.Errorf("position bias %d of %d, want %d of %d", cmp.PositionBias.K, cmp.PositionBias.N, leftWon, decisive)
	}
	var necStats struct {
		Judged int
		Needs  shareJSON `json:"needs_clarification"`
		Facets map[string]int
	}
	if err := json.Unmarshal([]byte(must("stats", "stats", "--dataset", "nec", "--json").stdout), &necStats); err != nil {
		t.Fatal(err)
	}
	if necStats.Judged != 6 || necStats.Needs.K != 3 || necStats.Facets["1"] != 1 || necStats.Facets["2"] != 1 || necStats.Facets["none"] != 1 {
		t.Errorf("necessity stats %+v", necStats)
	}
	if out := squeeze(must("stats", "stats", "--dataset", "cmp").stdout); !strings.Contains(out, "cmp: 12 of 12 pairs") {
		t.Errorf("compare stats:\n%s", out)
	}
	// The gold exports: each line's gold and, for pairs, who is better by
	// name and which side the first system was shown on.
	type goldLine struct {
		ID         string
		Necessity  *struct{ Label *string }
		Facet      *struct{ Label *string }
		FacetText  *string `json:"facet_text"`
		First      string
		FirstShown string `json:"first_shown"`
		Preference *struct {
			Label *string
			Votes map[string]int
		}
		Better *string
	}
	readLines := func(format string) map[string]goldLine {
		out := map[string]goldLine{}
		for _, l := range strings.Split(strings.TrimSpace(must(format, "export", "--format", format, "--include-incomplete").stdout), "\n") {
			var g goldLine
			if err := json.Unmarshal([]byte(l), &g); err != nil {
				t.Fatalf("%s: %v\n%s", format, err, l)
			}
			out[g.ID] = g
		}
		return out
	}
	ng := readLines("necessity-gold")
	if len(ng) != 6 || *ng["r1"].Necessity.Label != "yes" || *ng["r1"].Facet.Label != "2" || *ng["r1"].FacetText != "y" ||
		*ng["r3"].Facet.Label != "none" || ng["r3"].FacetText != nil || *ng["r4"].Necessity.Label != "no" || ng["r4"].Facet != nil {
		t.Errorf("necessity gold %+v", ng)
	}
	pg := readLines("pairs-gold")
	for uid, byPair := range map[string]string{"p1/a/c": "win a", "p3/a/b": "lose b", "p1/b/c": "tie tie"} {
		f := strings.Fields(byPair)
		g := pg[uid]
		shown := map[bool]string{true: "A", false: "B"}[left[uid]]
		if g.Preference == nil || *g.Preference.Label != f[0] || *g.Better != f[1] || g.Preference.Votes[f[0]] != 1 || g.FirstShown != shown {
			t.Errorf("pairs gold %s: %+v, want %s, shown %s", uid, g, byPair, shown)
		}
	}
	text := squeeze(must("bench", "bench", "--provisional").stdout)
	for _, want := range []string{"gpt-judge as judge", "Bradley–Terry strengths, best first, with 95% intervals", "separable: ", "cmp: 12 of 12 pairs with a gold verdict", "gen reference token_f1 0.5357 2"} {
		if !strings.Contains(text, want) {
			t.Errorf("bench text lacks %q:\n%s", want, text)
		}
	}
}

type shareJSON struct {
	K, N             int
	Share, Low, High *float64
}

type comparisonJSON struct {
	Pairs []struct {
		First, Second  string
		Win, Tie, Lose shareJSON
		Comparisons    int
		FirstLeft      *int `json:"first_left"`
		LeftWon        *int `json:"left_won"`
	}
	PositionBias *shareJSON `json:"position_bias"`
	Ranking      []struct {
		System    string
		Strength  float64
		Low, High *float64
	}
	Bootstrap *struct {
		Replicates, Used int
		Seed             uint64
	}
	Separability *struct {
		Separated int
		Pairs     int `json:"system_pairs"`
	}
}

// checkIntervals holds a ranking's JSON to its promises: each strength
// inside its interval, the documented bootstrap, and the separability
// counted again from the intervals given.
func checkIntervals(t *testing.T, side string, c comparisonJSON) {
	t.Helper()
	if c.Bootstrap == nil || c.Bootstrap.Replicates != bench.BootstrapReplicates || c.Bootstrap.Seed != bench.BootstrapSeed ||
		c.Bootstrap.Used < 1 || c.Bootstrap.Used > c.Bootstrap.Replicates {
		t.Fatalf("%s: bootstrap %+v", side, c.Bootstrap)
	}
	apart, pairs := 0, 0
	for i, a := range c.Ranking {
		if a.Low == nil || a.High == nil || *a.Low > a.Strength || a.Strength > *a.High {
			t.Errorf("%s %s: strength %v outside [%v, %v]", side, a.System, a.Strength, a.Low, a.High)
			return
		}
		for _, b := range c.Ranking[i+1:] {
			pairs++
			if *a.Low > *b.High || *b.Low > *a.High {
				apart++
			}
		}
	}
	if c.Separability == nil || c.Separability.Separated != apart || c.Separability.Pairs != pairs {
		t.Errorf("%s: separability %+v, the intervals give %d of %d", side, c.Separability, apart, pairs)
	}
}

// firstLeft reads which pairs showed their first system on the left,
// straight from the database.
func firstLeft(t *testing.T, path string) map[string]bool {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows, err := storetest.DB(t, st).Query(`SELECT i.uid, p.first_left FROM pairs p JOIN items i ON i.id = p.item_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var uid string
		var left bool
		if err := rows.Scan(&uid, &left); err != nil {
			t.Fatal(err)
		}
		out[uid] = left
	}
	return out
}
