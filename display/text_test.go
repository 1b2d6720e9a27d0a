package display

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

func TestClean(t *testing.T) {
	cases := []struct{ in, want string }{
		{"plain text", "plain text"},
		{"café 東京", "café 東京"},
		{"\x1b[2J\x1b]0;pwned\x07title", "␛[2J␛]0;pwned␇title"},
		{"a\tb\nc\rd", "a b c d"},
		{"del\x7f", "del␡"},
		{"c1 \u009b31m", "c1 \ufffd31m"},
		{"bidi \u202eevil", "bidi \ufffdevil"},
		{"bad \xff utf8", "bad \ufffd utf8"},
	}
	for _, c := range cases {
		if got := Clean(c.in); got != c.want {
			t.Errorf("Clean(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestUnquote(t *testing.T) {
	cases := []struct{ in, want string }{
		{`"Which """"asdd"""" do you mean?"`, `Which "asdd" do you mean?`},
		{`"a ""b"" c"`, `a "b" c`},
		{`no quotes`, `no quotes`},
		{`"`, `"`},
		{`say "hi"`, `say "hi"`},
	}
	for _, c := range cases {
		if got := Unquote(c.in); got != c.want {
			t.Errorf("Unquote(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzClean: whatever comes in, what goes out is valid UTF-8 with no
// control characters a terminal would act on.
func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "a", "\x1b[31mred", "\xff\xfe", "\u202e", "\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		out := Field(s)
		if !utf8.ValidString(out) {
			t.Fatalf("invalid UTF-8 out of %q", s)
		}
		for _, r := range out {
			if unicode.IsControl(r) || isBidiControl(r) {
				t.Fatalf("control %U left in %q", r, out)
			}
		}
		if strings.ContainsRune(out, 0x1b) {
			t.Fatal("ESC survived")
		}
	})
}

// FitWords cuts at the last word that fits and marks the cut; text that
// fits, and the styling of what is kept, are left alone.
func TestFitWords(t *testing.T) {
	if got := FitWords("the quick brown fox", 12); got != "the quick…" {
		t.Errorf("%q", got)
	}
	if got := FitWords("the quick brown fox", 19); got != "the quick brown fox" {
		t.Errorf("%q", got)
	}
	if got := FitWords("supercalifragilistic", 6); got != "super…" {
		t.Errorf("one long word is cut where it must be: %q", got)
	}
	styled := "\x1b[1mthe quick\x1b[0m brown fox"
	if got := FitWords(styled, 12); ansi.Strip(got) != "the quick…" || !strings.HasPrefix(got, "\x1b[1m") {
		t.Errorf("%q", got)
	}
}
