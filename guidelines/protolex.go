package guidelines

import (
	"bytes"
	"fmt"
	"strings"
)

// maxContainers is the most arrays and inline tables one value of a
// protocol file may hold. The TOML parser builds a whole value before it
// hands it over, so a 1 MiB value of nested ones (x = [{a = []}, …], a
// hundred thousand tables on one line) cost a second of CPU and 190 MB
// before any count could refuse it. The largest value a protocol needs,
// all 30 steps as one inline array with their show lists, label texts and
// conditions, holds some 120.
const maxContainers = 1024

// boundValues reads b as bytes, before any parse, and bounds what the
// parser would build whole: the keys and tables of the file (MaxKeys), and
// each top-level key's value: how deep it nests (maxNesting), the arrays
// and inline tables it opens (maxContainers) and the elements of an array
// value (arrayBounds). Each is refused as protocolScan would, with the same
// words, at the line of the first past its bound. It knows strings and
// comments, allocates nothing that grows with the file, and leaves every
// other problem to the parse that follows.
func boundValues(name string, b []byte) error {
	lx := lexer{b: b, line: 1, start: true}
	for lx.i < len(b) {
		if err := lx.next(); err != nil {
			return &ProtocolError{File: name, Line: lx.errLine, Msg: err.Error()}
		}
	}
	if lx.value.key != "" {
		return lx.endValue(name)
	}
	return nil
}

// lexer walks a TOML file's bytes, knowing its strings, comments, table
// headers and the value of each key.
type lexer struct {
	b       []byte
	i       int
	line    int
	table   string         // the kind of the table the keys belong to ("step")
	start   bool           // at a line's first token
	keys    int            // keys and tables so far
	tables  map[string]int // [[name]] tables so far, by name
	value   valueCount
	errLine int
}

// valueCount is what the lexer counts of the value being read.
type valueCount struct {
	key       string // its key's kind ("item.header"); "" outside a value
	depth     int
	array     bool // the value is an array: its elements are counted
	opened    int  // arrays and inline tables opened
	elems     int
	expecting bool // an element may start here
	past      int  // the line of the first element past the bound
}

// next reads one token.
func (lx *lexer) next() error {
	c := lx.b[lx.i]
	v := &lx.value
	switch {
	case c == '\n':
		lx.line++
		lx.i++
		lx.start = true
		if v.key != "" && v.depth == 0 {
			return lx.endValueErr()
		}
		return nil
	case c == ' ' || c == '\t' || c == '\r':
		lx.i++
		return nil
	case c == '#':
		lx.skipComment()
		return nil
	}
	first := lx.start
	lx.start = false
	switch {
	case c == '"' || c == '\'':
		lx.element()
		lx.skipString()
		return nil
	case v.key == "" && first && c == '[':
		return lx.header()
	case v.key == "" && c == '=':
		v.key, v.array, v.opened, v.elems, v.past = lx.keyBefore(), false, 0, 0, 0
		lx.i++
		return lx.countKey()
	case c == '=': // a key of an inline table
		lx.i++
		return lx.countKey()
	case v.key != "" && (c == '[' || c == '{'):
		lx.element()
		if v.depth == 0 {
			v.array, v.expecting = c == '[', c == '['
		}
		v.depth++
		// Once an array is past its bound the value is refused at its end
		// (with its count, as the parse would say); until then, no value
		// nests too deep or opens too many.
		switch {
		case v.past > 0:
		case v.depth > maxNesting:
			lx.errLine = lx.line
			return fmt.Errorf("%s: values nested more than %d deep", keyName(v.key), maxNesting)
		case v.opened+1 > maxContainers:
			lx.errLine = lx.line
			return fmt.Errorf("%s: more than %d arrays and inline tables in one value: a protocol file needs far fewer", keyName(v.key), maxContainers)
		}
		v.opened++
	case v.key != "" && (c == ']' || c == '}'):
		if v.depth--; v.depth <= 0 {
			v.depth = 0
		}
	case v.key != "" && c == ',' && v.depth == 1 && v.array:
		v.expecting = true
	default:
		lx.element()
	}
	lx.i++
	return nil
}

// countKey counts one more key or table, as protocolScan does; not within
// an array already past its bound, which is refused for that at its end.
func (lx *lexer) countKey() error {
	if lx.value.past > 0 {
		return nil
	}
	if lx.keys++; lx.keys > MaxKeys {
		lx.errLine = lx.line
		return fmt.Errorf("more than %d keys and tables: a protocol file has far fewer", MaxKeys)
	}
	return nil
}

// element counts an element of the value's array when one may start here.
func (lx *lexer) element() {
	v := &lx.value
	if v.key == "" || v.depth != 1 || !v.array || !v.expecting {
		return
	}
	v.expecting = false
	if v.elems++; v.elems == arrayBound(v.key)+1 {
		v.past = lx.line
	}
}

// endValueErr ends the value at the end of its line, refusing an array
// with too many elements as protocolScan would.
func (lx *lexer) endValueErr() error {
	v := lx.value
	lx.value = valueCount{}
	if bound := arrayBound(v.key); v.array && v.elems > bound {
		lx.errLine = v.past
		return fmt.Errorf("%s: %d values; at most %d", keyName(v.key), v.elems, bound)
	}
	return nil
}

// endValue is endValueErr for a value the file ends in.
func (lx *lexer) endValue(name string) error {
	if err := lx.endValueErr(); err != nil {
		return &ProtocolError{File: name, Line: lx.errLine, Msg: err.Error()}
	}
	return nil
}

// header reads a table's header (what the keys below belong to), counting
// [[step]] and [[scale]] tables as protocolScan does.
func (lx *lexer) header() error {
	end := bytes.IndexByte(lx.b[lx.i:], '\n')
	if end < 0 {
		end = len(lx.b) - lx.i
	}
	text := string(bytes.TrimSpace(lx.b[lx.i : lx.i+end]))
	lx.table = headerName(text)
	lx.i += end
	if strings.HasPrefix(text, "[[") {
		if lx.tables == nil {
			lx.tables = map[string]int{}
		}
		n := lx.tables[lx.table]
		lx.tables[lx.table]++
		if bound, ok := tableBounds[lx.table]; ok && n >= bound {
			lx.errLine = lx.line
			return fmt.Errorf("[[%s]] number %d: a protocol file has at most %d", lx.table, n+1, bound)
		}
	}
	return lx.countKey()
}

// headerName is a table header's name as the parser reads it, near
// enough: its dotted key without the brackets, the spaces around its
// parts, its quotes or a comment after it ("[[ \"step\" ]] # the first" is
// step). A name written with escapes is not read here: parseProtocolFile
// counts the tables again once decoded.
func headerName(text string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			b.WriteByte(c)
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return b.String()
		case c != '[' && c != ']' && c != ' ' && c != '\t':
			b.WriteByte(c)
		}
	}
	return b.String()
}

// skipComment moves to the end of the line.
func (lx *lexer) skipComment() {
	if j := bytes.IndexByte(lx.b[lx.i:], '\n'); j >= 0 {
		lx.i += j
		return
	}
	lx.i = len(lx.b)
}

// skipString moves past the string that starts at i (basic or literal, one
// line or several), counting its lines. An unended one ends the file: the
// parse says what is wrong.
func (lx *lexer) skipString() {
	q := lx.b[lx.i]
	delim := lx.b[lx.i : lx.i+1]
	if bytes.HasPrefix(lx.b[lx.i:], []byte{q, q, q}) {
		delim = lx.b[lx.i : lx.i+3]
	}
	lx.i += len(delim)
	for lx.i < len(lx.b) {
		c := lx.b[lx.i]
		switch {
		case c == '\\' && q == '"':
			if lx.i+1 < len(lx.b) && lx.b[lx.i+1] == '\n' {
				lx.line++
			}
			lx.i += 2
			continue
		case c == '\n' && len(delim) == 1:
			return // unended: the newline ends the value as any line does
		case c == '\n':
			lx.line++
		case bytes.HasPrefix(lx.b[lx.i:], delim):
			lx.i += len(delim)
			// A multi-line string may end in up to two more quotes.
			for n := 0; n < 2 && len(delim) == 3 && lx.i < len(lx.b) && lx.b[lx.i] == q; n++ {
				lx.i++
			}
			return
		}
		lx.i++
	}
}

// keyBefore is the kind of the key whose '=' is at i, as protocolScan
// names it: its table's kind, then the key ("item.header", "step").
func (lx *lexer) keyBefore() string {
	start := bytes.LastIndexByte(lx.b[:lx.i], '\n') + 1
	key := strings.TrimSpace(string(lx.b[start:lx.i]))
	if len(key) > 60 {
		key = key[:60] + "…"
	}
	if lx.table != "" {
		key = lx.table + "." + key
	}
	return key
}
