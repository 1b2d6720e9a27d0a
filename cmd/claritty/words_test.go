package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// goWords are Go's names for types and packages: none may reach a user
// (issue 43 point 11: "cannot decode TOML array into struct field
// guidelines.FileCondition.Value of type int").
var goWords = regexp.MustCompile(`\b(int|int64|float64|map|struct|Go (value|struct)|json:|toml:|strconv|data\.[a-z]+Line|guidelines\.)\b`)

// Each file a reader refuses is refused in our words, at file:line, with
// the field or column it concerns, and the database stays as it was.
func TestReadersSayItInOurWords(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	if r := runBin(t, bin, db, "import", "--dataset", "panes", writePanes(t, dir, "m.tsv", jaguarRow)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	if r := runBin(t, bin, db, "import", write("gold.jsonl", nuggetsLine+"\n")); r.code != 0 {
		t.Fatal(r.stderr)
	}
	manual := strings.Split(data.ManualHeader(), "\t")
	withoutOverall := strings.Join(append(append([]string{}, manual[:8]...), manual[9:]...), "\t")
	for _, c := range []struct {
		what string
		args []string
		want string
	}{
		// JSON lines: a field of the wrong type is named with JSON's words.
		{"a number where a whole number goes", []string{"import", "--format", "candidates",
			write("a.jsonl", `{"id": "q9", "answer": "x", "k": 3.5, "system": "s"}`+"\n")},
			`a.jsonl:1: not a candidate answer: k should be a whole number, not the number 3.5`},
		{"text where a number goes", []string{"import", "--format", "nuggets",
			write("n.jsonl", `{"id": "q1", "query": "x", "nuggets": [{"id": "n1", "text": "t", "weight": "3"}]}`+"\n")},
			`n.jsonl:1: not an intent: nuggets.weight should be a number, not text`},
		{"a number too large", []string{"import", "--format", "candidates",
			write("b.jsonl", `{"id": "q9", "answer": "x", "k": 99999999999999999999, "system": "s"}`+"\n")},
			`b.jsonl:1: not a candidate answer: k: the number 99999999999999999999 is out of range`},
		{"a list where an object goes", []string{"import", "--format", "pairs",
			write("p.jsonl", `{"id": "p1", "request": "x", "outputs": ["a"]}`+"\n")},
			`p.jsonl:1: not a comparison: outputs should be an object, not a list`},
		{"a line that is no object", []string{"import", "--format", "clarimm",
			write("c.jsonl", `{"id": "c1", "topic": "t", "facet": "f", "turns": [{"question": "q", "answer": "a"}]}`+"\n[1]\n")},
			`c.jsonl:2: the line is a list, not a JSON object`},
		{"a Bing result of the wrong type", []string{"import", "--format", "serp",
			write("s.jsonl", `{"queryContext":{"originalQuery":5},"webPages":{"value":[]}}`+"\n")},
			`s.jsonl:1: not a Bing results object: queryContext.originalQuery should be text, not a number`},
		{"a misspelt field", []string{"import", "--format", "necessity", write("r.jsonl", `{"id": "r1", "request": "x", "facet": ["a"]}`+"\n")},
			`r.jsonl:1: key "facet" is not in item.keys`},
		{"a line cut short", []string{"import", "--format", "necessity", write("e.jsonl", `{"id": "r1", "request": "x"`+"\n")},
			`e.jsonl:1: not JSON: the JSON ends before its value does`},
		{"a judge's line that is no object", []string{"bench", "add", "--kind", "arena-judgments", "--name", "j", write("j.jsonl", "[1]\n")},
			`j.jsonl:1: not an arena-hard judgment: the line is a list; want one JSON object ({...}) a line`},
		{"a JSON format's file that is no JSON", []string{"import", "--format", "clarimm", write("h.jsonl", "hello\n")},
			`h.jsonl:1: this is not a clarimm file: its lines are JSON objects ({...}), and line 1 starts with "hello" (1 column)`},
		// TSV files: the column a header or a row lacks is named.
		{"a header without a column, its format given", []string{"import", "--format", "mimics-manual",
			write("m1.tsv", withoutOverall+"\n"+jaguarRow+"\n")}, `m1.tsv:1: this is not a mimics-manual file: column "options_overall_label" is missing`},
		{"a header without a column, its format found", []string{"import", write("m2.tsv", withoutOverall+"\n"+jaguarRow+"\n")},
			`it is nearly the mimics-manual header: column "options_overall_label" is missing`},
		{"a header with columns out of place", []string{"import", "--format", "mimics-manual",
			write("m3.tsv", strings.Replace(data.ManualHeader(), "query\tquestion", "question\tquery", 1)+"\n"+jaguarRow+"\n")},
			`m3.tsv:1: this is not a mimics-manual file: column 1 is "question", where the header has "query"`},
		{"a row without its last columns", []string{"import", "--format", "mimics-manual",
			write("m4.tsv", data.ManualHeader()+"\n"+strings.Join(strings.Split(jaguarRow, "\t")[:12], "\t")+"\n")},
			`m4.tsv:2: 12 fields, want 14 (truncated or damaged line?): columns "option_label_4", "option_label_5" are missing`},
	} {
		before, beforeFile := dbBytes(t, db), fileBytes(t, db)
		r := runBin(t, bin, db, c.args...)
		msg := strings.TrimPrefix(strings.TrimRight(r.stderr, "\n"), "claritty: ")
		if r.code == 0 || strings.Contains(msg, "\n") || !strings.Contains(msg, c.want) {
			t.Errorf("%s: exit %d, %q; want one line with %q", c.what, r.code, msg, c.want)
		}
		if w := goWords.FindString(msg); w != "" {
			t.Errorf("%s: %q says Go's %q", c.what, msg, w)
		}
		if fileBytes(t, db) != beforeFile || dbBytes(t, db) != before {
			t.Errorf("%s: refused, yet the database changed", c.what)
		}
	}
}

// A protocol file's data file missing a column names it, whether the
// protocol is given or found by the header.
func TestProtocolDataNamesTheMissingColumn(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	proto := tm.file(t, "usefulness.toml", readmeProtocol(t))
	if r := tm.run(t, "", "", "protocols", "add", proto); r.code != 0 {
		t.Fatal(r.stderr)
	}
	short := tm.file(t, "q.tsv", "query\tquestion\njaguar\tThe car?\n")
	before := tm.fingerprint(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"import", "--format", "usefulness", short}, `q.tsv:1: this is not a usefulness file: column "rating" is missing`},
		{[]string{"import", "--protocol", proto, short}, `q.tsv:1: this is not a usefulness file: column "rating" is missing`},
		{[]string{"import", short}, `it is nearly the usefulness header: column "rating" is missing`},
	} {
		r := tm.run(t, "", "", c.args...)
		if r.code == 0 || strings.Count(r.stderr, "\n") > 1 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: %+v; want %q", c.args, r, c.want)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused import changed the database")
	}
}

// claritty --help, and every command's, ends no line in spaces (fang drew
// them to 120 columns); the text is all there, and with colours a code
// block keeps its background.
func TestHelpHasNoTrailingSpaces(t *testing.T) {
	t.Parallel()
	bin := binary(t)
	db := filepath.Join(t.TempDir(), "c.db")
	trailing := regexp.MustCompile(`(?m) +$`)
	for _, args := range [][]string{{"--help"}, {"help", "import"}, {"import", "--help"}, {"export", "--help"},
		{"bench", "add", "--help"}, {"protocols", "show", "--help"}, {"serve", "--help"}, {"adjudicate", "--help"}} {
		r := runBin(t, bin, db, args...)
		if r.code != 0 || !strings.Contains(r.stdout, "USAGE") {
			t.Fatalf("%v: %+v", args, r)
		}
		if loc := trailing.FindStringIndex(r.stdout); loc != nil {
			t.Errorf("%v: a line ends in spaces: %q", args, r.stdout[max(0, loc[0]-40):loc[1]])
		}
	}
	r := runBin(t, bin, db, "--help")
	for _, want := range []string{"claritty opens your next unfinished HIT", "Settle disputed units (adjudicators and leads)", "--as"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("--help has no %q", want)
		}
	}
	cmd := exec.Command(bin, "--db", db, "--help")
	cmd.Env = append(os.Environ(), "CLICOLOR_FORCE=1")
	coloured := run(t, cmd)
	if !strings.Contains(coloured.stdout, "\x1b[") || !regexp.MustCompile(`\x1b\[107m {10,}\x1b\[m`).MatchString(coloured.stdout) {
		t.Errorf("with colours the code block lost its background:\n%q", coloured.stdout)
	}
	if loc := regexp.MustCompile(`(?m)(\x1b\[m|[^ \x1b]) +$`).FindStringIndex(coloured.stdout); loc != nil {
		t.Errorf("with colours a line ends in plain spaces: %q", coloured.stdout[max(0, loc[0]-40):loc[1]])
	}
}

// The help and docs say what the binary does: --labels-as names a
// release of any protocol file, adjudication decides with the scale's
// keys, and a protocol file's data carries known answers for practice.
func TestHelpAndDocsTrueToTheBinary(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	imp := tm.run(t, "", "", "import", "--help").stdout
	if !strings.Contains(imp, "a protocol file's label columns") || strings.Contains(imp, "annotator that a mimics-manual file's labels") {
		t.Errorf("import --help's --labels-as:\n%s", imp)
	}
	if adj := tm.run(t, "", "", "adjudicate", "--help").stdout; !strings.Contains(adj, "the unit's scale's keys set the final label") {
		t.Errorf("adjudicate --help:\n%s", adj)
	}
	roles, _ := os.ReadFile(filepath.Join("..", "..", "docs", "roles-and-release.md"))
	if !strings.Contains(string(roles), "The unit's scale's keys") {
		t.Error("docs/roles-and-release.md does not say a unit's scale's keys decide it")
	}
	annotating, _ := os.ReadFile(filepath.Join("..", "..", "docs", "annotating.md"))
	if strings.Contains(string(annotating), "Known answers come only in a mimics-manual file") ||
		!strings.Contains(string(annotating), "`claritty import --practice --dataset\nquestions answers.tsv`") {
		t.Error("docs/annotating.md does not say a protocol file's data carries known answers")
	}
	// What the docs say, done: docs/protocols.md's protocol, its questions,
	// then practice answers in the same shape under --labels-as's release.
	proto := tm.file(t, "usefulness.toml", readmeProtocol(t))
	rows := "query\tquestion\trating\njaguar\tThe car?\t4\npuma\tThe cat?\t2\n"
	if r := tm.run(t, "", "", "import", "--protocol", proto, "--dataset", "questions", tm.file(t, "questions.tsv", rows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := tm.run(t, "", "", "import", "--practice", "--dataset", "questions", "--format", "usefulness", tm.file(t, "answers.tsv", rows))
	if r.code != 0 || !strings.Contains(r.stderr, "practice questions of dataset \"questions\": 2 added, 0 already present; 2 answers added") {
		t.Errorf("practice from a protocol file's data: %+v", r)
	}
}

// A key config that is no TOML says so at its line in our words, not the
// parser's package prefix ("not TOML: toml: …").
func TestKeyConfigSyntaxInOurWords(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	conf := filepath.Join(dir, "xdg", "claritty", "config.toml")
	if err := os.MkdirAll(filepath.Dir(conf), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(conf, []byte("[keys]\nundo = \"U\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--db", filepath.Join(dir, "c.db"))
	cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+filepath.Join(dir, "xdg"))
	r := run(t, cmd)
	if want := "claritty: " + conf + ":2: not TOML: basic strings cannot have new lines"; r.code == 0 || strings.TrimRight(r.stderr, "\n") != want {
		t.Errorf("a key config that is no TOML: %+v; want %q", r, want)
	}
}
