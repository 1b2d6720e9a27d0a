package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// WriteProtocolFile writes a protocol file's dataset back in the file's
// shape: its header, then every kept item's rows as imported, in import
// order, each label column holding the unit's gold label (empty for
// none). A cell whose number already is the gold is left as the file had
// it, so a dataset whose labels came from the file writes the file back
// byte for byte. Only a lead's gold reading may (it writes gold).
func WriteProtocolFile(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	sum := report.ReleaseSummary{Kept: opts}
	if err := r.RequireGold(); err != nil {
		return sum, err
	}
	kind, err := r.Kind(ctx)
	if err != nil {
		return sum, err
	}
	f := r.Protocol(kind).FileOf()
	if f == nil {
		return sum, fmt.Errorf("a %s dataset is not of a protocol file's kind", kind)
	}
	rows, err := r.ItemRows(ctx)
	if err != nil {
		return sum, err
	}
	col := map[string]int{}
	for i, c := range f.Item.Header {
		col[c] = i
	}
	header, row := strings.Join(f.Item.Header, "\t"), withGold
	if f.JSONL() {
		// A JSONL file has no header line.
		header = ""
		row = func(line string, f *guidelines.ProtocolFile, _ map[string]int, p *report.PaneGold, pos int) string {
			return jsonWithGold(line, f, p.Label, goldText(p), pos)
		}
	}
	written := func(p *report.PaneGold) { p.Missing = missingInFile(f, p.MissingUnits) }
	if f.Nested() { // one line per judged pair (protojudgments.go)
		header, written = "", func(p *report.PaneGold) { p.Missing = 0 }
		proto := f.Protocol() // once: it lists every unit of the kind
		err = writeKeptAs(ctx, r, w, &sum, header, written, func(bw *bufio.Writer, p *report.PaneGold) error {
			if lines := rows[p.Item.ID]; len(lines) > 0 {
				return pairJudgments(bw, f, proto, lines[0], p)
			}
			return nil
		})
		return sum, err
	}
	err = writeKeptAs(ctx, r, w, &sum, header, written, func(bw *bufio.Writer, p *report.PaneGold) error {
		lines := rows[p.Item.ID]
		element, _ := f.Elements(lines) // a row's label cells are its element's
		for pos, line := range lines {
			if _, err := bw.WriteString(row(line, f, col, p, element[pos])); err != nil {
				return err
			}
		}
		return nil
	})
	return sum, err
}

// withGold is a kept row with each of its label cells set to its unit's
// gold, the cell's own text kept where it already says that.
func withGold(line string, f *guidelines.ProtocolFile, col map[string]int, p *report.PaneGold, pos int) string {
	body := strings.TrimRight(line, "\r\n")
	end := line[len(body):]
	cells := strings.Split(body, "\t")
	set := func(column, unit string, scale guidelines.FileScale) {
		i, ok := col[column]
		if !ok || i >= len(cells) {
			return
		}
		gold := p.Label(unit)
		if v, ok := scale.Parse(cells[i]); ok && v == gold {
			return
		}
		cells[i] = ""
		if gold >= 0 {
			cells[i] = scale.Code(gold)
		}
	}
	text := goldText(p)
	for _, st := range f.Steps {
		if !f.ColumnHolds(st, goldOf(p)) {
			continue
		}
		scale, _ := f.ScaleOf(st)
		for _, c := range f.LabelCells(st, pos) {
			if i, ok := col[c.Column]; ok && i < len(cells) && st.Kind == guidelines.StepText {
				// A written answer holds no tab or line end (the store
				// refuses them), so a cell holds it verbatim.
				cells[i] = text(c.Unit)
				continue
			}
			set(c.Column, c.Unit, scale)
		}
	}
	return strings.Join(cells, "\t") + end
}

// missingInFile counts the units without gold that the file has a column
// for: a unit of a step with none (ClariQ's usefulness, which it never
// released) is not in the file, so the file's shape writes an item that
// waits only on such units, with the labels it has.
func missingInFile(f *guidelines.ProtocolFile, units []string) int {
	n := 0
	for _, u := range units {
		if st, ok := f.StepOf(agreement.UnitType(u)); ok && st.Column != "" {
			n++
		}
	}
	return n
}
