package data

import (
	"io"
	"strings"
)

// RatingsHeader starts the header of a labels TSV read as ratings; further
// columns (created_at, seconds) may follow.
const RatingsHeader = "item\tunit\tannotator\tlabel"

// RatingRow is one row of a labels TSV.
type RatingRow struct {
	Line                         int
	Item, Unit, Annotator, Label string
	CreatedAt, Seconds           string // "" when the file has no such column
}

// ReadRatings reads a labels TSV (header item unit annotator label, then
// optional columns). Errors name the file and line.
func ReadRatings(r io.Reader, name string) ([]RatingRow, error) {
	lr := newLineReader(r, name)
	first, err := lr.next()
	if err == io.EOF {
		return nil, lineErr(name, 0, "file is empty: want the header %q", strings.ReplaceAll(RatingsHeader, "\t", " "))
	}
	if err != nil {
		return nil, err
	}
	header := strings.Split(string(first), "\t")
	if !strings.HasPrefix(string(first)+"\t", RatingsHeader+"\t") {
		return nil, lineErr(name, 1, "header must start with item, unit, annotator, label (tab-separated)")
	}
	col := map[string]int{}
	for i, h := range header {
		col[h] = i
	}
	var rows []RatingRow
	for {
		line, err := lr.next()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, err
		}
		f := strings.Split(string(line), "\t")
		if len(f) != len(header) {
			return nil, lineErr(name, lr.n, "%d fields, want %d like the header", len(f), len(header))
		}
		row := RatingRow{Line: lr.n, Item: f[0], Unit: f[1], Annotator: f[2], Label: f[3]}
		for i, v := range f[:4] {
			if v == "" {
				return nil, lineErr(name, lr.n, "%s is empty", strings.Split(RatingsHeader, "\t")[i])
			}
		}
		if i, ok := col["created_at"]; ok {
			row.CreatedAt = f[i]
		}
		if i, ok := col["seconds"]; ok {
			row.Seconds = f[i]
		}
		rows = append(rows, row)
	}
}
