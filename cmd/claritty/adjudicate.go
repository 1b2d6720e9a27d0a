package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

func newAdjudicateCmd(g *globals) *cobra.Command {
	var dataset string
	var below float64
	cmd := &cobra.Command{
		Use:   "adjudicate",
		Short: "Settle disputed units (adjudicators and leads)",
		Long: "Open the adjudication queue: units still without a majority after the policy's\n" +
			"max annotators, and units a lead sent there; most disputed first. Each shows the\n" +
			"pane as annotators saw it, every label with its time, notes and flags, and the\n" +
			"step's guideline; the unit's scale's keys set the final label (2 1 0 for a MIMICS pane,\n" +
			"1-5 for a rating, a protocol file's own keys), r adds a reason, x withdraws it.\n" +
			"Every decision goes into the history; d lists decided units to revisit them.\n\n" +
			"--refer-below X (leads only) sends every labelled unit of each pane whose agreement\n" +
			"(the share of agreeing pairs of labels) is below X to the queue, and exits.",
		Example: "  claritty adjudicate --dataset MIMICS-Manual\n  claritty adjudicate --refer-below 0.5",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("refer-below") {
				return referBelow(cmd, g, dataset, below)
			}
			return runTUI(cmd.Context(), g, dataset, tui.DefaultSERPURL, true)
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first one)")
	cmd.Flags().Float64Var(&below, "refer-below", 0, "send items (panes, conversations …) with agreement below this share to adjudication (leads)")
	return cmd
}

func referBelow(cmd *cobra.Command, g *globals, dataset string, below float64) error {
	ctx := cmd.Context()
	st, me, d, err := g.openDataset(ctx, dataset)
	if err != nil {
		return err
	}
	defer st.Close()
	var todo []report.Referral
	err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
		todo, err = report.ReferralsBelow(ctx, r, below)
		return err
	})
	if err != nil {
		return err
	}
	// Sent after the reading closed: a reading is read-only.
	p := st.Protocol(d.Kind)
	reason := fmt.Sprintf("%s agreement below %.2f", p.Item(), below)
	var panes, units int
	for _, ref := range todo {
		if err := st.Refer(ctx, ref.Item, ref.Units, me, reason); err != nil {
			return err
		}
		panes, units = panes+1, units+len(ref.Units)
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s: sent %s of %s with agreement below %.2f to adjudication\n",
		display.Clean(d.Name), display.Count(units, "unit", "units"), display.Count(panes, p.Item(), p.Items), below)
	return nil
}
