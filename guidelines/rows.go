package guidelines

import (
	"fmt"
	"maps"
	"slices"
)

// FileOf is the protocol file a kind was made from, for that kind's own
// parts (its descriptor, screen, import format and export in the file's
// shape); nil for a kind built into the code. Every other layer asks a
// kind's protocol for what it can do (the methods below), never whether
// it came from a file.
func (p Protocol) FileOf() *ProtocolFile { return p.file }

// OwnIDColumn is the one column whose text is an item's own id, where the
// kind's items have one (a protocol file with one id column).
func (p Protocol) OwnIDColumn() (string, bool) {
	if p.file == nil || len(p.file.Item.ID) != 1 {
		return "", false
	}
	return p.file.Item.ID[0], true
}

// Grouped says whether an item of the kind gathers rows of its own (a
// protocol file's group column), each with texts of its own.
func (p Protocol) Grouped() bool { return p.file != nil && p.file.Item.Group != "" }

// UnitText is a grouped item's unit's own texts and row id, from the
// item's rows as kept (ProtocolFile.UnitText); nothing for another kind.
func (p Protocol) UnitText(unit string, rows []string) (text, text2, rowID string) {
	if !p.Grouped() {
		return "", "", ""
	}
	return p.file.UnitText(unit, rows)
}

// ShownRow is what a kept row of the kind's item shows (ProtocolFile.Shown);
// false for a kind whose items keep no rows.
func (p Protocol) ShownRow(line string) (ShownRow, bool) {
	if p.file == nil {
		return ShownRow{}, false
	}
	return p.file.Shown(line), true
}

// SameRow says whether two lines of a file are the same item's row: what
// a HIT shows of them (cells, list, the context before it) and their text
// fields alike (a necessity request's reference, which no step shows and
// generated questions are scored against), whatever their label columns
// say.
func (p Protocol) SameRow(a, b string) bool {
	f := p.file
	if f == nil {
		return a == b
	}
	x, y := f.Shown(a), f.Shown(b)
	if !maps.Equal(x.Cells, y.Cells) || !slices.Equal(x.List, y.List) || !slices.Equal(x.Context, y.Context) {
		return false
	}
	labelled := f.labelColumns()
	fa, fb := f.FieldsOf(a), f.FieldsOf(b)
	for _, col := range f.Item.Text {
		if !labelled[col] && fa.Text(col) != fb.Text(col) {
			return false
		}
	}
	return true
}

// RowTexts are a kept row's query, question and list as a MIMICS pane's
// (the first two text columns, the list), so a row joins click signals
// as a pane of the same texts does; false for a kind whose items keep no
// rows.
func (p Protocol) RowTexts(line string) (query, question string, list []string, ok bool) {
	row, ok := p.ShownRow(line)
	if !ok {
		return "", "", nil, false
	}
	text := p.file.Item.Text
	if len(text) > 0 {
		query = row.Cells[text[0]]
	}
	if len(text) > 1 {
		question = row.Cells[text[1]]
	}
	return query, question, row.List, true
}

// ShownLines are the kept rows of an item of the kind a HIT shows: each
// element's first row when a protocol file gathers rows into elements
// (item.element), else every row.
func (p Protocol) ShownLines(lines []string) []string {
	if p.file == nil {
		return lines
	}
	return p.file.FirstRows(lines)
}

// Bounds on one item's extent: a HIT of more rows or elements than
// MaxExtent, or of a nested list with more than MaxNestExtent sentences
// or citations of one, is refused at its line. Every unit up to a kind's
// extent is listed (in kind_units, in every process's set), a nested
// kind's up to its extent squared, so what one line of a client's file
// asks for is bounded before anything is built for it.
const (
	MaxExtent     = 10000
	MaxNestExtent = 100
)

// ExtentProblem says why an item of flat rows or elements and nested
// lists of nest is past the bounds ("" when it is not).
func ExtentProblem(flat, nest int) string {
	switch {
	case flat > MaxExtent:
		return fmt.Sprintf("%d rows or elements in one item: at most %d (one HIT holds them all)", flat, MaxExtent)
	case nest > MaxNestExtent:
		return fmt.Sprintf("a nested list of %d: at most %d (sentences, or citations of one sentence)", nest, MaxNestExtent)
	}
	return ""
}

// ForRows is the kind's protocol file as a database whose items have n
// rows (or elements) reads it, when that lists more units per row than
// the kind does (ProtocolFile.WithExtent); false otherwise, and for a
// built-in kind.
func (p Protocol) ForRows(n int) (*ProtocolFile, bool) {
	if p.file == nil || n <= p.file.RowsListed() {
		return nil, false
	}
	return p.file.WithExtent(n), true
}

// NestedPairs says whether the kind asks a step per pair of a nested list
// (its extent then bounds both levels).
func (p Protocol) NestedPairs() bool { return p.file != nil && p.file.Nested() }
