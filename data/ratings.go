package data

import (
	"io"
	"slices"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// RatingsHeader starts the header of a labels TSV; further columns
// (created_at, updated_at, seconds) may follow, in any order.
const RatingsHeader = "item\tunit\tannotator\tlabel"

// ClariMMRatingsHeader starts the header of a clarimm-ratings TSV: a labels
// TSV whose first and fourth columns say what they hold for conversations.
const ClariMMRatingsHeader = "conversation\tunit\tannotator\trating"

// RatingRow is one row of a labels TSV.
type RatingRow struct {
	Line                         int
	Item, Unit, Annotator, Label string
	// "" when the file has no such column or leaves the cell empty.
	CreatedAt, UpdatedAt, Seconds string
}

// ratingsReader streams the rows of a labels TSV, so a merge of millions
// of labels never holds the file in memory.
type ratingsReader struct {
	lr     *lineReader
	fields int
	header []string // the file's columns
	col    map[string]int
}

// newRatingsReader reads the header (or takes first, the header line
// already read) and checks it.
func newRatingsReader(lr *lineReader, first []byte) (*ratingsReader, error) {
	if first == nil {
		line, err := lr.next()
		if err == io.EOF {
			return nil, lineErr(lr.file, 0, "file is empty: want the header %q", strings.ReplaceAll(RatingsHeader, "\t", " "))
		}
		if err != nil {
			return nil, err
		}
		first = line
	}
	if !isRatingsHeader(first) {
		return nil, lineErr(lr.file, 1, "%s: %s", ratingsHeaderWant, ratingsHeaderDiff(string(first)))
	}
	header := strings.Split(string(first), "\t")
	rr := &ratingsReader{lr: lr, fields: len(header), header: header, col: map[string]int{}}
	for i, h := range header {
		if _, dup := rr.col[h]; dup {
			return nil, lineErr(lr.file, 1, "column %q appears twice", h)
		}
		rr.col[h] = i
	}
	return rr, nil
}

// ratingsHeaderWant is what a labels file's header must start with.
const ratingsHeaderWant = "the header must start with item, unit, annotator, label (or conversation, unit, annotator, rating), tab-separated"

func isRatingsHeader(line []byte) bool {
	return strings.HasPrefix(string(line)+"\t", RatingsHeader+"\t") ||
		strings.HasPrefix(string(line)+"\t", ClariMMRatingsHeader+"\t")
}

// next returns the next row, or io.EOF.
func (rr *ratingsReader) next() (RatingRow, error) {
	line, err := rr.lr.next()
	if err != nil {
		return RatingRow{}, err
	}
	n := rr.lr.n
	f := strings.Split(string(line), "\t")
	switch {
	case len(f) < rr.fields:
		return RatingRow{}, lineErr(rr.lr.file, n, "%d fields, want %d like the header: %s", len(f), rr.fields, columnsMissing(rr.header[len(f):]))
	case len(f) > rr.fields:
		return RatingRow{}, lineErr(rr.lr.file, n, "%d fields, want %d like the header", len(f), rr.fields)
	}
	row := RatingRow{Line: n, Item: f[0], Unit: f[1], Annotator: f[2], Label: f[3]}
	for i, v := range f[:4] {
		if v == "" {
			return RatingRow{}, lineErr(rr.lr.file, n, "%s is empty", rr.header[i])
		}
	}
	for name, to := range map[string]*string{"created_at": &row.CreatedAt, "updated_at": &row.UpdatedAt, "seconds": &row.Seconds} {
		if i, ok := rr.col[name]; ok {
			*to = f[i]
		}
	}
	return row, nil
}

// ReadRatingsStudy reads a labels TSV straight into an agreement study,
// row by row, keeping no rows: its memory grows with the units and labels
// of the study, not with the file's lines and their strings. The scale is
// categories when given (in ordinal order); else ClariMM's whole 1-5 scale
// when every row rates a ClariMM unit (chance agreement depends on the
// points nobody used too); else the labels the file holds
// (agreement.InferScale). It also returns what the read noticed that is
// not an error, for stderr.
func ReadRatingsStudy(r io.Reader, name string, maxLine int, categories []string) (*agreement.Study, []string, error) {
	lr := newLineReader(r, name).limit(maxLine)
	rr, err := newRatingsReader(lr, nil)
	if err != nil {
		return nil, nil, err
	}
	b := agreement.NewOpenBuilder()
	if len(categories) > 0 {
		b = agreement.NewBuilder(agreement.NewScale(categories))
	}
	firstLine := map[string]int{} // label -> its first line, for errors found at the end
	clarimm, rows := true, 0
	for {
		row, err := rr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		rows++
		if _, ok := firstLine[row.Label]; !ok {
			firstLine[row.Label] = row.Line
		}
		if !guidelines.ClariMM.HasUnit(row.Unit) {
			clarimm = false
		}
		if err := b.Add(row.Item, row.Unit, row.Annotator, row.Label); err != nil {
			return nil, nil, lineErr(name, row.Line, "%v", err)
		}
	}
	if err := needRows(lr); err != nil {
		return nil, nil, err
	}
	if len(categories) > 0 {
		return b.Study(), lr.warnings(), nil
	}
	scale := agreement.InferScale(b.Labels())
	if clarimm && rows > 0 {
		scale = agreement.NewScale(guidelines.ClariMM.Categories())
	}
	for _, l := range b.Labels() {
		if !slices.Contains(scale.Categories, l) {
			return nil, nil, lineErr(name, firstLine[l], "label %q is not one of the categories %s", l, strings.Join(scale.Categories, ", "))
		}
	}
	st, err := b.StudyOn(scale)
	return st, lr.warnings(), err
}
