package main

import (
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/tui"
)

func newAdjudicateCmd(g *globals) *cobra.Command {
	var dataset string
	cmd := &cobra.Command{
		Use:   "adjudicate",
		Short: "Settle disputed units (adjudicators and leads)",
		Long: "Open the adjudication queue: units still without a majority after the policy's\n" +
			"max annotators, and units a lead sent there; most disputed first. Each shows the\n" +
			"pane as annotators saw it, every label with its time, notes and flags, and the\n" +
			"step's guideline; 2 1 0 sets the final label, r adds a reason, x withdraws it.\n" +
			"Every decision goes into the history; d lists decided units to revisit them.",
		Example: "  claritty adjudicate --dataset MIMICS-Manual",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runTUI(cmd.Context(), g, dataset, tui.DefaultSERPURL, true)
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first one)")
	return cmd
}
