package data

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// FileItem is one item of a TSV file in a protocol file's shape: a row,
// or the rows its group column gathers.
type FileItem struct {
	// UID hashes the id columns' text as a MIMICS pane's uid does (the
	// columns joined by tabs), so an item whose id is a pane's query,
	// question and answers has that pane's uid in every kind.
	UID  string
	Line int // its first row's line
	Rows []FileRow
	// Known are the labels its label columns hold, by unit (unit_n for a
	// step asked per element or per row); an empty cell is no label.
	Known map[string]int
	// KnownAt is the line each of Known was first read at.
	KnownAt map[string]int
	// KnownText are the written answers of Known's text units (whose
	// value is 0), as the file gives them.
	KnownText map[string]string
	// Elements are, with item.element, the element (from 0) each row is
	// part of; nil without.
	Elements []int
	elements map[string]int // element text -> its number, while read
}

// FileRow is one row of an item: its line as the file has it, and its
// list. A file is held whole before any of it is stored (a group's rows
// may be anywhere in it), so a row keeps its line alone: its list's
// elements are slices of it, and Cell splits it again.
type FileRow struct {
	Line int
	Raw  string // the line as the file has it, with its line end ("" for a last line without one)
	// List is the item's list (item.list) as the row gives it: the
	// non-empty cells, in order.
	List   []string
	fields []string       // the cells, while the row is read
	cols   map[string]int // the header's columns by name
	// file is a JSONL line's protocol file, whose paths Cell reads;
	// parsed its object, while the row is read.
	file   *guidelines.ProtocolFile
	parsed *guidelines.Fields
}

// idProblem says what keeps the row's id, uid, from being its uid ("" for
// nothing): a JSONL line's id is read as JSON gives it (Fields.IDProblem).
func (r FileRow) idProblem(uid string) string {
	switch {
	case r.parsed != nil:
		return r.parsed.IDProblem()
	case r.file != nil:
		return r.file.FieldsOf(r.Raw).IDProblem()
	}
	return guidelines.IDUIDProblem(uid)
}

// Cell is the row's text in a column of the header ("" for none).
func (r FileRow) Cell(col string) string {
	switch {
	case r.parsed != nil:
		return r.parsed.Text(col)
	case r.file != nil:
		return r.file.FieldsOf(r.Raw).Text(col)
	}
	fields := r.fields
	if fields == nil {
		fields = strings.Split(strings.TrimRight(r.Raw, "\r\n"), "\t")
	}
	if i, ok := r.cols[col]; ok && i < len(fields) {
		return fields[i]
	}
	return ""
}

// MaxProtocolData bounds a grouped file imported under a protocol file:
// its items are gathered whole before any is stored (a group's rows may
// be anywhere in it), so what a client sends is bounded before it is
// held. An ungrouped file streams, as the built-in formats do.
const MaxProtocolData = 64 << 20

// ReadProtocolItems reads a TSV file in f's shape, all or nothing: the
// header must be f's, every row whole, every label on its step's scale.
// Warnings say what is not an error (a last line without a line end).
func ReadProtocolItems(r io.Reader, name string, f *guidelines.ProtocolFile, maxLine int) ([]FileItem, []string, error) {
	rd, err := newProtoReader(newLineReader(r, name).limit(maxLine), f, nil)
	if err != nil {
		return nil, nil, err
	}
	var items []FileItem
	err = rd.each(func(it FileItem) error {
		items = append(items, it)
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	return items, append(rd.lr.warnings(), rd.notes...), nil
}

// newProtoReader reads a file's header, which must be f's.
func newProtoReader(lr *lineReader, f *guidelines.ProtocolFile, header []byte) (*protoReader, error) {
	if f.JSONL() {
		// No header: a first line read is the first item's.
		return newReaderOf(lr, f, header, 0), nil
	}
	if header == nil {
		line, err := lr.next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil, lineErr(lr.file, 0, "the file is empty")
			}
			return nil, err
		}
		header = line
	}
	if want := strings.Join(f.Item.Header, "\t"); string(header) != want {
		return nil, lineErr(lr.file, 1, "this is not a %s file: %s (want the header %q)", f.Name,
			headerDiff(strings.Split(string(header), "\t"), f.Item.Header), want)
	}
	return newReaderOf(lr, f, nil, len(header)+1), nil
}

// newReaderOf is a reader of f's rows, the first already read (nil for
// none) and size bytes of the file read.
func newReaderOf(lr *lineReader, f *guidelines.ProtocolFile, first []byte, size int) *protoReader {
	rd := &protoReader{f: f, lr: lr, byGroup: map[string]int{}, seen: map[string]int{},
		scales: map[string]guidelines.FileScale{}, cols: map[string]int{}, size: size, first: first}
	for i, c := range f.Item.Header {
		if c != "" {
			rd.cols[c] = i
		}
	}
	for _, s := range f.Scales {
		rd.scales[s.Name] = s
	}
	return rd
}

// each reads the rows after the header and hands each item to fn, whole:
// an ungrouped file's as its row is read, so nothing of it is held, a
// grouped file's once every row is in (a group's rows may be anywhere).
func (rd *protoReader) each(fn func(FileItem) error) error {
	grouped := rd.f.Item.Group != ""
	for {
		line, err := rd.firstOrNext()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if rd.f.JSONL() && len(bytes.TrimSpace(line)) == 0 {
			continue // a blank line is no item: JSONL files often end with one
		}
		if rd.size += len(line) + 1; grouped && rd.size > MaxProtocolData {
			return lineErr(rd.lr.file, rd.lr.n, "the file is over %d MiB, and its rows are grouped (item.group), so held whole: import it in parts", MaxProtocolData>>20)
		}
		if err := rd.row(string(line) + rd.lr.end); err != nil {
			return err
		}
		if !grouped {
			if err := fn(rd.items[0]); err != nil {
				return atLine(rd.lr.file, rd.lr.n, err)
			}
			rd.items, rd.count = rd.items[:0], rd.count+1
		}
	}
	for _, it := range rd.items {
		if err := fn(it); err != nil {
			return atLine(rd.lr.file, it.Line, err)
		}
		rd.count++
	}
	if rd.count == 0 {
		return needRows(rd.lr)
	}
	return nil
}

type protoReader struct {
	f       *guidelines.ProtocolFile
	lr      *lineReader
	items   []FileItem
	byGroup map[string]int // group column's text -> index into items
	seen    map[string]int // uid -> line, for ungrouped files
	scales  map[string]guidelines.FileScale
	cols    map[string]int // the header's named columns, by name
	size    int            // bytes read
	count   int            // items handed on
	first   []byte         // a JSONL file's first line, read before the reader was made
	repeats map[string]int // uid -> its later rows, with item.repeats
	notes   []string       // what the read noticed that is not an error
}

// firstOrNext is the first line read before the reader was made, then
// each next.
func (rd *protoReader) firstOrNext() ([]byte, error) {
	if first := rd.first; first != nil {
		rd.first = nil
		return first, nil
	}
	return rd.lr.next()
}

// row reads one line, raw as the file has it (with its line end), into
// its item.
func (rd *protoReader) row(raw string) error {
	if rd.f.JSONL() {
		r, err := rd.jsonRow(raw)
		if err != nil {
			return err
		}
		return rd.add(r)
	}
	it := rd.f.Item
	fields := strings.Split(strings.TrimSuffix(raw, rd.lr.end), "\t")
	if len(fields) > len(it.Header) {
		return lineErr(rd.lr.file, rd.lr.n, "%d tab-separated fields, the header has %d", len(fields), len(it.Header))
	}
	// A short row may leave out only padding: MIMICS-Duo's Task 2 ends on
	// a row without its eight empty columns. Every named column it lacks
	// is named.
	var lacks []string
	for _, col := range it.Header[len(fields):] {
		if col != "" {
			lacks = append(lacks, col)
		}
	}
	if len(lacks) > 0 {
		return lineErr(rd.lr.file, rd.lr.n, "%s, the header has %d (%s)",
			display.Count(len(fields), "tab-separated field", "tab-separated fields"), len(it.Header), columnsMissing(lacks))
	}
	r := FileRow{Line: rd.lr.n, Raw: raw, fields: fields, cols: rd.cols}
	for i, v := range fields {
		if it.Header[i] == "" && v != "" {
			return lineErr(rd.lr.file, rd.lr.n, "field %d is under no column of the header, yet holds %q", i+1, v)
		}
	}
	if err := rd.list(&r); err != nil {
		return err
	}
	return rd.add(r)
}

// add puts a row read into its item, with the labels it holds.
func (rd *protoReader) add(r FileRow) error {
	for _, col := range rd.f.Item.NotEmpty {
		if strings.TrimSpace(r.Cell(col)) == "" {
			return lineErr(rd.lr.file, rd.lr.n, "%s is missing or empty", col)
		}
	}
	i, err := rd.itemOf(r)
	if err != nil {
		return err
	}
	item := &rd.items[i]
	if err := rd.labels(item, r, rd.elementOf(item, r)); err != nil {
		return err
	}
	r.fields, r.parsed = nil, nil
	item.Rows = append(item.Rows, r)
	return nil
}

// elementOf is the element (from 0) of its item a row is part of, which
// its label cells label: its own row's place, or with item.element the
// place of the first row of its element, counted by element; noted in the
// item's Elements.
func (rd *protoReader) elementOf(it *FileItem, r FileRow) int {
	col := rd.f.Item.Element
	if col == "" {
		return len(it.Rows)
	}
	if it.elements == nil {
		it.elements = map[string]int{}
	}
	v := r.Cell(col)
	e, ok := it.elements[v]
	if !ok {
		e = len(it.elements)
		it.elements[v] = e
	}
	it.Elements = append(it.Elements, e)
	return e
}

// itemOf is the index of the row's item in rd.items: its group's, or a new
// one.
func (rd *protoReader) itemOf(r FileRow) (int, error) {
	it := rd.f.Item
	uid := rd.uid(r)
	if rd.f.UIDIsID() {
		if p := r.idProblem(uid); p != "" {
			return 0, lineErr(rd.lr.file, rd.lr.n, "%s %q %s", it.ID[0], display.Clean(uid), p)
		}
	}
	if it.Group != "" {
		g := r.Cell(it.Group)
		if i, ok := rd.byGroup[g]; ok {
			if rd.items[i].UID != uid {
				return 0, lineErr(rd.lr.file, rd.lr.n, "%s %q again, with other id columns than at line %d", it.Group, display.Clean(g), rd.items[i].Line)
			}
			return i, nil
		}
		rd.byGroup[g] = len(rd.items)
	} else {
		if at, ok := rd.seen[uid]; ok {
			if !it.Repeats {
				if rd.f.UIDIsID() {
					return 0, lineErr(rd.lr.file, rd.lr.n, "%s %q is already on line %d", guidelines.Singular(rd.f.Items), display.Clean(uid), at)
				}
				return 0, lineErr(rd.lr.file, rd.lr.n, "the same item as line %d", at)
			}
			uid = rd.repeated(uid, at)
		}
		rd.seen[uid] = r.Line
	}
	rd.items = append(rd.items, FileItem{UID: uid, Line: r.Line, Known: map[string]int{}, KnownAt: map[string]int{}, KnownText: map[string]string{}})
	return len(rd.items) - 1, nil
}

// list gathers the row's list cells; an empty cell before a full one
// would number the elements two ways, so it is refused.
func (rd *protoReader) list(r *FileRow) error {
	for i, col := range rd.f.Item.List {
		v := r.Cell(col)
		if v == "" {
			continue
		}
		if len(r.List) != i {
			return lineErr(rd.lr.file, rd.lr.n, "%s is set but an earlier %s is empty", col, rd.f.Item.ListName)
		}
		r.List = append(r.List, v)
	}
	return nil
}

// uid hashes the id columns of a row as Pane.UID hashes a pane
// (store.FileItemUID, by which an item's own id also finds it), or is the
// id's text itself where the file says so (item.uid = "id").
func (rd *protoReader) uid(r FileRow) string {
	if rd.f.UIDIsID() {
		return r.Cell(rd.f.Item.ID[0])
	}
	cells := make([]string, len(rd.f.Item.ID))
	for i, col := range rd.f.Item.ID {
		cells[i] = r.Cell(col)
	}
	return store.FileItemUID(cells...)
}

// labels reads the known labels a row's label columns hold into its
// item; pos is the row's place among the item's rows.
func (rd *protoReader) labels(it *FileItem, r FileRow, pos int) error {
	known := func(unit string) (int, bool) { v, ok := it.Known[unit]; return v, ok }
	for _, st := range rd.f.Steps {
		if !rd.f.ColumnHolds(st, known) {
			continue // another step's label, whose column it shares
		}
		for _, c := range rd.f.LabelCells(st, pos) {
			if err := rd.label(it, r, c.Column, st, c.Unit, c.Element <= len(r.List)); err != nil {
				return err
			}
		}
	}
	return nil
}

// label reads one cell as unit's label: empty is none; a value must be on
// the step's scale, and asked (no label for an answer the row does not
// have); a grouped item's rows must agree on a label asked once.
func (rd *protoReader) label(it *FileItem, r FileRow, col string, st guidelines.FileStep, unit string, asked bool) error {
	raw := r.Cell(col)
	if raw == "" {
		return nil
	}
	if st.Kind == guidelines.StepText {
		return rd.textLabel(it, r, col, st, unit, asked)
	}
	v, ok := rd.scales[st.Scale].Parse(raw)
	if st.Kind == guidelines.StepChoice {
		if err := rd.choiceLabel(r, col, raw); err != nil {
			return err
		}
		v, _ = strconv.Atoi(raw)
	} else if !ok {
		return lineErr(rd.lr.file, r.Line, "%s is %q, not a value of scale %q", col, raw, st.Scale)
	}
	if !asked {
		return lineErr(rd.lr.file, r.Line, "%s is set, but the row has no %s there", col, rd.f.Item.ListName)
	}
	if had, ok := it.Known[unit]; ok {
		if had != v {
			return lineErr(rd.lr.file, r.Line, "%s is %d here and %d at line %d, for one item", col, v, had, it.KnownAt[unit])
		}
		return nil
	}
	it.Known[unit], it.KnownAt[unit] = v, r.Line
	return nil
}

// ImportProtocolFile imports a TSV in a protocol file's shape, all or
// nothing, as who (a lead), in one transaction: the protocol is kept in
// the database (the same file again is nothing), then each item with its
// rows as it is read, and the labels its columns hold become
// opt.LabelsAs's (a release's, as MIMICS-Manual's are), or the items'
// known answers when opt.Purpose is set. Importing a file twice adds
// nothing.
func ImportProtocolFile(ctx context.Context, st *store.Store, who store.Annotator, r io.Reader, name string,
	f *guidelines.ProtocolFile, text []byte, opt Options) (Result, error) {
	in := importing{st: st, who: who, lr: newLineReader(r, name).limit(opt.MaxLine), opt: opt}
	return importProtocol(ctx, in, f, text, nil)
}

// importProtocol imports a file under a protocol file, its header read
// (first) or not yet (nil).
func importProtocol(ctx context.Context, in importing, f *guidelines.ProtocolFile, text []byte, first []byte) (Result, error) {
	st, who, lr, opt, name := in.st, in.who, in.lr, in.opt, in.lr.file
	res := Result{File: name, Format: store.Format(f.Name), Dataset: opt.Dataset, Purpose: opt.Purpose, Noun: f.Protocol().Items,
		Pictures: f.ImagesKept() && opt.Purpose == ""}
	switch {
	case opt.Purpose != "" && !hasColumns(f):
		return res, lineErr(name, 1, "practice and gold-check items need their answers in the file: protocol %s names no label column", f.Name)
	case opt.Purpose != "" && res.Dataset == "":
		return res, lineErr(name, 0, "say which dataset these %s are for: --dataset NAME", f.Items)
	case res.Dataset == "" && name == "-":
		return res, lineErr(name, 0, "standard input has no file name to call the dataset by: give --dataset NAME")
	case res.Dataset == "":
		base := filepath.Base(name)
		res.Dataset = strings.TrimSuffix(base, filepath.Ext(base))
	}
	rd, err := newProtoReader(lr, f, first)
	if err != nil {
		return res, err
	}
	tables, err := joinTables(name, f, in.joins)
	if err != nil {
		return res, err
	}
	im, err := st.BeginProtocolImport(ctx, who, res.Dataset, opt.Purpose, f, text)
	if err != nil {
		return res, err
	}
	defer im.Rollback()
	if opt.Policy != nil {
		if err := im.SetPolicy(*opt.Policy); err != nil {
			return res, err
		}
	}
	labelsAs := cmp.Or(opt.LabelsAs, DefaultLabelsAs)
	dir, err := imageDir(name, opt)
	if err != nil {
		return res, err
	}
	var made previews
	err = rd.each(func(it FileItem) error {
		var labels []store.UnitLabel
		for _, u := range slices.Sorted(maps.Keys(it.Known)) {
			labels = append(labels, store.UnitLabel{Unit: u, Annotator: labelsAs, Value: it.Known[u], Text: it.KnownText[u]})
		}
		// Bounded before the joined records are looked up or units listed.
		flat, nest := elementCount(f, it), f.NestExtent(it.Rows[0].Raw)
		if why := guidelines.ExtentProblem(flat, nest); why != "" {
			return lineErr(name, it.Line, "%s", why)
		}
		joined, err := joinedOf(name, it.Line, f, it.Rows[0].Raw, tables)
		if err != nil {
			return err
		}
		if n := max(flat, nest); n > 0 {
			// A group has any number of rows, and a JSONL list path any
			// number of elements: the kind lists units for them.
			if err := im.NeedRows(n); err != nil {
				return err
			}
		}
		item := fileItem(f, it)
		if item.Images, err = itemImages(f, it.Rows[0].Raw, dir); err != nil {
			return lineErr(name, it.Line, "%v", err)
		}
		res.Warnings = append(res.Warnings, made.fill(item.Images, name, it.Line)...)
		if joined != nil {
			item.Meta = f.ItemMeta(it.Rows[0].Raw, joined)
		}
		_, err = im.AddFileItem(item, labels...)
		// A label refused for its condition, at the line it was read from.
		if ue := (*store.UnitError)(nil); errors.As(err, &ue) && it.KnownAt[ue.Unit] > 0 {
			return lineErr(name, it.KnownAt[ue.Unit], "%v", ue.Err)
		}
		return err
	})
	if err != nil {
		return res, err
	}
	res.Notes = append(lr.warnings(), rd.notes...)
	res.ImportStats, err = im.Commit()
	return res, err
}

// imageDir is the folder a conversation file's image paths are read in:
// the data file's, or none for a file sent over SSH (only URLs then).
func imageDir(name string, opt Options) (string, error) {
	if opt.NoLocalFiles {
		return "", nil
	}
	return filepath.Abs(filepath.Dir(name))
}

// hasColumns says whether a protocol file names any label column: a file
// of it can hold known answers.
func hasColumns(f *guidelines.ProtocolFile) bool {
	return slices.ContainsFunc(f.Steps, func(s guidelines.FileStep) bool { return s.Column != "" })
}

// fileItem is what the store keeps of an item beside its rows: its first
// text column as the query (a grouped item's group), its second as the
// question, and the list's first five elements, for listings and exports.
func fileItem(f *guidelines.ProtocolFile, it FileItem) store.FileItem {
	first := it.Rows[0]
	out := store.FileItem{UID: it.UID, Meta: f.FieldsMeta(first.Raw)}
	for _, r := range it.Rows {
		out.Rows = append(out.Rows, r.Raw)
	}
	out.Elements = it.Elements
	text := f.Item.Text
	switch {
	case f.Item.Group != "":
		out.Query = first.Cell(f.Item.Group)
		return out
	case len(text) > 0:
		out.Query = first.Cell(text[0])
	}
	if len(text) > 1 {
		out.Question = first.Cell(text[1])
	}
	copy(out.Options[:], first.List)
	if len(first.List) > len(out.Options) {
		out.ListLen = len(first.List)
	}
	return out
}

// atLine is err at the line, unless it names its own line already.
func atLine(file string, line int, err error) error {
	if le := (*LineError)(nil); errors.As(err, &le) {
		return err
	}
	return lineErr(file, line, "%v", err)
}

// elementCount is how many units a step per row or element asks of a
// grouped item: its distinct elements with item.element, else its rows.
func elementCount(f *guidelines.ProtocolFile, it FileItem) int {
	switch {
	case f.Item.Group == "" && f.ListPath() && len(it.Rows) > 0:
		return len(it.Rows[0].List)
	case f.Item.Group == "":
		return 0
	case it.Elements == nil:
		return len(it.Rows)
	}
	return len(it.elements)
}
