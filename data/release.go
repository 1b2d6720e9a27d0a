package data

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// WriteManual writes a dataset's gold labels in the released MIMICS-Manual
// format: its header, its column order, the panes' raw field bytes in
// import order, and an empty cell for no label (a generic question's N/A,
// a missing answer, or, as opts allow, an unresolved unit).
func WriteManual(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	sum := report.ReleaseSummary{Kept: opts}
	if err := r.RequireGold(); err != nil {
		return sum, err
	}
	if kind, err := r.Kind(ctx); err != nil || kind != guidelines.MIMICS.Kind {
		// Every kind writes its own release under its name.
		return sum, cmp.Or(err, fmt.Errorf("a %s dataset has no MIMICS-Manual release: export --format %s", kind, kind))
	}
	err := writeKept(ctx, r, w, &sum, manualHeader, func(bw *bufio.Writer, p *report.PaneGold) error {
		it := p.Item
		fields := append([]string{it.Query, it.Question}, it.Options[:]...)
		_, err := bw.WriteString(strings.Join(append(fields, p.LabelCells(guidelines.MIMICS.AllUnits)...), "\t") + "\n")
		return err
	})
	return sum, err
}

// writeKept writes a TSV release over a gold reading: the header line,
// then row for each item sum keeps, in import order.
func writeKept(ctx context.Context, r *store.Reading, w io.Writer, sum *report.ReleaseSummary, header string,
	row func(bw *bufio.Writer, p *report.PaneGold) error) error {
	return writeKeptAs(ctx, r, w, sum, header, nil, row)
}

// writeKeptAs is writeKept with each item's gold first seen by prep (nil
// for none), which may say what of it counts before Keep reads it.
func writeKeptAs(ctx context.Context, r *store.Reading, w io.Writer, sum *report.ReleaseSummary, header string,
	prep func(p *report.PaneGold), row func(bw *bufio.Writer, p *report.PaneGold) error) error {
	bw := bufio.NewWriter(w)
	if header != "" { // a JSONL file has none
		bw.WriteString(header + "\n")
	}
	err := report.EachPaneGold(ctx, r, func(p *report.PaneGold) error {
		if prep != nil {
			prep(p)
		}
		if !sum.Keep(p) {
			return nil
		}
		return row(bw, p)
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}
