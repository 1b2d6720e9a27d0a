package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

// An arena-hard-auto judgment file is a judge run over a compare dataset:
// each line's pair found by its question (uid) and systems (model,
// baseline), its verdict the two games' together, and its flip rate (the
// pairs whose verdict changed with the order, of those scored both ways)
// counted as the test counts it, with Wilson's interval; a bad score is
// refused at its line with nothing kept. Here by the older rule
// (--one-game), under which one scored game makes a verdict.
func TestArenaJudgments(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	var pairs strings.Builder
	for i := range 30 {
		fmt.Fprintf(&pairs, `{"id": "q%d", "request": "request %d", "outputs": {"base": "b%d", "m1": "x%d", "m2": "y%d"}}`+"\n", i, i, i, i, i)
	}
	if r := runBin(t, bin, db, "import", "--against", "base", write("pairs.jsonl", pairs.String())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	rng := rand.New(rand.NewPCG(4, 4))
	scores := []string{"A>>B", "A>B", "A=B", "B>A", "B>>A"}
	modelScore := func(s string, modelIsA bool) float64 {
		a := map[string]float64{"A>>B": 1, "A>B": 1, "A=B": 0.5, "B>A": 0, "B>>A": 0}[s]
		if modelIsA {
			return a
		}
		return 1 - a
	}
	var file strings.Builder
	both, flips, unscored := 0, 0, 0
	want := map[string]string{} // uid → verdict from the model's side
	for i := range 30 {
		for _, m := range []string{"m1", "m2"} {
			g1, g2 := scores[rng.IntN(5)], scores[rng.IntN(5)]
			games := fmt.Sprintf(`[{"score": %q, "judgment": {}}, {"score": %q}]`, g1, g2)
			s := (modelScore(g1, false) + modelScore(g2, true)) / 2
			switch {
			case i == 7 && m == "m1": // a judge that gave no score in game 2
				games = fmt.Sprintf(`[{"score": %q}, {"score": null}]`, g1)
				s = modelScore(g1, false)
			case i == 8 && m == "m1": // none at all: left out
				games = `[null, {"score": null}]`
				unscored++
				s = -1
			default:
				both++
				if modelScore(g1, false) != modelScore(g2, true) {
					flips++
				}
			}
			model, baseline := m, "base"
			if m == "m2" && i%3 == 0 { // the roles the other way: the verdict speaks for base
				model, baseline = "base", "m2"
				if s >= 0 {
					s = 1 - s
				}
			}
			fmt.Fprintf(&file, `{"uid": "q%d", "category": "hard_prompt", "judge": "gpt-4", "model": %q, "baseline": %q, "games": %s}`+"\n",
				i, model, baseline, games)
			uid := fmt.Sprintf("q%d/%s/base", i, m) // the pair's first system is m: its side
			switch {
			case s < 0:
			case s > 0.5:
				want[uid] = "win"
			case s < 0.5:
				want[uid] = "lose"
			default:
				want[uid] = "tie"
			}
		}
	}
	bad := strings.Replace(file.String(), `"A>>B"`, `"A>>>B"`, 1)
	if r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "gpt4", write("bad.jsonl", bad)); r.code == 0 ||
		!strings.Contains(r.stderr, "bad.jsonl:") || !strings.Contains(r.stderr, `score "A>>>B" is none of arena-hard's`) {
		t.Errorf("a bad score: %+v", r)
	}
	// The older rule: a line with one game scored counts by that game.
	r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--one-game", "--name", "gpt4", write("judgments.jsonl", file.String()))
	if r.code != 0 || !strings.Contains(r.stderr, "the older rule (--one-game)") ||
		!strings.Contains(r.stderr, "1 of 60 lines dropped: no game scored") {
		t.Fatalf("bench add: %+v", r)
	}
	// The run's labels are the verdicts, from each pair's first system (the model's) side.
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for uid, v := range want {
		fmt.Fprintf(&labels, "%s\tpreference\tana\t%s\n", uid, v)
	}
	if r := runBin(t, bin, db, "policy", "--min", "1", "--max", "1"); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runBin(t, bin, db, "import", "--format", "labels", write("gold.tsv", labels.String())); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r = runBin(t, bin, db, "bench", "--json")
	var got struct {
		Runs []struct {
			Name       string
			Metrics    map[string]*float64
			BothOrders *struct {
				Pairs, Flips int
				Rate         float64 `json:"flip_rate"`
				Low          float64 `json:"flip_rate_low"`
				High         float64 `json:"flip_rate_high"`
			} `json:"both_orders"`
		}
	}
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatal(err, r.stderr)
	}
	if len(got.Runs) != 1 || got.Runs[0].BothOrders == nil {
		t.Fatalf("runs %+v", got.Runs)
	}
	o := got.Runs[0].BothOrders
	const z = 1.959963984540054
	n, p := float64(both), float64(flips)/float64(both)
	centre := (p + z*z/(2*n)) / (1 + z*z/n)
	half := z / (1 + z*z/n) * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	if o.Pairs != both || o.Flips != flips || math.Abs(o.Rate-p) > 1e-12 || math.Abs(o.Low-(centre-half)) > 1e-12 || math.Abs(o.High-(centre+half)) > 1e-12 {
		t.Errorf("both orders %+v; the test counts %d flips of %d pairs, rate %v [%v, %v]", o, flips, both, p, centre-half, centre+half)
	}
	// The gold is the run's own verdicts: it agrees with itself on every pair.
	if a := got.Runs[0].Metrics["accuracy"]; a == nil || *a != 1 {
		t.Errorf("accuracy against its own verdicts: %v (the verdicts stored are not the games' together)", a)
	}
	if r := runBin(t, bin, db, "bench"); !strings.Contains(r.stdout, fmt.Sprintf("gpt4 judged %d pairs in both orders; the verdict changed with the order in %d", both, flips)) {
		t.Errorf("bench text: %s", r.stdout)
	}
}

// By default a judgment counts only with both games scored, as
// arena-hard-auto's show_result reads them now: a line whose games are
// not both there with a score (a null game, a null score) is dropped, and the output says by which rule and how many, counted here
// by show_result's own test. --one-game takes the older rule, keeping a
// line with one game scored; the same file under the same name by the
// other rule is another run, refused; --one-game is refused for another
// kind. Over SSH the lead's run says the same.
func TestArenaDropsOneGameLines(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	games := []string{
		`[{"score": "A>B"}, {"score": "B>A"}]`,
		`[{"score": null}, {"score": "A=B"}]`,
		`[{"score": "A>>B"}, {"score": null}]`,
		`[null, {"score": "B>>A"}]`,
		`[{"score": "A<B"}, null]`,
		`[{"score": null}, null]`,
		`[{"score": "B>A"}, {"score": "A>B"}]`,
	}
	pairs, file, kept, oneGame, none := arenaLines(t, games, 21)
	if r := runBin(t, bin, db, "import", write("pairs.jsonl", pairs)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	judgments := write("judgments.jsonl", file)
	total := func(name string) int {
		t.Helper()
		var got struct {
			Runs []struct {
				Name  string
				Total int
			}
		}
		if err := json.Unmarshal([]byte(runBin(t, bin, db, "bench", "--json").stdout), &got); err != nil {
			t.Fatal(err)
		}
		for _, r := range got.Runs {
			if r.Name == name {
				return r.Total
			}
		}
		t.Fatalf("no run %q in %+v", name, got.Runs)
		return 0
	}
	r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "today", judgments)
	want := fmt.Sprintf("arena-hard-auto's rule: a judgment counts only with both games scored (--one-game counts one game scored, "+
		"as arena-hard-auto did before v2.0); %d of 21 lines dropped: %d with no game scored, %d with one", none+oneGame, none, oneGame)
	if r.code != 0 || !strings.Contains(r.stderr, want) {
		t.Fatalf("bench add, default rule: %+v\nwant %q", r, want)
	}
	if n := total("today"); n != kept {
		t.Errorf("the run holds %d verdicts; show_result keeps %d lines", n, kept)
	}
	r = runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--one-game", "--name", "older", judgments)
	want = fmt.Sprintf("the older rule (--one-game): a judgment with one game scored counts by that game, as arena-hard-auto did "+
		"before v2.0 (it now drops such a line); %d of 21 lines dropped: no game scored", none)
	if r.code != 0 || !strings.Contains(r.stderr, want) {
		t.Fatalf("bench add --one-game: %+v\nwant %q", r, want)
	}
	if n := total("older"); n != kept+oneGame {
		t.Errorf("the older rule's run holds %d verdicts, want %d", n, kept+oneGame)
	}
	before := dbBytes(t, db)
	if r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--one-game", "--name", "today", judgments); r.code == 0 ||
		!strings.Contains(r.stderr, "pick another --name") {
		t.Errorf("the same file by the other rule under the same name: %+v", r)
	}
	if r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--one-game", "--name", "x", judgments); r.code == 0 ||
		!strings.Contains(r.stderr, "--one-game is a rule for arena judgments") {
		t.Errorf("--one-game on a labels run: %+v", r)
	}
	if dbBytes(t, db) != before {
		t.Error("a refused run changed the database")
	}
	c := leadOverSSH(t, bin, db, dir)
	r = sshRun(t, c, file, "bench add --kind arena-judgments --name over-ssh -")
	if r.code != 0 || !strings.Contains(r.stderr, fmt.Sprintf("%d of 21 lines dropped: %d with no game scored, %d with one", none+oneGame, none, oneGame)) {
		t.Errorf("over SSH: %+v", r)
	}
}

// Every line of a judgments file is refused alike, the first too: a pair
// the dataset lacks, of a request it has (set against more than two
// systems, so the pairs' uids are the request's id and two systems), is
// refused for that pair at line 1 as at line 2; a request no dataset has
// is said as such. A "games" that is not two games (one, none, three, or
// no "games") is refused at its line, by either rule, since
// arena-hard-auto's gen_judgment writes both games always, a game it could
// not score as null. Nothing is kept of a refused file, over SSH as
// locally.
func TestArenaJudgmentLinesRefusedAlike(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	pairs := `{"id": "p1", "request": "r1", "outputs": {"base": "b", "m1": "x", "m2": "y"}}` + "\n" +
		`{"id": "p2", "request": "r2", "outputs": {"base": "b", "m1": "x", "m2": "y"}}` + "\n"
	if r := runBin(t, bin, db, "import", "--against", "base", write("pairs.jsonl", pairs)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	good := `{"uid": "p2", "model": "m1", "baseline": "base", "games": [{"score": "A>B"}, {"score": "B>A"}]}`
	line := func(uid, model, baseline, games string) string {
		return fmt.Sprintf(`{"uid": %q, "model": %q, "baseline": %q, "games": %s}`, uid, model, baseline, games)
	}
	before := dbBytes(t, db)
	unknownPair := line("p1", "q", "w", `[{"score": "A>B"}, {"score": "A>B"}]`)
	want := `dataset "pairs" has no pair of "q" and "w" for request "p1"`
	for i, body := range []string{unknownPair + "\n" + good + "\n", good + "\n" + unknownPair + "\n"} {
		name := fmt.Sprintf("pair%d.jsonl", i+1)
		r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "j", write(name, body))
		if at := fmt.Sprintf("%s:%d: %s", name, i+1, want); r.code == 0 || !strings.Contains(r.stderr, at) {
			t.Errorf("a pair the dataset lacks on line %d: %+v\nwant %q", i+1, r, at)
		}
	}
	r := runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "j",
		write("nowhere.jsonl", line("p9", "m1", "base", `[null, null]`)+"\n"))
	if r.code == 0 || !strings.Contains(r.stderr, `nowhere.jsonl:1: no compare dataset has request "p9"`) {
		t.Errorf("a request no dataset has: %+v", r)
	}

	games := map[string]string{
		`[{"score": "A>B"}]`: `its "games" has one game`,
		`[]`:                 `its "games" is empty`,
		`[{"score": "A>B"}, null, {"score": "A=B"}]`: `its "games" has 3 games`,
		`null`: `it has no "games"`,
	}
	for g, says := range games {
		file := write("games.jsonl", good+"\n"+line("p1", "m1", "base", g)+"\n")
		for _, rule := range [][]string{nil, {"--one-game"}} {
			args := append([]string{"bench", "add", "--kind", "arena-judgments", "--name", "g"}, rule...)
			r := runBin(t, bin, db, append(args, file)...)
			if at := `games.jsonl:2: request "p1": ` + says + `; a judgment has two games`; r.code == 0 || !strings.Contains(r.stderr, at) {
				t.Errorf("games %s %v: %+v\nwant %q", g, rule, r, at)
			}
		}
	}
	if dbBytes(t, db) != before {
		t.Error("a refused judgments file changed the database")
	}

	c := leadOverSSH(t, bin, db, dir)
	r = sshRun(t, c, unknownPair+"\n", "bench add --kind arena-judgments --name j -")
	if r.code == 0 || !strings.Contains(r.stderr, "-:1: "+want) {
		t.Errorf("over SSH, a pair the dataset lacks on line 1: %+v", r)
	}
	r = sshRun(t, c, line("p1", "m1", "base", `[{"score": "A>B"}]`)+"\n", "bench add --kind arena-judgments --one-game --name g -")
	if r.code == 0 || !strings.Contains(r.stderr, `-:1: request "p1": its "games" has one game`) {
		t.Errorf("over SSH, one game: %+v", r)
	}
}

// arenaLines are n pairs (a baseline and m1 answering request i) and
// arena-hard judgments of them, line i's games games[i%len(games)], and
// how many lines show_result's own test keeps (both games scored), has
// one game scored, or none: x[0] is None or x[1] is None or
// x[0]['score'] is None or x[1]['score'] is None.
func arenaLines(t *testing.T, games []string, n int) (pairs, judgments string, kept, oneGame, none int) {
	t.Helper()
	var p, j strings.Builder
	for i := range n {
		fmt.Fprintf(&p, `{"id": "q%d", "request": "request %d", "outputs": {"base": "b%d", "m1": "x%d"}}`+"\n", i, i, i, i)
		g := games[i%len(games)]
		fmt.Fprintf(&j, `{"uid": "q%d", "model": "m1", "baseline": "base", "games": %s}`+"\n", i, g)
		var parsed []*struct{ Score *string }
		if err := json.Unmarshal([]byte(g), &parsed); err != nil {
			t.Fatal(err)
		}
		scored := 0
		for _, x := range parsed {
			if x != nil && x.Score != nil {
				scored++
			}
		}
		switch {
		case len(parsed) == 2 && scored == 2:
			kept++
		case scored == 1:
			oneGame++
		default:
			none++
		}
	}
	return p.String(), j.String(), kept, oneGame, none
}
