package kinds

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// fileStats are a protocol file's kind's statistics: each step's and each
// unit's labels.
func fileStats(ctx context.Context, r *store.Reading, d store.Dataset) (Table, error) {
	return table(report.ProtocolFileStats(ctx, r, r.Protocol(d.Kind)))
}

// writeProtocolFile writes a protocol file's dataset in the file's own
// shape (data.WriteProtocolFile refuses a built-in kind's dataset; export
// refuses another protocol file's before it gets here).
func writeProtocolFile(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	if f := r.Protocol(d.Kind).FileOf(); f != nil {
		// A file whose parts.own names what export --format KIND writes
		// (ClariMM's gold table), though the kind is not one claritty
		// ships, so export could not know it before the database opened.
		if x, ok := exportParts[f.Parts.Own]; ok && d.Kind == f.Name {
			if e := x(r.Protocol(d.Kind)); e.Write != nil {
				return e.Write(ctx, r, d, w, opts)
			}
		}
	}
	return data.WriteProtocolFile(ctx, r, w, opts)
}

// readingOnly is a release writer that needs no more than the reading.
func readingOnly(write func(context.Context, *store.Reading, io.Writer, report.ReleaseOptions) (report.ReleaseSummary, error)) func(context.Context, *store.Reading, store.Dataset, io.Writer, report.ReleaseOptions) (report.ReleaseSummary, error) {
	return func(ctx context.Context, r *store.Reading, _ store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
		return write(ctx, r, w, opts)
	}
}

// table is a statistics table unless making it failed.
func table[T Table](t T, err error) (Table, error) {
	if err != nil {
		return nil, err
	}
	return t, nil
}

// WriteBenchText writes scored runs, grouped by dataset, then each
// comparison, as claritty bench prints them.
func WriteBenchText(w io.Writer, scores []report.RunScore, comps []report.ComparisonScore, support ...report.DatasetSupport) error {
	if len(scores) == 0 && len(comps) == 0 && len(support) == 0 {
		// "To show", not "yet": below the lead a dataset with arms has runs
		// the reader is not shown (store.Reading.WithholdsRuns).
		_, err := fmt.Fprintf(w, "no benchmark runs to show (a lead adds them: claritty bench add --kind %s --name NAME FILE)\n",
			data.RunKindNames("|"))
		return err
	}
	gap := false
	for i := 0; i < len(scores); {
		j := i
		for j < len(scores) && scores[j].Dataset == scores[i].Dataset {
			j++
		}
		lines := append([]string{display.Clean(scores[i].Dataset)}, report.Indent(report.BenchLines(scores[i:j]))...)
		if err := writeBlock(w, &gap, lines); err != nil {
			return err
		}
		i = j
	}
	for i := range comps {
		if err := writeBlock(w, &gap, report.ComparisonText(&comps[i])); err != nil {
			return err
		}
	}
	for _, s := range support {
		if err := writeBlock(w, &gap, report.SupportLines(s)); err != nil {
			return err
		}
	}
	return nil
}

func writeBlock(w io.Writer, gap *bool, lines []string) error {
	if *gap {
		lines = append([]string{""}, lines...)
	}
	*gap = true
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}
