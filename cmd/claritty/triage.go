package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// triageNone is --triage's word for ending triage.
const triageNone = "none"

// triageFlags adds --triage, --confidence, --agree-with, --audit and --seed.
func triageFlags(cmd *cobra.Command, o *store.Triage) {
	f := cmd.Flags()
	f.StringVar(&o.Run, "triage", "", "the labels run whose confident labels settle items nobody has had, with no annotator: "+
		"judge-first triage (none: end triage, its items go back to people; see docs/study.md)")
	f.Float64Var(&o.Confidence, "confidence", 0, "with --triage: the run's least confidence (0-1) on every unit of an item it settles")
	f.StringVar(&o.AgreeWith, "agree-with", "", "with --triage: a second labels run that must give the same label on every unit")
	f.Float64Var(&o.Audit, "audit", 0, "with --triage: the share (0-1) of the items the run would settle that go to people as usual, an audit of the run")
	f.Int64Var(&o.Seed, "seed", 0, "with --triage: the seed of the audit's draw (an item is audited when the first 8 bytes of "+
		"SHA-256 of \"SEED:UID\", over 2^64, are below --audit); 0: a random seed, shown to leads by policy and stats --json")
}

// triageRequest reads the triage flags: ok false when --triage is not
// given; t nil for --triage none. Flags that need --triage without it, or
// --triage without --confidence and --audit, are refused before anything
// changes.
func triageRequest(cmd *cobra.Command, o *store.Triage) (t *store.Triage, ok bool, err error) {
	f := cmd.Flags()
	if !f.Changed("triage") {
		for _, name := range []string{"confidence", "agree-with", "audit", "seed"} {
			if f.Changed(name) {
				return nil, false, fmt.Errorf("--%s goes with --triage RUN", name)
			}
		}
		return nil, false, nil
	}
	if o.Run == triageNone || o.Run == "" {
		return nil, true, nil
	}
	if !f.Changed("confidence") || !f.Changed("audit") {
		return nil, false, fmt.Errorf("--triage %s: say --confidence C and --audit P (e.g. --confidence 0.9 --audit 0.1)", display.Clean(o.Run))
	}
	tr := *o
	return &tr, true, nil
}

// applyTriage sets the dataset's triage (a lead's only: the store refuses
// anyone else) and says where it sent the items.
func applyTriage(ctx context.Context, w io.Writer, st *store.Store, me store.Annotator, d store.Dataset, t *store.Triage) error {
	routed, err := st.SetTriage(ctx, me, d.ID, t)
	if err != nil {
		return err
	}
	if t == nil {
		_, err = fmt.Fprintf(w, "triage ended: every item goes to people\n")
		return err
	}
	_, err = fmt.Fprintf(w, "triage routed the %s nobody had: %d to the judge, %d audited, %d to people; %s someone had kept their route\n",
		display.Count(routed.Judge+routed.Audit+routed.People, "item", "items"), routed.Judge, routed.Audit, routed.People,
		display.Count(routed.Kept, "item", "items"))
	return err
}

// writeTriageLine says the dataset's triage, to a lead only: no one else
// learns there is triage, let alone which items it routed.
func writeTriageLine(ctx context.Context, w io.Writer, st *store.Store, me store.Annotator, d store.Dataset) error {
	if !store.Allows(me.Role, store.ActPolicy) {
		return nil
	}
	return withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
		tp, routes, ok, err := r.Triage(ctx)
		if err != nil || !ok {
			return err
		}
		judge, audit := routes.Count()
		agree := ""
		if tp.AgreeWith != "" {
			agree = fmt.Sprintf(" agreeing with %s", display.Clean(tp.AgreeWith))
		}
		_, err = fmt.Fprintf(w, "triage: run %s at confidence ≥ %g%s settles %d items with no annotator; %d more audited (audit %g, seed %d)\n",
			display.Clean(tp.Run), tp.Confidence, agree, judge, audit, tp.Audit, tp.Seed)
		return err
	})
}
