package data

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
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
}

// FileRow is one row of an item: its line and its cells by column name
// (padding columns, which have no name, left out).
type FileRow struct {
	Line  int
	Raw   string // the line as the file has it, with its line end ("" for a last line without one)
	Cells map[string]string
	// List is the item's list (item.list) as the row gives it: the
	// non-empty cells, in order.
	List []string
}

// ReadProtocolItems reads a TSV file in f's shape, all or nothing: the
// header must be f's, every row whole, every label on its step's scale.
// Warnings say what is not an error (a last line without a line end).
func ReadProtocolItems(r io.Reader, name string, f *guidelines.ProtocolFile, maxLine int) ([]FileItem, []string, error) {
	lr := newLineReader(r, name).limit(maxLine)
	header, err := lr.next()
	if err != nil {
		if errors.Is(err, io.EOF) {
			return nil, nil, lineErr(name, 0, "the file is empty")
		}
		return nil, nil, err
	}
	if want := strings.Join(f.Item.Header, "\t"); string(header) != want {
		return nil, nil, lineErr(name, 1, "this is not a %s file: want the header %q", f.Name, want)
	}
	rd := protoReader{f: f, lr: lr, byGroup: map[string]int{}, scales: map[string]guidelines.FileScale{}}
	for _, s := range f.Scales {
		rd.scales[s.Name] = s
	}
	for size := len(header); ; {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		if size += len(line) + 1; size > MaxProtocolData {
			return nil, nil, lineErr(name, lr.n, "the file is over %d MiB: import it in parts", MaxProtocolData>>20)
		}
		if err := rd.row(string(line)); err != nil {
			return nil, nil, err
		}
	}
	if len(rd.items) == 0 {
		return nil, nil, needRows(lr)
	}
	for i := range rd.items {
		if err := rd.labels(&rd.items[i]); err != nil {
			return nil, nil, err
		}
	}
	return rd.items, lr.warnings(), nil
}

type protoReader struct {
	f       *guidelines.ProtocolFile
	lr      *lineReader
	items   []FileItem
	byGroup map[string]int // group column's text -> index into items
	seen    map[string]int // uid -> line, for ungrouped files
	scales  map[string]guidelines.FileScale
}

// row reads one line into its item.
func (rd *protoReader) row(line string) error {
	it := rd.f.Item
	fields := strings.Split(line, "\t")
	if len(fields) > len(it.Header) {
		return lineErr(rd.lr.file, rd.lr.n, "%d tab-separated fields, the header has %d", len(fields), len(it.Header))
	}
	// A short row may leave out only padding: MIMICS-Duo's Task 2 ends on
	// a row without its eight empty columns.
	for _, col := range it.Header[len(fields):] {
		if col != "" {
			return lineErr(rd.lr.file, rd.lr.n, "%d tab-separated fields, the header has %d (column %q is missing)",
				len(fields), len(it.Header), col)
		}
	}
	r := FileRow{Line: rd.lr.n, Raw: line + rd.lr.end, Cells: map[string]string{}}
	for i, v := range fields {
		if col := it.Header[i]; col != "" {
			r.Cells[col] = v
		} else if v != "" {
			return lineErr(rd.lr.file, rd.lr.n, "field %d is under no column of the header, yet holds %q", i+1, v)
		}
	}
	if err := rd.list(&r); err != nil {
		return err
	}
	uid := rd.uid(r)
	if it.Group != "" {
		g := r.Cells[it.Group]
		if i, ok := rd.byGroup[g]; ok {
			if rd.items[i].UID != uid {
				return lineErr(rd.lr.file, rd.lr.n, "%s %q again, with other id columns than at line %d", it.Group, display.Clean(g), rd.items[i].Line)
			}
			rd.items[i].Rows = append(rd.items[i].Rows, r)
			if len(rd.items[i].Rows) > guidelines.MaxRows {
				return lineErr(rd.lr.file, rd.lr.n, "%s %q has more than %d rows", it.Group, display.Clean(g), guidelines.MaxRows)
			}
			return nil
		}
		rd.byGroup[g] = len(rd.items)
	} else {
		if rd.seen == nil {
			rd.seen = map[string]int{}
		}
		if at, ok := rd.seen[uid]; ok {
			return lineErr(rd.lr.file, rd.lr.n, "the same item as line %d", at)
		}
		rd.seen[uid] = r.Line
	}
	rd.items = append(rd.items, FileItem{UID: uid, Line: r.Line, Rows: []FileRow{r}, Known: map[string]int{}})
	return nil
}

// list gathers the row's list cells; an empty cell before a full one
// would number the elements two ways, so it is refused.
func (rd *protoReader) list(r *FileRow) error {
	for i, col := range rd.f.Item.List {
		v := r.Cells[col]
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

// uid hashes the id columns of a row as Pane.UID hashes a pane.
func (rd *protoReader) uid(r FileRow) string {
	var b bytes.Buffer
	for i, col := range rd.f.Item.ID {
		if i > 0 {
			b.WriteByte('\t')
		}
		b.WriteString(r.Cells[col])
	}
	sum := sha256.Sum256(b.Bytes())
	return hex.EncodeToString(sum[:8])
}

// labels reads an item's known labels from its steps' columns.
func (rd *protoReader) labels(it *FileItem) error {
	for _, st := range rd.f.Steps {
		if st.Column == "" {
			continue
		}
		switch st.Per {
		case guidelines.PerElement:
			for _, r := range it.Rows {
				for n := 1; n <= len(rd.f.Item.List); n++ {
					col := strings.ReplaceAll(st.Column, "{n}", strconv.Itoa(n))
					if err := rd.label(it, r, col, st, st.Unit+"_"+strconv.Itoa(n), n <= len(r.List)); err != nil {
						return err
					}
				}
			}
		case guidelines.PerRow:
			for i, r := range it.Rows {
				if err := rd.label(it, r, st.Column, st, st.Unit+"_"+strconv.Itoa(i+1), true); err != nil {
					return err
				}
			}
		default:
			for _, r := range it.Rows {
				if err := rd.label(it, r, st.Column, st, st.Unit, true); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// label reads one cell as unit's label: empty is none; a value must be on
// the step's scale, and asked (no label for an answer the row does not
// have); a grouped item's rows must agree on a label asked once.
func (rd *protoReader) label(it *FileItem, r FileRow, col string, st guidelines.FileStep, unit string, asked bool) error {
	raw := r.Cells[col]
	if raw == "" {
		return nil
	}
	v, err := strconv.Atoi(raw)
	if err != nil || !slices.Contains(rd.scales[st.Scale].Values, v) {
		return lineErr(rd.lr.file, r.Line, "%s is %q, not a value of scale %q", col, raw, st.Scale)
	}
	if !asked {
		return lineErr(rd.lr.file, r.Line, "%s is set, but the row has no %s there", col, rd.f.Item.ListName)
	}
	if had, ok := it.Known[unit]; ok && had != v {
		return lineErr(rd.lr.file, r.Line, "%s is %d here and %d at line %d, for one item", col, v, had, it.Line)
	}
	it.Known[unit] = v
	return nil
}

// ImportProtocolFile imports a TSV in a protocol file's shape, all or
// nothing, as who (a lead): the protocol is kept in the database first
// (store.AddProtocol: the same file again is nothing), then each item
// with its rows, and the labels its columns hold become opt.LabelsAs's (a
// release's, as MIMICS-Manual's are), or the items' known answers when
// opt.Purpose is set. Importing a file twice adds nothing.
func ImportProtocolFile(ctx context.Context, st *store.Store, who store.Annotator, r io.Reader, name string,
	f *guidelines.ProtocolFile, text []byte, opt Options) (Result, error) {
	res := Result{File: name, Format: store.Format(f.Name), Dataset: opt.Dataset, Purpose: opt.Purpose}
	items, notes, err := ReadProtocolItems(r, name, f, opt.MaxLine)
	if err != nil {
		return res, err
	}
	res.Notes = notes
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
	if err := st.AddProtocol(ctx, who, f, text); err != nil {
		return res, err
	}
	var im *store.Importer
	if opt.Purpose != "" {
		im, err = st.BeginKnownImport(ctx, who, res.Dataset, opt.Purpose, f.Name, res.Format)
	} else {
		im, err = st.BeginImport(ctx, who, res.Dataset, f.Name, res.Format)
	}
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
	for _, it := range items {
		var labels []store.UnitLabel
		for _, u := range slices.Sorted(maps.Keys(it.Known)) {
			labels = append(labels, store.UnitLabel{Unit: u, Annotator: labelsAs, Value: it.Known[u]})
		}
		if _, err := im.AddFileItem(fileItem(f, it), labels...); err != nil {
			return res, lineErr(name, it.Line, "%v", err)
		}
	}
	res.ImportStats, err = im.Commit()
	return res, err
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
	out := store.FileItem{UID: it.UID}
	for _, r := range it.Rows {
		out.Rows = append(out.Rows, r.Raw)
	}
	text := f.Item.Text
	switch {
	case f.Item.Group != "":
		out.Query = first.Cells[f.Item.Group]
		return out
	case len(text) > 0:
		out.Query = first.Cells[text[0]]
	}
	if len(text) > 1 {
		out.Question = first.Cells[text[1]]
	}
	copy(out.Options[:], first.List)
	return out
}
