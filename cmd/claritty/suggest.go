package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Mistyped commands and flags get a "did you mean", as git's do.

// rootArgs refuses words after claritty that name no command, suggesting
// the nearest (cobra's own suggestions, which cobra.NoArgs leaves out).
func rootArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q", args[0])
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += fmt.Sprintf(": did you mean %s?", strings.Join(s, " or "))
	}
	return fmt.Errorf("%s (claritty --help lists the commands)", msg)
}

// flagError adds to an unknown flag the nearest the command has.
func flagError(cmd *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	best, dist := "", 3 // two edits at most, as cobra suggests commands
	visit := func(f *pflag.Flag) {
		if d := editDistance(name, f.Name); d < dist {
			best, dist = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	if best == "" {
		return fmt.Errorf("%w (%s --help lists its flags)", err, cmd.CommandPath())
	}
	return fmt.Errorf("%w: did you mean --%s?", err, best)
}

// editDistance is the Levenshtein distance between a and b, by runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := range ra {
		cur := make([]int, len(rb)+1)
		cur[0] = i + 1
		for j := range rb {
			cost := 1
			if ra[i] == rb[j] {
				cost = 0
			}
			cur[j+1] = min(prev[j+1]+1, cur[j]+1, prev[j]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
