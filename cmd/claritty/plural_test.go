package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// oneOf finds a count of one before a plural noun ("1 games", "all 1
// games"): what no output may say.
var oneOf = regexp.MustCompile(`\b(all )?1 (games|pairs|lines|requests|iterations|rows|units|HITs|fields|labels)\b`)

// A count of one takes the singular where it is printed: an import of one
// request, a comparison where a group won the one game it played against
// another and a system won or lost its only game (stats, the HTML report,
// stats over SSH), a judge that judged one pair in both orders from a file
// of one line, a Dawid–Skene fit done in one iteration, and a run file's
// line of one field.
func TestCountsOfOneAgree(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	write := fileWriter(t, dir)
	db := filepath.Join(dir, "c.db")
	say := func(what string, r result, wants ...string) {
		t.Helper()
		text := flat(r.stdout + r.stderr)
		shown := text
		if len(shown) > 2000 { // a whole HTML page says too much
			shown = "(" + strconv.Itoa(len(text)) + " bytes)"
		}
		for _, want := range wants {
			if !strings.Contains(text, want) {
				t.Errorf("%s lacks %q:\n%s", what, want, shown)
			}
		}
		if m := oneOf.FindString(text); m != "" {
			t.Errorf("%s says %q:\n%s", what, m, shown)
		}
	}

	r := runBin(t, bin, filepath.Join(dir, "n.db"), "import", "--format", "necessity",
		write("n.jsonl", `{"id": "r1", "request": "book a table", "facets": ["for two", "for four"]}`+"\n"))
	say("a necessity import", r, `necessity → dataset "n": 1 request added, 0 already present`)

	// x beat y in their one game, y and z beat each other, z beat w in
	// theirs: three groups, each above the next by one game.
	pairs := write("pairs.jsonl", `{"id": "q1", "request": "r1", "outputs": {"x": "X1", "y": "Y1"}}
{"id": "q2", "request": "r2", "outputs": {"y": "Y2", "z": "Z2"}}
{"id": "q3", "request": "r3", "outputs": {"y": "Y3", "z": "Z3"}}
{"id": "q4", "request": "r4", "outputs": {"w": "W4", "z": "Z4"}}
`)
	for _, args := range [][]string{{"import", pairs}, {"policy", "--min", "1", "--max", "1"}} {
		if r := runBin(t, bin, db, args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r.stderr)
		}
	}
	gold := write("gold.tsv", "item\tunit\tannotator\tlabel\nq1\tpreference\tann\twin\n"+
		"q2\tpreference\tann\twin\nq3\tpreference\tann\tlose\nq4\tpreference\tann\tlose\n")
	if r := runBin(t, bin, db, "import", "--format", "labels", gold); r.code != 0 {
		t.Fatal(r.stderr)
	}
	ranking := []string{"NO FINITE FIT for all 4 systems together: x won its 1 game; w lost its 1 game",
		"x no finite strength: won its 1 game", "w no finite strength: lost its 1 game",
		"group 1 won the 1 game against group 2", "group 2 won the 1 game against group 3",
		"separable: 0 of 1 pair of systems within a group"}
	say("stats", runBin(t, bin, db, "stats"), ranking...)

	out := filepath.Join(dir, "report.html")
	if r := runBin(t, bin, db, "report", "--out", out); r.code != 0 {
		t.Fatal(r.stderr)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	say("the HTML report", result{stdout: string(page)}, "group 1 won the 1 game against group 2; group 2 won the 1 game against group 3",
		"no finite strength: won its 1 game")

	judged := write("j.jsonl", `{"uid": "q1", "category": "hard_prompt", "judge": "gpt-4", "model": "x", "baseline": "y", `+
		`"games": [{"score": "A>B"}, {"score": "B>A"}]}`+"\n")
	r = runBin(t, bin, db, "bench", "add", "--kind", "arena-judgments", "--name", "judge", judged)
	say("bench add", r, "0 of 1 line dropped")
	say("bench", runBin(t, bin, db, "bench"), "judge judged 1 pair in both orders")

	say("annotators --quality", runBin(t, bin, db, "annotators", "--quality"), "1 iteration, last change")

	r = runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", "lab", write("l.tsv", "q1\n"))
	if r.code == 0 {
		t.Errorf("a run line of one field is taken: %+v", r)
	}
	say("a short run line", r, "l.tsv:1: want item unit label, got 1 field")

	// Over SSH the lead reads the same.
	c := leadOverSSH(t, bin, db, dir)
	say("stats over SSH", sshRun(t, c, "", "stats"), ranking...)
}
