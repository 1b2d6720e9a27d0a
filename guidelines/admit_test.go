package guidelines

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/display"
)

// admitCases are files a lead may no longer add (issue 42's low findings),
// each with the line that refuses it: a scale key no keyboard types or a
// screen uses, a label name a terminal would act on, a format's name, a
// step that shows its own known-label column.
var admitCases = []struct {
	what  string
	edits []string // old, new, old, new ... applied to usefulToml
	want  string
}{
	{"a space for a key", []string{`"1", "2", "3"`, `"1", " ", "3"`}, `u.toml:13: scale "use": key " " is not a printable character a keyboard types`},
	{"ESC for a key", []string{`"1", "2", "3"`, `"1", "\u001b", "3"`}, `u.toml:13: scale "use": key "\x1b" is not a printable`},
	{"ctrl+c for a key", []string{`"1", "2", "3"`, `"1", "\u0003", "3"`}, `u.toml:13: scale "use": key "\x03" is not a printable`},
	{"a C1 CSI for a key", []string{`"1", "2", "3"`, `"1", "\u009b", "3"`}, `u.toml:13: scale "use": key "\u009b" is not a printable`},
	{"RLO for a key", []string{`"1", "2", "3"`, `"1", "\u202e", "3"`}, `u.toml:13: scale "use": key "\u202e" is not a printable`},
	{"the adjudication screen's withdraw", []string{`"1", "2", "3"`, `"1", "x", "3"`}, `u.toml:13: scale "use": key "x" is the adjudication screen's own`},
	{"the adjudication screen's show decided", []string{`"1", "2", "3"`, `"1", "d", "3"`}, `u.toml:13: scale "use": key "d" is the adjudication screen's own`},
	{"the adjudication screen's reason", []string{`"1", "2", "3"`, `"1", "r", "3"`}, `u.toml:13: scale "use": key "r" is the adjudication screen's own`},
	{"the give-back confirmation", []string{`"1", "2", "3"`, `"1", "y", "3"`}, `u.toml:13: scale "use": key "y" is the HIT screen's own`},
	{"a colour in a name", []string{`"useless"`, `"useless\u001b[31m"`}, `u.toml:14: scale "use": name "useless\x1b[31m" holds a control character or a direction override`},
	{"a link in a name", []string{`"poor"`, `"\u001b]8;;https://evil.example\u0007poor\u001b]8;;\u0007"`}, `u.toml:14: scale "use": name "\x1b]8;;https://evil.example\apoor`},
	{"a C1 CSI in a name", []string{`"fair"`, `"\u009b31mfair"`}, `u.toml:14: scale "use": name "\u009b31mfair" holds a control character`},
	{"RLO in a name", []string{`"good"`, `"\u202edoog"`}, `u.toml:14: scale "use": name "\u202edoog" holds a control character or a direction override`},
	{"an import format's name", []string{`name = "usefulness"`, `name = "labels"`}, `u.toml:1: name "labels" is a format's`},
	{"an export format's name", []string{`name = "usefulness"`, `name = "gold"`}, `u.toml:1: name "gold" is a format's`},
	{"a step showing its label column", []string{`text = ["query", "question"]`, `text = ["query", "question", "useful"]`,
		`show = ["query", "question"]`, `show = ["query", "useful"]`}, `u.toml:19: step 1: shows "useful", a column holding known labels`},
	{"a step showing a list holding labels", []string{`text = ["query", "question"]`, "text = [\"query\", \"question\"]\nlist = [\"useful\"]\nlist_name = \"u\"",
		`show = ["query", "question"]`, `show = ["query", "list"]`}, `u.toml:21: step 1: shows the list, whose column "useful" holds known labels`},
}

func applyEdits(t *testing.T, src string, edits []string) string {
	t.Helper()
	for i := 0; i < len(edits); i += 2 {
		changed := strings.Replace(src, edits[i], edits[i+1], 1)
		if changed == src {
			t.Fatalf("%q is not in the file", edits[i])
		}
		src = changed
	}
	return src
}

// Each is refused at its line, alone; a database that kept such a file
// before these rules still reads it (ParseKeptProtocolFile), and its
// kind's names and keys come cleaned, as any dataset text.
func TestProtocolFileAdmission(t *testing.T) {
	for _, c := range admitCases {
		src := applyEdits(t, usefulToml, c.edits)
		_, err := ParseProtocolFile("u.toml", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: %v, want %s", c.what, err, c.want)
		}
		f, err := ParseKeptProtocolFile("u.toml", []byte(src))
		if err != nil {
			t.Errorf("%s, kept: %v", c.what, err)
			continue
		}
		p := f.Protocol()
		for _, l := range p.Scale {
			if display.Clean(l.Name) != l.Name || display.Clean(l.Key) != l.Key {
				t.Errorf("%s, kept: the label %q (key %q) is drawn as it is", c.what, l.Name, l.Key)
			}
		}
		for _, line := range strings.Split(p.Text(), "\n") {
			if display.Clean(line) != line {
				t.Errorf("%s, kept: the guideline's line %q is drawn as it is", c.what, line)
			}
		}
	}
}

// A UTF-8 byte order mark before the file is skipped: the file is the
// same file.
func TestProtocolFileByteOrderMark(t *testing.T) {
	f, err := ParseProtocolFile("u.toml", []byte("\ufeff"+usefulToml))
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "usefulness" {
		t.Errorf("name %q", f.Name)
	}
	_, err = ParseProtocolFile("u.toml", []byte("\ufeff"+strings.Replace(usefulToml, `items = "questions"`, "items = \"questions\"\ncolour = 1", 1)))
	if err == nil || !strings.HasPrefix(err.Error(), `u.toml:4: unknown key "colour"`) {
		t.Errorf("a problem after a BOM: %v", err)
	}
}

// The names a format takes cannot name a kind anywhere a kind's name is
// taken (export --format asks IsFileKindName).
func TestFormatNamesAreNoKindNames(t *testing.T) {
	for _, n := range FormatNames {
		if IsFileKindName(Kind(n)) {
			t.Errorf("%s: a kind's name", n)
		}
	}
	if !IsFileKindName("usefulness") {
		t.Error("usefulness is no kind's name")
	}
}

// TOML lets a C1 control or a direction override through as written, in
// a comment or a string; claritty protocols show prints a kept file as
// written, so a new file holding one is refused at its line.
func TestProtocolFileRawControls(t *testing.T) {
	for _, c := range []struct{ what, old, new, want string }{
		{"CSI in a comment", `[item]`, "# \u009b31m red\n[item]", "u.toml:5: U+009B is in the file"},
		{"RLO in a comment", `[item]`, "# \u202e reversed\n[item]", "u.toml:5: U+202E is in the file"},
		{"RLO in a title", `title = "Usefulness of clarifying questions"`, "title = \"\u202eUsefulness\"", "u.toml:2: U+202E is in the file"},
	} {
		src := applyEdits(t, usefulToml, []string{c.old, c.new})
		if _, err := ParseProtocolFile("u.toml", []byte(src)); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.what, err, c.want)
		}
		if _, err := ParseKeptProtocolFile("u.toml", []byte(src)); err != nil {
			t.Errorf("%s, kept: %v", c.what, err)
		}
	}
}
