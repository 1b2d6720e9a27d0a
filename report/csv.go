package report

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"

	"github.com/claritty/claritty/display"
)

// FiguresCSV turns a statistics JSON document (stats --json) into CSV, one
// figure a line: table (the top-level key), row (a list element's name:
// its first text field that tells every element apart, else its place
// from 0), column (the path to the figure within it, "/" between keys,
// a list element by its place from 0, or by its own number where it
// carries one: a Bradley–Terry group by its "group", from 1, as the text
// and the ranking number it) and value (as in the JSON; empty for null). Every figure of the JSON is a
// line, the names too. Keys keep the JSON's order, so the lines read as its tables do.
// Text that a spreadsheet would run as a formula (= + - @ first, or after
// blanks, which a spreadsheet trims) gets a leading ' .
func FiguresCSV(w io.Writer, doc io.Reader) error {
	dec := json.NewDecoder(doc)
	dec.UseNumber()
	root, err := readNode(dec)
	if err != nil {
		return fmt.Errorf("figures CSV: %w", err)
	}
	if root.kind != '{' {
		return errors.New("figures CSV: the statistics are not a JSON object")
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"table", "row", "column", "value"})
	for i, table := range root.keys {
		v := root.vals[i]
		if v.kind != '[' {
			writeFigures(cw, table, "", "", v)
			continue
		}
		name := rowNames(v.vals)
		for j, el := range v.vals {
			writeFigures(cw, table, name(j), "", el)
		}
	}
	cw.Flush()
	return cw.Error()
}

// rowNames names a list's rows by the first text field whose values are
// all there and all different (a template's id, a run's name), else by
// their places from 0.
func rowNames(list []*jsonNode) func(int) string {
	if len(list) == 0 || list[0].kind != '{' {
		return strconv.Itoa
	}
	for _, key := range list[0].keys {
		seen := map[string]bool{}
		texts := make([]string, len(list))
		for i, el := range list {
			if v := el.field(key); v != nil && v.kind == 's' && !seen[v.text] {
				seen[v.text], texts[i] = true, v.text
				continue
			}
			texts = nil
			break
		}
		if texts != nil {
			return func(i int) string { return texts[i] }
		}
	}
	return strconv.Itoa
}

// numbered are the lists whose elements number themselves, by the
// field that holds the number: Bradley–Terry's groups, which the text
// and the ranking count from 1.
var numbered = map[string]string{"groups": "group"}

// elementKeys keys the elements of a nested list, at path, in a path: by
// their own numbers where the list is one of numbered and every element
// carries a different one, so a path names the group the text and the
// ranking do; else by their places from 0.
func elementKeys(path string, list []*jsonNode) func(int) string {
	field, ok := numbered[path[strings.LastIndex(path, "/")+1:]]
	if !ok {
		return strconv.Itoa
	}
	keys := make([]string, len(list))
	seen := map[string]bool{}
	for i, el := range list {
		v := el.field(field)
		if el.kind != '{' || v == nil || v.kind != 'n' || v.text == "" || seen[v.text] {
			return strconv.Itoa
		}
		seen[v.text], keys[i] = true, v.text
	}
	return func(i int) string { return keys[i] }
}

// field is an object's value at key, or nil.
func (n *jsonNode) field(key string) *jsonNode {
	for i, k := range n.keys {
		if k == key {
			return n.vals[i]
		}
	}
	return nil
}

// jsonNode is a JSON value with its object keys in order: kind '{', '[',
// 's' (text), 'n' (number, bool or null: text as written, "" for null).
type jsonNode struct {
	kind byte
	keys []string
	vals []*jsonNode
	text string
}

func readNode(dec *json.Decoder) (*jsonNode, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		n := &jsonNode{kind: byte(t)}
		for dec.More() {
			if n.kind == '{' {
				k, err := dec.Token()
				if err != nil {
					return nil, err
				}
				n.keys = append(n.keys, k.(string))
			}
			v, err := readNode(dec)
			if err != nil {
				return nil, err
			}
			n.vals = append(n.vals, v)
		}
		_, err := dec.Token() // the closing delimiter
		return n, err
	case string:
		return &jsonNode{kind: 's', text: t}, nil
	case json.Number:
		return &jsonNode{kind: 'n', text: t.String()}, nil
	case bool:
		return &jsonNode{kind: 'n', text: strconv.FormatBool(t)}, nil
	}
	return &jsonNode{kind: 'n'}, nil // null
}

// writeFigures writes every scalar under n, its column the path to it.
func writeFigures(cw *csv.Writer, table, row, column string, n *jsonNode) {
	join := func(k string) string {
		if column == "" {
			return k
		}
		return column + "/" + k
	}
	switch n.kind {
	case '{':
		for i, k := range n.keys {
			writeFigures(cw, table, row, join(k), n.vals[i])
		}
	case '[':
		key := elementKeys(column, n.vals)
		for i, v := range n.vals {
			writeFigures(cw, table, row, join(key(i)), v)
		}
	case 's':
		cw.Write([]string{csvCell(table), csvCell(row), csvCell(column), csvCell(n.text)})
	default:
		cw.Write([]string{csvCell(table), csvCell(row), csvCell(column), n.text})
	}
}

// csvCell is text for a CSV cell: control characters neutralised, and a
// leading ' where a spreadsheet would read a formula. A spreadsheet trims
// leading blanks before it looks, so " =1+1" and "\u00a0=1+1" (or a tab
// or CR, which Clean has made spaces) are formulas too.
func csvCell(s string) string {
	s = display.Clean(s)
	if t := strings.TrimLeftFunc(s, blank); t != "" && strings.ContainsRune("=+-@", rune(t[0])) {
		return "'" + s
	}
	return s
}

// blank is a character a reader may trim or not see: white space of any
// kind (a no-break space among it) and the invisible format characters
// (a zero-width space, a byte order mark).
func blank(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) }
