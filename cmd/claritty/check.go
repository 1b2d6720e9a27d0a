package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data/outfile"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// errCheckFailed ends check with a non-zero status after its report.
var errCheckFailed = errors.New("the database failed a check")

func newCheckCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "check",
		Short: "Check the database file for damage and broken invariants",
		Long: "Reads the whole database file, read-only, and reports: SQLite's integrity check (every\n" +
			"page, index and constraint), its foreign keys, and claritty's own invariants (every label\n" +
			"has history, item counters match the finished HITs, items are open exactly when their\n" +
			"policy wants more annotators, no item over its policy's max, no item triage gave the\n" +
			"judge handed out). Exit status 0 when all\n" +
			"pass, 1 when any fails. It runs on a file too damaged to open for work; if it reports\n" +
			"damage, stop every claritty using the file, keep a copy, and restore the latest backup.\n" +
			"It also notes a killed backup's temporary file beside the database.",
		Example: "  claritty check\n  claritty --db team.db check",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if g.remote != nil {
				return errors.New("check reads the database file: run it on the server")
			}
			results, err := store.CheckFile(cmd.Context(), g.db)
			if err != nil {
				return err
			}
			w, failed := cmd.OutOrStdout(), false
			for _, r := range results {
				if len(r.Problems) == 0 {
					fmt.Fprintf(w, "ok    %s\n", r.Name)
					for _, n := range r.Notes {
						fmt.Fprintf(w, "      %s\n", display.Clean(n))
					}
					continue
				}
				failed = true
				fmt.Fprintf(w, "FAIL  %s\n", r.Name)
				for _, p := range r.Problems {
					fmt.Fprintf(w, "      %s\n", display.Clean(p))
				}
			}
			if fi, err := os.Stat(g.db); err == nil && fi.Mode().Perm()&0o004 != 0 {
				fmt.Fprintf(w, "note  every user of this machine can read %s (mode %04o): chmod 600 it, or 660 for a group\n",
					display.Clean(g.db), fi.Mode().Perm())
			}
			for _, p := range outfile.Stale(g.db + "-backup") {
				fmt.Fprintf(w, "note  %s was left by a killed backup: the next backup removes it, or delete it\n", display.Clean(p))
			}
			if failed {
				return fmt.Errorf("%w: %s", errCheckFailed, display.Clean(g.db))
			}
			return nil
		},
	}
}
