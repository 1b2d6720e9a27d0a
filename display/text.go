// Package display turns untrusted dataset text and pictures into what a
// terminal may safely show: control characters and escape sequences
// neutralised, MIMICS's CSV quoting undone, images brought down to small
// previews. It knows nothing of files or the database.
package display

import (
	"strings"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Clean makes untrusted text harmless on a terminal: C0 and C1 control
// characters (ESC among them, so no escape sequence survives), DEL, and the
// bidirectional overrides that can reorder what is shown are replaced by
// visible stand-ins. Tabs and newlines become spaces; invalid UTF-8 becomes
// U+FFFD.
func Clean(s string) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i, w := 0, 0; i < len(s); i += w {
		r, size := utf8.DecodeRuneInString(s[i:])
		w = size
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20:
			b.WriteRune(0x2400 + r) // the Control Pictures block: ␛ for ESC
		case r == 0x7f:
			b.WriteRune('␡')
		case r >= 0x80 && r < 0xa0, isBidiControl(r):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isPlain reports whether s is printable ASCII, the common case, which needs
// no copy.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// IsDirectionControl says whether r turns the direction of the text
// after it (an override, an isolate, a mark): a terminal would draw what
// follows reversed, so text a person writes may not hold one.
func IsDirectionControl(r rune) bool { return isBidiControl(r) }

func isBidiControl(r rune) bool {
	return (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069) || r == 0x200e || r == 0x200f
}

// Unquote undoes the CSV quoting some MIMICS fields carry: a field wrapped in
// double quotes loses them and each doubled quote becomes one. The release
// quoted a few fields twice ("Which """"asdd"""" do you mean?"), so doubled
// quotes left after one pass are collapsed too. Fields that are not quoted
// come back unchanged.
func Unquote(raw string) string {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return raw
	}
	s := strings.ReplaceAll(raw[1:len(raw)-1], `""`, `"`)
	return strings.ReplaceAll(s, `""`, `"`)
}

// Field is the text to show for a raw imported field: unquoted, then
// cleaned.
func Field(raw string) string { return Clean(Unquote(raw)) }

// FitWords shortens text to at most width cells at a word boundary, with
// "…" where it was cut: a shortened line never ends inside a word.
func FitWords(text string, width int) string {
	if lipgloss.Width(text) <= width {
		return text
	}
	cut := ansi.Truncate(text, max(0, width-1), "")
	plain := ansi.Strip(cut)
	if i := strings.LastIndex(plain, " "); i > 0 {
		cut = ansi.Truncate(cut, lipgloss.Width(plain[:i]), "")
	}
	return strings.TrimRight(cut, " ") + "…"
}
