package main

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/data/datatest"
)

// typedAnswer is a written clarifying question with what a TSV or a
// terminal could trip on: quotes, a backslash, non-ASCII, the HIT's own
// keys, spaces at the end.
const typedAnswer = `Do you mean "Jaguar" \ the car — or the cat? q u ! 1 é  `

// Issue 45, point 6, over SSH with an annotator's key, in tmux: ana
// answers yes, then types a clarifying question on the written step (the
// HIT's keys typing as letters) and saves it with enter. The lead's labels
// export (the built binary) has it verbatim in the label column, history
// names it, and the export merges into a second database unchanged.
func TestSSHTypedAnswerExportsVerbatim(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	bin := binary(t)
	write := fileWriter(t, dir)
	proto := write("written.toml", datatest.Written)
	items := write("w.tsv", "id\tquestion\nq1\tjaguar speed\n")
	if r := runBin(t, bin, db, "import", "--protocol", proto, "--dataset", "w", items); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "ana", "--role", "annotator"); r.code != 0 {
		t.Fatalf("ana: %+v", r)
	}
	s := sshInTmux(t, bin, db, "ana", "w", 80, 24)
	s.wait(t, "HIT 1 · 0 done / 1 yours")
	s.keys("1")
	s.wait(t, "enter: write your answer")
	s.keys("Enter")
	s.wait(t, "enter saves")
	s.tmux("send-keys", "-l", typedAnswer)
	s.wait(t, "q u ! 1 é")
	s.keys("Enter")
	s.wait(t, "No more HITs for you")

	r := runBin(t, bin, db, "export", "--dataset", "w")
	if r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	var got []string
	for _, line := range strings.Split(r.stdout, "\n") {
		if f := strings.Split(line, "\t"); len(f) > 3 && f[1] == "ask" {
			got = f
		}
	}
	if got == nil || got[2] != "ana" || got[3] != typedAnswer {
		t.Fatalf("the ask row %q, want %q:\n%s", got, typedAnswer, r.stdout)
	}
	if h := runBin(t, bin, db, "history", got[0], "--dataset", "w", "--json"); h.code != 0 || !strings.Contains(h.stdout, `"new": "Do you mean \"Jaguar\" \\ the car`) {
		t.Errorf("history: %+v", h)
	}

	other := filepath.Join(dir, "other.db")
	if r := runBin(t, bin, other, "import", "--protocol", proto, "--dataset", "w", items); r.code != 0 {
		t.Fatalf("import into the other: %+v", r)
	}
	labels := write("labels.tsv", r.stdout)
	if m := runBin(t, bin, other, "import", "--format", "labels", "--dataset", "w", labels); m.code != 0 {
		t.Fatalf("merge: %+v", m)
	}
	if back := runBin(t, bin, other, "export", "--dataset", "w"); back.stdout != r.stdout {
		t.Errorf("the merged database exports\n%s\nthe first\n%s", back.stdout, r.stdout)
	}
}

// tokenF1 is ClariLM's token F1 computed apart from packages agreement
// and bench's counting: the words are runs of letters and digits of the
// lower-cased text less the stop words (bench.StopWords, the list the
// measure names), and the common ones are counted by walking both sorted
// lists.
func tokenF1(a, b string) float64 {
	word := regexp.MustCompile(`[\p{L}\p{N}]+`)
	content := func(s string) []string {
		return slices.DeleteFunc(word.FindAllString(strings.ToLower(s), -1), func(w string) bool { return bench.StopWords[w] })
	}
	ta, tb := content(a), content(b)
	if len(ta) == 0 || len(tb) == 0 {
		return map[bool]float64{true: 1, false: 0}[len(ta) == len(tb)]
	}
	sort.Strings(ta)
	sort.Strings(tb)
	common := 0
	for i, j := 0, 0; i < len(ta) && j < len(tb); {
		switch {
		case ta[i] == tb[j]:
			common, i, j = common+1, i+1, j+1
		case ta[i] < tb[j]:
			i++
		default:
			j++
		}
	}
	if common == 0 {
		return 0
	}
	p, r := float64(common)/float64(len(ta)), float64(common)/float64(len(tb))
	return 2 * p * r / (p + r)
}

// Issue 45, point 6: agree's figures of a written unit type, on the
// command line (text and --json) and over SSH with the lead's key, are
// those computed here from the answers: the share of items whose answers
// are identical trimmed and case folded, and the mean over items of the
// mean pairwise token F1, with n; the type has no κ row and no majority.
func TestAgreeWrittenAnswers(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	proto := tm.file(t, "written.toml", datatest.Written)
	items := tm.file(t, "w.tsv", "id\tquestion\nq1\tjaguar speed\nq2\tWhich one?\nq3\tpython\n")
	if r := tm.run(t, "", "", "import", "--protocol", proto, "--dataset", "w", items); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	answers := [][]string{
		{"Do you mean the car?", "  do you mean the CAR?", "Do you mean the car?"},
		{"Which one of them?", "Which one?", "which ONE of them, the first or the second one?"},
		{"The snake or the language?", "Python 3 or 2?"},
	}
	ids := []string{"q1", "q2", "q3"} // an item by its own id, as a labels file may name it
	var b strings.Builder
	b.WriteString("item\tunit\tannotator\tlabel\n")
	for i, as := range answers {
		for j, a := range as {
			who := []string{"bo", "cy", "dee"}[j]
			fmt.Fprintf(&b, "%s\tneed\t%s\t1\n%s\task\t%s\t%s\n", ids[i], who, ids[i], who, a)
		}
	}
	if m := tm.run(t, "", "", "import", "--format", "labels", "--dataset", "w", tm.file(t, "m.tsv", b.String())); m.code != 0 {
		t.Fatalf("merge: %+v", m)
	}
	same, f1 := 0.0, 0.0
	for _, as := range answers {
		all, sum, n := true, 0.0, 0
		for i := range as {
			all = all && strings.EqualFold(strings.TrimSpace(as[i]), strings.TrimSpace(as[0]))
			for j := i + 1; j < len(as); j++ {
				sum, n = sum+tokenF1(as[i], as[j]), n+1
			}
		}
		if all {
			same++
		}
		f1 += sum / float64(n)
	}
	wantSame, wantF1 := same/3, f1/3
	if wantSame != 1.0/3 || wantF1 <= wantSame || wantF1 >= 1 {
		t.Fatalf("test is void: identical %v, F1 %v", wantSame, wantF1)
	}
	check := func(route, out string) {
		t.Helper()
		var doc struct {
			Types []struct{ Type string } `json:"types"`
			Text  []struct {
				Type      string   `json:"type"`
				Items     int      `json:"items_with_2plus_answers"`
				Answers   int      `json:"answers"`
				Identical *float64 `json:"identical_share"`
				F1        *float64 `json:"mean_token_f1"`
			} `json:"text"`
			Majority []struct{ Unit string } `json:"majority"`
		}
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Fatalf("%s: %v\n%s", route, err, out)
		}
		if len(doc.Text) != 1 || doc.Text[0].Type != "ask" || doc.Text[0].Items != 3 || doc.Text[0].Answers != 8 ||
			doc.Text[0].Identical == nil || math.Abs(*doc.Text[0].Identical-wantSame) > 1e-12 ||
			doc.Text[0].F1 == nil || math.Abs(*doc.Text[0].F1-wantF1) > 1e-12 {
			t.Errorf("%s: text figures %+v, want identical %v, token F1 %v over 3 items, 8 answers", route, doc.Text, wantSame, wantF1)
		}
		for _, ty := range doc.Types {
			if ty.Type == "ask" {
				t.Errorf("%s: a κ row for the written type", route)
			}
		}
		for _, v := range doc.Majority {
			if v.Unit == "ask" {
				t.Errorf("%s: a majority of written answers", route)
			}
		}
	}
	j := tm.run(t, "", "", "agree", "--dataset", "w", "--json")
	if j.code != 0 {
		t.Fatalf("agree --json: %+v", j)
	}
	check("cli", j.stdout)
	text := tm.run(t, "", "", "agree", "--dataset", "w").stdout
	row := fmt.Sprintf("ask   3                 8        %.3f      %.3f", wantSame, wantF1)
	if !strings.Contains(text, row) {
		t.Errorf("agree's text lacks %q:\n%s", row, text)
	}
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	s := sshRun(t, c, "", "agree --dataset w --json")
	if s.code != 0 {
		t.Fatalf("ssh agree --json: %+v", s)
	}
	check("ssh lead", s.stdout)
	// Below the lead, figures resting on three items are withheld: an
	// identical share of 1 would give the answers away.
	a := tm.run(t, "ana", "", "agree", "--dataset", "w", "--json")
	var doc struct {
		Text []struct {
			Identical *float64 `json:"identical_share"`
			F1        *float64 `json:"mean_token_f1"`
			Withheld  string   `json:"withheld"`
		}
	}
	if err := json.Unmarshal([]byte(a.stdout), &doc); err != nil || len(doc.Text) != 1 ||
		doc.Text[0].Withheld == "" || doc.Text[0].Identical != nil || doc.Text[0].F1 != nil {
		t.Errorf("an annotator's agree --json: %v %+v", err, a)
	}
	if txt := tm.run(t, "ana", "", "agree", "--dataset", "w").stdout; strings.Contains(txt, fmt.Sprintf("%.3f", wantF1)) {
		t.Errorf("an annotator's agree shows the token F1:\n%s", txt)
	}
}
