package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
)

func newAnnotatorsCmd(g *globals) *cobra.Command {
	var role, see string
	cmd := &cobra.Command{
		Use:   "annotators [NAME --role ROLE]",
		Short: "List annotators, add one, or change a role",
		Long: "Without arguments, list every annotator with their role. With NAME and --role, add\n" +
			"the annotator or change their role (annotator, adjudicator, lead). Only a lead may\n" +
			"change roles; the first user of a new database is a lead. --adjudicators-see sets\n" +
			"whether the adjudication screen shows annotators' names or stable pseudonyms.",
		Example: "  claritty annotators\n  claritty annotators ana --role adjudicator\n" +
			"  claritty annotators --adjudicators-see pseudonyms",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			st, err := g.open(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			me, err := g.actor(ctx, st)
			if err != nil {
				return err
			}
			switch {
			case len(args) == 1 && role == "":
				return fmt.Errorf("give the role for %s with --role (annotator, adjudicator or lead)", args[0])
			case len(args) == 1:
				a, err := st.SetRole(ctx, me.ID, args[0], role)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "%s is now %s\n", data.Clean(a.Name), a.Role)
			case role != "":
				return fmt.Errorf("--role needs the annotator's name: claritty annotators NAME --role %s", role)
			}
			if see != "" {
				if err := st.SetSetting(ctx, me.ID, "adjudication_names", see); err != nil {
					return err
				}
			}
			if len(args) == 1 || see != "" {
				return nil
			}
			return listAnnotators(cmd, st)
		},
	}
	cmd.Flags().StringVar(&role, "role", "", "role to give NAME: annotator, adjudicator or lead")
	cmd.Flags().StringVar(&see, "adjudicators-see", "", "names or pseudonyms on the adjudication screen")
	return cmd
}

func listAnnotators(cmd *cobra.Command, st *store.Store) error {
	people, err := st.Annotators(cmd.Context())
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "annotator\trole")
	for _, a := range people {
		fmt.Fprintf(tw, "%s\t%s\n", data.Clean(a.Name), a.Role)
	}
	return tw.Flush()
}
