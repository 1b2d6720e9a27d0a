package main

import (
	"context"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data/outfile"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

func newReportCmd(g *globals) *cobra.Command {
	var dataset, out string
	cmd := &cobra.Command{
		Use:   "report",
		Short: "One HTML file to share: agreement, labels, quality, throughput, adjudication, leaderboard",
		Long: "Writes one self-contained HTML file (inline CSS and SVG charts, no script, nothing fetched\n" +
			"when it is opened) for --dataset: agreement per unit type with its 95% intervals, label\n" +
			"distributions, each annotator's quality, finished HITs per day, adjudication status and\n" +
			"the leaderboard of benchmark runs. Each figure is the one claritty agree --json,\n" +
			"annotators --quality --json and bench --json give, and each carries its place in that\n" +
			"JSON (data-src, data-path). It shows what you may see: below a lead the same figures are\n" +
			"withheld as in stats and bench; quality, everyone's throughput and adjudication are for\n" +
			"adjudicators and leads (an annotator sees their own throughput); a lead's report of a\n" +
			"dataset with arms adds the figures per arm (annotators --quality --json's \"arms\").",
		Example: "  claritty report --dataset MIMICS-Manual --out report.html",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := g.checkOutput(out); err != nil {
				return err
			}
			st, me, d, err := g.openDataset(cmd.Context(), dataset)
			if err != nil {
				return err
			}
			defer st.Close()
			r, err := gatherReport(cmd.Context(), st, me, d)
			if err != nil {
				return err
			}
			write := func(w io.Writer) error { return report.WriteHTML(w, r) }
			if out == "" || out == "-" {
				return write(cmd.OutOrStdout())
			}
			return outfile.Write(out, outfile.Shared, write)
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first one)")
	cmd.Flags().StringVarP(&out, "out", "o", "", "file to write (default: stdout)")
	return cmd
}

// gatherReport reads every part of the report as me may see it, each from
// the function the part's own command uses.
func gatherReport(ctx context.Context, st *store.Store, me store.Annotator, d store.Dataset) (report.HTMLReport, error) {
	r := report.HTMLReport{Dataset: d.Name, Kind: string(d.Kind), Reader: me.Name, Role: me.Role, Generated: time.Now()}
	err := withReading(ctx, me, d.ID, st.ReadFigures, func(rd *store.Reading) error {
		rep, err := report.StudyReport(ctx, rd, agreement.DefaultOptions)
		r.Agreement = rep
		if err != nil {
			return err
		}
		// A lead's only: ok is false for anyone else.
		tri, ok, err := report.Triage(ctx, rd)
		if ok {
			r.Triage = &tri
		}
		return err
	})
	if err != nil {
		return r, err
	}
	r.Names = categoryNames(st.Protocol(d.Kind), r.Agreement)
	if store.Allows(me.Role, store.ActQuality) {
		q, err := report.ReadQuality(ctx, st, me, d)
		if err != nil {
			return r, err
		}
		r.Quality = &q
	}
	if r.Throughput, r.ThroughputMine, err = st.Throughput(ctx, me, d.ID); err != nil {
		return r, err
	}
	if store.CanAdjudicate(me.Role) {
		units, err := st.AdjudicationQueue(ctx, d.ID, me, true)
		if err != nil {
			return r, err
		}
		r.Adjudication = &report.Adjudication{}
		for _, u := range units {
			if u.Decided != nil {
				r.Adjudication.Decided++
			} else {
				r.Adjudication.Waiting++
			}
		}
	}
	r.Runs, r.Comparisons, err = scoreAll(ctx, st, me, d.Name, report.ScoreOptions{})
	if err != nil {
		return r, err
	}
	return r, nil
}

// categoryNames names each unit type's categories by the labels of those
// values on the type's own scale ("" where a category has none).
func categoryNames(p guidelines.Protocol, rep agreement.Report) map[string][]string {
	out := map[string][]string{}
	for _, t := range rep.Types {
		cats := t.Scale.Categories
		if cats == nil {
			cats = rep.Scale.Categories
		}
		names := make([]string, len(cats))
		for i, c := range cats {
			v, err := strconv.Atoi(c)
			if err != nil {
				continue
			}
			if j := slices.IndexFunc(p.ScaleOf(t.Type), func(l guidelines.Label) bool { return l.Value == v }); j >= 0 {
				names[i] = p.ScaleOf(t.Type)[j].Name
			}
		}
		out[t.Type] = names
	}
	return out
}
