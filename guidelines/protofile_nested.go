package guidelines

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A step of a JSONL item may be asked per pair of a nested list: per
// names a path with two [] (per = "answer[].citations[]": each citation
// of each sentence of the answer), and the step has one unit per pair,
// unit_i_j (sentence i, its citation j, both from 1). How many pairs an
// item has is kept in its meta ("nest": the inner list's length for each
// outer element), so its HIT is laid out without its line. A database
// lists units unit_i_j for i and j up to the kind's extent (RowsListed:
// the largest i or j of an item it keeps, RowUnits at the least).

// NestedPer says whether a step's per names a nested list (a path with
// two []).
func NestedPer(per string) bool { return strings.Count(per, "[]") == 2 }

// checkNested checks a step asked per pair of a nested list: a JSONL
// item's path from one of item.keys with two [], and no label column (a
// file of this shape holds no known judgment per pair).
func (c *fileCheck) checkNested(key string, i int, st FileStep) {
	p, err := ParseJSONPath(st.Per)
	switch {
	case !c.f.JSONL():
		c.at(key+".per", "step %d: per = %q names a nested list, which only a JSONL item has (item.format = \"jsonl\")", i+1, st.Per)
	case err != nil:
		c.at(key+".per", "step %d: per: %v", i+1, err)
	case !slices.Contains(c.f.Item.Keys, p.Key()):
		c.at(key+".per", "step %d: per = %q does not start with one of item.keys", i+1, st.Per)
	case c.f.Item.Group != "":
		c.at(key+".per", "step %d: per = %q, but rows are grouped: a nested list is one line's", i+1, st.Per)
	case st.Column != "":
		c.at(key+".column", "step %d: a step per pair of a nested list takes no column", i+1)
	}
	if n := st.PairNames; n != nil && (len(n) != 2 || n[0] == "" || n[1] == "" || !drawable(n[0]) || !drawable(n[1])) {
		c.at(key+".pair_names", "step %d: pair_names: want two names, the outer element's and the inner's (\"sentence\", \"citation\")", i+1)
	}
}

// pairUnits are a nested step's units for an extent of n: unit_i_j for i
// and j from 1 to n.
func pairUnits(unit string, n int) []string {
	out := make([]string, 0, n*n)
	for i := 1; i <= n; i++ {
		for j := 1; j <= n; j++ {
			out = append(out, PairUnit(unit, i, j))
		}
	}
	return out
}

// PairUnit is the unit of pair (i, j) of a nested step (from 1).
func PairUnit(unit string, i, j int) string {
	return unit + "_" + strconv.Itoa(i) + "_" + strconv.Itoa(j)
}

// PairOf is the pair (i, j, from 1) a nested step's unit labels.
func PairOf(unit string) (i, j int, ok bool) {
	a := strings.LastIndexByte(unit, '_')
	if a < 0 {
		return 0, 0, false
	}
	b := strings.LastIndexByte(unit[:a], '_')
	if b < 0 {
		return 0, 0, false
	}
	i, e1 := strconv.Atoi(unit[b+1 : a])
	j, e2 := strconv.Atoi(unit[a+1:])
	return i, j, e1 == nil && e2 == nil && i >= 1 && j >= 1
}

// itemMeta is what an item keeps beside its line for its HIT's layout
// and screens: the fields its field conditions read, the shape of each
// nested list a step is asked over, the joined files' records it cites.
type itemMeta struct {
	Fields map[string]string                       `json:"fields,omitempty"`
	Nest   map[string][]int                        `json:"nest,omitempty"`
	Joined map[string]map[string]map[string]string `json:"joined,omitempty"`
	Run    string                                  `json:"run,omitempty"`
}

func readMeta(meta string) itemMeta {
	var m itemMeta
	_ = json.Unmarshal([]byte(meta), &m)
	return m
}

// nestOf is each nested step's list shape in a row: for each outer
// element, how many inner ones.
func (f *ProtocolFile) nestOf(r Fields) map[string][]int {
	out := map[string][]int{}
	for _, st := range f.Steps {
		if !NestedPer(st.Per) || r.obj == nil {
			continue
		}
		p, err := ParseJSONPath(st.Per)
		if err != nil {
			continue
		}
		v, err := p.Eval(r.obj)
		if err != nil {
			continue
		}
		counts := make([]int, len(v.List))
		for i, e := range v.List {
			counts[i] = len(e.List)
		}
		out[st.Per] = counts
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// NestExtent is the largest i or j of the pairs a row's nested lists
// have: the extent its kind must list units for.
func (f *ProtocolFile) NestExtent(line string) int {
	n := 0
	for _, counts := range f.nestOf(f.FieldsOf(line)) {
		n = max(n, len(counts))
		for _, c := range counts {
			n = max(n, c)
		}
	}
	return n
}

// ItemMeta is the meta an item of these rows keeps: its fields' texts a
// condition reads, its nested lists' shapes, and the joined records it
// cites (joined[name][key] is a record's fields); "" for none of these.
func (f *ProtocolFile) ItemMeta(firstRow string, joined map[string]map[string]map[string]string) string {
	r := f.FieldsOf(firstRow)
	m := itemMeta{Fields: f.conditionFields(r), Nest: f.nestOf(r), Joined: joined}
	if f.Item.Run != "" {
		m.Run = r.Text(f.Item.Run)
	}
	if len(m.Fields) == 0 && len(m.Nest) == 0 && len(m.Joined) == 0 && m.Run == "" {
		return ""
	}
	b, _ := json.Marshal(m)
	return string(b)
}

// nestedSteps are a nested step's steps in an item of shape s: one per
// pair its meta gives, else (a shape without it) every pair up to the
// extent (s.Rows) in each list.
func nestedSteps(st FileStep, s Shape) []ItemStep {
	counts, ok := readMeta(s.Fields).Nest[st.Per]
	if !ok {
		counts = make([]int, s.Rows)
		for i := range counts {
			counts[i] = s.Rows
		}
	}
	var out []ItemStep
	for i, n := range counts {
		for j := range n {
			out = append(out, ItemStep{ID: st.Unit, Unit: PairUnit(st.Unit, i+1, j+1), Index: len(out)})
		}
	}
	return out
}

// nestedRow is the extent a unit of a nested step needs (the larger of
// its i and j), if it is one.
func (f *ProtocolFile) nestedRow(unit string) (int, bool) {
	i, j, ok := PairOf(unit)
	if !ok {
		return 0, false
	}
	st, found := f.StepOf(unitType(unit))
	if !found || !NestedPer(st.Per) {
		return 0, false
	}
	return max(i, j), true
}

// NestedStep says whether unit is a nested step's (unit_i_j), and which.
func (f *ProtocolFile) NestedStep(unit string) (FileStep, bool) {
	if _, ok := f.nestedRow(unit); !ok {
		return FileStep{}, false
	}
	return f.StepOf(unitType(unit))
}

// nestedWhere says which pair a unit is: "sentence 2 of 3 · citation 1 of 2".
func nestedWhere(outer, inner string, i, ni, j, nj int) string {
	return fmt.Sprintf("%s %d of %d · %s %d of %d", outer, i, ni, inner, j, nj)
}

// Nested says whether a step of the file is asked per pair of a nested
// list: its export in the file's shape is then one line per judged pair.
func (f *ProtocolFile) Nested() bool {
	return slices.ContainsFunc(f.Steps, func(st FileStep) bool { return NestedPer(st.Per) })
}

// PairKey is the key a nested unit's pair cites in a kept line (through
// the file's first join; the pair's own value when it has none).
func (f *ProtocolFile) PairKey(line, unit string) string {
	st, ok := f.NestedStep(unit)
	if !ok {
		return ""
	}
	i, j, _ := PairOf(unit)
	return f.citedKey(f.FieldsOf(line), st.Per, i, j)
}

// PairItem is what an item's meta keeps of its nested step's pairs: the
// run it is from (item.run), and each pair's unit by outer element (the
// units of sentence i's citations are Pairs[i]).
type PairItem struct {
	Run   string
	Pairs [][]string
}

// PairsOf is an item's pairs of its first nested step, from its meta;
// false when the file has no nested step.
func (f *ProtocolFile) PairsOf(meta string) (PairItem, bool) {
	i := slices.IndexFunc(f.Steps, func(st FileStep) bool { return NestedPer(st.Per) })
	if i < 0 {
		return PairItem{}, false
	}
	st := f.Steps[i]
	m := readMeta(meta)
	out := PairItem{Run: m.Run, Pairs: make([][]string, len(m.Nest[st.Per]))}
	for a, n := range m.Nest[st.Per] {
		for b := range n {
			out.Pairs[a] = append(out.Pairs[a], PairUnit(st.Unit, a+1, b+1))
		}
	}
	return out, true
}

// SupportWeight is a nested step's label as a support weight: its place
// on its scale, from 0 (the lowest value) to 1 (the highest); full,
// partial and no support (2, 1, 0) weigh 1, ½ and 0.
func (f *ProtocolFile) SupportWeight(unit string, v int) float64 {
	st, _ := f.NestedStep(unit)
	s, ok := f.ScaleOf(st)
	if !ok || len(s.Values) < 2 {
		return 0
	}
	lo, hi := slices.Min(s.Values), slices.Max(s.Values)
	return float64(v-lo) / float64(hi-lo)
}
