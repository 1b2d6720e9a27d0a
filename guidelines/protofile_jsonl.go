package guidelines

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// What an item's file is (ItemColumns.Format).
const (
	FormatTSV   = "tsv"
	FormatJSONL = "jsonl"
)

// JSONL says whether the file's items are JSONL lines, their fields JSON
// paths (jsonpath.go), rather than a TSV's columns.
func (f *ProtocolFile) JSONL() bool { return f.Item.Format == FormatJSONL }

// checkJSONLItem checks an [item] of JSONL lines: the keys every line's
// object has (as header is a TSV's, by which a file is known), and each
// field a path from one of them: id, text and group to a text, list to a
// list of texts (or several texts, as a TSV's list columns).
func (c *fileCheck) checkJSONLItem() {
	it := c.f.Item
	if len(it.Header) > 0 {
		c.at("item.header", "item.header is a TSV's: a JSONL file is known by item.keys")
	}
	if len(it.Keys) == 0 {
		c.at("item.keys", "item.keys: name the keys each line's object has")
	}
	for i, k := range it.Keys {
		if k == "" || slices.Index(it.Keys, k) != i {
			c.at("item.keys", "item.keys: key %q is empty or there twice", k)
		}
	}
	if len(it.ID) == 0 {
		c.at("item.id", "item.id: name the fields that identify an item")
	}
	c.paths("item.id", it.ID, 0)
	c.paths("item.text", it.Text, 0)
	if it.Group != "" {
		c.paths("item.group", []string{it.Group}, 0)
	}
	if len(it.List) == 1 && strings.Contains(it.List[0], "[]") {
		c.paths("item.list", it.List, 1)
	} else {
		c.paths("item.list", it.List, 0)
	}
	if len(it.List) > 0 && it.ListName == "" {
		c.at("item.list_name", "item.list_name: say what one element of item.list is called")
	}
}

// paths checks fields of a JSONL item: each a path from one of item.keys,
// as many lists deep as depth.
func (c *fileCheck) paths(key string, fields []string, depth int) {
	for _, s := range fields {
		p, err := ParseJSONPath(s)
		switch {
		case err != nil:
			c.at(key, "%s: %v", key, err)
		case !slices.Contains(c.f.Item.Keys, p.Key()):
			c.at(key, "%s: %q does not start with one of item.keys", key, s)
		case p.Depth() != depth && depth == 0:
			c.at(key, "%s: %q is a list ([]); want a text", key, s)
		case p.Depth() != depth:
			c.at(key, "%s: %q: a list's path has one [] (answer[].text)", key, s)
		}
	}
}

// hasField says whether col is a field of the file's rows: a column of
// its header, or a JSONL item's path (to a text) from one of its keys.
func (f *ProtocolFile) hasField(col string) bool {
	if !f.JSONL() {
		return slices.Contains(f.Item.Header, col)
	}
	p, err := ParseJSONPath(col)
	return err == nil && p.Depth() == 0 && slices.Contains(f.Item.Keys, p.Key())
}

// listCap is how many elements an item's list may have: one a column
// (or path) for a list of columns; for a JSONL list path, which has no
// cap, as many as the database lists units for (RowsListed: the longest
// list of an item it keeps, RowUnits at the least).
func (f *ProtocolFile) listCap() int {
	switch {
	case f.Item.MaxList > 0 && f.ListPath():
		return f.Item.MaxList
	case f.ListPath():
		return f.RowsListed()
	}
	return len(f.Item.List)
}

// ListPath says whether the item's list is one JSONL path over a list.
func (f *ProtocolFile) ListPath() bool {
	return f.JSONL() && len(f.Item.List) == 1 && strings.Contains(f.Item.List[0], "[]")
}

// Fields reads a kept row: each field's text by name (a TSV's column, a
// JSONL line's path; "" for none or a line that is no object), and the
// item's list.
type Fields struct {
	f     *ProtocolFile
	cells []string       // a TSV row's cells
	obj   map[string]any // a JSONL row's object
}

// FieldsOf reads a row as its file has it.
func (f *ProtocolFile) FieldsOf(line string) Fields {
	body := strings.TrimRight(line, "\r\n")
	if !f.JSONL() {
		return Fields{f: f, cells: strings.Split(body, "\t")}
	}
	l, err := DecodeJSONLine([]byte(body))
	if err != nil {
		return Fields{f: f}
	}
	return Fields{f: f, obj: l.Object}
}

// Text is a field's text.
func (r Fields) Text(col string) string {
	if r.obj == nil {
		i := slices.Index(r.f.Item.Header, col)
		if col == "" || i < 0 || i >= len(r.cells) {
			return ""
		}
		return r.cells[i]
	}
	p, err := ParseJSONPath(col)
	if err != nil {
		return ""
	}
	v, err := p.Eval(r.obj)
	if err != nil {
		return ""
	}
	return v.Text
}

// List is the item's list as the row gives it: the non-empty cells of its
// columns, in order, or each element a JSONL list path reads.
func (r Fields) List() []string {
	var out []string
	if r.f.ListPath() {
		if p, err := ParseJSONPath(r.f.Item.List[0]); err == nil && r.obj != nil {
			v, err := p.Eval(r.obj)
			if err == nil {
				out = v.Texts()
			}
		}
		return out
	}
	for _, col := range r.f.Item.List {
		if v := r.Text(col); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// Parse is a known label's value as a file writes it: one of the scale's
// codes, or its number.
func (s FileScale) Parse(text string) (int, bool) {
	if len(s.Codes) > 0 {
		i := slices.Index(s.Codes, text)
		if i < 0 {
			return 0, false
		}
		return s.Values[i], true
	}
	v, err := strconv.Atoi(text)
	return v, err == nil && slices.Contains(s.Values, v)
}

// Code is what a file writes for value v: its code, or its number.
func (s FileScale) Code(v int) string {
	if i := slices.Index(s.Values, v); i >= 0 && i < len(s.Codes) {
		return s.Codes[i]
	}
	return strconv.Itoa(v)
}

// checkCodes checks a scale's codes: none, or one a value, each once, text
// a TSV cell can hold and a terminal shows as written.
func (c *fileCheck) checkCodes(key string, s FileScale) {
	if len(s.Codes) == 0 {
		return
	}
	if len(s.Codes) != len(s.Values) {
		c.at(key+".codes", "scale %q: %d codes for %d values; want one a value", s.Name, len(s.Codes), len(s.Values))
	}
	for j, code := range s.Codes {
		switch {
		case strings.TrimSpace(code) != code || code == "":
			c.at(key+".codes", "scale %q: code %q is empty or has spaces around it", s.Name, code)
		case slices.Index(s.Codes, code) != j:
			c.at(key+".codes", "scale %q: code %q is twice", s.Name, code)
		case !drawable(code) || strings.ContainsAny(code, "\t\n\r"):
			c.at(key+".codes", "scale %q: code %q holds a control character or a direction override", s.Name, code)
		}
	}
}

// A field condition asks a step only of the items whose field's text is
// Is (or is not Not): CLAMBER's subclass only of its category's items,
// MIMICS' question step only of panes whose template is not generic. An
// item's fields never change, so such a condition decides the item's HIT
// layout as its shape does, and withdraws nothing.

// checkFieldWhen checks a field condition: one of is and not, a field of
// the item that holds no known label.
func (c *fileCheck) checkFieldWhen(key string, i int, w FileCondition) {
	switch {
	case w.Unit != "" || w.Value != nil || w.In != nil:
		c.at(key+".when", "step %d: when names field %q and a unit's label: give one", i+1, w.Field)
	case (w.Is == nil) == (w.Not == nil):
		c.at(key+".when", "step %d: when.field %q: give one of is = \"text\" and not = \"text\"", i+1, w.Field)
	case !c.f.hasField(w.Field):
		c.at(key+".when", "step %d: when.field %q is not %s", i+1, w.Field, c.f.fieldWords())
	case c.f.labelColumns()[w.Field]:
		c.at(key+".when", "step %d: when.field %q holds known labels", i+1, w.Field)
	}
}

// conditionFields is what an item keeps of its fields for its HIT's
// layout: each field a condition names, under "fields" in the item's meta
// (ItemMeta), so a step's field condition is read without its rows.
func (f *ProtocolFile) conditionFields(r Fields) map[string]string {
	m := map[string]string{}
	for _, st := range f.Steps {
		if st.When != nil && st.When.Field != "" {
			m[st.When.Field] = r.Text(st.When.Field)
		}
	}
	return m
}

// FieldsMeta is the meta an item of these rows keeps (ItemMeta of its
// first row, with nothing joined): "" when it keeps none.
func (f *ProtocolFile) FieldsMeta(firstRow string) string { return f.ItemMeta(firstRow, nil) }

// fieldHolds says whether an item whose meta is this meets a field
// condition.
func fieldHolds(w FileCondition, meta string) bool {
	var m struct {
		Fields map[string]string `json:"fields"`
	}
	_ = json.Unmarshal([]byte(meta), &m)
	text := m.Fields[w.Field]
	if w.Is != nil {
		return text == *w.Is
	}
	return w.Not != nil && text != *w.Not
}

// FieldConditions are the steps' field conditions, by unit type, each as
// the file writes it (field, is or not).
func (f *ProtocolFile) FieldConditions() map[string]string {
	out := map[string]string{}
	for _, st := range f.Steps {
		if w := st.When; w != nil && w.Field != "" {
			switch {
			case w.Is != nil:
				out[st.Unit] = fmt.Sprintf("%s is %q", w.Field, *w.Is)
			case w.Not != nil:
				out[st.Unit] = fmt.Sprintf("%s not %q", w.Field, *w.Not)
			}
		}
	}
	return out
}

// fieldWords says what a file's field is, for an error naming one that
// is not: a column of item.header, or a path from item.keys.
func (f *ProtocolFile) fieldWords() string {
	if f.JSONL() {
		return "a path from item.keys"
	}
	return "a column of item.header"
}

// fieldsAre says where a file's fields are, for an error naming one that
// is not.
func (f *ProtocolFile) fieldsAre() string {
	if f.JSONL() {
		return "a path from item.keys"
	}
	return "in item.header"
}

// ScaleOf is the scale a step labels on.
func (f *ProtocolFile) ScaleOf(st FileStep) (FileScale, bool) {
	i := slices.IndexFunc(f.Scales, func(s FileScale) bool { return s.Name == st.Scale })
	if i < 0 {
		return FileScale{}, false
	}
	return f.Scales[i], true
}
