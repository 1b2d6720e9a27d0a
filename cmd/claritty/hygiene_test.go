package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// rawControl is the first control character in s a terminal could act
// on (C0 but tab and newline, DEL, C1), or -1.
func rawControl(s string) rune {
	for _, r := range s {
		if (r < 0x20 && r != '\t' && r != '\n') || (r >= 0x7f && r <= 0x9f) {
			return r
		}
	}
	return -1
}

// Dataset text with ESC and C1 CSI (U+009B) in ids, system names,
// annotators and items reaches no JSON, JSONL or TSV output raw.
func TestOutputsEscapeControls(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	const bad = "\u009b31m\x1b[2J"
	const badJSON = `\u009b31m\u001b[2J` // the same, as a JSON string holds it
	pairs := filepath.Join(tm.dir, "pairs.jsonl")
	line := `{"id": "p1", "request": "Book ` + badJSON + `", "outputs": {"sys": "A` + badJSON + `?", "base": "Done."}}` + "\n"
	if err := os.WriteFile(pairs, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := tm.run(t, "", "", "import", "--dataset", "hostile-pairs", pairs); r.code != 0 {
		t.Fatalf("import pairs: %+v", r)
	}
	judged := data.LabelsHeader + "\n"
	for _, a := range []string{"ana", "bo", "cy"} {
		judged += "p1\tpreference\t" + a + "\twin\t\t\t\n"
	}
	if r := tm.run(t, "", judged, "import", "--format", "labels", "--dataset", "hostile-pairs", "-"); r.code != 0 {
		t.Fatalf("judge the pair: %+v", r)
	}
	ratings := data.LabelsHeader + "\n"
	for _, a := range []string{"ana" + bad, "bo", "cy"} {
		for _, it := range []string{"i" + bad, "j", "k"} {
			ratings += it + "\tquestion\t" + a + "\t2\t\t\t\n"
		}
	}
	for _, c := range []struct {
		stdin   string
		args    []string
		carries bool // the text is in the output, escaped
	}{
		{"", []string{"export", "--format", "pairs-gold", "--dataset", "hostile-pairs"}, true},
		{"", []string{"export", "--format", "labels"}, false},
		{"", []string{"bench", "--json"}, false},
		{"", []string{"stats", "--json", "--dataset", "hostile-pairs"}, false},
		{ratings, []string{"agree", "--ratings", "-", "--json", "--bootstrap", "0"}, true},
		{ratings, []string{"agree", "--ratings", "-", "--pairs", "--bootstrap", "0"}, true},
	} {
		r := tm.run(t, "", c.stdin, c.args...)
		if r.code != 0 {
			t.Errorf("%v: %+v", c.args, r)
			continue
		}
		if c.carries && !strings.Contains(r.stdout, "31m") {
			t.Errorf("%v: the text is not in the output:\n%s", c.args, r.stdout)
		}
		if ch := rawControl(r.stdout); ch >= 0 {
			t.Errorf("%v writes U+%04X raw:\n%q", c.args, ch, r.stdout)
		}
		if ch := rawControl(r.stderr); ch >= 0 {
			t.Errorf("%v says U+%04X raw on stderr:\n%q", c.args, ch, r.stderr)
		}
	}
}

// Annotator names are printable, trimmed and unique ignoring case, by
// every route that makes one; a labels file's seconds lie within a day.
// Each refusal leaves the database as it was.
func TestNamesAndSecondsAreChecked(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	before := tm.fingerprint(t)
	for name, want := range map[string]string{
		"ANA":     `"ana" is already here`,
		"ana ":    "space at its start or end",
		" cy2":    "space at its start or end",
		"x\x1by":  "not printable",
		"x\u009b": "not printable",
		"":        "empty",
	} {
		r := tm.run(t, "", "", "annotators", name, "--role", "annotator")
		if r.code == 0 || !strings.Contains(r.stderr, want) || rawControl(r.stderr) >= 0 {
			t.Errorf("annotators %q: want %q, got %+v", name, want, r)
		}
	}
	uid := tm.pane1.UID
	for row, want := range map[string]string{
		uid + "\tquestion\tBo\t1\t\t\t":         `:2: annotator "Bo": "bo" is already here`,
		uid + "\tquestion\tnew\x1b[2J\t1\t\t\t": ":2: annotator",
		uid + "\tquestion\tnew \t1\t\t\t":       ":2: annotator",
		uid + "\tquestion\tcy\t1\t\t\t1e23":     `:2: seconds "1e23" is outside 0 to 86400`,
		uid + "\tquestion\tcy\t1\t\t\t86400.5":  `:2: seconds "86400.5" is outside`,
		uid + "\tquestion\tcy\t1\t\t\t-1":       `:2: seconds "-1" is outside`,
	} {
		r := tm.run(t, "", data.LabelsHeader+"\n"+row+"\n", "import", "--format", "labels", "-")
		if r.code == 0 || !strings.Contains(r.stderr, want) || rawControl(r.stderr) >= 0 {
			t.Errorf("labels row %q: want %q, got %+v", row, want, r)
		}
	}
	if tm.fingerprint(t) != before {
		t.Fatal("a refused name or row changed the database")
	}
	row := uid + "\tquestion\tdee\t1\t\t\t86400\n"
	if r := tm.run(t, "", data.LabelsHeader+"\n"+row, "import", "--format", "labels", "-"); r.code != 0 {
		t.Fatalf("a day's seconds and a new name: %+v", r)
	}
}
