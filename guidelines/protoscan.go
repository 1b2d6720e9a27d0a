package guidelines

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2/unstable"
)

// A protocol file comes from a lead's upload (or an SSH session's standard
// input), and every process that opens the database parses the files it
// keeps. So reading one is linear in its size and bounded in what it
// builds: a pass over its bytes (protolex.go) bounds its tables, keys, how
// deep values nest and the values of each key's array before any parse;
// then one pass of go-toml's parser maps each key to its line (lines found
// by a binary search in the file's line starts, computed once) and bounds
// the arrays within values. The first count past its bound refuses the
// file at that line, before the TOML decoder builds anything and before a
// problem is reported per element (a file of 100,000 [[step]] tables is
// one error, not 100,000).

// Bounds on what a protocol file holds, checked as it is read (a file
// needs far less: MIMICS-Duo's Task 2 has 21 columns, 2 steps, 1 scale).
const (
	// MaxColumns is the most columns item.header may name, and the most
	// values any other list of columns (id, text, show) may hold.
	MaxColumns = 256
	// MaxScales is the most [[scale]] tables: more than the steps that
	// label on them is no use.
	MaxScales = MaxSteps
	// MaxKeys is the most keys and tables a file may have (a file with
	// every field of 30 steps and 30 scales has some 560).
	MaxKeys = 1000
	// maxScaleValues is the most values a scale has (0-9, each once); its
	// keys, names and a step's label_text have one each.
	maxScaleValues = 10
	// maxNesting is how deep values nest: an inline array of step tables
	// holding their show lists is three deep.
	maxNesting = 3
)

// arrayBounds are the most values the arrays of a protocol file hold, by
// key (a table's index left out); any other array holds at most
// MaxColumns.
var arrayBounds = map[string]int{
	"item.header": MaxColumns, "item.id": MaxColumns, "item.text": MaxColumns, "item.list": MaxColumns,
	"scale.values": maxScaleValues, "scale.keys": maxScaleValues, "scale.names": maxScaleValues, "scale.codes": maxScaleValues,
	"step.show": MaxColumns, "step.label_text": maxScaleValues,
	// [[step]] and [[scale]] tables may also be written as inline arrays.
	"step": MaxSteps, "scale": MaxScales, "join": MaxJoins,
}

// arrayBound is the most values an array of key kind holds.
func arrayBound(kind string) int {
	if n, ok := arrayBounds[kind]; ok {
		return n
	}
	return MaxColumns
}

// tableBounds are the most [[name]] tables of each name.
var tableBounds = map[string]int{"step": MaxSteps, "scale": MaxScales, "join": MaxJoins}

// lineIndex finds the line of a byte offset: the offsets of the file's
// newlines, found once, searched by halves.
type lineIndex []int

func newLineIndex(b []byte) lineIndex {
	var out lineIndex
	for i := 0; ; {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			return out
		}
		out = append(out, i+j)
		i += j + 1
	}
}

// line is the line (from 1) that byte off is on.
func (l lineIndex) line(off int) int {
	n, _ := slices.BinarySearch(l, off)
	return n + 1
}

// nodeLine is the line a node starts on, 0 when the parser kept no place
// for it (an array's own node).
func (l lineIndex) nodeLine(n *unstable.Node) int {
	if n.Raw.Length == 0 {
		return 0
	}
	return l.line(int(n.Raw.Offset))
}

// KeyLines maps each key of a TOML file to the line it is on: "name",
// "item.header", "step.2.unit" (the third [[step]]), "step.2" for the
// table's own header. One pass: its cost is linear in the file.
func KeyLines(b []byte) map[string]int {
	out := map[string]int{}
	walkKeys(b, newLineIndex(b), func(k keyAt, _ *unstable.Node) error {
		out[k.path] = k.line
		return nil
	})
	return out
}

// keyAt is a key of a TOML file as walkKeys meets it: its path as KeyLines
// names it, the same without table indexes ("step.unit", the name bounds
// go by), and its line.
type keyAt struct {
	path, kind string
	table      string // the kind of the table it is in ("" for the top)
	line       int
}

// errSyntax is walkKeys' answer for a file that is no TOML: the decoder
// says why, at its line.
var errSyntax = errors.New("not TOML")

// walkKeys parses b once, handing each table header and key-value to
// visit; it stops at the first error visit returns (and returns it) or at
// the first syntax error (errSyntax).
func walkKeys(b []byte, lines lineIndex, visit func(k keyAt, e *unstable.Node) error) error {
	var p unstable.Parser
	p.Reset(b)
	counts := map[string]int{}
	table, kind := "", ""
	for p.NextExpression() {
		e := p.Expression()
		k, line := keyOf(e, lines)
		switch e.Kind {
		case unstable.Table:
			table, kind = k, k
		case unstable.ArrayTable:
			table, kind = k+"."+strconv.Itoa(counts[k]), k
			counts[k]++
		case unstable.KeyValue:
			at := keyAt{path: k, kind: k, line: line}
			if table != "" {
				at.path, at.kind, at.table = table+"."+k, kind+"."+k, kind
			}
			if err := visit(at, e); err != nil {
				return err
			}
			continue
		default:
			continue
		}
		if err := visit(keyAt{path: table, kind: kind, line: line}, e); err != nil {
			return err
		}
	}
	if p.Error() != nil {
		return errSyntax
	}
	return nil
}

// keyOf is an expression's dotted key and the line it starts on.
func keyOf(e *unstable.Node, lines lineIndex) (string, int) {
	var parts []string
	line := 0
	it := e.Key()
	for it.Next() {
		n := it.Node()
		parts = append(parts, string(n.Data))
		if line == 0 {
			line = lines.nodeLine(n)
		}
	}
	return strings.Join(parts, "."), line
}

// protocolScan is the one pass of the parser over a protocol file: key
// lines, the arrays' counts that may refuse it, and its unknown keys.
type protocolScan struct {
	name     string
	lines    lineIndex
	out      map[string]int
	problems []error // unknown keys, values of the wrong type
}

// scanProtocol maps a protocol file's keys to their lines, refusing it at
// the first count past its bound, or for its unknown keys, each at its
// line. The TOML decoder's strict mode would find those too, but it places
// each by a scan from the start of the file: a thousand of them at the end
// of a 1 MiB file took a second. A value of the wrong type is refused here
// too, at its line and in the file's words (the decoder would name Go's
// types: "struct field guidelines.FileCondition.Value of type int").
func scanProtocol(name string, b []byte) (map[string]int, error) {
	s := &protocolScan{name: name, lines: newLineIndex(b), out: map[string]int{}}
	switch err := walkKeys(b, s.lines, s.visit); {
	case errors.Is(err, errSyntax):
		return s.out, nil // the decoder says what is wrong, and where
	case err != nil:
		return nil, err
	}
	return s.out, errors.Join(s.problems...)
}

// protocolKeys are the keys a protocol file may have, without table
// indexes ("step.when.unit"), each with the Go type it decodes into, read
// off ProtocolFile's toml tags.
var protocolKeys = sync.OnceValue(func() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	var walk func(prefix string, t reflect.Type)
	walk = func(prefix string, t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return
		}
		for f := range t.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("toml"), ",")
			if name == "" || name == "-" {
				continue
			}
			out[prefix+name] = f.Type
			walk(prefix+name+".", f.Type)
		}
	}
	walk("", reflect.TypeFor[ProtocolFile]())
	return out
})

// known records a key the file may not have, unless what holds it
// (within, its table or inline table) is unknown and said already: a
// problem at its line, naming the first part of the key that is unknown.
func (s *protocolScan) known(within, kind string, line int) {
	keys := protocolKeys()
	if _, ok := keys[within]; within != "" && !ok {
		return
	}
	prefix := ""
	for part := range strings.SplitSeq(kind, ".") {
		if prefix != "" {
			prefix += "."
		}
		prefix += part
		if _, ok := keys[prefix]; len(prefix) > len(within) && !ok {
			s.problems = append(s.problems, &ProtocolError{File: s.name, Line: line, Msg: fmt.Sprintf("unknown key %q", prefix)})
			return
		}
	}
}

// keyName is a key as a refusal names it: an array's elements have their
// array's key.
func keyName(kind string) string { return strings.ReplaceAll(kind, "[]", "") }

func (s *protocolScan) refuse(line int, format string, args ...any) error {
	return &ProtocolError{File: s.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

// visit records a key's line and what is unknown in it, and bounds the
// arrays within its value. The file's keys, tables, nesting and top-level
// arrays were bounded on its bytes before the parse (boundValues).
func (s *protocolScan) visit(k keyAt, e *unstable.Node) error {
	s.out[k.path] = k.line
	s.known(k.table, k.kind, k.line)
	t, known := protocolKeys()[k.kind]
	if e.Kind != unstable.KeyValue {
		if known {
			s.typedTable(k, t, e.Kind == unstable.ArrayTable)
		}
		return nil
	}
	if err := s.values(k.kind, k.line, e.Value()); err != nil {
		return err
	}
	if known {
		s.typed(keyTitle(k.path), k.line, t, e.Value())
	}
	return nil
}

// values bounds a value of key kind: an array's values by arrayBounds
// (those of inline tables within too), an inline table's keys among the
// file's.
func (s *protocolScan) values(kind string, line int, v *unstable.Node) error {
	if v.Kind != unstable.Array && v.Kind != unstable.InlineTable {
		return nil
	}
	if v.Kind == unstable.InlineTable {
		it := v.Children()
		for it.Next() {
			kv := it.Node()
			k, at := keyOf(kv, s.lines)
			s.known(keyName(kind), keyName(kind)+"."+k, cmpLine(at, line))
			if err := s.values(kind+"."+k, cmpLine(at, line), kv.Value()); err != nil {
				return err
			}
		}
		return nil
	}
	bound := arrayBound(kind)
	n, past := 0, 0
	it := v.Children()
	for it.Next() {
		if n++; n == bound+1 {
			past = cmpLine(s.lines.nodeLine(it.Node()), line)
		}
	}
	if n > bound {
		return s.refuse(past, "%s: %d values; at most %d", keyName(kind), n, bound)
	}
	// An element of an inline array of [[step]] or [[scale]] tables is one
	// such table; any other array's elements are bounded as any array is.
	elem := kind + "[]"
	if _, ok := tableBounds[kind]; ok {
		elem = kind
	}
	it = v.Children()
	for it.Next() {
		c := it.Node()
		if err := s.values(elem, cmpLine(s.lines.nodeLine(c), line), c); err != nil {
			return err
		}
	}
	return nil
}

// cmpLine is line, or else the line of what holds it.
func cmpLine(line, outer int) int {
	if line == 0 {
		return outer
	}
	return line
}
