package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

func newRootCmd(g *globals) *cobra.Command {
	var dataset, serpURL string
	cmd := &cobra.Command{
		Use:   "claritty",
		Short: "A terminal workbench for judging search clarifications",
		Long: "claritty opens your next unfinished HIT: label MIMICS clarification panes step by\n" +
			"step (search results, question, answer set, landing pages). Every label is saved\n" +
			"the moment you key it. A new database starts with a demo dataset.",
		Example:       "  claritty\n  claritty --as ana --dataset MIMICS-Manual\n  claritty import MIMICS-Manual.tsv",
		Args:          rootArgs,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runTUI(cmd.Context(), g, dataset, serpURL, false)
		},
	}
	cmd.SetFlagErrorFunc(flagError)
	cmd.SuggestionsMinimumDistance = 2 // SuggestionsFor's, which rootArgs asks
	pf := cmd.PersistentFlags()
	if g.remote == nil {
		// Over SSH the database is the server's: there is no --db to give.
		pf.StringVar(&g.db, "db", defaultDBPath(), "database file ($CLARITTY_DB, else the XDG data folder)")
		pf.StringVar(&g.dbMode, "db-mode", defaultDBMode(), "mode of a database claritty creates: 0600, or 0660 for a group sharing the file ($CLARITTY_DB_MODE)")
	}
	pf.StringVar(&g.as, "as", "", "act as this annotator (leads only; default: you)")
	pf.BoolVarP(&g.quiet, "quiet", "q", false, "no progress line on a terminal while import, export, backup or agree --ratings work; only their summary")
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset to annotate (default: the first one)")
	cmd.Flags().StringVar(&serpURL, "serp-url", tui.DefaultSERPURL, "results page URL template; {query} is replaced")
	cmd.AddCommand(newImportCmd(g), newExportCmd(g), newBenchCmd(g), newAgreeCmd(g), newPolicyCmd(g),
		newAnnotatorsCmd(g), newAdjudicateCmd(g), newFlagsCmd(g), newStatsCmd(g), newBackupCmd(g), newCheckCmd(g),
		newProtocolsCmd(g), newReportCmd(g), newHistoryCmd(g))
	if g.remote == nil {
		cmd.AddCommand(newServeCmd(g))
	}
	return cmd
}

func runTUI(ctx context.Context, g *globals, dataset, serpURL string, adjudicate bool) error {
	st, an, err := g.openAs(ctx)
	if err != nil {
		return err
	}
	defer st.Close()
	if g.remote == nil {
		if err := fillIfEmpty(ctx, st, an); err != nil {
			return err
		}
	}
	ds, err := datasetFor(ctx, st, dataset)
	if err != nil {
		return err
	}
	if adjudicate && !store.CanAdjudicate(an.Role) {
		return fmt.Errorf("%w: adjudication is for adjudicators and leads; %s's role is %s (a lead can change it: claritty annotators %s --role adjudicator)",
			store.ErrNotAllowed, an.Name, an.Role, an.Name)
	}
	set, err := kinds.Open(ctx, st)
	if err != nil {
		return err
	}
	cfg := tui.Config{Store: st, Dataset: ds, Annotator: an, SERPURL: serpURL, Adjudicate: adjudicate,
		PanePoll: 2 * time.Second, Clock: time.Second, Kinds: set}
	if g.remote != nil {
		return g.remote.runTUI(ctx, cfg) // the server's own key config is not the client's
	}
	keys, err := tui.LoadKeyConfig(tui.DefaultKeyConfigPath())
	if err != nil {
		return err
	}
	cfg.Keys = keys
	if err := needTerminal(); err != nil {
		return err
	}
	m, err := tui.New(ctx, cfg)
	if err != nil {
		return err
	}
	_, err = tea.NewProgram(m, tea.WithContext(ctx)).Run()
	m.Close()
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	if m.Interrupted() {
		return errInterrupted
	}
	return nil
}

// errNoTerminal is the screen started where there is no terminal to draw
// it on (a script, cron, a pipe with no controlling terminal).
var errNoTerminal = errors.New("the screen needs a terminal, and there is none here: " +
	"run it in a terminal, or use a subcommand (claritty --help lists them: import, export, stats, agree …)")

// needTerminal refuses to start the screen without a terminal: the screen
// reads keys from standard input, or from the controlling terminal when
// standard input is a file or a pipe.
func needTerminal() error {
	if term.IsTerminal(os.Stdin.Fd()) {
		return nil
	}
	in, out, err := tea.OpenTTY()
	if err != nil {
		return errNoTerminal
	}
	in.Close()
	out.Close()
	return nil
}

// fillIfEmpty gives a new database the demo dataset, so the first run has
// something to label. Only a lead imports (the one behind --as, if any;
// only a lead can use it), so for anyone else it leaves the database as
// it is.
func fillIfEmpty(ctx context.Context, st *store.Store, who store.Annotator) error {
	if who.ByID != 0 {
		who = store.Annotator{ID: who.ByID, Name: who.ByName, Role: store.RoleLead}
	}
	ds, err := st.Datasets(ctx)
	if err != nil || len(ds) > 0 || !store.Allows(who.Role, store.ActImport) {
		return err
	}
	return data.LoadDemo(ctx, st, who)
}
