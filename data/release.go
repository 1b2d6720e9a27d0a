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
		release := map[guidelines.Kind]string{guidelines.ClariMM.Kind: "clarimm-gold", guidelines.Nuggets.Kind: "nugget-judgements",
			guidelines.Necessity.Kind: "necessity-gold", guidelines.Compare.Kind: "pairs-gold"}[kind]
		return sum, cmp.Or(err, fmt.Errorf("a %s dataset has no MIMICS-Manual release: export --format %s", kind, release))
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(manualHeader + "\n")
	err := report.EachPaneGold(ctx, r, func(p *report.PaneGold) error {
		if !sum.Keep(p) {
			return nil
		}
		it := p.Item
		fields := append([]string{it.Query, it.Question}, it.Options[:]...)
		_, err := bw.WriteString(strings.Join(append(fields, p.LabelCells(guidelines.MIMICS.AllUnits)...), "\t") + "\n")
		return err
	})
	if err != nil {
		return sum, err
	}
	return sum, bw.Flush()
}
