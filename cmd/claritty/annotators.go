package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

type annotatorFlags struct {
	role, see  string
	keyFiles   []string
	removeKeys []string
	listKeys   bool
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
			"screen shows annotators' names or stable pseudonyms.",
		Example: "  claritty annotators\n  claritty annotators ana --role adjudicator\n" +
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
			if len(args) == 0 && (fl.role != "" || len(fl.keyFiles) > 0 || len(fl.removeKeys) > 0) {
				return fmt.Errorf("--role, --key-file and --remove-key need the annotator's name: claritty annotators NAME …")
			}
			if len(args) == 1 && fl.role == "" && len(fl.keyFiles) == 0 && len(fl.removeKeys) == 0 {
				return fmt.Errorf("give the role for %s with --role (annotator, adjudicator or lead), or keys with --key-file", args[0])
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
			case len(args) == 1 || fl.see != "":
				return nil
			}
			return listAnnotators(cmd, st)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.role, "role", "", "role to give NAME: annotator, adjudicator or lead")
	f.StringArrayVar(&fl.keyFiles, "key-file", nil, "register the SSH public keys in this file for NAME (- reads standard input)")
	f.StringArrayVar(&fl.removeKeys, "remove-key", nil, "unregister NAME's key with this fingerprint (SHA256:…)")
	f.BoolVar(&fl.listKeys, "keys", false, "list every registered key (leads)")
	f.StringVar(&fl.see, "adjudicators-see", "", "names or pseudonyms on the adjudication screen")
	return cmd
}

// changeAnnotator applies --role, --key-file and --remove-key to name, in
// that order, so one command can add a person with their key.
func changeAnnotator(cmd *cobra.Command, g *globals, st *store.Store, me store.Annotator, name string, fl annotatorFlags) error {
	ctx, w := cmd.Context(), cmd.ErrOrStderr()
	if fl.role != "" {
		a, err := st.SetRole(ctx, me, name, fl.role)
		if err != nil {
			return err
		}
		fmt.Fprintf(w, "%s is now %s\n", display.Clean(a.Name), a.Role)
	}
	for _, path := range fl.keyFiles {
		keys, err := keysFrom(g, cmd, path)
		if err != nil {
			return err
		}
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

func listAnnotators(cmd *cobra.Command, st *store.Store) error {
	people, err := st.Annotators(cmd.Context())
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "annotator\trole\tkeys")
	for _, a := range people {
		fmt.Fprintf(tw, "%s\t%s\t%d\n", display.Clean(a.Name), a.Role, a.Keys)
	}
	return tw.Flush()
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
