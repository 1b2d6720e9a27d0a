package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/charmbracelet/x/ansi"
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

func newFlagsCmd(g *globals) *cobra.Command {
	var dataset string
	var all bool
	cmd := &cobra.Command{
		Use:   "flags",
		Short: "List flagged items; uphold, clear or withdraw a flag",
		Long: "A flag stands while it is open or upheld: the item stays out of every release and\n" +
			"gold export, and out of its author's queue. Leads and adjudicators list everyone's\n" +
			"flags and decide them: uphold (keep the item out) or clear (put it back), each with\n" +
			"a reason. An annotator lists their own flags and may withdraw one while it is open.\n" +
			"Every step is kept in the flag's history (flags history ID). In the TUI, F opens the\n" +
			"same list.",
		Example: "  claritty flags\n  claritty flags uphold 12 --reason \"personal data in answer 3\"\n" +
			"  claritty flags clear 7 --reason \"the page loads now\"\n  claritty flags withdraw 9",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			f := store.FlagFilter{All: all}
			if dataset != "" {
				d, err := st.DatasetByName(ctx, dataset)
				if err != nil {
					return err
				}
				f.DatasetID = d.ID
			}
			fs, err := st.ListFlags(ctx, me, f)
			if err != nil {
				return err
			}
			return writeFlags(cmd.OutOrStdout(), fs)
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "only this dataset's flags (default: every dataset)")
	cmd.Flags().BoolVar(&all, "all", false, "also cleared and withdrawn flags")
	cmd.AddCommand(flagStepCmd(g, "uphold", "Uphold a flag: the item stays out of releases (leads, adjudicators)", true),
		flagStepCmd(g, "clear", "Clear a flag: the item goes back into releases (leads, adjudicators)", true),
		flagStepCmd(g, "withdraw", "Withdraw your own open flag", false),
		flagHistoryCmd(g))
	return cmd
}

func writeFlags(w io.Writer, fs []store.FlagRow) error {
	if len(fs) == 0 {
		_, err := fmt.Fprintln(w, "No flags.")
		return err
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "id\tdataset\titem\tquery\tflagged by\treason\tnote\tat\tstatus\treviewed by\twhy")
	for _, f := range fs {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", f.ID, cell(f.Dataset, 24), cell(f.ItemUID, 24),
			cell(display.Unquote(f.Query), 40), cell(f.Author, 20), f.Reason, cell(f.Note, 40), f.At, f.Status,
			cell(f.Reviewer, 20), cell(f.Review, 40))
	}
	return tw.Flush()
}

// cell is dataset or user text for one table cell: cleaned, on one line,
// at most n cells wide; "-" when empty.
func cell(s string, n int) string {
	if s == "" {
		return "-"
	}
	return ansi.Truncate(display.Clean(s), n, "…")
}

// onFlag runs fn on the flag whose id is the command's argument, as the
// acting annotator; the store decides what they may do to it.
func onFlag(cmd *cobra.Command, g *globals, arg string, fn func(ctx context.Context, st *store.Store, me store.Annotator, id int64) error) error {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		return fmt.Errorf("flag id %q is not a number (claritty flags lists them)", arg)
	}
	ctx := cmd.Context()
	st, me, err := g.openAs(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(ctx, st, me, id)
}

func flagStepCmd(g *globals, step, short string, needReason bool) *cobra.Command {
	var reason string
	cmd := &cobra.Command{
		Use:   step + " ID",
		Short: short,
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return onFlag(cmd, g, args[0], func(ctx context.Context, st *store.Store, me store.Annotator, id int64) error {
				if err := st.ReviewFlag(ctx, me, id, step, reason); err != nil {
					return err
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "flag %d: %s\n", id, store.FlagStatusAfter(step))
				return nil
			})
		},
	}
	usage := "why (kept in the flag's history)"
	if needReason {
		usage += "; required"
	}
	cmd.Flags().StringVar(&reason, "reason", "", usage)
	return cmd
}

func flagHistoryCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "history ID",
		Short: "Every step of a flag: who flagged, upheld, cleared or withdrew it, when and why",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return onFlag(cmd, g, args[0], func(ctx context.Context, st *store.Store, me store.Annotator, id int64) error {
				h, err := st.FlagHistory(ctx, me, id)
				if err != nil {
					return err
				}
				tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
				fmt.Fprintln(tw, "at\tstep\tby\twhy")
				for _, r := range h {
					fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.At, r.Action, cell(r.Actor, 20), cell(r.Reason, 60))
				}
				return tw.Flush()
			})
		},
	}
}
