package main

import (
	"bytes"
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/kinds"
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
			"value as in the JSON, empty for null).\n" +
			"On a dataset with arms a lead's tables are followed by the figures per arm (JSON: \"arms\";\n" +
			"docs/study.md), and gold comes from the blind arm's labels unless policy --gold-from all.",
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
			set, err := kinds.Open(ctx, st)
			if err != nil {
				return err
			}
			k, err := set.Of(d)
			if err != nil {
				return err
			}
			return withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
				if asCSV {
					return writeStatsCSV(ctx, cmd.OutOrStdout(), k, r, d)
				}
				return writeStats(ctx, cmd.OutOrStdout(), k, r, d, asJSON)
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
func writeStatsCSV(ctx context.Context, w io.Writer, k *kinds.Kind, r *store.Reading, d store.Dataset) error {
	var doc bytes.Buffer
	if err := writeStats(ctx, &doc, k, r, d, true); err != nil {
		return err
	}
	return report.FiguresCSV(w, &doc)
}

// writeStats writes the dataset's tables over the reading: every role may
// read them, the items the reader may still be given left out. Each kind's
// own (its descriptor's Stats, k).
// A lead's tables of a dataset with arms are followed by the figures per
// arm (--json: under "arms").
func writeStats(ctx context.Context, w io.Writer, k *kinds.Kind, r *store.Reading, d store.Dataset, asJSON bool) error {
	t, err := k.Stats(ctx, r, d)
	if err != nil {
		return err
	}
	// A lead's reading of a dataset with triage: its figures after the
	// kind's (no other reader learns there is triage).
	tri, ok, err := report.Triage(ctx, r)
	if err != nil {
		return err
	}
	var table textAndJSON = t
	if ok {
		table = report.WithTriage{Table: t, Triage: tri}
	}
	arms, err := report.ReadArms(ctx, r, agreement.DefaultOptions)
	if err != nil {
		return err
	}
	if arms == nil {
		return textOrJSON(w, table, nil, asJSON)
	}
	var doc bytes.Buffer
	if err := textOrJSON(&doc, table, nil, asJSON); err != nil {
		return err
	}
	if asJSON {
		return withArmsJSON(w, doc.Bytes(), arms)
	}
	_, err = io.WriteString(w, doc.String()+"\n"+arms.Text())
	return err
}

// textAndJSON is a table or figures written as text or as JSON.
type textAndJSON interface {
	WriteText(io.Writer) error
	WriteJSON(io.Writer) error
}

// textOrJSON writes a table as text or JSON, unless making it failed.
func textOrJSON(w io.Writer, t textAndJSON, err error, asJSON bool) error {
	switch {
	case err != nil:
		return err
	case asJSON:
		return t.WriteJSON(w)
	}
	return t.WriteText(w)
}
