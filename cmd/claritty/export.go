package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/outfile"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

type exportFlags struct {
	format, out, dataset string
	pseudonymize         bool
	includeUnresolved    bool
	includeIncomplete    bool
	provisional          bool // bench: score provisional gold too
}

func (fl exportFlags) release() report.ReleaseOptions {
	return report.ReleaseOptions{IncludeUnresolved: fl.includeUnresolved, IncludeIncomplete: fl.includeIncomplete}
}

func newExportCmd(g *globals) *cobra.Command {
	var fl exportFlags
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write labels, gold labels or a release file",
		Long: "Formats:\n" +
			"  labels         every label: item unit annotator label created_at updated_at seconds,\n" +
			"                 the file another database merges with claritty import --format labels\n" +
			"                 (--pseudonymize: stable pseudonyms instead of names)\n" +
			"  mimics-manual  gold labels in the released MIMICS-Manual format, panes in import order;\n" +
			"                 flagged panes, panes with units labelled by fewer annotators than the\n" +
			"                 policy's min, and panes with unresolved units are left out and counted\n" +
			"                 on stderr (--include-incomplete keeps the second, --include-unresolved\n" +
			"                 the third, their cells empty)\n" +
			"  gold           one row per unit: item unit label provenance votes adjudicator;\n" +
			"                 provenance is adjudicated, unanimous, majority, median, unresolved,\n" +
			"                 insufficient (fewer annotators than the policy's min: left out unless\n" +
			"                 --include-incomplete), imported (from a release file) or model (policy\n" +
			"                 --gold dawid-skene: a posterior column follows, \"0:0.01,1:0.09,2:0.9\")\n" +
			"  clarimm-ratings  a conversation dataset's ratings: conversation unit annotator rating\n" +
			"                 created_at updated_at seconds (merges like labels; --pseudonymize)\n" +
			"  clarimm-gold   one row per conversation: conversation topic facet turns and the gold\n" +
			"                 rating of relevance_1 … relevance_4, coherence, diversity, intent_reveal\n" +
			"  nugget-judgements  JSONL, one line per answer of a nuggets dataset: {\"id\": intent,\n" +
			"                 \"system\", \"k\", \"restore_score_100\" (null until every nugget is judged),\n" +
			"                 \"nuggets\": [{\"id\", \"weight\", \"coverage\": full|partial|none|null}]}\n" +
			"  necessity-gold JSONL, one line per request of a necessity dataset: {\"id\", \"request\",\n" +
			"                 \"facets\", \"necessity\": gold, \"facet\": gold or null (no yes), \"facet_text\"}\n" +
			"  pairs-gold     JSONL, one line per pair of a compare dataset: {\"id\", \"request\", \"first\",\n" +
			"                 \"second\", \"first_shown\": A|B, \"preference\": gold (win|tie|lose from the\n" +
			"                 first system's side), \"better\": a system, tie or null}\n" +
			"                 a JSONL gold is {\"label\" (null: unresolved), \"provenance\", \"votes\": {label:\n" +
			"                 count}, \"adjudicator\"?}; flagged and insufficient items left out as for gold\n" +
			"  bench          the benchmark summary, as claritty bench --json\n" +
			"A unit's gold label is its adjudicated label if any, else the majority (or, under\n" +
			"policy --gold median, the median) of its settled labels (finished HITs, merged whole\n" +
			"HITs, imported releases). Every release and gold format leaves out flagged items and\n" +
			"items with insufficient units, and says on stderr how many and why. With --out a file\n" +
			"is written atomically (readers never see half of it; a symlink's target is replaced);\n" +
			"a FIFO or a device (/dev/stdout) is written in place and stays what it was.\n" +
			"Who sees what: labels and clarimm-ratings hold a lead's every label and anyone else's\n" +
			"own; the gold, release and judgement formats are for leads; bench is for everyone,\n" +
			"leaving out the items you have open.",
		Example: "  claritty export --format labels --out labels.tsv\n" +
			"  claritty export --format mimics-manual --dataset MIMICS-Manual --out release.tsv\n" +
			"  claritty export --format clarimm-ratings --dataset conversations --out ratings.tsv",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			write, err := exporter(cmd, fl)
			if err != nil {
				return err
			}
			if err := g.checkOutput(fl.out); err != nil {
				return err
			}
			st, me, err := g.openAs(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			run := func(w io.Writer) error { return write(cmd.Context(), st, me, w) }
			if fl.out == "" || fl.out == "-" {
				return run(cmd.OutOrStdout())
			}
			return outfile.Write(fl.out, outfile.Shared, run)
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.format, "format", "labels", "export format: "+strings.Join(exportFormats, ", "))
	f.StringVarP(&fl.out, "out", "o", "", "file to write (default: stdout)")
	f.StringVar(&fl.dataset, "dataset", "", "dataset (labels default: all; others: the first)")
	f.BoolVar(&fl.pseudonymize, "pseudonymize", false, "labels: stable pseudonyms instead of annotator names")
	f.BoolVar(&fl.includeUnresolved, "include-unresolved", false, "mimics-manual: keep panes with unresolved units, their cells empty")
	f.BoolVar(&fl.includeIncomplete, "include-incomplete", false, "release and gold formats: keep items labelled by fewer annotators than the policy's min")
	f.BoolVar(&fl.provisional, "provisional", false, "bench: also score gold labelled by fewer annotators than the policy's min")
	return cmd
}

type writeFunc func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error

// withReading runs fn over a reading of the dataset that open (one of the
// store's ReadLabels, ReadFigures, ReadGold) makes for me: the store
// decides there what me may have.
func withReading(ctx context.Context, me store.Annotator, datasetID int64,
	open func(context.Context, store.Annotator, int64) (*store.Reading, error), fn func(*store.Reading) error) error {
	r, err := open(ctx, me, datasetID)
	if err != nil {
		return err
	}
	defer r.Close()
	return fn(r)
}

// exporter checks the flags and returns the writer for the format.
func exporter(cmd *cobra.Command, fl exportFlags) (writeFunc, error) {
	if fl.pseudonymize && fl.format != "labels" && fl.format != "clarimm-ratings" {
		return nil, fmt.Errorf("--pseudonymize applies to --format labels and clarimm-ratings")
	}
	if fl.includeUnresolved && fl.format != "mimics-manual" {
		return nil, fmt.Errorf("--include-unresolved applies to --format mimics-manual")
	}
	if kept := []string{"mimics-manual", "gold", "clarimm-gold", "nugget-judgements", "necessity-gold", "pairs-gold"}; fl.includeIncomplete && !slices.Contains(kept, fl.format) {
		return nil, fmt.Errorf("--include-incomplete applies to --format %s", strings.Join(kept, ", "))
	}
	if fl.provisional && fl.format != "bench" {
		return nil, fmt.Errorf("--provisional applies to --format bench")
	}
	stderr := cmd.ErrOrStderr()
	summarize := func(d store.Dataset, sum report.ReleaseSummary) {
		fmt.Fprintf(stderr, "%s: %s\n", display.Clean(d.Name), sum.Line(guidelines.ForKind(d.Kind).Items))
	}
	switch fl.format {
	case "labels":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			var id int64
			if fl.dataset != "" {
				d, err := st.DatasetByName(ctx, fl.dataset)
				if err != nil {
					return err
				}
				id = d.ID
			}
			var rename func(string) string
			if fl.pseudonymize {
				var err error
				if rename, err = st.Pseudonyms(ctx); err != nil {
					return err
				}
			}
			return withReading(ctx, me, id, st.ReadLabels, func(r *store.Reading) error {
				return data.WriteLabels(ctx, r, w, rename)
			})
		}, nil
	case "mimics-manual":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			d, err := datasetFor(ctx, st, fl.dataset)
			if err != nil {
				return err
			}
			var sum report.ReleaseSummary
			err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
				sum, err = data.WriteManual(ctx, r, w, fl.release())
				return err
			})
			if err == nil {
				summarize(d, sum)
			}
			return err
		}, nil
	case "gold":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			d, err := datasetFor(ctx, st, fl.dataset)
			if err != nil {
				return err
			}
			var sum report.ReleaseSummary
			err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
				sum, err = report.WriteGold(ctx, r, w, fl.release())
				return err
			})
			if err == nil {
				summarize(d, sum)
			}
			return err
		}, nil
	case "clarimm-ratings":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			d, err := datasetFor(ctx, st, fl.dataset)
			if err != nil {
				return err
			}
			var rename func(string) string
			if fl.pseudonymize {
				if rename, err = st.Pseudonyms(ctx); err != nil {
					return err
				}
			}
			return withReading(ctx, me, d.ID, st.ReadLabels, func(r *store.Reading) error {
				return data.WriteClariMMRatings(ctx, r, w, rename)
			})
		}, nil
	case "clarimm-gold":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			d, err := datasetFor(ctx, st, fl.dataset)
			if err != nil {
				return err
			}
			var sum report.ReleaseSummary
			err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
				sum, err = report.WriteClariMMGold(ctx, r, w, fl.release())
				return err
			})
			if err == nil {
				summarize(d, sum)
			}
			return err
		}, nil
	case "necessity-gold", "pairs-gold":
		kind, write := guidelines.Necessity.Kind, report.WriteNecessityGold
		if fl.format == "pairs-gold" {
			kind, write = guidelines.Compare.Kind, report.WritePairsGold
		}
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			d, err := datasetOfKind(ctx, st, fl.dataset, kind)
			if err != nil {
				return err
			}
			var sum report.ReleaseSummary
			err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
				sum, err = write(ctx, r, w, fl.release())
				return err
			})
			if err == nil {
				summarize(d, sum)
			}
			return err
		}, nil
	case "nugget-judgements":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			d, err := datasetOfKind(ctx, st, fl.dataset, guidelines.Nuggets.Kind)
			if err != nil {
				return err
			}
			var sum report.ReleaseSummary
			err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
				sum, err = report.WriteNuggetJudgements(ctx, r, d, w, fl.release())
				return err
			})
			if err == nil {
				summarize(d, sum)
			}
			return err
		}, nil
	case "bench":
		return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
			scores, comps, err := scoreAll(ctx, st, me, fl.dataset, report.ScoreOptions{Provisional: fl.provisional})
			if err != nil {
				return err
			}
			return report.WriteBenchJSON(w, scores, comps)
		}, nil
	}
	return nil, fmt.Errorf("unknown export format %q (want %s)", fl.format, strings.Join(exportFormats, ", "))
}

var exportFormats = []string{"labels", "mimics-manual", "gold", "clarimm-ratings", "clarimm-gold", "nugget-judgements",
	"necessity-gold", "pairs-gold", "bench"}

// datasetOfKind picks the named dataset, or the first of the kind.
func datasetOfKind(ctx context.Context, st *store.Store, name, kind string) (store.Dataset, error) {
	if name != "" {
		return st.DatasetByName(ctx, name)
	}
	ds, err := st.Datasets(ctx)
	if err != nil {
		return store.Dataset{}, err
	}
	for _, d := range ds {
		if d.Kind == kind {
			return d, nil
		}
	}
	return store.Dataset{}, fmt.Errorf("the database has no %s dataset", kind)
}
