package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// policyFlags adds --min, --max and --lease, starting from p.
func policyFlags(cmd *cobra.Command, p *store.Policy) {
	f := cmd.Flags()
	f.IntVar(&p.Min, "min", p.Min, "annotators every pane goes to")
	f.IntVar(&p.Max, "max", p.Max, "annotators a pane with a tied unit may go to, one more at a time")
	f.DurationVar(&p.Lease, "lease", p.Lease, "a HIT left untouched this long is released to others (its labels stay)")
	f.IntVar(&p.WithholdBelow, "withhold-below", 0, "a figure shown to anyone but a lead needs this many items, unless they finished them all (default 5; 1 shows every figure)")
	f.StringVar((*string)(&p.Gold), "gold", "", "how a unit's gold label is chosen: majority, median (rating scales: clarimm), or dawid-skene (the class a Dawid–Skene model of every annotator's errors finds most probable; ties and assignment keep the rule) (default: keep)")
}

// requireConverged refuses a Dawid–Skene gold whose fit of the dataset's
// labels as they stand does not converge: its picks would be where EM
// stopped, not what the model finds most probable.
func requireConverged(ctx context.Context, st *store.Store, me store.Annotator, d store.Dataset) error {
	q, err := report.ReadQuality(ctx, st, me, d)
	if err != nil {
		return err
	}
	if bad := q.Unconverged(); len(bad) > 0 {
		return fmt.Errorf("the Dawid–Skene fit of %q does not converge (%s): its gold would be where the fit stopped; "+
			"--allow-unconverged makes it the gold anyway (exports then mark each such label fit \"not converged\")",
			display.Clean(d.Name), strings.Join(bad, "; "))
	}
	return nil
}

// policyChanged reports whether any policy flag was given.
func policyChanged(cmd *cobra.Command) bool {
	f := cmd.Flags()
	return f.Changed("min") || f.Changed("max") || f.Changed("lease") || f.Changed("gold") || f.Changed("withhold-below")
}

// trainingFlags adds the training policy's flags, starting from t.
func trainingFlags(cmd *cobra.Command, t *store.Training) {
	f := cmd.Flags()
	f.IntVar(&t.Qualify, "qualify", t.Qualify, "practice HITs in a qualification round; real work opens after a round at --pass (0: none asked)")
	f.Float64Var(&t.Pass, "pass", t.Pass, "share of a practice round's units that must match the answers")
	f.Float64Var(&t.CheckRate, "check-rate", t.CheckRate, "share of HITs that are hidden gold checks")
	f.Float64Var(&t.RepeatRate, "repeat-rate", t.RepeatRate, "share of HITs that repeat one the annotator finished")
	f.IntVar(&t.RepeatGap, "repeat-gap", t.RepeatGap, "how many HITs an annotator finishes after an item before it comes back as a repeat")
	f.DurationVar(&t.Fast, "fast", t.Fast, "count a HIT too fast in the quality report when its time, from its opening to its last label, is under this, read from the recorded times so HITs finished before it was set count too (0: none)")
	f.Float64Var(&t.PauseBelow, "pause-below", t.PauseBelow, "pause an annotator whose gold-check accuracy falls below this, a check given back or put off counted as missed (0: never)")
	f.IntVar(&t.PauseAfter, "pause-after", t.PauseAfter, "how many gold checks since the last resume before accuracy can pause anyone")
	f.Float64Var(&t.AttentionRate, "attention-rate", t.AttentionRate,
		"share of HITs that end with the kind's attention question: how many candidate answers a MIMICS pane showed, turns a ClariMM conversation had, or what a protocol file's [attention] asks (it counts as a gold check)")
	f.Float64Var(&t.SwapRate, "swap-rate", t.SwapRate,
		"share of HITs that repeat a comparison the judge finished with its sides swapped, unannounced (compare datasets)")
}

// trainingChanged reports whether any training flag was given, and
// makes t the current policy cur with the flags given applied.
func trainingChanged(cmd *cobra.Command, t *store.Training, cur store.Training) bool {
	f := cmd.Flags()
	merged, changed := cur, false
	set := func(name string, apply func()) {
		if f.Changed(name) {
			apply()
			changed = true
		}
	}
	set("qualify", func() { merged.Qualify = t.Qualify })
	set("pass", func() { merged.Pass = t.Pass })
	set("check-rate", func() { merged.CheckRate = t.CheckRate })
	set("repeat-rate", func() { merged.RepeatRate = t.RepeatRate })
	set("repeat-gap", func() { merged.RepeatGap = t.RepeatGap })
	set("fast", func() { merged.Fast = t.Fast })
	set("pause-below", func() { merged.PauseBelow = t.PauseBelow })
	set("pause-after", func() { merged.PauseAfter = t.PauseAfter })
	set("attention-rate", func() { merged.AttentionRate = t.AttentionRate })
	set("swap-rate", func() { merged.SwapRate = t.SwapRate })
	*t = merged
	return changed
}

// trainingLine says a training policy in words.
func trainingLine(t store.Training, p guidelines.Protocol) string {
	q := "no qualification"
	if t.Qualify > 0 {
		q = fmt.Sprintf("qualify after %s at %.0f%% of units matched", display.Count(t.Qualify, "practice HIT", "practice HITs"), 100*t.Pass)
	}
	pause := "never paused"
	if t.PauseBelow > 0 {
		pause = fmt.Sprintf("paused below %.0f%% gold-check accuracy after %s", 100*t.PauseBelow, display.Count(t.PauseAfter, "check", "checks"))
	}
	fast := "no speed mark"
	if t.Fast > 0 {
		fast = fmt.Sprintf("a HIT under %v counted too fast", t.Fast)
	}
	repeats := fmt.Sprintf("repeats %.0f%%", 100*t.RepeatRate)
	if t.SwapRate > 0 {
		repeats += fmt.Sprintf(", swapped repeats %.0f%%", 100*t.SwapRate)
	}
	attention := ""
	if t.AttentionRate > 0 && p.Attention != nil {
		attention = fmt.Sprintf("; an attention question ends %.0f%% of HITs", 100*t.AttentionRate)
	} else if t.AttentionRate > 0 {
		// The rate stays set, but the kind (its file) no longer asks one.
		attention = "; no attention question (the protocol asks none)"
	}
	return fmt.Sprintf("%s; gold checks %.0f%% of HITs, %s (at least %s later)%s; %s; %s",
		q, 100*t.CheckRate, repeats, display.Count(t.RepeatGap, "HIT", "HITs"), attention, fast, pause)
}

// armsFlags are policy's --arms and --gold-from.
type armsFlags struct{ spec, from string }

// parse reads --arms: nil when it is not given, empty for none. --min or
// --max beside arms is refused (the arms decide them).
func (a armsFlags) parse(cmd *cobra.Command) ([]store.Arm, error) {
	f := cmd.Flags()
	if !f.Changed("arms") {
		return nil, nil
	}
	spec := strings.TrimSpace(a.spec)
	if spec == "" || spec == "none" {
		return []store.Arm{}, nil
	}
	arms, err := store.ParseArms(spec)
	if err == nil && (f.Changed("min") || f.Changed("max")) {
		err = fmt.Errorf("--min and --max cannot go with --arms: the arms decide them (each item gets exactly the sum of their counts)")
	}
	return arms, err
}

// setArms applies the arms parsed (nil: leave them) and --gold-from, if
// either is given.
func (a armsFlags) setArms(cmd *cobra.Command, st *store.Store, me store.Annotator, d store.Dataset, arms []store.Arm) error {
	f := cmd.Flags()
	if arms == nil && !f.Changed("gold-from") {
		return nil
	}
	from := store.GoldFrom(a.from)
	if !f.Changed("gold-from") {
		var err error
		if _, from, err = st.Arms(cmd.Context(), me, d.ID); err != nil {
			return err
		}
	}
	return st.SetArms(cmd.Context(), me, d.ID, arms, from)
}

// armsLine says a dataset's arms and whose labels its gold rests on, for
// a lead; "" when it has none and show is false.
func armsLine(arms []store.Arm, from store.GoldFrom, show bool) string {
	if len(arms) == 0 {
		if !show {
			return ""
		}
		return "arms: none\n"
	}
	total, blind := 0, false
	for _, a := range arms {
		total += a.PerItem
		blind = blind || a.Blind()
	}
	gold := "gold from every arm"
	switch {
	case from == store.GoldFromBlind && blind:
		gold = "gold from the blind arm"
	case from == store.GoldFromBlind:
		gold = "gold from every arm (no arm is blind)"
	}
	return fmt.Sprintf("arms: %s (each item exactly %s); %s\n", display.Clean(store.ArmsSpec(arms)),
		display.Count(total, "annotator", "annotators"), gold)
}

func newPolicyCmd(g *globals) *cobra.Command {
	var dataset string
	var p store.Policy
	var af armsFlags
	var allowUnconverged bool
	var tri store.Triage
	t := store.DefaultTraining
	cmd := &cobra.Command{
		Use:   "policy",
		Short: "Show or change a dataset's redundancy policy",
		Long: "Every pane goes to --min annotators; a unit without a majority sends its pane to one\n" +
			"more, up to --max; still tied, it waits for adjudication. A HIT left untouched for\n" +
			"--lease is released to others. --gold median makes a rating unit's gold label its\n" +
			"median rating instead of its majority (an even split between two ratings counts as a\n" +
			"tie). --withhold-below N: a figure shown to anyone but a lead that rests on fewer than N\n" +
			"items, not all of them finished by the reader, is withheld (default 5). --arms makes a\n" +
			"study of a judge's labels (docs/study.md): 'blind=3, after:RUN=2' gives each item exactly\n" +
			"three annotators who never see run RUN's labels and two who see them after keying their\n" +
			"own (before:RUN: from the start); each annotator stays in one arm, and the arms decide\n" +
			"--min and --max. Arms are set or ended (--arms none) before the dataset's first HIT only.\n" +
			"--gold-from blind|all: gold from the blind arm's labels or every arm's. --triage RUN\n" +
			"--confidence C --audit P [--agree-with RUN2] [--seed N] gives the items nobody has had\n" +
			"whose every unit RUN labels with confidence ≥ C to no annotator, but for a seeded share\n" +
			"P audited by people (a random seed without --seed); --triage none ends it. With no flags, the policy is shown. Only a\n" +
			"lead changes it, and only a lead sees the arms and the triage.",
		Example: "  claritty policy --dataset MIMICS-Manual --min 3 --max 5 --lease 30m\n" +
			"  claritty policy --dataset ratings --gold median\n" +
			"  claritty policy --dataset study --arms 'blind=3, after:gpt=2'",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, me, d, err := g.openDataset(cmd.Context(), dataset)
			if err != nil {
				return err
			}
			defer st.Close()
			req := policyRequest{cmd: cmd, st: st, me: me, d: d, p: p, t: t, arms: af, tri: tri, allowUnconverged: allowUnconverged}
			// Every flag is checked before anything is changed: a refused
			// one leaves the whole policy as it was.
			if err := req.check(); err != nil {
				return err
			}
			if err := req.apply(); err != nil {
				return err
			}
			return req.show()
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: the first)")
	policyFlags(cmd, &p)
	cmd.Flags().BoolVar(&allowUnconverged, "allow-unconverged", false,
		"with --gold dawid-skene: make the model the gold even when its fit does not converge")
	trainingFlags(cmd, &t)
	cmd.Flags().StringVar(&af.spec, "arms", "", "a study's arms, 'blind=3, after:RUN=2' (and before:RUN): how many annotators of each an item gets; none ends them (before the first HIT only)")
	cmd.Flags().StringVar(&af.from, "gold-from", "", "with arms: gold from the blind arm's labels (blind, the default) or every arm's (all)")
	triageFlags(cmd, &tri)
	return cmd
}

// policyRequest is one run of claritty policy: the flags given, and the
// dataset's policy as it was (cur, tcur) and as it is made.
type policyRequest struct {
	cmd              *cobra.Command
	st               *store.Store
	me               store.Annotator
	d                store.Dataset
	p                store.Policy
	t                store.Training
	arms             armsFlags
	tri              store.Triage
	allowUnconverged bool

	cur              store.Policy
	tcur             store.Training
	trained, triaged bool
	newArms          []store.Arm
	triage           *store.Triage
}

// check reads the current policy and checks every flag given against it,
// changing nothing.
func (r *policyRequest) check() error {
	ctx, f := r.cmd.Context(), r.cmd.Flags()
	// A change is a lead's: anyone else is refused before a flag is read
	// against the database, so no answer says whether a run is there.
	if changesPolicy(r.cmd) {
		if err := r.st.Require(ctx, r.me, store.ActPolicy); err != nil {
			return err
		}
	}
	var err error
	if r.cur, err = r.st.DatasetPolicy(ctx, r.d.ID); err != nil {
		return err
	}
	if f.Changed("withhold-below") && r.p.WithholdBelow < 1 {
		return fmt.Errorf("--withhold-below %d: want 1 or more (1 shows every figure)", r.p.WithholdBelow)
	}
	// Only for a lead: anyone else is refused the policy itself.
	if r.p.Gold == store.GoldDawidSkene && r.cur.Model != store.GoldDawidSkene && !r.allowUnconverged &&
		store.Allows(r.me.Role, store.ActPolicy) {
		if err := requireConverged(ctx, r.st, r.me, r.d); err != nil {
			return err
		}
	}
	if r.tcur, err = r.st.DatasetTraining(ctx, r.d.ID); err != nil {
		return err
	}
	if r.trained = trainingChanged(r.cmd, &r.t, r.tcur); r.trained {
		if err := r.st.CheckTraining(ctx, r.d.ID, r.t); err != nil {
			return err
		}
	}
	if r.triage, r.triaged, err = triageRequest(r.cmd, &r.tri); err == nil && r.triaged {
		err = r.st.CheckTriage(ctx, r.d.ID, r.triage)
	}
	if err != nil {
		return err
	}
	if r.newArms, err = r.arms.parse(r.cmd); err != nil {
		return err
	}
	if policyChanged(r.cmd) {
		r.fill()
		return r.p.Check()
	}
	return nil
}

// changesPolicy reports whether any of policy's own flags but --dataset
// was given: with none, the policy is only shown.
func changesPolicy(cmd *cobra.Command) bool {
	changed := false
	cmd.LocalFlags().VisitAll(func(f *pflag.Flag) {
		changed = changed || (f.Changed && f.Name != "dataset")
	})
	return changed
}

// fill takes what the policy flags do not give from the current policy.
func (r *policyRequest) fill() {
	f := r.cmd.Flags()
	if !f.Changed("min") {
		r.p.Min = r.cur.Min
	}
	if !f.Changed("max") {
		r.p.Max = r.cur.Max
	}
	if !f.Changed("lease") {
		r.p.Lease = r.cur.Lease
	}
}

// apply makes the changes asked: arms, then the policy, the training and
// the triage.
func (r *policyRequest) apply() error {
	ctx := r.cmd.Context()
	if err := r.arms.setArms(r.cmd, r.st, r.me, r.d, r.newArms); err != nil {
		return err
	}
	var err error
	if r.cur, err = r.st.DatasetPolicy(ctx, r.d.ID); err != nil {
		return err
	}
	if policyChanged(r.cmd) {
		r.fill()
		if err := r.st.SetPolicy(ctx, r.me, r.d.ID, r.p); err != nil {
			return err
		}
		if r.cur, err = r.st.DatasetPolicy(ctx, r.d.ID); err != nil {
			return err
		}
	}
	if r.trained {
		if err := r.st.SetTraining(ctx, r.me, r.d.ID, r.t); err != nil {
			return err
		}
		r.tcur = r.t
	}
	if r.triaged {
		return applyTriage(ctx, r.cmd.OutOrStdout(), r.st, r.me, r.d, r.triage)
	}
	return nil
}

// show writes the policy as it now stands; the arms and the triage to a
// lead only.
func (r *policyRequest) show() error {
	ctx, w := r.cmd.Context(), r.cmd.OutOrStdout()
	gold := string(r.cur.Gold)
	if r.cur.Model != "" {
		gold = fmt.Sprintf("%s (ties and assignment by %s)", r.cur.Model, r.cur.Gold)
	}
	fmt.Fprintf(w, "dataset %q: min %d, max %s per item; lease %v; gold label by %s\n",
		display.Clean(r.d.Name), r.cur.Min, display.Count(r.cur.Max, "annotator", "annotators"), r.cur.Lease, gold)
	fmt.Fprintf(w, "figures below the lead role: withheld when they rest on fewer than %s "+
		"the reader has not all finished\n", display.Count(r.cur.WithholdBelow, "item", "items"))
	fmt.Fprintf(w, "training: %s\n", trainingLine(r.tcur, r.st.Protocol(r.d.Kind)))
	// The arms are a lead's: anyone else sees nothing of them.
	if store.Allows(r.me.Role, store.ActPolicy) {
		arms, from, err := r.st.Arms(ctx, r.me, r.d.ID)
		if err != nil {
			return err
		}
		f := r.cmd.Flags()
		fmt.Fprint(w, armsLine(arms, from, f.Changed("arms") || f.Changed("gold-from")))
	}
	return writeTriageLine(ctx, w, r.st, r.me, r.d)
}
