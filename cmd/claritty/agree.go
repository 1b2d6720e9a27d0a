package main

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

type agreeFlags struct {
	dataset, ratings, categories string
	json, pairs                  bool
	opt                          agreement.Options
	maxLine                      int
}

func newAgreeCmd(g *globals) *cobra.Command {
	fl := agreeFlags{opt: agreement.DefaultOptions}
	cmd := &cobra.Command{
		Use:   "agree",
		Short: "Agreement report for a dataset or a ratings file",
		Long: "Majority votes and inter-annotator agreement per label type and pooled: Fleiss' kappa\n" +
			"(Gwet's form when the number of raters varies), per-category kappa, Krippendorff's alpha\n" +
			"(nominal, ordinal, interval), Gwet's AC1, Cohen's kappa per pair of annotators (and\n" +
			"quadratic-weighted on numeric scales, the one to read for ClariMM's 1-5 ratings), each\n" +
			"annotator's agreement with the majority, and 95% bootstrap intervals over the rated\n" +
			"units. A value whose chance agreement is 1, or with fewer than two rated units, is\n" +
			"undefined (null in JSON). Each type says how many units have two or more labels (all\n" +
			"observed agreement rests on them) and warns when that is under 20 or when most units\n" +
			"have a single label; --min-raters 2 computes every figure over units with at least two.\n" +
			"A dataset's labels count once settled: finished HITs, merged whole HITs, imported releases.\n" +
			"From a dataset the coefficients come from its kept table of count patterns, which costs the\n" +
			"same at a thousand labels or millions; --pairs and --json read every label.",
		Example: "  claritty agree --dataset MIMICS-Manual\n" +
			"  claritty agree --ratings labels.tsv --categories 0,1,2 --json",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if fl.ratings == "" && !fl.json && !fl.pairs {
				return keptAgreement(cmd, g, fl)
			}
			st, what, votes, err := loadStudy(cmd, g, fl)
			if err != nil {
				return err
			}
			rep := agreement.Analyze(st, fl.opt)
			if fl.json {
				if !votes {
					// Per-unit majorities are gold in all but name: leads only.
					rep.Majority = nil
					fmt.Fprintln(cmd.ErrOrStderr(), "the per-unit majority list is left out: it is for leads")
				}
				return rep.WriteJSON(cmd.OutOrStdout())
			}
			return writeAgreement(cmd.OutOrStdout(), rep, what, fl.opt, ratingUnits(st), true)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.dataset, "dataset", "", "dataset in the database (default: the first)")
	f.StringVar(&fl.ratings, "ratings", "", "a labels TSV (item unit annotator label) instead of the database")
	f.StringVar(&fl.categories, "categories", "", "the categories in ordinal order, comma-separated (with --ratings)")
	f.BoolVar(&fl.json, "json", false, "write JSON (reads every label, like --pairs)")
	f.BoolVar(&fl.pairs, "pairs", false, "also Cohen's kappa per pair of annotators and each annotator against the majority (reads every label)")
	f.IntVar(&fl.maxLine, "max-line", data.DefaultMaxLine, "--ratings: longest line accepted, in bytes")
	f.IntVar(&fl.opt.MinRaters, "min-raters", 1, "leave out units with fewer labels than this, from every figure")
	f.IntVar(&fl.opt.Bootstrap, "bootstrap", fl.opt.Bootstrap, "bootstrap replicates for the 95% intervals (0: none)")
	f.Uint64Var(&fl.opt.Seed, "seed", fl.opt.Seed, "seed of the bootstrap, for reproducible intervals")
	return cmd
}

// loadStudy reads the ratings file, or the dataset's labels as the acting
// annotator may read them for figures (their open items left out), and says
// whether per-unit votes may be shown.
func loadStudy(cmd *cobra.Command, g *globals, fl agreeFlags) (st *agreement.Study, what string, votes bool, err error) {
	if fl.ratings != "" {
		st, err = loadRatings(cmd, g, fl)
		return st, fl.ratings, true, err
	}
	if fl.categories != "" {
		return nil, "", false, fmt.Errorf("--categories goes with --ratings: a dataset's scale is known")
	}
	ctx := cmd.Context()
	s, me, d, err := g.openDataset(ctx, fl.dataset)
	if err != nil {
		return nil, "", false, err
	}
	defer s.Close()
	err = withReading(ctx, me, d.ID, s.ReadFigures, func(r *store.Reading) error {
		votes = r.ShowsVotes()
		st, err = data.DatasetStudy(ctx, r)
		return err
	})
	return st, fmt.Sprintf("dataset %q", display.Clean(d.Name)), votes, err
}

// keptAgreement prints a dataset's report from its kept table of count
// patterns, as the acting annotator may read it (their open items left
// out): every coefficient and interval, no pairs.
func keptAgreement(cmd *cobra.Command, g *globals, fl agreeFlags) error {
	if fl.categories != "" {
		return fmt.Errorf("--categories goes with --ratings: a dataset's scale is known")
	}
	ctx := cmd.Context()
	s, me, d, err := g.openDataset(ctx, fl.dataset)
	if err != nil {
		return err
	}
	defer s.Close()
	var rep agreement.Report
	err = withReading(ctx, me, d.ID, s.ReadFigures, func(r *store.Reading) error {
		rep, err = data.KeptReport(ctx, r, fl.opt)
		return err
	})
	if err != nil {
		return err
	}
	what := fmt.Sprintf("dataset %q", display.Clean(d.Name))
	return writeAgreement(cmd.OutOrStdout(), rep, what, fl.opt, d.Kind == guidelines.ClariMM.Kind && rep.Units.Units > 0, false)
}

// loadRatings reads a labels TSV someone has: it is theirs, so all of it
// may be shown.
func loadRatings(cmd *cobra.Command, g *globals, fl agreeFlags) (*agreement.Study, error) {
	if fl.dataset != "" {
		return nil, fmt.Errorf("give --dataset or --ratings, not both")
	}
	f, err := g.inputFile(cmd.InOrStdin(), fl.ratings)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cats []string
	if fl.categories != "" {
		cats = strings.Split(fl.categories, ",")
	}
	st, notes, err := data.ReadRatingsStudy(f, fl.ratings, fl.maxLine, cats)
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		fmt.Fprintln(cmd.ErrOrStderr(), "warning: "+n)
	}
	return st, nil
}

// ratingUnits reports whether every unit of the study is a ClariMM rating.
func ratingUnits(st *agreement.Study) bool {
	for _, s := range st.Subjects {
		if p, ok := guidelines.ForUnit(s.Unit); !ok || p.Kind != guidelines.ClariMM.Kind {
			return false
		}
	}
	return len(st.Subjects) > 0
}

// writeAgreement prints the report as tables for people.
func writeAgreement(w io.Writer, rep agreement.Report, what string, opt agreement.Options, ratings, people bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "Agreement in %s; categories in order: %s.\n", what, strings.Join(rep.Scale.Categories, " < "))
	if rep.Scale.Values == nil {
		fmt.Fprintln(tw, "The categories are not numbers, so interval alpha is undefined.")
	}
	if ratings {
		fmt.Fprintln(tw, "These are ratings: ordinal, not nominal. Read α ordinal, α interval (the points taken as\n"+
			"equally spaced) and the pairs' quadratic-weighted κ; Fleiss' κ, AC1 and α nominal count a\n"+
			"4 against a 5 as fully as a 1 against a 5.")
	}
	ci := func(i agreement.Interval) any { return i }
	if opt.Bootstrap > 0 {
		fmt.Fprintf(tw, "Intervals: 95%%, bootstrap over rated units, %d replicates, seed %d.\n\n", opt.Bootstrap, opt.Seed)
	} else {
		fmt.Fprint(tw, "No intervals (--bootstrap 0).\n\n")
		ci = func(agreement.Interval) any { return "—" }
	}
	if rep.MinRaters > 1 {
		fmt.Fprintf(tw, "Units with fewer than %d labels are left out of every figure (--min-raters).\n\n", rep.MinRaters)
	}
	fmt.Fprintln(tw, "type\tunits\t≥2 labels\tratings\traters\tobserved\tchance\tFleiss κ\t95% CI\tAC1\tα nominal\tα ordinal\t95% CI\tα interval")
	var warnings []string
	for _, t := range append(rep.Types, rep.Pooled) {
		warnings = append(warnings, t.Warnings()...)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d–%d\t%v\t%v\t%v\t%v\t%v\t%v\t%v\t%v\t%v\n", display.Clean(t.Type), t.Items, t.Paired, t.Ratings,
			t.MinRaters, t.MaxRaters, t.Observed, t.Chance, t.FleissKappa, ci(t.CIKappa), t.GwetAC1,
			t.AlphaNominal, t.AlphaOrdinal, ci(t.CIAlphaOrdinal), t.AlphaInterval)
	}
	for _, w := range warnings {
		fmt.Fprintf(tw, "Caution: %s.\n", display.Clean(w))
	}
	fmt.Fprintf(tw, "\nkappa of each category against the rest\ntype")
	for _, c := range rep.Scale.Categories {
		fmt.Fprintf(tw, "\t%s", display.Clean(c))
	}
	fmt.Fprintln(tw)
	for _, t := range append(rep.Types, rep.Pooled) {
		fmt.Fprint(tw, display.Clean(t.Type))
		for _, v := range t.PerCategory {
			fmt.Fprintf(tw, "\t%v", v)
		}
		fmt.Fprintln(tw)
	}
	if people {
		writePeople(tw, rep)
	} else {
		fmt.Fprintln(tw, "\nPairs of annotators and each annotator against the majority: --pairs (reads every label).")
	}
	u := rep.Units
	fmt.Fprintf(tw, "\n%d units, %d with no majority (tied), %d with a single label.\n", u.Units, u.Tied, u.Single)
	return tw.Flush()
}

// writePeople prints the pairs, each annotator against the majority, and
// how many units have no majority.
func writePeople(tw *tabwriter.Writer, rep agreement.Report) {
	fmt.Fprintln(tw, "\nannotator\tunits\tagreement with majority")
	for _, a := range rep.Annotators {
		fmt.Fprintf(tw, "%s\t%d\t%v\n", display.Clean(a.Annotator), a.Items, a.Agreement)
	}
	fmt.Fprintln(tw, "\nannotator\tannotator\tunits\tCohen's κ\tquadratic-weighted κ")
	for _, p := range rep.Pairs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%v\t%v\n", display.Clean(p.A), display.Clean(p.B), p.Items, p.Kappa, p.Weighted)
	}
}
