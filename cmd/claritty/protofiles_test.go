package main

import (
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
)

// guidelines.FormatNames, the names no protocol file's kind may take, are
// every name import --format and export --format take for a format of
// their own, and nothing else.
func TestFormatNamesAreEveryFormat(t *testing.T) {
	t.Parallel()
	want := map[string]bool{}
	for _, f := range namesOf(kinds.BuiltinFormats()) {
		want[f] = true
	}
	for _, f := range exportNames(nil) {
		want[f] = true
	}
	if got := slices.Sorted(slices.Values(guidelines.FormatNames)); !slices.Equal(got, slices.Sorted(maps.Keys(want))) {
		t.Errorf("guidelines.FormatNames %v, the formats %v", got, slices.Sorted(maps.Keys(want)))
	}
}

// newFileRules are protocol files a lead may not add (issue 42's low
// findings and H1), each with the refusal, after the file's name.
func newFileRules(t *testing.T) []struct{ what, text, want string } {
	t.Helper()
	good := readmeProtocol(t)
	edit := func(pairs ...string) string {
		src := good
		for i := 0; i < len(pairs); i += 2 {
			changed := strings.Replace(src, pairs[i], pairs[i+1], 1)
			if changed == src {
				t.Fatalf("%q is not in docs/protocols.md's protocol", pairs[i])
			}
			src = changed
		}
		return src
	}
	keys := `keys = ["1", "2", "3", "4", "5"]`
	return []struct{ what, text, want string }{
		{"64 KiB of [[step]]", strings.Repeat("[[step]]\n", 64<<10/9), ":31: [[step]] number 31: a protocol file has at most 30"},
		{"a key the adjudication screen uses", edit(keys, `keys = ["1", "2", "3", "4", "x"]`), `:14: scale "use": key "x" is the adjudication screen's own`},
		{"a space for a key", edit(keys, `keys = ["1", "2", " ", "4", "5"]`), `:14: scale "use": key " " is not a printable character`},
		{"ESC for a key", edit(keys, `keys = ["1", "2", "\u001b", "4", "5"]`), `:14: scale "use": key "\x1b" is not a printable character`},
		{"a colour in a name", edit(`"useless"`, `"\u001b[31museless"`), `:15: scale "use": name "\x1b[31museless" holds a control character`},
		{"a C1 CSI in a name", edit(`"useless"`, `"\u009b31museless"`), `:15: scale "use": name "\u009b31museless" holds a control character`},
		{"RLO in a comment", "# \u202e\n" + good, ":1: U+202E is in the file"},
		{"an import format's name", edit(`name = "usefulness"`, `name = "labels"`), `:1: name "labels" is a format's`},
		{"an export format's name", edit(`name = "usefulness"`, `name = "gold"`), `:1: name "gold" is a format's`},
		{"a step showing its label column", edit(`text = ["query", "question"]`, `text = ["query", "question", "rating"]`,
			`show = ["query", "question"]`, `show = ["query", "question", "rating"]`), `:20: step 1: shows "rating", a column holding known labels`},
		// Issue 43 point 11: a value of the wrong type is said in the
		// file's words, at its line, never Go's ("cannot decode TOML
		// array into struct field guidelines.FileCondition.Value of type int");
		// issue 45 point 5: a list of values goes in in, and it says so.
		{"a list where one value goes", edit(`column = "rating"`, "column = \"rating\"\nwhen = { unit = \"usefulness\", value = [2, 3, 4] }"),
			`:23: step 1: when.value is a list; for several values write in = [2, 3, 4]`},
		{"text where a number goes", edit(`values = [1, 2, 3, 4, 5]`, `values = ["1", 2, 3, 4, 5]`),
			`:13: scale 1: values: element 1 is text ("1"); want a whole number`},
		{"a number where text goes", edit(`title = "Usefulness of clarifying questions"`, `title = 5`), `:2: title is the number 5; want text in quotes`},
		{"text where true or false goes", edit(`name = "use"`, "name = \"use\"\nnominal = \"no\""), `:13: scale 1: nominal is text ("no"); want true or false`},
		{"a list of tables where one goes", edit("[item]", "[[item]]"), `:6: [[item]] is a list of tables; item is one: write [item]`},
		{"a list of texts where one goes", edit(`title = "How useful is the question?"`, `title = ["How useful?"]`), `:18: step 1: title is a list; want text in quotes`},
		{"text where a list goes", edit(`id = ["query", "question"]`, `id = "query"`), `:8: item.id is text ("query"); want a list of texts in quotes`},
		{"a number where a table goes", edit("[item]", "item = 3\n[item]"), `:6: item is the number 3; want a table`},
		{"a number too large", edit(`values = [1, 2, 3, 4, 5]`, `values = [1, 2, 3, 4, 50000000000000000000]`), `:13: scale.values: the number is too large`},
	}
}

// Each is refused by claritty protocols add FILE and import --protocol
// FILE as the built binary: one line, file:line first, a non-zero exit,
// and the database as it was, byte for byte.
func TestProtocolFileRulesOnTheCommandLine(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	data := tm.file(t, "questions.tsv", "query\tquestion\trating\njaguar\tThe car?\t\n")
	before := tm.fingerprint(t)
	for i, c := range newFileRules(t) {
		path := tm.file(t, fmt.Sprintf("rule-%d.toml", i), c.text)
		for _, args := range [][]string{{"protocols", "add", path}, {"import", "--protocol", path, data}} {
			r := tm.run(t, "", "", args...)
			msg := strings.TrimPrefix(strings.TrimRight(r.stderr, "\n"), "claritty: ")
			if r.code == 0 || !strings.HasPrefix(msg, path+c.want) || strings.Contains(msg, "\n") {
				t.Errorf("%s, %s: exit %d, %q; want one line %q", c.what, args[0], r.code, firstLines(msg), path+c.want)
			}
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused protocol file changed the database")
	}
	// A byte order mark is skipped: the file is docs/protocols.md's.
	bom := tm.file(t, "bom.toml", "\ufeff"+readmeProtocol(t))
	if r := tm.run(t, "", "", "import", "--protocol", bom, data); r.code != 0 {
		t.Errorf("a protocol file with a byte order mark: %+v", r)
	}
}

// firstLines is the start of a long message, for a failure to show.
func firstLines(s string) string {
	lines := strings.SplitN(s, "\n", 4)
	return strings.Join(lines[:min(3, len(lines))], "\n")
}

// Over SSH a lead's protocols add - is refused alike, nothing kept.
func TestProtocolFileRulesOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	before := tm.fingerprint(t)
	for _, c := range newFileRules(t) {
		r := sshRun(t, lead, c.text, "protocols add -")
		msg := strings.TrimRight(r.stderr, "\n")
		if r.code == 0 || !strings.Contains(msg, "-"+c.want) || strings.Count(msg, "\n") > 1 {
			t.Errorf("%s over SSH: exit %d, %q; want %q", c.what, r.code, firstLines(msg), "-"+c.want)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused protocol file changed the database")
	}
}

// taskTwo is MIMICS-Duo Task 2's protocol file under another name (the
// test process may open the database, and knows each name once), and a
// data file of n panes of two answers in its shape, each with its pane's
// label in the file.
func taskTwo(t *testing.T, tm team, name string, n int) (toml, tsv, text string) {
	t.Helper()
	s, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	// A header of its own: a test that opens the database makes the kind
	// known to the process, and Task 2's header would then be two
	// protocols' to any other test's import.
	text = strings.Replace(string(s.Text), `name = "mimics-duo-quality"`, `name = "`+name+`"`, 1)
	text = strings.ReplaceAll(text, "OverallClarificationPaneQuality", "Overall "+name)
	header := strings.Join(s.File.Item.Header, "\t")
	rows := []string{strings.Replace(header, "OverallClarificationPaneQuality", "Overall "+name, 1)}
	for i := range n {
		cells := make([]string, len(s.File.Item.Header))
		cells[0], cells[1], cells[2], cells[3] = fmt.Sprintf("query %d", i), "Which one?", "this", "that"
		cells[12] = "2" // OverallClarificationPaneQuality
		rows = append(rows, strings.Join(cells, "\t"))
	}
	return tm.file(t, name+".toml", text), tm.file(t, name+".tsv", strings.Join(rows, "\n")+"\n"), text
}

// A changed protocol file that drops [attention], kept by claritty
// protocols add as the built binary, finishes the HIT that waited only
// for its attention answer: no screen asks the question any more.
func TestDroppedAttentionOnTheCommandLine(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml, tsv, text := taskTwo(t, tm, "cli-attention-drop", 2)
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "duo", tsv); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := tm.run(t, "", "", "policy", "--dataset", "duo", "--attention-rate", "1"); r.code != 0 {
		t.Fatalf("policy: %+v", r)
	}
	item, ana := waitingHIT(t, tm)
	dropped, _, ok := strings.Cut(text, "\n[attention]")
	if !ok {
		t.Fatal("Task 2's protocol asks no attention question")
	}
	if r := tm.run(t, "", "", "protocols", "add", tm.file(t, "dropped.toml", dropped+"\n")); r.code != 0 {
		t.Fatalf("protocols add, [attention] dropped: %+v", r)
	}
	db, err := sql.Open("sqlite", "file:"+tm.db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var finished, asked bool
	if err := db.QueryRow(`SELECT finished_at IS NOT NULL, EXISTS (SELECT 1 FROM attention a WHERE a.item_id = h.item_id AND a.annotator_id = h.annotator_id)
		FROM hits h WHERE item_id = ? AND annotator_id = ?`, item, ana).Scan(&finished, &asked); err != nil {
		t.Fatal(err)
	}
	if !finished || asked {
		t.Errorf("after [attention] went: the HIT finished %v, its question still there %v", finished, asked)
	}
	// The policy no longer says HITs end with a question.
	if r := tm.run(t, "", "", "policy", "--dataset", "duo"); r.code != 0 || strings.Contains(r.stdout, "attention question ends") ||
		!strings.Contains(r.stdout, "no attention question (the protocol asks none)") {
		t.Errorf("policy after [attention] went: %+v", r)
	}
}

// waitingHIT hands ana a HIT of dataset duo and labels every unit of it,
// the way the HIT screen does: at an attention rate of 1 it then waits for
// the answer. It returns the item and ana's id.
func waitingHIT(t *testing.T, tm team) (item, ana int64) {
	t.Helper()
	ctx := t.Context()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ds, err := st.DatasetByName(ctx, "duo")
	if err != nil {
		t.Fatal(err)
	}
	who, err := st.Actor(ctx, "ana", "")
	if err != nil {
		t.Fatal(err)
	}
	item, ok, _, err := st.NextHIT(ctx, ds.ID, who.ID, 0)
	if err != nil || !ok {
		t.Fatalf("no HIT for ana: %v", err)
	}
	units := []string{"answer_quality_1", "answer_quality_2", "pane_quality"}
	for i, u := range units {
		v := 4
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: item, AnnotatorID: who.ID, Unit: u, Value: &v, Finish: i == len(units)-1}); err != nil {
			t.Fatal(err)
		}
	}
	h, err := st.LoadHIT(ctx, item, who.ID)
	if err != nil || h.Finished || !h.Attention {
		t.Fatalf("ana's HIT before the change: %+v %v", h, err)
	}
	return item, who.ID
}

// A changed protocol file that turns a scale's names round, while labels
// are stored under it, is refused by claritty protocols add, as the built
// binary and over SSH, saying which scale and what moved; the database
// stays as it was.
func TestTurnedScaleRefused(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml, tsv, text := taskTwo(t, tm, "cli-turned", 1)
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--dataset", "duo", tsv); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	turned := strings.Replace(text, `names = ["very poor", "poor", "fair", "good", "excellent"]`,
		`names = ["excellent", "good", "fair", "poor", "very poor"]`, 1)
	if turned == text {
		t.Fatal("Task 2's names are not as this test knows them")
	}
	want := `protocol "cli-turned": scale "quality", on which unit pane_quality holds labels: "excellent" was the name of value 5 and is value 1's in the new file`
	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	before := tm.fingerprint(t)
	if r := tm.run(t, "", "", "protocols", "add", tm.file(t, "turned.toml", turned)); r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("protocols add, names turned: %+v", r)
	}
	if r := sshRun(t, lead, turned, "protocols add -"); r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("protocols add - over SSH, names turned: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused change changed the database")
	}
}
