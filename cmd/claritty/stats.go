package main

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

func newStatsCmd(g *globals) *cobra.Command {
	var dataset string
	var asJSON, asCSV bool
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "The MIMICS paper's statistics of gold labels, or ClariMM's Table 1 of ratings",
		Long: "Table 1 (queries, panes, panes per query, candidate answers per pane), Table 4\n" +
			"(question templates T1-T7 with the paper's regular expressions over the unquoted,\n" +
			"lower-cased question: panes and mean question label), Table 6 (by query length in\n" +
			"words, 1-9 and 10+) and Table 7 (by number of answers, 2-5): panes, and mean ±\n" +
			"population standard deviation of the gold question, answer-set and landing labels (a\n" +
			"pane's landing label is the mean over its answers), with n. Flagged panes are left out.\n" +
			"For a clarimm dataset: ClariMM's Table 1, the mean, population standard deviation and\n" +
			"median of every rating of each unit (relevance of turns 1-4, coherence, diversity,\n" +
			"intent reveal), with n; --json gives {\"metrics\": [{\"metric\", \"n\", \"mean\", \"std\", \"median\"}]}.\n" +
			"For a nuggets dataset: the Clarify-Then-Search table of its systems, as claritty bench.\n" +
			"For a necessity dataset: the requests that need clarification (gold), with a 95% Wilson\n" +
			"interval, and the facet chosen for them. For a compare dataset: the gold's win / tie /\n" +
			"lose table per pair of systems, position bias and Bradley–Terry ranking, as claritty bench.\n" +
			"Below the lead role a figure over fewer items than the policy's --withhold-below (5), not\n" +
			"all of them yours, shows \"< 5 panes\"; label shares wait for your first finished work.\n" +
			"--csv writes every figure of --json one a line: table,row,column,value (row: a list\n" +
			"element's first field when that is text, else its place from 0; column: the path to the\n" +
			"figure, / between keys, a Bradley–Terry group numbered from 1 as the text numbers it;\n" +
			"value as in the JSON, empty for null).",
		Example: "  claritty stats --dataset MIMICS-Manual\n  claritty stats --dataset MIMICS-Manual --json\n" +
			"  claritty stats --dataset MIMICS-Manual --csv > stats.csv",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			st, me, d, err := g.openDataset(ctx, dataset)
			if err != nil {
				return err
			}
			defer st.Close()
			return withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
				if asCSV {
					return writeStatsCSV(ctx, cmd.OutOrStdout(), r, d)
				}
				return writeStats(ctx, cmd.OutOrStdout(), r, d, asJSON)
			})
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first one)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON")
	cmd.Flags().BoolVar(&asCSV, "csv", false, "write CSV: every figure of --json, one a line")
	cmd.MarkFlagsMutuallyExclusive("json", "csv")
	return cmd
}

// writeStatsCSV writes the tables' figures as CSV, from the JSON --json
// writes, so the two cannot differ.
func writeStatsCSV(ctx context.Context, w io.Writer, r *store.Reading, d store.Dataset) error {
	var doc bytes.Buffer
	if err := writeStats(ctx, &doc, r, d, true); err != nil {
		return err
	}
	return report.FiguresCSV(w, &doc)
}

// statsGold is report.StatsGold: the gold as it stands, provisional gold
// included.
var statsGold = report.StatsGold

// writeStats writes the dataset's tables over the reading: every role may
// read them, the items the reader may still be given left out.
func writeStats(ctx context.Context, w io.Writer, r *store.Reading, d store.Dataset, asJSON bool) error {
	write, ok := statsByKind[d.Kind]
	switch {
	case ok:
	case d.Kind.Known():
		write = protocolFileStats // a protocol file's kind: one table for all of them
	default:
		return fmt.Errorf("dataset %q is of task kind %q, which has no statistics here", display.Clean(d.Name), display.Clean(string(d.Kind)))
	}
	return write(ctx, r, d, w, asJSON)
}

// protocolFileStats are a protocol file's kind's statistics: each step's
// and each unit's labels.
func protocolFileStats(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, asJSON bool) error {
	s, err := report.ProtocolFileStats(ctx, r, guidelines.ForKind(d.Kind))
	return textOrJSON(w, s, err, asJSON)
}

// statsWriter writes one task kind's statistics as text or JSON.
type statsWriter func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, asJSON bool) error

// statsByKind are each task kind's statistics: a task kind is a row here.
var statsByKind = map[guidelines.Kind]statsWriter{
	guidelines.MIMICS.Kind: func(ctx context.Context, r *store.Reading, _ store.Dataset, w io.Writer, asJSON bool) error {
		s, err := report.DatasetStats(ctx, r) // the MIMICS paper's tables
		return textOrJSON(w, s, err, asJSON)
	},
	guidelines.ClariMM.Kind: func(ctx context.Context, r *store.Reading, _ store.Dataset, w io.Writer, asJSON bool) error {
		s, err := report.ClariMMStats(ctx, r) // ClariMM's Table 1
		return textOrJSON(w, s, err, asJSON)
	},
	guidelines.Necessity.Kind: func(ctx context.Context, r *store.Reading, _ store.Dataset, w io.Writer, asJSON bool) error {
		s, err := report.NecessityGold(ctx, r)
		return textOrJSON(w, s, err, asJSON)
	},
	// Its statistics are the Clarify-Then-Search table.
	guidelines.Nuggets.Kind: func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, asJSON bool) error {
		scores, err := report.ScoreRuns(ctx, r, d, statsGold)
		if err != nil {
			return err
		}
		if asJSON {
			return data.WriteBenchJSON(w, scores, nil)
		}
		return writeBenchText(w, scores, nil)
	},
	guidelines.Compare.Kind: func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, asJSON bool) error {
		c, err := report.CompareGold(ctx, r, d, statsGold)
		if err != nil {
			return err
		}
		if asJSON {
			return c.WriteJSON(w)
		}
		return writeBenchText(w, nil, []report.ComparisonScore{*c})
	},
}

// textOrJSON writes a table as text or JSON, unless making it failed.
func textOrJSON(w io.Writer, t interface {
	WriteText(io.Writer) error
	WriteJSON(io.Writer) error
}, err error, asJSON bool) error {
	switch {
	case err != nil:
		return err
	case asJSON:
		return t.WriteJSON(w)
	}
	return t.WriteText(w)
}
