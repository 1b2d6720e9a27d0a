package guidelines

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// The protocol files claritty ships parse, and each one's header is the
// first line of the MIMICS-Duo release file it reads, column for column
// (Task 2's eight empty padding columns included).
func TestShippedProtocolsMatchTheRelease(t *testing.T) {
	shipped, err := ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	release := map[Kind]string{
		"mimics-duo-rating":  "mimics-duo/Task1-OfflineRating.tsv",
		"mimics-duo-quality": "mimics-duo/Task2-QualityLabelling.tsv",
		"mimics-duo-aspects": "mimics-duo/Task3-AspectLabelling.tsv",
	}
	var names []Kind
	for _, s := range shipped {
		names = append(names, s.File.Name)
		rel, ok := release[s.File.Name]
		if !ok {
			t.Errorf("shipped protocol %q reads no release file this test knows", s.File.Name)
			continue
		}
		f, err := os.Open(datatest.SharedOrSkip(t, rel))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Scan()
		f.Close()
		if got := strings.Split(sc.Text(), "\t"); !slices.Equal(got, s.File.Item.Header) {
			t.Errorf("%s: item.header %q, the release's header %q", s.File.Name, s.File.Item.Header, got)
		}
	}
	if want := []Kind{"mimics-duo-aspects", "mimics-duo-quality", "mimics-duo-rating"}; !slices.Equal(names, want) {
		t.Errorf("shipped %v, want %v", names, want)
	}
}

// A protocol file that will not do is refused with every problem at its
// line: an unknown key, a key the HIT screen keeps, a unit twice, a scale
// or a column that is not there, a condition on a later step.
func TestProtocolFileProblemsAtTheirLines(t *testing.T) {
	good := `name = "usefulness"
title = "Usefulness of clarifying questions"
items = "questions"

[item]
header = ["query", "question", "useful"]
id = ["query", "question"]
text = ["query", "question"]

[[scale]]
name = "use"
values = [1, 2, 3, 4, 5]
keys = ["1", "2", "3", "4", "5"]
names = ["useless", "poor", "fair", "good", "very useful"]

[[step]]
title = "Usefulness"
unit = "usefulness"
show = ["query", "question"]
scale = "use"
column = "useful"
`
	if _, err := ParseProtocolFile("u.toml", []byte(good)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	for _, c := range []struct {
		what, old, new string
		want           []string // each "line: text"
	}{
		{"an unknown key", `items = "questions"`, "items = \"questions\"\ncolour = \"red\"", []string{`u.toml:4: unknown key "colour"`}},
		{"an unknown key in a step", `column = "useful"`, "column = \"useful\"\nweight = 2", []string{`u.toml:22: unknown key "step.weight"`}},
		{"a key the screen keeps", `keys = ["1", "2", "3", "4", "5"]`, `keys = ["1", "2", "3", "u", "5"]`,
			[]string{`u.toml:13: scale "use": key "u" is the HIT screen's own`}},
		{"a key twice", `keys = ["1", "2", "3", "4", "5"]`, `keys = ["1", "2", "3", "4", "4"]`, []string{`u.toml:13: scale "use": key "4" is twice`}},
		{"a unit twice", `column = "useful"`, "column = \"useful\"\n\n[[step]]\ntitle = \"Again\"\nunit = \"usefulness\"\nscale = \"use\"",
			[]string{`u.toml:25: step 2: unit "usefulness" is labelled by an earlier step too`}},
		{"a scale not there", `scale = "use"`, `scale = "usage"`, []string{`u.toml:20: step 1: scale "usage" is not a [[scale]] of the file`}},
		{"a column not there", `column = "useful"`, `column = "usefull"`, []string{`u.toml:21: step 1: column "usefull" is not in item.header`}},
		{"a condition on no earlier step", `column = "useful"`, "column = \"useful\"\nwhen = { unit = \"later\", values = [1] }",
			[]string{`u.toml:22: step 1: asked after unit "later", which no earlier step labels`}},
		{"a built-in kind's name", `name = "usefulness"`, `name = "mimics"`, []string{`u.toml:1: name "mimics" is a built-in task kind's`}},
		{"two problems at once", `show = ["query", "question"]`, `show = ["query", "answer"]
per = "element"`, []string{`u.toml:19: step 1: shows "answer"`, `u.toml:20: step 1: per = "element", but the item has no list`}},
		{"not TOML", `[item]`, `[item`, []string{"u.toml:5: "}},
	} {
		src := strings.Replace(good, c.old, c.new, 1)
		if src == good {
			t.Fatalf("%s: the replacement changed nothing", c.what)
		}
		_, err := ParseProtocolFile("u.toml", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted", c.what)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q does not say %q", c.what, err, w)
			}
		}
		var pe *ProtocolError
		if !errors.As(err, &pe) {
			t.Errorf("%s: %T is no ProtocolError", c.what, err)
		}
	}
}

// Every key the HIT screen keeps is refused on a scale, and no digit is
// among them (the built-in scales' keys).
func TestReservedKeysLeaveTheDigits(t *testing.T) {
	for _, d := range "0123456789" {
		if slices.Contains(ReservedKeys, string(d)) {
			t.Errorf("digit %c is reserved", d)
		}
	}
	for _, p := range Protocols {
		for _, l := range p.Scale {
			if slices.Contains(ReservedKeys, l.Key) {
				t.Errorf("%s's label %s has the reserved key %q", p.Kind, l.Name, l.Key)
			}
		}
	}
}

// No file makes the parser panic, and what it refuses it refuses as the
// file's own problem, named by the file.
func FuzzProtocolFile(f *testing.F) {
	shipped, err := ShippedProtocols()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range shipped {
		f.Add(s.Text)
	}
	f.Add([]byte("name = \"x\"\n[[step]]\n[[step]]\nunit = \"a\"\n"))
	f.Add([]byte("\"name\\u0041\" = 1\n[item]\n\"head\\ter\" = []\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err := ParseProtocolFile("f.toml", b)
		if err != nil && !strings.HasPrefix(err.Error(), "f.toml") {
			t.Fatalf("an error not naming the file: %v", err)
		}
	})
}
