package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// policyFlags adds --min, --max and --lease, starting from p.
func policyFlags(cmd *cobra.Command, p *store.Policy) {
	f := cmd.Flags()
	f.IntVar(&p.Min, "min", p.Min, "annotators every pane goes to")
	f.IntVar(&p.Max, "max", p.Max, "annotators a pane with a tied unit may go to, one more at a time")
	f.DurationVar(&p.Lease, "lease", p.Lease, "a HIT left untouched this long is released to others (its labels stay)")
	f.StringVar((*string)(&p.Gold), "gold", "", "how a unit's gold label is chosen: majority, or median (rating scales: clarimm) (default: keep)")
}

// policyChanged reports whether any policy flag was given.
func policyChanged(cmd *cobra.Command) bool {
	f := cmd.Flags()
	return f.Changed("min") || f.Changed("max") || f.Changed("lease") || f.Changed("gold")
}

func newPolicyCmd(g *globals) *cobra.Command {
	var dataset string
	var p store.Policy
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Show or change a dataset's redundancy policy",
		Long: "Every pane goes to --min annotators; a unit without a majority sends its pane to one\n" +
			"more, up to --max; still tied, it waits for adjudication. A HIT left untouched for\n" +
			"--lease is released to others. --gold median makes a rating unit's gold label its\n" +
			"median rating instead of its majority (an even split between two ratings counts as a\n" +
			"tie). With no flags, the policy is shown. Only a lead changes it.",
		Example: "  claritty policy --dataset MIMICS-Manual --min 3 --max 5 --lease 30m\n" +
			"  claritty policy --dataset ratings --gold median",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, me, d, err := g.openDataset(cmd.Context(), dataset)
			if err != nil {
				return err
			}
			defer st.Close()
			cur, err := st.DatasetPolicy(cmd.Context(), d.ID)
			if err != nil {
				return err
			}
			f := cmd.Flags()
			if policyChanged(cmd) {
				if !f.Changed("min") {
					p.Min = cur.Min
				}
				if !f.Changed("max") {
					p.Max = cur.Max
				}
				if !f.Changed("lease") {
					p.Lease = cur.Lease
				}
				if err := st.SetPolicy(cmd.Context(), me, d.ID, p); err != nil {
					return err
				}
				if cur, err = st.DatasetPolicy(cmd.Context(), d.ID); err != nil {
					return err
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "dataset %q: min %d, max %d annotators per item; lease %v; gold label by %s\n",
				display.Clean(d.Name), cur.Min, cur.Max, cur.Lease, cur.Gold)
			return nil
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first)")
	policyFlags(cmd, &p)
	return cmd
}
