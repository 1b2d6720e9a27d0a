package data

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// LineError locates a problem in an input file. Err, when set, is the
// cause (a store error, say), kept for errors.Is and errors.As.
type LineError struct {
	File string
	Line int
	Msg  string
	Err  error
}

// Error is "file:line: what is wrong", the file name cleaned: it came from
// the command line or the file system and goes to a terminal.
func (e *LineError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", display.Clean(e.File), e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", display.Clean(e.File), e.Line, e.Msg)
}

// Unwrap is the cause, if any.
func (e *LineError) Unwrap() error { return e.Err }

// MaxQuote is the most of one field an error message quotes, in bytes: a
// 20 MB field must not come back whole on the terminal.
const MaxQuote = 80

// lineErr builds a LineError; the message is cleaned, as it may quote text
// from the file and goes to a terminal, and each quoted field in it is cut
// to MaxQuote bytes (capQuoted). An error argument becomes the LineError's cause; when it
// is the database or the disk failing, the line is not at fault, and the
// error says so instead of pointing at it.
func lineErr(file string, line int, format string, args ...any) error {
	e := &LineError{File: file, Line: line}
	for _, a := range args {
		if v, ok := a.(error); ok {
			if store.IsStorageFailure(v) {
				return fmt.Errorf("%w (while reading %s; the file is not at fault)", v, display.Clean(file))
			}
			e.Err = v
		}
	}
	e.Msg = display.Clean(capQuoted(fmt.Sprintf(format, args...)))
	return e
}

// maxMessage bounds a whole message, for fields quoted without quotes.
const maxMessage = 4 * MaxQuote

// capQuoted cuts each double-quoted run of msg (a %q of a field, made by
// whichever layer found the problem) to MaxQuote bytes, and the message to
// maxMessage bytes.
func capQuoted(msg string) string {
	var b strings.Builder
	for {
		open := strings.IndexByte(msg, '"')
		if open < 0 {
			break
		}
		end := closingQuote(msg, open+1)
		if end < 0 {
			break
		}
		b.WriteString(msg[:open])
		if inner := msg[open+1 : end]; len(inner) > MaxQuote {
			fmt.Fprintf(&b, "\"%s\"… (%d bytes)", cutAt(inner, MaxQuote), len(inner))
		} else {
			b.WriteString(msg[open : end+1])
		}
		msg = msg[end+1:]
	}
	b.WriteString(msg)
	out := b.String()
	if len(out) > maxMessage {
		out = cutAt(out, maxMessage) + "…"
	}
	return out
}

// closingQuote is the index of the quote that ends a Go-quoted string
// whose body starts at i, or -1.
func closingQuote(s string, i int) int {
	for ; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return i
		}
	}
	return -1
}

// cutAt cuts s to at most n bytes, on a character boundary.
func cutAt(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// LineLimited reads r, refusing (with name's LineError) as soon as a line
// grows past max bytes (0: DefaultMaxLine), so a reader that takes a whole
// file (io.ReadAll) cannot be made to hold an endless line.
func LineLimited(r io.Reader, name string, max int) io.Reader {
	if max <= 0 {
		max = DefaultMaxLine
	}
	return &lineLimited{r: r, name: name, max: max, line: 1}
}

type lineLimited struct {
	r        io.Reader
	name     string
	max, run int // the longest line allowed; bytes since the last line end
	line     int
}

func (l *lineLimited) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for _, c := range p[:n] {
		if c == '\n' {
			l.line++
			l.run = 0
			continue
		}
		if l.run++; l.run > l.max {
			return 0, tooLong(l.name, l.line, l.max)
		}
	}
	return n, err
}
