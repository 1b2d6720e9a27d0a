package guidelines

import (
	"strings"
	"testing"
)

// writtenFile is a protocol file whose second step is written; extra is
// put in that step, in place of its max_chars.
func writtenFile(extra string) string {
	return `name = "written-check"
items = "questions"

[item]
header = ["id", "question"]
id = ["id"]
text = ["question"]

[[scale]]
name = "yn"
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Needs clarifying?"
unit = "need"
scale = "yn"

[[step]]
title = "What would you ask?"
unit = "ask"
kind = "text"
` + extra + "\n"
}

// A text step is a written answer: it takes no scale, max_chars is 1 to
// 4000 (500 when not given), and only a text step has one; no condition
// names a written answer. Each refusal says the file's line.
func TestTextStepInTheFile(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ extra, want string }{
		{"", ""},
		{"max_chars = 4000", ""},
		{"max_chars = 4001", "written.toml:24: step 2: max_chars = 4001: want 1 to 4000"},
		{"max_chars = -1", "written.toml:24: step 2: max_chars = -1"},
		{`scale = "yn"`, `written.toml:24: step 2: kind = "text" is a written answer: it takes no scale`},
		{`column = "question"`, ""},
	} {
		f, err := ParseProtocolFile("written.toml", []byte(writtenFile(c.extra)))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.extra, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v, want %q", c.extra, err, c.want)
		case c.want == "":
			p := f.Protocol()
			want := 500
			if strings.HasPrefix(c.extra, "max_chars") {
				want = 4000
			}
			if p.TextMax("ask") != want || p.TextMax("need") != 0 || p.ScaleOf("ask") != nil || !p.Valid("ask", 0) || p.Valid("ask", 1) {
				t.Errorf("%q: ask's max %d, scale %v", c.extra, p.TextMax("ask"), p.ScaleOf("ask"))
			}
		}
	}
	scaleMax := strings.Replace(writtenFile(""), `scale = "yn"`+"\n", `scale = "yn"`+"\nmax_chars = 10\n", 1)
	if _, err := ParseProtocolFile("written.toml", []byte(scaleMax)); err == nil || !strings.Contains(err.Error(), `written.toml:19: step 1: max_chars is for kind = "text" only`) {
		t.Errorf("max_chars on a scale step: %v", err)
	}
	after := writtenFile("") + "[[step]]\ntitle = \"More?\"\nunit = \"more\"\nscale = \"yn\"\nwhen = { unit = \"ask\", value = 0 }\n"
	if _, err := ParseProtocolFile("written.toml", []byte(after)); err == nil || !strings.Contains(err.Error(), `asked after unit "ask", a written answer`) {
		t.Errorf("a condition on a written answer: %v", err)
	}
}

// A written answer is one line of at most max characters, not blank, with
// no control character (a tab, an escape, a line separator).
func TestCheckAnswer(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"Mean?", true}, {"ééééé", true}, {"éééééé", false}, {"", false}, {"  ", false},
		{"a\tb", false}, {"a\x1b[2Jb", false}, {"a\u2028b", false}, {"a\x9bb", false}, {"\xff", false},
		{"ab\u202ec", false}, {"a\u2067b", false}, {"a\u200fb", false}, // they would turn the text round
	} {
		if err := CheckAnswer(c.text, 5); (err == nil) != c.ok {
			t.Errorf("%q: %v", c.text, err)
		}
	}
}
