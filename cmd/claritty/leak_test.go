package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// leakPairs is a compare dataset cmp of five requests, each with three
// systems' outputs (a, b, c: pK/a/b, pK/a/c and pK/b/c), one judgement
// each (policy 1 to 1, so no pair waits for anyone): ana judged p1–p3,
// bob p4–p5, bob's always for the first system. A judge run realistic
// gives every pair a verdict: the first system on p1–p3, a tie on p4–p5.
// Below the lead, ana's tables rest on bob's six pairs, two per pair of
// systems: each of those tables is withheld from her (< 5 pairs).
func leakPairs(t *testing.T) (bin, db, dir string) {
	t.Helper()
	dir = t.TempDir()
	db = filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	bin = binary(t)
	var pairs, labels, judge strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for k := 1; k <= 5; k++ {
		fmt.Fprintf(&pairs, `{"id": "p%d", "request": "request %d", "outputs": {"a": "a says %d", "b": "b says %d", "c": "c says %d"}}`+"\n", k, k, k, k, k)
		who := "ana"
		if k > 3 {
			who = "bob"
		}
		for i, sys := range []string{"a/b", "a/c", "b/c"} {
			v, verdict := "win", "tie"
			if who == "ana" {
				v, verdict = []string{"win", "tie", "lose"}[(k+i)%3], sys[:1]
			}
			fmt.Fprintf(&labels, "p%d/%s\tpreference\t%s\t%s\n", k, sys, who, v)
			fmt.Fprintf(&judge, "p%d/%s preference %s\n", k, sys, verdict)
		}
	}
	for _, args := range [][]string{
		{"import", "--dataset", "cmp", "--min", "1", "--max", "1", write("cmp.jsonl", pairs.String())},
		{"annotators", "ana", "--role", "annotator"}, {"annotators", "bob", "--role", "annotator"},
		{"import", "--format", "labels", write("labels.tsv", labels.String())},
		{"bench", "add", "--kind", "labels", "--name", "realistic", "--dataset", "cmp", write("judge.run", judge.String())},
	} {
		if r := runBin(t, bin, db, args...); r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
	}
	return bin, db, dir
}

// compareSeen is what a reader's stats --json gives of a comparison.
type compareSeen struct {
	Items int
	Pairs []struct {
		First, Second string
		Comparisons   int
		Withheld      string
	}
	PositionBias    *json.RawMessage `json:"position_bias"`
	BiasWithheld    string           `json:"position_bias_withheld"`
	Ranking         []json.RawMessage
	RankingWithheld string           `json:"ranking_withheld"`
	BradleyTerry    *json.RawMessage `json:"bradley_terry"`
	Bootstrap       *json.RawMessage
	Separability    *json.RawMessage
}

// withheldWithRows checks that a comparison whose every pair table is
// withheld from its reader also withholds what is built from them: the
// ranking (each system's wins and games), the Bradley–Terry groups and
// who won all games against whom, the bootstrap, the separability and
// the position bias, each with the rows' note.
func withheldWithRows(t *testing.T, what string, c compareSeen) {
	t.Helper()
	if len(c.Pairs) != 3 {
		t.Fatalf("%s: %d pairs of systems, want 3: %+v", what, len(c.Pairs), c)
	}
	for _, p := range c.Pairs {
		if p.Withheld != "< 5 pairs" || p.Comparisons != 2 {
			t.Fatalf("test is void: %s's %s–%s table is not withheld over 2 pairs: %+v", what, p.First, p.Second, p)
		}
	}
	if c.Ranking != nil || c.BradleyTerry != nil || c.Bootstrap != nil || c.Separability != nil || c.RankingWithheld != "< 5 pairs" {
		t.Errorf("%s: the ranking is built from withheld tables yet shown: ranking %s, bradley_terry %v, withheld %q",
			what, c.Ranking, c.BradleyTerry, c.RankingWithheld)
	}
	if c.PositionBias != nil && c.BiasWithheld != "< 5 pairs" {
		t.Errorf("%s: the position bias rests on the withheld tables yet is shown: %s", what, *c.PositionBias)
	}
}

// Issue 43 (independent check), point 1: below the lead, Bradley–Terry
// gave the withheld pair tables back. ana's tables rest on bob's six
// pairs, two per pair of systems, each withheld; the ranking over all six
// (a system's wins and games, "group 1 won all 2 games against group 2")
// told her each table. Every route withholds the ranking, its groups,
// bootstrap and separability and the position bias with the rows' note:
// stats text and --json, bench --json (gold and the judge run's tables),
// the HTML report and SSH; the lead's still has them.
func TestRankingWithheldWithItsPairTables(t *testing.T) {
	t.Parallel()
	bin, db, dir := leakPairs(t)
	var lead compareSeen
	if r := runBin(t, bin, db, "stats", "--json", "--dataset", "cmp"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &lead) != nil ||
		len(lead.Ranking) != 3 || lead.BradleyTerry == nil {
		t.Fatalf("the lead's stats have no ranking: %+v", r)
	}
	var ana compareSeen
	r := runBin(t, bin, db, "--as", "ana", "stats", "--json", "--dataset", "cmp")
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &ana) != nil {
		t.Fatalf("ana's stats --json: %+v", r)
	}
	if ana.Items != 6 {
		t.Fatalf("test is void: ana's table rests on %d pairs, want bob's 6", ana.Items)
	}
	withheldWithRows(t, "stats --json", ana)

	text := runBin(t, bin, db, "--as", "ana", "stats", "--dataset", "cmp")
	bench := runBin(t, bin, db, "--as", "ana", "bench")
	for what, r := range map[string]result{"stats": text, "bench": bench} {
		if r.code != 0 || strings.Contains(r.stdout, "won all") || strings.Contains(r.stdout, "group 1") ||
			strings.Contains(r.stdout, "separable") || strings.Contains(r.stdout, "left output won") ||
			!strings.Contains(r.stdout, "Bradley–Terry: < 5 pairs") {
			t.Errorf("ana's %s shows what the withheld tables give: %+v", what, r)
		}
	}

	var b struct {
		Runs []struct {
			Comparison struct{ Judge, Gold compareSeen }
		}
		Comparisons []compareSeen
	}
	r = runBin(t, bin, db, "--as", "ana", "bench", "--json")
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &b) != nil || len(b.Runs) != 1 || len(b.Comparisons) != 1 {
		t.Fatalf("ana's bench --json: %+v", r)
	}
	withheldWithRows(t, "bench --json's gold", b.Comparisons[0])
	withheldWithRows(t, "bench --json's judge run against the gold", b.Runs[0].Comparison.Gold)

	page := filepath.Join(dir, "ana.html")
	if r := runBin(t, bin, db, "--as", "ana", "report", "--dataset", "cmp", "--out", page); r.code != 0 {
		t.Fatalf("ana's report: %+v", r)
	}
	html, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(html); strings.Contains(s, "won all") || regexp.MustCompile(`/ranking/\d`).MatchString(s) ||
		!strings.Contains(s, `Bradley–Terry ranking: <span class="withheld">&lt; 5 pairs</span>`) {
		t.Errorf("ana's HTML report shows the ranking over withheld tables")
	}

	signer, pub := sshKey(t, dir, "ana")
	if r := runBin(t, bin, db, "annotators", "ana", "--key-file", pub); r.code != 0 {
		t.Fatalf("ana's key: %+v", r)
	}
	srv := startServe(t, db)
	c, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var overSSH compareSeen
	if r := sshRun(t, c, "", "stats --json --dataset cmp"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &overSSH) != nil {
		t.Fatalf("ana's stats over SSH: %+v", r)
	}
	withheldWithRows(t, "stats --json over SSH", overSSH)
}

// Issue 43 (independent check), point 5: below the lead, a judge run's
// accuracy rested on every pair, the reader's own too (a pair ana judged
// tells her the gold's side there, which her tables leave out), while the
// pair tables beside it rest on the others. ana's figures of the run rest
// on bob's six pairs, as her tables do: the judge's ties against bob's
// wins give accuracy 0 over n 6; the lead's rest on all fifteen.
func TestJudgeRestsOnTheReadersPairs(t *testing.T) {
	t.Parallel()
	bin, db, _ := leakPairs(t)
	type run struct {
		Items, Total int
		Metrics      map[string]*float64
		ByType       map[string]map[string]*float64 `json:"by_type"`
		Comparison   struct{ Judge, Gold compareSeen }
	}
	seen := func(who string) run {
		t.Helper()
		args := []string{"bench", "--json"}
		if who != "" {
			args = append([]string{"--as", who}, args...)
		}
		var b struct{ Runs []run }
		r := runBin(t, bin, db, args...)
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &b) != nil || len(b.Runs) != 1 {
			t.Fatalf("%q's bench --json: %+v", who, r)
		}
		return b.Runs[0]
	}
	lead := seen("")
	if lead.Items != 15 || lead.Total != 15 {
		t.Errorf("the lead's judge run rests on %d of %d pairs, want all 15", lead.Items, lead.Total)
	}
	ana := seen("ana")
	tables := 0
	for _, p := range ana.Comparison.Gold.Pairs {
		tables += p.Comparisons
	}
	if tables != 6 {
		t.Fatalf("test is void: ana's tables beside the run rest on %d pairs, want bob's 6", tables)
	}
	acc := ana.Metrics["accuracy"]
	if ana.Items != 6 || ana.Total != 6 || acc == nil || *acc != 0 {
		t.Errorf("ana's judge run rests on %d of %d pairs, accuracy %v; want bob's 6 of 6, accuracy 0, as her tables",
			ana.Items, ana.Total, show(acc))
	}
	if a := ana.ByType["preference"]["accuracy"]; a == nil || *a != 0 {
		t.Errorf("ana's judge run's preference accuracy %v, want 0 over bob's pairs", show(a))
	}
	r := runBin(t, bin, db, "--as", "ana", "bench")
	if r.code != 0 || !regexp.MustCompile(`accuracy\s+0\.0+\s+6\b`).MatchString(r.stdout) {
		t.Errorf("ana's bench does not give the judge's accuracy over bob's 6 pairs:\n%s", r.stdout)
	}
}

// leakStudy is the gated ClariQ-style study (need 1–4, ask 0/1, each
// question's usefulness 1–3 after a yes, clear 0/1) as the dataset cq of
// eight requests, policy 2 to 2: dan and ana finished requests 1–4, with
// the same need on each, bob and cy requests 5–8. eve is an annotator who
// has finished nothing. No request waits for anyone, so every reader
// sees every one.
func leakStudy(t *testing.T) (bin, db, dir string) {
	t.Helper()
	ctx := context.Background()
	dir = t.TempDir()
	db = filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	bin = binary(t)
	if r := runBin(t, bin, db, "import", "--protocol", write("cq.toml", datatest.ClariQGated), "--min", "2", "--max", "2",
		"--dataset", "cq", write("cq.tsv", datatest.ClariQGatedRows(8))); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "cq")
	if err != nil {
		t.Fatal(err)
	}
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for seq := 1; seq <= 8; seq++ {
		uid := storetest.ItemAt(t, st, ds.ID, seq).UID
		who := []string{"dan", "ana"}
		if seq > 4 {
			who = []string{"bob", "cy"}
		}
		for a, name := range who {
			ask := min(seq%3, 1)
			fmt.Fprintf(&labels, "%s\tneed\t%s\t%d\n%s\task\t%s\t%d\n", uid, name, 1+seq%4, uid, name, ask)
			if ask == 0 {
				continue
			}
			for q := range 2 + (seq-1)%2 {
				fmt.Fprintf(&labels, "%s\tusefulness_%d\t%s\t%d\n", uid, q+1, name, 1+(seq+q+a)%3)
			}
			fmt.Fprintf(&labels, "%s\tclear\t%s\t1\n", uid, name)
		}
	}
	st.Close()
	if r := runBin(t, bin, db, "import", "--format", "labels", write("labels.tsv", labels.String())); r.code != 0 ||
		!strings.Contains(r.stderr, "16 HITs finished") {
		t.Fatalf("the labels: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "eve", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add eve: %+v", r)
	}
	return bin, db, dir
}

// Issue 43 (independent check), point 2: a label distribution withheld
// from a reader with no finished work was given away by the mean and std
// beside it (over a yes/no, or a scale of three, n, mean and std solve to
// the counts). eve sees every step's and unit's n and why, and no mean,
// std or distribution, in stats text and --json, here and over SSH; the
// lead sees them all.
func TestMomentsWithheldWithTheDistribution(t *testing.T) {
	t.Parallel()
	bin, db, dir := leakStudy(t)
	type summary struct {
		Name                 string
		N                    int
		Mean, Std            *float64
		Distribution         []struct{ Value, N int }
		DistributionWithheld string `json:"distribution_withheld"`
		Withheld             string
	}
	type stats struct{ Types, Units []summary }
	var lead stats
	if r := runBin(t, bin, db, "stats", "--json", "--dataset", "cq"); r.code != 0 || json.Unmarshal([]byte(r.stdout), &lead) != nil {
		t.Fatalf("the lead's stats: %+v", r)
	}
	for _, s := range lead.Types[:4] { // why has no label
		if s.N == 0 || s.Mean == nil || s.Std == nil || s.Distribution == nil {
			t.Fatalf("test is void: the lead's %s has no figures: %+v", s.Name, s)
		}
	}
	check := func(what, out string) {
		t.Helper()
		var eve stats
		if err := json.Unmarshal([]byte(out), &eve); err != nil {
			t.Fatalf("%s: %v\n%s", what, err, out)
		}
		for i, s := range append(eve.Types, eve.Units...) {
			const why = "withheld until you have finished work here"
			if s.N > 0 && (s.Mean != nil || s.Std != nil || s.Distribution != nil || s.Withheld == "" ||
				s.Withheld == why && s.DistributionWithheld != why) {
				t.Errorf("%s: eve sees %s's figures: mean %s, std %s, distribution %v, withheld %q", what, s.Name, show(s.Mean), show(s.Std),
					s.Distribution, s.Withheld)
			}
			if i < len(eve.Types) && s.N != lead.Types[i].N {
				t.Errorf("%s: eve's %s rests on %d labels, the lead's %d", what, s.Name, s.N, lead.Types[i].N)
			}
		}
	}
	r := runBin(t, bin, db, "--as", "eve", "stats", "--json", "--dataset", "cq")
	if r.code != 0 {
		t.Fatalf("eve's stats --json: %+v", r)
	}
	check("stats --json", r.stdout)
	r = runBin(t, bin, db, "--as", "eve", "stats", "--dataset", "cq")
	if r.code != 0 || strings.Contains(r.stdout, "±") && regexp.MustCompile(`\d ± \d`).MatchString(r.stdout) ||
		!regexp.MustCompile(`(?m)^ask\s+16\s+withheld until you have finished work here`).MatchString(r.stdout) {
		t.Errorf("eve's stats text shows a mean and std beside a withheld distribution:\n%s", r.stdout)
	}

	signer, pub := sshKey(t, dir, "eve")
	if r := runBin(t, bin, db, "annotators", "eve", "--key-file", pub); r.code != 0 {
		t.Fatalf("eve's key: %+v", r)
	}
	srv := startServe(t, db)
	c, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r = sshRun(t, c, "", "stats --json --dataset cq")
	if r.code != 0 {
		t.Fatalf("eve's stats over SSH: %+v", r)
	}
	check("stats --json over SSH", r.stdout)
}

// Issue 43 (independent check), point 3: a row of annotators' figures
// over fewer than 5 units was withheld even from a reader who finished
// every item under it, which the rule shows (docs/roles-and-release.md:
// "unless they have finished every one of those items"). dan's and ana's
// in-majority rows, their label counts and their pair rest on requests
// 1–4, all dan's finished ones: dan sees them, in text and --json; bob's
// and cy's rest on requests dan did not judge and stay withheld from
// him, as his and ana's from bob.
func TestOwnRowsShownOnOwnFinishedItems(t *testing.T) {
	t.Parallel()
	bin, db, _ := leakStudy(t)
	type agree struct {
		Pairs []struct {
			A, B  string
			Items int
		}
		Annotators []struct {
			Annotator  string
			Items      int
			InMajority *float64 `json:"in_majority"`
		}
		Withheld []string
	}
	seen := func(who string) (names []string, a agree) {
		t.Helper()
		r := runBin(t, bin, db, "--as", who, "agree", "--json", "--bootstrap", "0", "--dataset", "cq")
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &a) != nil {
			t.Fatalf("%s's agree --json: %+v", who, r)
		}
		for _, p := range a.Pairs {
			names = append(names, p.A+"–"+p.B)
		}
		for _, x := range a.Annotators {
			names = append(names, x.Annotator)
			if x.Items != 4 || x.InMajority == nil || *x.InMajority != 1 {
				t.Errorf("%s sees %s's row over %d units, in majority %s; want 4 units, all in majority", who, x.Annotator, x.Items, show(x.InMajority))
			}
		}
		slices.Sort(names)
		return names, a
	}
	names, dan := seen("dan")
	if fmt.Sprint(names) != "[ana dan dan–ana]" && fmt.Sprint(names) != "[ana ana–dan dan]" {
		t.Errorf("dan sees the rows %v, want his, ana's and their pair's", names)
	}
	if len(dan.Withheld) != 1 || !strings.Contains(dan.Withheld[0], "5 rows") {
		t.Errorf("dan's withheld rows: %q, want bob's and cy's in-majority and label rows and their pair's", dan.Withheld)
	}
	names, _ = seen("bob")
	if fmt.Sprint(names) != "[bob bob–cy cy]" && fmt.Sprint(names) != "[bob cy cy–bob]" {
		t.Errorf("bob sees the rows %v, want his, cy's and their pair's", names)
	}
	r := runBin(t, bin, db, "--as", "dan", "agree", "--pairs", "--bootstrap", "0", "--dataset", "cq")
	if r.code != 0 || !regexp.MustCompile(`(?m)^\s*dan\s+4\s+1\.000`).MatchString(r.stdout) ||
		regexp.MustCompile(`(?m)^\s*(bob|cy)\s+4\s`).MatchString(r.stdout) {
		t.Errorf("dan's agree --pairs: his row missing, or bob's and cy's shown:\n%s", r.stdout)
	}
}
