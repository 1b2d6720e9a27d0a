package main

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// Issue 45, point 8 (clamber), over SSH with an annotator's key, in tmux
// at 80x24, of the built binary: a CLAMBER file imports under the shipped
// protocol by its keys alone; ana labels two questions (clarification
// needed, the category, the subclass that category allows) and types a
// clarifying question on each. The first question has no released
// clarifying question: ana's is its gold, verbatim in the labels and gold
// exports and, as a JSON string, in export --format clamber's line, every
// other line as released. The second has the release's question beside
// ana's: agree's text figures are computed from the two here. The screen
// never shows a predict_* field.
func TestSSHCLAMBERWrittenQuestion(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	bin := binary(t)
	write := fileWriter(t, dir)
	released := "Which bank do you mean: a river's, or one for money?"
	body := datatest.ClamberReleaseLine(t, "Tell me about the bank.", "", 1, "LA", "polysemy") +
		datatest.ClamberReleaseLine(t, "Where is the bank?", released, 1, "LA", "co-reference") +
		datatest.ClamberReleaseLine(t, "What is 2+2?", "", 0, "MC", "none")
	file := write("clamber_benchmark.jsonl", body)
	if r := runBin(t, bin, db, "import", "--min", "1", "--max", "1", file); r.code != 0 || !strings.Contains(r.stdout+r.stderr, "clamber → dataset \"clamber_benchmark\": 3 questions") {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	first := `Which bank — "the river" or Köln's? q u ! 1`
	second := "Do you mean the river bank?"
	s := sshInTmux(t, bin, db, "ana", "clamber_benchmark", 80, 24)
	for _, answer := range []string{first, second} {
		s.wait(t, "Should the assistant ask back before answering?")
		if screen := s.tmux("capture-pane", "-p"); strings.Contains(screen, "Clarifying question:") || strings.Contains(screen, "Confidence") {
			t.Errorf("the screen shows a predict_* field:\n%s", screen)
		}
		s.keys("1")
		s.wait(t, "What kind of unclearness is it")
		s.keys("3")
		s.wait(t, "What is ambiguous?")
		s.keys(map[string]string{first: "2", second: "1"}[answer]) // polysemy, co-reference
		s.wait(t, "enter: write your answer")
		s.keys("Enter")
		s.wait(t, "enter saves")
		s.tmux("send-keys", "-l", answer)
		s.wait(t, answer[len(answer)-8:])
		s.keys("Enter")
	}
	s.wait(t, "HIT 3")

	labels := runBin(t, bin, db, "export", "--dataset", "clamber_benchmark")
	if labels.code != 0 || !strings.Contains(labels.stdout, "\tclarifying_question\tana\t"+first+"\t") || !strings.Contains(labels.stdout, "\tclarifying_question\tana\t"+second+"\t") {
		t.Errorf("the labels export lacks ana's questions verbatim:\n%+v", labels)
	}
	gold := runBin(t, bin, db, "export", "--format", "gold", "--dataset", "clamber_benchmark", "--include-incomplete")
	if gold.code != 0 || !strings.Contains(gold.stdout, "\tclarifying_question\t"+first+"\t") {
		t.Errorf("the gold export lacks ana's question as the first's gold:\n%+v", gold)
	}
	back := runBin(t, bin, db, "export", "--format", "clamber", "--dataset", "clamber_benchmark", "--include-incomplete", "--include-unresolved")
	lines := strings.SplitAfter(back.stdout, "\n")
	want := strings.SplitAfter(body, "\n")
	if back.code != 0 || len(lines) != len(want) {
		t.Fatalf("export --format clamber: %+v", back)
	}
	var text string
	var obj map[string]any
	if json.Unmarshal([]byte(lines[0]), &text) != nil || json.Unmarshal([]byte(text), &obj) != nil || obj["clarifying_question"] != first {
		t.Errorf("the first line's clarifying question: %q, want %q", lines[0], first)
	}
	if lines[2] != want[2] {
		t.Errorf("the third line changed:\n%s\nwant\n%s", lines[2], want[2])
	}

	agree := runBin(t, bin, db, "agree", "--dataset", "clamber_benchmark", "--json")
	var doc struct {
		Text []struct {
			Type      string   `json:"type"`
			Items     int      `json:"items_with_2plus_answers"`
			Answers   int      `json:"answers"`
			Identical *float64 `json:"identical_share"`
			F1        *float64 `json:"mean_token_f1"`
		} `json:"text"`
	}
	if err := json.Unmarshal([]byte(agree.stdout), &doc); err != nil {
		t.Fatalf("agree --json: %v\n%+v", err, agree)
	}
	wantF1 := tokenF1(released, second)
	if len(doc.Text) != 1 || doc.Text[0].Type != "clarifying_question" || doc.Text[0].Items != 1 || doc.Text[0].Answers != 3 ||
		doc.Text[0].Identical == nil || *doc.Text[0].Identical != 0 || doc.Text[0].F1 == nil || math.Abs(*doc.Text[0].F1-wantF1) > 1e-12 {
		t.Errorf("agree's text figures %+v, want 1 item of two answers (3 answers in all), identical 0, token F1 %v", doc.Text, wantF1)
	}
}

// The lead imports a CLAMBER-shaped file with a repeated line over SSH
// (standard input) and exports it back byte for byte, the repeat noted; a
// file whose clarifying question holds an escape sequence is refused at
// its line, by the built binary and over SSH, the database unchanged.
func TestCLAMBERImportRoutes(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	bin := binary(t)
	same := datatest.ClamberReleaseLine(t, "What is 2+2?", "", 0, "MC", "none")
	body := same + datatest.ClamberReleaseLine(t, "Tell me about the bank.", "Which bank: a river's, or one for money?", 1, "LA", "polysemy") + same
	c := leadOverSSH(t, bin, tm.db, tm.dir)
	r := sshRun(t, c, body, "import --dataset c -")
	if r.code != 0 || !strings.Contains(r.stderr+r.stdout, "-:3: the same question as line 1, taken as its 2nd time (item.repeats)") {
		t.Fatalf("import over SSH: %+v", r)
	}
	if r := sshRun(t, c, "", "export --format clamber --dataset c"); r.code != 0 || r.stdout != body {
		t.Errorf("export --format clamber over SSH is not the file: %+v", r)
	}
	bad := datatest.ClamberReleaseLine(t, "Where?", "Which \x1b[2J place?", 1, "MC", "where")
	before := dbBytes(t, tm.db)
	want := "bad.jsonl:1: clarifying_question: a written answer holds control character U+001B"
	if r := tm.run(t, "", "", "import", tm.file(t, "bad.jsonl", bad)); r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("a clarifying question with an escape: %+v, want %q", r, want)
	}
	if r := sshRun(t, c, bad, "import --dataset bad -"); r.code == 0 || !strings.Contains(r.stderr, "-:1: clarifying_question: a written answer holds control character U+001B") {
		t.Errorf("over SSH: %+v", r)
	}
	if dbBytes(t, tm.db) != before {
		t.Errorf("a refused import changed the database")
	}
}
