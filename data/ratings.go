package data

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/claritty/claritty/display"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
)

// RatingsHeader starts the header of a labels TSV; further columns
// (created_at, updated_at, seconds) may follow, in any order.
const RatingsHeader = "item\tunit\tannotator\tlabel"

// ratedColumns are a KIND-ratings export's columns 2-4, after one naming
// the kind's items whatever they are called (RatingsExportHeader:
// conversation for ClariMM, "QA pair" or réponse for another kind): a
// labels TSV that reads back as one (isRatingsHeader).
const ratedColumns = "unit\tannotator\trating"

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
const ratingsHeaderWant = "the header must start with item, unit, annotator, label (or a KIND-ratings export's: its items' name, unit, annotator, rating), tab-separated"

func isRatingsHeader(line []byte) bool {
	if strings.HasPrefix(string(line)+"\t", RatingsHeader+"\t") {
		return true
	}
	// A KIND-ratings export: ITEM, unit, annotator, rating, its first
	// column any name a kind's items may have that a terminal shows as
	// written.
	cols := strings.Split(string(line), "\t")
	return len(cols) >= 4 && strings.TrimSpace(cols[0]) != "" && display.Clean(cols[0]) == cols[0] &&
		strings.Join(cols[1:4], "\t") == ratedColumns
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
		return RatingRow{}, lineErr(rr.lr.file, n, "%s, want %d like the header: %s", display.Count(len(f), "field", "fields"), rr.fields, columnsMissing(rr.header[len(f):]))
	case len(f) > rr.fields:
		return RatingRow{}, lineErr(rr.lr.file, n, "%d fields, want %d like the header", len(f), rr.fields)
	}
	row := RatingRow{Line: n, Item: f[0], Unit: f[1], Annotator: f[2], Label: f[3]}
	for i, v := range f[:4] {
		if v == "" {
			return RatingRow{}, lineErr(rr.lr.file, n, "%s is empty", rr.header[i])
		}
	}
	row.CreatedAt, row.UpdatedAt, row.Seconds = rr.field(f, "created_at"), rr.field(f, "updated_at"), rr.field(f, "seconds")
	return row, nil
}

// field is the row's value of the named column, "" when the file has none.
func (rr *ratingsReader) field(f []string, name string) string {
	if i, ok := rr.col[name]; ok {
		return f[i]
	}
	return ""
}

// RatingScales are the scales of a labels TSV's unit types as its reader
// gives them (agree --categories), each in ordinal order: Of a type's own,
// Shared the one every other type is on. A type given neither is on
// the whole scale of one of Kinds (ClariMM's 1-5) when every row rates a
// unit of that kind (chance agreement depends on the points nobody used
// too), else on the labels
// its own units hold (agreement.InferScale), so no type's figures are
// over another type's categories.
type RatingScales struct {
	Shared []string
	Of     map[string][]string
	// Kinds are the kinds whose ratings a file may hold (the shipped
	// protocol files whose labels are ratings), in the order tried.
	Kinds []guidelines.Protocol
}

// RatingKind is the first of kinds every unit is one of, and whose labels
// are ratings (false for none).
func RatingKind(kinds []guidelines.Protocol, units []string) (guidelines.Protocol, bool) {
	for _, p := range kinds {
		if p.Ratings && len(units) > 0 && !slices.ContainsFunc(units, func(u string) bool { return !p.HasUnit(u) }) {
			return p, true
		}
	}
	return guidelines.Protocol{}, false
}

// ReadRatingsStudy reads a labels TSV straight into an agreement study,
// row by row, keeping no rows: its memory grows with the units and labels
// of the study, not with the file's lines and their strings. Each unit
// type is on its scale of scales, and figures pool the types only where
// those are one (agreement.JoinScales). It also returns what the read
// noticed that is not an error, for stderr.
func ReadRatingsStudy(r io.Reader, name string, maxLine int, scales RatingScales) (*agreement.Study, []string, error) {
	lr := newLineReader(r, name).limit(maxLine)
	rr, err := newRatingsReader(lr, nil)
	if err != nil {
		return nil, nil, err
	}
	b := agreement.NewOpenBuilder()
	firstLine := map[[2]string]int{} // type and label -> its first line, for errors found at the end
	var units []string
	seen := map[string]bool{}
	for {
		row, err := rr.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		key := [2]string{agreement.UnitType(row.Unit), row.Label}
		if _, ok := firstLine[key]; !ok {
			firstLine[key] = row.Line
		}
		if !seen[row.Unit] {
			seen[row.Unit] = true
			units = append(units, row.Unit)
		}
		if err := b.Add(row.Item, row.Unit, row.Annotator, row.Label); err != nil {
			return nil, nil, lineErr(name, row.Line, "%v", err)
		}
	}
	if err := needRows(lr); err != nil {
		return nil, nil, err
	}
	kind, rated := RatingKind(scales.Kinds, units)
	own, err := typeScales(b, name, scales, kind, rated)
	if err != nil {
		return nil, nil, err
	}
	if err := offScale(b, name, own, scales, firstLine); err != nil {
		return nil, nil, err
	}
	st, err := b.StudyOn(own)
	return st, append(lr.warnings(), sharedNote(b, scales)...), err
}

// typeScales is each unit type's scale (RatingScales), in the builder's
// order of types; a type given a scale must have units in the file.
func typeScales(b *agreement.Builder, name string, scales RatingScales, kind guidelines.Protocol, rated bool) ([]agreement.Scale, error) {
	for _, typ := range slices.Sorted(maps.Keys(scales.Of)) {
		if !slices.Contains(b.Types(), typ) {
			return nil, fmt.Errorf("%s has no %s units to give categories to (its unit types: %s)", display.Clean(name),
				display.Clean(typ), display.Clean(strings.Join(b.Types(), ", ")))
		}
	}
	own := make([]agreement.Scale, len(b.Types()))
	for t, typ := range b.Types() {
		switch cats, ok := scales.Of[typ]; {
		case ok:
			own[t] = agreement.NewScale(cats)
		case scales.Shared != nil:
			own[t] = agreement.NewScale(scales.Shared)
		case rated:
			own[t] = agreement.NewScale(kind.Categories())
		default:
			own[t] = agreement.InferScale(b.LabelsOf(t))
			own[t].Inferred = true
		}
	}
	return own, nil
}

// offScale is the error of the file's first label that is not on its
// type's scale, at its line.
func offScale(b *agreement.Builder, name string, own []agreement.Scale, scales RatingScales, firstLine map[[2]string]int) error {
	line, msg := 0, ""
	for t, typ := range b.Types() {
		for _, l := range b.LabelsOf(t) {
			if n := firstLine[[2]string{typ, l}]; !slices.Contains(own[t].Categories, l) && (line == 0 || n < line) {
				line, msg = n, fmt.Sprintf("label %q is not one of the categories %s", l, strings.Join(own[t].Categories, ", "))
				if _, ok := scales.Of[typ]; ok {
					msg = fmt.Sprintf("label %q is not one of %s's categories %s", l, typ, strings.Join(own[t].Categories, ", "))
				}
			}
		}
	}
	if line == 0 {
		return nil
	}
	return lineErr(name, line, "%s", msg)
}

// sharedNote says when one list of categories for every type (Shared)
// meets types whose labels use different categories: the reader has put
// them on one scale, so each type's AC1 is over all of its categories
// and the pooled row joins the types, which is pooling if a type's scale
// is in truth its own.
func sharedNote(b *agreement.Builder, scales RatingScales) []string {
	var on, each []string
	var first []string
	differ := false
	for t, typ := range b.Types() {
		if _, ok := scales.Of[typ]; ok || scales.Shared == nil {
			continue
		}
		labels := agreement.InferScale(b.LabelsOf(t)).Categories
		if on == nil {
			first = labels
		}
		differ = differ || !slices.Equal(labels, first)
		on, each = append(on, typ), append(each, "--categories "+typ+"="+strings.Join(labels, ","))
	}
	if !differ {
		return nil
	}
	return []string{display.Clean(fmt.Sprintf("--categories %s puts %s on one scale, but their labels use different categories: "+
		"each one's AC1 is over all %d and the pooled row joins them. If each has a scale of its own, give each its own: %s "+
		"(the categories its labels use; add any nobody used)", strings.Join(scales.Shared, ","), strings.Join(on, ", "),
		len(scales.Shared), strings.Join(each, " ")))}
}
