package guidelines

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A [[join]] names a second file an import reads beside the item's (TREC
// RAG's segment corpus): its records, keyed by Key, are joined to an
// item through From, a path of the item's giving keys (references[]). A
// nested step's pair (i, j) cites the element of From its value names: a
// number n is From's element n (from 0, as TREC RAG's citations index its
// references), any other value the key itself. The joined records an item
// cites are kept in its meta, so its screens and exports never need the
// second file again; a step shows a record's field as NAME.field.
type FileJoin struct {
	Name   string   `toml:"name"`
	Key    string   `toml:"key"`
	From   string   `toml:"from"`
	Fields []string `toml:"fields"`
	Format string   `toml:"format"` // jsonl (the default) or tsv, with a header line
}

// MaxJoins is the most [[join]] tables a protocol file has.
const MaxJoins = 4

var joinName = regexp.MustCompile(`^[a-z][a-z0-9_]{0,29}$`)

// JoinFormat is the joined file's format.
func (j FileJoin) JoinFormat() string {
	if j.Format == "" {
		return FormatJSONL
	}
	return j.Format
}

// checkJoins checks the file's joins: each a name of its own, a key, a
// path of the item's from one of item.keys to a list of keys, fields.
func (c *fileCheck) checkJoins() {
	for i, j := range c.f.Joins {
		key := "join." + strconv.Itoa(i)
		if !joinName.MatchString(j.Name) || slices.IndexFunc(c.f.Joins, func(o FileJoin) bool { return o.Name == j.Name }) != i {
			c.at(key+".name", "join %d: name %q: want lower-case letters, digits and underscores, a name of its own", i+1, j.Name)
		}
		if !c.f.JSONL() {
			c.at(key, "join %d: a join is a JSONL item's (item.format = \"jsonl\")", i+1)
			continue
		}
		if j.Key == "" {
			c.at(key+".key", "join %d: key: name the joined file's field that holds each record's key", i+1)
		}
		if len(j.Fields) == 0 {
			c.at(key+".fields", "join %d: fields: name the joined file's fields to keep", i+1)
		}
		for _, fl := range j.Fields {
			if fl == "" || strings.ContainsAny(fl, ".[]") {
				c.at(key+".fields", "join %d: field %q: want a top-level field's name", i+1, fl)
			}
		}
		switch j.Format {
		case "", FormatJSONL, FormatTSV:
		default:
			c.at(key+".format", "join %d: format = %q: want jsonl or tsv", i+1, j.Format)
		}
		p, err := ParseJSONPath(j.From)
		switch {
		case err != nil:
			c.at(key+".from", "join %d: from: %v", i+1, err)
		case !slices.Contains(c.f.Item.Keys, p.Key()):
			c.at(key+".from", "join %d: from = %q does not start with one of item.keys", i+1, j.From)
		case p.Depth() != 1:
			c.at(key+".from", "join %d: from = %q: want a list of keys (references[])", i+1, j.From)
		}
	}
}

// nestedShow says whether a nested step may show s: a path with one []
// whose list is the step's outer one (answer[].text: the pair's
// sentence), or a joined record's field (segment.segment).
func (c *fileCheck) nestedShow(st FileStep, s string) bool {
	if !NestedPer(st.Per) {
		return false
	}
	if _, ok := c.f.joinField(s); ok {
		return true
	}
	return outerField(st.Per, s)
}

// outerField says whether s reads a text of each element of per's outer
// list: per "answer[].citations[]", s "answer[].text".
func outerField(per, s string) bool {
	p, err := ParseJSONPath(s)
	if err != nil || p.Depth() != 1 {
		return false
	}
	outer, _, _ := strings.Cut(per, "[]")
	return strings.HasPrefix(s, outer+"[].")
}

// joinField is the join a shown NAME.field reads, if s is one.
func (f *ProtocolFile) joinField(s string) (FileJoin, bool) {
	name, field, ok := strings.Cut(s, ".")
	if !ok {
		return FileJoin{}, false
	}
	i := slices.IndexFunc(f.Joins, func(j FileJoin) bool { return j.Name == name && slices.Contains(j.Fields, field) })
	if i < 0 {
		return FileJoin{}, false
	}
	return f.Joins[i], true
}

// PairCell is one thing a nested step's screen shows of its pair: the
// name it is shown by and its text; for a joined record's field, the join
// and the key it cites (its text filled from the item's meta: JoinPairs).
type PairCell struct{ Name, Text, Join, Key string }

// PairShown is what a nested step's HIT shows of one pair (i, j from 1):
// which pair of how many, and the step's shown fields, the outer
// element's and the cited record's read at the pair.
type PairShown struct {
	I, OuterCount, J, InnerCount int
	Names                        [2]string // what its outer and inner elements are called
	Cells                        []PairCell
}

// ShownPair is what a nested unit's step shows of the item (its line and
// meta, as kept); false when unit is no nested step's.
func (f *ProtocolFile) ShownPair(line, meta, unit string) (PairShown, bool) {
	p, ok := f.pairOf(f.FieldsOf(line), unit)
	if !ok {
		return PairShown{}, false
	}
	p.join(readMeta(meta))
	return p, true
}

// pairOf is what a nested unit's step shows of a row, joined fields
// naming their key but not yet read.
func (f *ProtocolFile) pairOf(r Fields, unit string) (PairShown, bool) {
	st, ok := f.NestedStep(unit)
	if !ok {
		return PairShown{}, false
	}
	i, j, _ := PairOf(unit)
	out := PairShown{I: i, J: j}
	out.Names[0], out.Names[1] = pairNouns(st.Per)
	if len(st.PairNames) == 2 {
		out.Names = [2]string{st.PairNames[0], st.PairNames[1]}
	}
	counts := f.nestOf(r)[st.Per]
	out.OuterCount = len(counts)
	if i <= len(counts) {
		out.InnerCount = counts[i-1]
	}
	for _, s := range st.Show {
		c := PairCell{Name: s}
		switch jn, isJoin := f.joinField(s); {
		case isJoin:
			c.Join, c.Key = jn.Name, f.citedKeyFor(r, jn, st.Per, i, j)
		case outerField(st.Per, s):
			c.Text = listAt(r, s, i)
		default:
			c.Text = r.Text(s)
		}
		out.Cells = append(out.Cells, c)
	}
	return out, true
}

// join reads a pair's joined fields from an item's meta.
func (p *PairShown) join(m itemMeta) {
	for k, c := range p.Cells {
		if c.Join != "" {
			_, field, _ := strings.Cut(c.Name, ".")
			p.Cells[k].Text = m.Joined[c.Join][c.Key][field]
		}
	}
}

// shownPairs are a row's nested pairs as its HIT shows them, by unit
// (nil for a file with no nested step).
func (f *ProtocolFile) shownPairs(r Fields) map[string]PairShown {
	if !f.Nested() {
		return nil
	}
	out := map[string]PairShown{}
	for _, st := range f.Steps {
		for i, n := range f.nestOf(r)[st.Per] {
			for j := range n {
				u := PairUnit(st.Unit, i+1, j+1)
				out[u], _ = f.pairOf(r, u)
			}
		}
	}
	return out
}

// JoinPairs fills the joined fields of an item's shown rows' pairs from
// its meta (store.Item.Meta), where an import kept the records it cites.
func JoinPairs(rows []ShownRow, meta string) {
	m := readMeta(meta)
	for _, r := range rows {
		for u, p := range r.Pairs {
			p.join(m)
			r.Pairs[u] = p
		}
	}
}

// listAt is element i (from 1) of a path with one [] in a row.
func listAt(r Fields, path string, i int) string {
	p, err := ParseJSONPath(path)
	if err != nil || r.obj == nil {
		return ""
	}
	v, err := p.Eval(r.obj)
	if err != nil || i < 1 || i > len(v.List) {
		return ""
	}
	return v.List[i-1].Text
}

// citedKey is the key pair (i, j) cites through the file's first join
// (its value itself when the file has none).
func (f *ProtocolFile) citedKey(r Fields, per string, i, j int) string {
	if len(f.Joins) == 0 {
		return pairValue(r, per, i, j)
	}
	return f.citedKeyFor(r, f.Joins[0], per, i, j)
}

// citedKeyFor is the key pair (i, j) cites through join jn: element n
// (from 0) of its from list for a number n, else the value itself.
func (f *ProtocolFile) citedKeyFor(r Fields, jn FileJoin, per string, i, j int) string {
	v := pairValue(r, per, i, j)
	keys := fromKeys(r.obj, jn.From)
	if n, err := strconv.Atoi(v); err == nil && keys != nil {
		if n >= 0 && n < len(keys) {
			return keys[n]
		}
		return ""
	}
	return v
}

// pairValue is the text of pair (i, j) of a nested path in a row.
func pairValue(r Fields, per string, i, j int) string {
	p, err := ParseJSONPath(per)
	if err != nil || r.obj == nil {
		return ""
	}
	v, err := p.Eval(r.obj)
	if err != nil || i < 1 || i > len(v.List) || j < 1 || j > len(v.List[i-1].List) {
		return ""
	}
	return v.List[i-1].List[j-1].Text
}

// fromKeys are the keys a join's from path reads in an object (nil for
// none).
func fromKeys(obj map[string]any, from string) []string {
	p, err := ParseJSONPath(from)
	if err != nil || obj == nil {
		return nil
	}
	v, err := p.Eval(obj)
	if err != nil || v.Missing {
		return nil
	}
	return v.Texts()
}

// CitedKeys are the keys of join jn an item's line cites, each once, in
// order of first citation, with the problem of a citation that names no
// element of from ("" when none is wrong).
func (f *ProtocolFile) CitedKeys(line string, jn FileJoin) (keys []string, problem string) {
	r := f.FieldsOf(line)
	for _, st := range f.Steps {
		if !NestedPer(st.Per) {
			continue
		}
		nest := f.nestOf(r)[st.Per]
		for i, n := range nest {
			for j := range n {
				k := f.citedKeyFor(r, jn, st.Per, i+1, j+1)
				if k == "" {
					p, _ := f.pairOf(r, PairUnit(st.Unit, i+1, j+1))
					return nil, fmt.Sprintf("%s: %s %d, %s %d cites %q, which is no element of %s",
						st.Per, p.Names[0], i+1, p.Names[1], j+1, pairValue(r, st.Per, i+1, j+1), jn.From)
				}
				if !slices.Contains(keys, k) {
					keys = append(keys, k)
				}
			}
		}
	}
	return keys, ""
}

// Where is which pair of how many a nested step's unit labels, in its
// step's words: "sentence 2 of 3 · citation 1 of 2".
func (p PairShown) Where() string {
	return nestedWhere(p.Names[0], p.Names[1], p.I, p.OuterCount, p.J, p.InnerCount)
}

// pairNouns are what a nested path's outer and inner elements are called:
// its keys (answer[].citations[]: "answer", "citation"), singular.
func pairNouns(per string) (outer, inner string) {
	parts := strings.Split(per, ".")
	outer = strings.TrimSuffix(parts[0], "[]")
	inner = strings.TrimSuffix(parts[len(parts)-1], "[]")
	return Singular(outer), Singular(inner)
}
