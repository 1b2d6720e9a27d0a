package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

type agreeFlags struct {
	dataset, ratings  string
	categories        []string
	json, pairs, wide bool
	opt               agreement.Options
	maxLine           int
}

func newAgreeCmd(g *globals) *cobra.Command {
	fl := agreeFlags{opt: agreement.DefaultOptions}
	cmd := &cobra.Command{
		Use:   "agree",
		Short: "Agreement report for a dataset or a ratings file",
		Long: "Majority votes and inter-annotator agreement per label type, each on its own scale, and,\n" +
			"when the types share one scale, pooled (a necessity dataset's yes/no and facet do not;\n" +
			"then pairs and annotators are over the first type alone): Fleiss' kappa\n" +
			"(Gwet's form when the number of raters varies), per-category kappa, Krippendorff's alpha\n" +
			"(nominal, ordinal, interval), Gwet's AC1, Cohen's kappa per pair of annotators (and\n" +
			"quadratic-weighted on numeric scales, the one to read for ClariMM's 1-5 ratings), each\n" +
			"annotator's \"in majority\" share (their labels that are their unit's majority, their own\n" +
			"vote counted; annotators --quality's \"vs others\" leaves it out), and 95% bootstrap\n" +
			"intervals over the rated units. A value whose chance agreement is 1, or with fewer than\n" +
			"two rated units, is undefined (null in JSON) and says why. Each type says how many units\n" +
			"have two or more labels (all observed agreement rests on them) and warns when that is\n" +
			"under 20 or when most units have a single label; --min-raters 2 computes every figure\n" +
			"over units with at least two. Without a pooled row, JSON's not_pooled says why.\n" +
			"A written type (a protocol's kind = \"text\" step) has no kappa or alpha: it gives the share of\n" +
			"items whose answers are identical (trimmed, case folded) and their mean pairwise token F1 (text).\n" +
			"With --ratings a type's scale is the categories its own labels use (one nobody used is not\n" +
			"counted, which moves AC1; the output says so) unless given: --categories TYPE=a,b,c for a\n" +
			"type (repeat for each), or a bare a,b,c for every type not named, which puts them on one\n" +
			"scale and pools them (a warning says when their labels use different categories).\n" +
			"A dataset's labels count once settled: finished HITs, merged whole HITs, imported releases.\n" +
			"From a dataset the coefficients come from its kept table of count patterns, which costs the\n" +
			"same at a thousand labels or millions; --pairs and --json read every label.\n" +
			"On a dataset with arms every figure rests on the blind arm's labels unless policy\n" +
			"--gold-from all, and a lead's report ends with the figures per arm (JSON: \"arms\"):\n" +
			"agreement within each arm, with each arm's run and with the blind arm's settled gold, and each\n" +
			"arm less the blind arm with --bootstrap intervals over items (docs/study.md).",
		Example: "  claritty agree --dataset MIMICS-Manual\n" +
			"  claritty agree --ratings labels.tsv --categories 0,1,2 --json\n" +
			"  claritty agree --ratings clariq.tsv --categories need=1,2,3,4 --categories usefulness=1,2,3",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if fl.opt.Bootstrap < 0 || fl.opt.Bootstrap > agreement.MaxBootstrap {
				return fmt.Errorf("--bootstrap %d: give 0 (no intervals) to %d replicates", fl.opt.Bootstrap, agreement.MaxBootstrap)
			}
			if fl.ratings == "" && !fl.json && !fl.pairs {
				return keptAgreement(cmd, g, fl)
			}
			rep, what, votes, ratings, arms, err := loadReport(cmd, g, fl)
			if err != nil {
				return err
			}
			if fl.json {
				if !votes {
					// Per-unit majorities are gold in all but name: leads only.
					rep.Majority = nil
					fmt.Fprintln(cmd.ErrOrStderr(), "the per-unit majority list is left out: it is for leads")
				}
				var doc bytes.Buffer
				if err := rep.WriteJSON(display.JSON(&doc)); err != nil { // C1 escaped, as C0 is
					return err
				}
				return withArmsJSON(cmd.OutOrStdout(), doc.Bytes(), arms)
			}
			if err := report.WriteAgreement(chartWriter(cmd), rep, what, fl.opt, ratings, true, agreeLayout(cmd, fl)); err != nil {
				return err
			}
			return writeArmsText(cmd.OutOrStdout(), arms)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.dataset, "dataset", "", "dataset in the database (default: the first)")
	f.StringVar(&fl.ratings, "ratings", "", "a labels TSV (item unit annotator label) instead of the database")
	f.StringArrayVar(&fl.categories, "categories", nil, "with --ratings, a unit type's categories in ordinal order, TYPE=a,b,c (repeat for each type), "+
		"or a,b,c for every type not named (default: each type's own labels)")
	f.BoolVar(&fl.json, "json", false, "write JSON (reads every label, like --pairs)")
	f.BoolVar(&fl.wide, "wide", false, "every coefficient of a type on one row (153 columns); the default when the terminal is 120 or wider")
	f.BoolVar(&fl.pairs, "pairs", false, "also Cohen's kappa per pair of annotators and each annotator against the majority (reads every label)")
	f.IntVar(&fl.maxLine, "max-line", data.DefaultMaxLine, "with --ratings, the longest line accepted, in bytes")
	f.IntVar(&fl.opt.MinRaters, "min-raters", 1, "leave out units with fewer labels than this, from every figure")
	f.IntVar(&fl.opt.Bootstrap, "bootstrap", fl.opt.Bootstrap, fmt.Sprintf("bootstrap replicates for the 95%% intervals (0: none; at most %d)", agreement.MaxBootstrap))
	f.Uint64Var(&fl.opt.Seed, "seed", fl.opt.Seed, "seed of the bootstrap, for reproducible intervals")
	return cmd
}

// loadReport reads the ratings file, or the dataset's labels as the
// acting annotator may read them for figures (the items they may still be
// given left out,
// figures over too few items of others' withheld), into a report from
// every label; it says whether per-unit votes may be shown and whether
// the units are ratings.
func loadReport(cmd *cobra.Command, g *globals, fl agreeFlags) (rep agreement.Report, what string, votes, ratings bool, arms *report.ArmFigures, err error) {
	if fl.ratings != "" {
		rep, st, err := analyzeRatings(cmd, g, fl)
		if err != nil {
			return rep, "", false, false, nil, err
		}
		return rep, fl.ratings, true, ratingUnits(st), nil, nil
	}
	if len(fl.categories) > 0 {
		return rep, "", false, false, nil, fmt.Errorf("--categories goes with --ratings: a dataset's scale is known")
	}
	ctx := cmd.Context()
	s, me, d, err := g.openDataset(ctx, fl.dataset)
	if err != nil {
		return rep, "", false, false, nil, err
	}
	defer s.Close()
	err = withReading(ctx, me, d.ID, s.ReadFigures, func(r *store.Reading) error {
		votes = r.ShowsVotes()
		if rep, err = report.StudyReport(ctx, r, fl.opt); err != nil {
			return err
		}
		arms, err = report.ReadArms(ctx, r, agreeArmOptions(fl))
		return err
	})
	return rep, fmt.Sprintf("dataset %q", display.Clean(d.Name)), votes, s.Protocol(d.Kind).Ratings && rep.Units.Units > 0, arms, err
}

// agreeArmOptions are the per-arm figures' options: agree's bootstrap and
// seed, over every label of each arm (--min-raters is the report's).
func agreeArmOptions(fl agreeFlags) agreement.Options {
	return agreement.Options{Bootstrap: fl.opt.Bootstrap, Seed: fl.opt.Seed}
}

// writeArmsText writes the per-arm figures after a report, when there are.
func writeArmsText(w io.Writer, arms *report.ArmFigures) error {
	if arms == nil {
		return nil
	}
	_, err := io.WriteString(w, "\n"+arms.Text())
	return err
}

// keptAgreement prints a dataset's report from its kept table of count
// patterns, as the acting annotator may read it (the items they may
// still be given left out): every coefficient and interval, no pairs.
func keptAgreement(cmd *cobra.Command, g *globals, fl agreeFlags) error {
	if len(fl.categories) > 0 {
		return fmt.Errorf("--categories goes with --ratings: a dataset's scale is known")
	}
	ctx := cmd.Context()
	s, me, d, err := g.openDataset(ctx, fl.dataset)
	if err != nil {
		return err
	}
	defer s.Close()
	var rep agreement.Report
	var arms *report.ArmFigures
	err = withReading(ctx, me, d.ID, s.ReadFigures, func(r *store.Reading) error {
		if rep, err = report.KeptReport(ctx, r, fl.opt); err != nil {
			return err
		}
		arms, err = report.ReadArms(ctx, r, agreeArmOptions(fl))
		return err
	})
	if err != nil {
		return err
	}
	what := fmt.Sprintf("dataset %q", display.Clean(d.Name))
	err = report.WriteAgreement(chartWriter(cmd), rep, what, fl.opt, s.Protocol(d.Kind).Ratings && rep.Units.Units > 0, false,
		agreeLayout(cmd, fl))
	if err != nil {
		return err
	}
	return writeArmsText(cmd.OutOrStdout(), arms)
}

// analyzeRatings reads the ratings file and computes its figures, a
// progress line (the bytes of the file read) up on a terminal until the
// report can be written; its warnings follow the line.
func analyzeRatings(cmd *cobra.Command, g *globals, fl agreeFlags) (agreement.Report, *agreement.Study, error) {
	warn := &afterProgress{w: cmd.ErrOrStderr()}
	st, err := loadRatings(cmd, g, fl, func(f io.Reader) io.Reader {
		var r io.Reader
		r, warn.p = g.readProgress(cmd, "agree", f, fl.ratings)
		return r
	}, warn)
	if err != nil {
		warn.p.stop()
		return agreement.Report{}, nil, err
	}
	opt := fl.opt
	opt.Stop = cmd.Context().Done()
	rep := agreement.Analyze(st, opt)
	warn.p.stop()
	if err := cmd.Context().Err(); err != nil {
		return rep, nil, err // stopped early: unfinished
	}
	return rep, st, nil
}

// loadRatings reads a labels TSV someone has: it is theirs, so all of it
// may be shown. The file is read through counted, its warnings written to
// warn.
func loadRatings(cmd *cobra.Command, g *globals, fl agreeFlags, counted func(io.Reader) io.Reader, warn io.Writer) (*agreement.Study, error) {
	if fl.dataset != "" {
		return nil, fmt.Errorf("give --dataset or --ratings, not both")
	}
	f, err := g.inputFile(cmd.InOrStdin(), fl.ratings)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	scales, err := ratingScales(fl.categories)
	if err != nil {
		return nil, err
	}
	scales.Kinds = ratingKinds()
	st, notes, err := data.ReadRatingsStudy(counted(f), fl.ratings, fl.maxLine, scales)
	if err != nil {
		return nil, err
	}
	for _, n := range notes {
		fmt.Fprintln(warn, "warning: "+n)
	}
	return st, nil
}

// ratingScales reads --categories: each TYPE=a,b,c a type's own scale,
// a bare a,b,c the one every other type is on.
func ratingScales(flags []string) (data.RatingScales, error) {
	var sc data.RatingScales
	for _, f := range flags {
		typ, list, own := strings.Cut(f, "=")
		if !own || strings.Contains(typ, ",") { // a category may hold "=": a list's first does not start a type
			typ, list, own = "", f, false
		}
		cats := strings.Split(list, ",")
		for i, c := range cats {
			if c == "" || slices.Contains(cats[:i], c) {
				return sc, fmt.Errorf("--categories %s: a category is empty or given twice", display.Clean(f))
			}
		}
		switch {
		case own && typ == "":
			return sc, fmt.Errorf("--categories %s: name the unit type before =", display.Clean(f))
		case own && sc.Of[typ] != nil:
			return sc, fmt.Errorf("--categories: %s's categories are given twice", display.Clean(typ))
		case own:
			if sc.Of == nil {
				sc.Of = map[string][]string{}
			}
			sc.Of[typ] = cats
		case sc.Shared != nil:
			return sc, fmt.Errorf("--categories: two lists for every type; give one, and TYPE=a,b,c for a type of its own")
		default:
			sc.Shared = cats
		}
	}
	return sc, nil
}

// ratingUnits reports whether every unit of the study is one kind's
// rating (ClariMM's 1-5: a shipped protocol file whose labels are
// ratings).
func ratingUnits(st *agreement.Study) bool {
	var units []string
	for _, s := range st.Subjects {
		units = append(units, s.Unit)
	}
	_, ok := data.RatingKind(ratingKinds(), units)
	return ok
}

// ratingKinds are the shipped protocol files' kinds whose statistics are
// a table of ratings ([parts] stats = "ratings": ClariMM's), in name
// order: a labels file agree reads may hold theirs.
func ratingKinds() []guidelines.Protocol {
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		return nil
	}
	var out []guidelines.Protocol
	for _, pt := range shipped {
		if p := pt.File.Protocol(); p.Ratings && pt.File.Parts.Stats == "ratings" {
			out = append(out, p)
		}
	}
	return out
}

// chartWriter is the command's output, with the charts' colours brought
// down to what it is: none for a file or a pipe (the characters carry
// every value), the terminal's profile otherwise.
// agreeLayout is wide when asked, or on a terminal of 120 columns or more;
// else the tables fit 80 (a pipe, a file, a narrow terminal, SSH).
func agreeLayout(cmd *cobra.Command, fl agreeFlags) report.AgreementLayout {
	if fl.wide {
		return report.AgreementLayout{Wide: true}
	}
	if f, ok := cmd.OutOrStdout().(*os.File); ok && term.IsTerminal(f.Fd()) {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w >= 120 {
			return report.AgreementLayout{Wide: true}
		}
	}
	return report.AgreementLayout{}
}

func chartWriter(cmd *cobra.Command) io.Writer {
	return colorprofile.NewWriter(cmd.OutOrStdout(), os.Environ())
}
