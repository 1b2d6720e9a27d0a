package display

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Count puts a count before the form of a noun it agrees with: "1 game",
// "0 games", "3 games". Both forms are given whole, since a plural is not
// always one more s ("query", "queries"), and they may carry the words
// that agree with them ("unit waits", "units wait").
func Count[N ~int | ~int32 | ~int64](n N, one, many string) string {
	return strconv.FormatInt(int64(n), 10) + " " + Noun(n, one, many)
}

// Noun is Count's form of the noun alone, for a count written apart from
// it (an HTML figure in a span of its own): one at 1, else many.
func Noun[N ~int | ~int32 | ~int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Plural is an English noun's plural as claritty's nouns form it: query,
// queries; box, boxes; pane, panes. A kind names its items in the plural
// (a protocol file's items), and a screen that has the singular makes it
// back.
func Plural(noun string) string {
	n := len(noun)
	switch {
	case n > 1 && noun[n-1] == 'y' && !strings.ContainsRune("aeiou", rune(noun[n-2])):
		return noun[:n-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}

// Capitalised is s with its first letter upper-case (turn: Turn), for a
// noun that starts a row's name; "" stays "".
func Capitalised(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
