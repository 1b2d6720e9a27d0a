package main

import (
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

func newStatsCmd(g *globals) *cobra.Command {
	var dataset string
	var asJSON bool
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
			"all of them yours, shows \"< 5 panes\"; label shares wait for your first finished work.",
		Example: "  claritty stats --dataset MIMICS-Manual\n  claritty stats --dataset MIMICS-Manual --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			st, me, d, err := g.openDataset(ctx, dataset)
			if err != nil {
				return err
			}
			defer st.Close()
			return withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
				return writeStats(cmd, r, d, asJSON)
			})
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first one)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON")
	return cmd
}

// statsGold: statistics describe the gold as it stands, provisional gold
// included (each table's gold column says how much of it is); claritty
// bench scores on settled gold unless told otherwise.
var statsGold = report.ScoreOptions{Provisional: true}

// writeStats writes the dataset's tables over the reading: every role may
// read them, the items the reader has open left out.
func writeStats(cmd *cobra.Command, r *store.Reading, d store.Dataset, asJSON bool) error {
	ctx, w := cmd.Context(), cmd.OutOrStdout()
	switch d.Kind {
	case guidelines.Nuggets.Kind:
		// Its statistics are the Clarify-Then-Search table.
		scores, err := report.ScoreRuns(ctx, r, d, statsGold)
		if err != nil {
			return err
		}
		if asJSON {
			return report.WriteBenchJSON(w, scores, nil)
		}
		return writeBenchText(w, scores, nil)
	case guidelines.Necessity.Kind:
		ns, err := report.NecessityGold(ctx, r)
		if err != nil {
			return err
		}
		if asJSON {
			return ns.WriteJSON(w)
		}
		return ns.WriteText(w)
	case guidelines.Compare.Kind:
		c, err := report.CompareGold(ctx, r, d, statsGold)
		if err != nil {
			return err
		}
		if asJSON {
			return c.WriteJSON(w)
		}
		return writeBenchText(w, nil, []report.ComparisonScore{*c})
	case guidelines.ClariMM.Kind:
		rs, err := report.ClariMMStats(ctx, r)
		if err != nil {
			return err
		}
		if asJSON {
			return rs.WriteJSON(w)
		}
		return rs.WriteText(w)
	}
	s, err := report.DatasetStats(ctx, r)
	if err != nil {
		return err
	}
	if asJSON {
		return s.WriteJSON(w)
	}
	return s.WriteText(w)
}
