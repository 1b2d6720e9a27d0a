package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

type annotatorFlags struct {
	role, see  string
	keyFiles   []string
	removeKeys []string
	listKeys   bool
	dataset    string
	standing   string // store.StandingWaive, StandingReset or StandingResume
	quality    bool
	json       bool
}

// changes reports whether the flags change NAME.
func (fl annotatorFlags) changes() bool {
	return fl.role != "" || len(fl.keyFiles) > 0 || len(fl.removeKeys) > 0 || fl.standing != ""
}

func newAnnotatorsCmd(g *globals) *cobra.Command {
	var fl annotatorFlags
	cmd := &cobra.Command{
		Use:   "annotators [NAME --role ROLE] [NAME --key-file KEY.pub]",
		Short: "List annotators, add one, change a role, register SSH keys",
		Long: "Without arguments, list every annotator with their role and how many SSH keys they\n" +
			"have. With NAME and --role, add the annotator or change their role (annotator,\n" +
			"adjudicator, lead). --key-file registers the public keys in a file (one a line, as\n" +
			"ssh-keygen writes KEY.pub; - reads standard input) so NAME can connect to claritty\n" +
			"serve; give it again for more files, and --remove-key FINGERPRINT to take one back.\n" +
			"--keys lists every key's fingerprint. Only a lead changes roles and keys; the first\n" +
			"user of a new database is a lead. --adjudicators-see sets whether the adjudication\n" +
			"screen shows annotators' names or stable pseudonyms.\n" +
			"To leads and adjudicators the list also shows where each annotator stands in every\n" +
			"dataset that trains or checks them (claritty policy --qualify, --check-rate …);\n" +
			"--waive, --reset and --resume change it for NAME in --dataset (leads). --quality\n" +
			"prints each annotator's quality in --dataset (--json for JSON); a lead's adds the figures\n" +
			"per arm of a dataset with arms (docs/study.md).",
		Example: "  claritty annotators\n  claritty annotators ana --role adjudicator\n" +
			"  claritty annotators ana --resume --dataset MIMICS-Manual\n" +
			"  claritty annotators --quality --dataset MIMICS-Manual\n" +
			"  claritty annotators ana --role annotator --key-file ana.pub\n" +
			"  claritty annotators ana --remove-key SHA256:2xq…\n" +
			"  claritty annotators --adjudicators-see pseudonyms",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			if err := fl.pickStanding(cmd); err != nil {
				return err
			}
			if len(args) == 0 && fl.changes() {
				return fmt.Errorf("--role, --key-file, --remove-key, --waive, --reset and --resume need the annotator's name: claritty annotators NAME …")
			}
			if len(args) == 1 && !fl.changes() {
				return fmt.Errorf("give the role for %s with --role (annotator, adjudicator or lead), keys with --key-file, or --waive, --reset or --resume", args[0])
			}
			if len(args) == 1 {
				if err := changeAnnotator(cmd, g, st, me, args[0], fl); err != nil {
					return err
				}
			}
			if fl.see != "" {
				if err := st.SetSetting(ctx, me, "adjudication_names", fl.see); err != nil {
					return err
				}
			}
			switch {
			case fl.listKeys:
				return listKeys(cmd, st, me)
			case fl.quality:
				return showQuality(cmd, st, me, fl)
			case len(args) == 1 || fl.see != "":
				return nil
			}
			return listAnnotators(cmd, st, me, fl.dataset)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.role, "role", "", "role to give NAME: annotator, adjudicator or lead")
	f.StringArrayVar(&fl.keyFiles, "key-file", nil, "register the SSH public keys in this file for NAME (- reads standard input)")
	f.StringArrayVar(&fl.removeKeys, "remove-key", nil, "unregister NAME's key with this fingerprint (SHA256:…)")
	f.BoolVar(&fl.listKeys, "keys", false, "list every registered key (leads)")
	f.StringVar(&fl.see, "adjudicators-see", "", "names or pseudonyms on the adjudication screen")
	f.StringVar(&fl.dataset, "dataset", "", "the dataset whose qualification and quality to show or change (default: every dataset with a training policy; for changes, the first)")
	f.Bool("waive", false, "let NAME do real work in --dataset without qualifying (leads)")
	f.Bool("reset", false, "make NAME qualify in --dataset again, from a fresh round (leads)")
	f.Bool("resume", false, "let NAME, paused after failing gold checks, work in --dataset again (leads)")
	f.BoolVar(&fl.quality, "quality", false, "each annotator's quality in --dataset: HITs, time, gold checks, consistency, agreement, Dawid–Skene (leads, adjudicators)")
	f.BoolVar(&fl.json, "json", false, "with --quality: JSON")
	return cmd
}

// pickStanding reads --waive, --reset and --resume: one at most.
func (fl *annotatorFlags) pickStanding(cmd *cobra.Command) error {
	f := cmd.Flags()
	for flag, change := range map[string]string{"waive": store.StandingWaive, "reset": store.StandingReset, "resume": store.StandingResume} {
		if on, _ := f.GetBool(flag); on {
			if fl.standing != "" {
				return fmt.Errorf("--waive, --reset and --resume: give one at a time")
			}
			fl.standing = change
		}
	}
	return nil
}

// changeAnnotator applies --role, --key-file and --remove-key to name, in
// that order, so one command can add a person with their key. The key files
// are read and checked before anything changes: a bad one changes nothing.
func changeAnnotator(cmd *cobra.Command, g *globals, st *store.Store, me store.Annotator, name string, fl annotatorFlags) error {
	ctx, w := cmd.Context(), cmd.ErrOrStderr()
	var files [][]store.Key
	if len(fl.keyFiles) > 0 {
		// Refused before a byte of a key file is read.
		if err := st.Require(ctx, me, store.ActRoles); err != nil {
			return err
		}
	}
	for _, path := range fl.keyFiles {
		keys, err := keysFrom(g, cmd, path)
		if err != nil {
			return err
		}
		files = append(files, keys)
	}
	if fl.role != "" {
		a, err := st.SetRole(ctx, me, name, fl.role)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s is now %s\n", display.Clean(a.Name), a.Role)
	}
	for _, keys := range files {
		if err := st.AddKeys(ctx, me, name, keys); err != nil {
			return err
		}
		for _, k := range keys {
			fmt.Fprintf(w, "%s: key %s registered\n", display.Clean(name), k.Fingerprint)
		}
	}
	for _, fp := range fl.removeKeys {
		if err := st.RemoveKey(ctx, me, name, fp); err != nil {
			return err
		}
		fmt.Fprintf(w, "%s: key %s removed\n", display.Clean(name), display.Clean(fp))
	}
	if fl.standing != "" {
		return changeStanding(cmd, st, me, name, fl)
	}
	return nil
}

// changeStanding waives, resets or resumes name in the dataset.
func changeStanding(cmd *cobra.Command, st *store.Store, me store.Annotator, name string, fl annotatorFlags) error {
	ctx := cmd.Context()
	d, err := datasetFor(ctx, st, fl.dataset)
	if err != nil {
		return err
	}
	a, err := st.AnnotatorByName(ctx, name)
	if err != nil {
		return err
	}
	if err := st.ChangeStanding(ctx, me, d.ID, a.ID, fl.standing); err != nil {
		return err
	}
	now, err := st.Standing(ctx, d.ID, a.ID)
	if err != nil {
		return err
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "%s in %q: %s\n", display.Clean(name), display.Clean(d.Name), now.Summary())
	return nil
}

func keysFrom(g *globals, cmd *cobra.Command, path string) ([]store.Key, error) {
	f, err := g.inputFile(cmd.InOrStdin(), path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readKeys(f, path)
}

// listAnnotators lists everyone with their role and keys; to a lead or an
// adjudicator, also where each stands in the datasets that train
// annotators (or in the one named).
func listAnnotators(cmd *cobra.Command, st *store.Store, me store.Annotator, dataset string) error {
	ctx := cmd.Context()
	people, err := st.Annotators(ctx)
	if err != nil {
		return err
	}
	var trained []store.Dataset
	if store.Allows(me.Role, store.ActQuality) {
		if trained, err = trainingDatasets(cmd, st, dataset); err != nil {
			return err
		}
	}
	tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "annotator\trole\tkeys")
	for _, d := range trained {
		fmt.Fprintf(tw, "\t%s", display.Clean(d.Name))
	}
	fmt.Fprintln(tw)
	for _, a := range people {
		fmt.Fprintf(tw, "%s\t%s\t%d", display.Clean(a.Name), a.Role, a.Keys)
		for _, d := range trained {
			s, err := st.Standing(ctx, d.ID, a.ID)
			if err != nil {
				return err
			}
			fmt.Fprintf(tw, "\t%s", s.Summary())
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}

// trainingDatasets is the named dataset, or every dataset whose policy
// trains or checks annotators.
func trainingDatasets(cmd *cobra.Command, st *store.Store, name string) ([]store.Dataset, error) {
	ctx := cmd.Context()
	if name != "" {
		d, err := st.DatasetByName(ctx, name)
		return []store.Dataset{d}, err
	}
	all, err := st.Datasets(ctx)
	if err != nil {
		return nil, err
	}
	var out []store.Dataset
	for _, d := range all {
		t, err := st.DatasetTraining(ctx, d.ID)
		if err != nil {
			return nil, err
		}
		if t.Qualify > 0 || t.CheckRate > 0 || t.RepeatRate > 0 || t.PauseBelow > 0 || t.Fast > 0 || t.AttentionRate > 0 || t.SwapRate > 0 {
			out = append(out, d)
		}
	}
	return out, nil
}

func listKeys(cmd *cobra.Command, st *store.Store, me store.Annotator) error {
	keys, err := st.Keys(cmd.Context(), me)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "annotator\tfingerprint\tcomment\tadded")
	for _, k := range keys {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", display.Clean(k.Annotator), k.Fingerprint, display.Clean(k.Comment), k.AddedAt)
	}
	return tw.Flush()
}

// showQuality prints each annotator's quality in the dataset (leads and
// adjudicators: the store refuses anyone else).
func showQuality(cmd *cobra.Command, st *store.Store, me store.Annotator, fl annotatorFlags) error {
	ctx := cmd.Context()
	d, err := datasetFor(ctx, st, fl.dataset)
	if err != nil {
		return err
	}
	q, err := report.ReadQuality(ctx, st, me, d)
	if err != nil {
		return err
	}
	if fl.json {
		return q.WriteJSON(cmd.OutOrStdout())
	}
	_, err = fmt.Fprint(cmd.OutOrStdout(), q.Text())
	return err
}
