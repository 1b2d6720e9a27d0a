package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

func newBenchCmd(g *globals) *cobra.Command {
	var dataset string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Score benchmark runs against the gold labels",
		Long: "Scores every registered run (claritty bench add) against the gold labels as they stand.\n" +
			"Nugget runs: restore_score_100 = 100 · Σ w·s / Σ w per answer (full 1, partial 0.5,\n" +
			"none 0) over the answers whose every nugget has a gold judgement; per system the mean,\n" +
			"p50 and p90 (linear interpolation between closest ranks, numpy's default) and n.\n" +
			"Trec runs: nDCG@1,3,5, MRR, P@1, P@3 as trec_eval computes them (documents by score, ties\n" +
			"by document id descending; gain = gold grade, discount log2(rank+1), ideal from every\n" +
			"judged grade; unjudged = not relevant; relevant from grade 1; P@k over k), averaged\n" +
			"over the queries that are both in the run and judged. Labels runs: accuracy, macro-F1\n" +
			"and Cohen's kappa against the gold label of each predicted unit, pooled and per label\n" +
			"type. n counts what the figures rest on; n/total* marks a run not yet wholly judged.\n" +
			"--json: {\"runs\": [{\"dataset\", \"name\", \"kind\", \"metrics\": {…}, \"items\", \"total\",\n" +
			"\"complete\"}]}; undefined figures are null.",
		Example: "  claritty bench\n  claritty bench --json\n" +
			"  claritty bench add --kind nuggets --name baseline answers.jsonl",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, me, err := g.openAs(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			scores, err := scoreAll(cmd.Context(), st, me, dataset)
			if err != nil {
				return err
			}
			if asJSON {
				return report.WriteBenchJSON(cmd.OutOrStdout(), scores)
			}
			return writeBenchText(cmd.OutOrStdout(), scores)
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: every dataset with runs)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON")
	cmd.AddCommand(newBenchAddCmd(g))
	return cmd
}

// scoreAll scores the runs of the named dataset, or of every dataset, as
// me sees them (the items me has open left out).
func scoreAll(ctx context.Context, st *store.Store, me store.Annotator, name string) ([]report.RunScore, error) {
	var ds []store.Dataset
	if name != "" {
		d, err := st.DatasetByName(ctx, name)
		if err != nil {
			return nil, err
		}
		ds = []store.Dataset{d}
	} else {
		var err error
		if ds, err = st.Datasets(ctx); err != nil {
			return nil, err
		}
	}
	var all []report.RunScore
	for _, d := range ds {
		err := withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
			s, err := report.ScoreRuns(ctx, r, d)
			all = append(all, s...)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return all, nil
}

// writeBenchText prints each dataset's leaderboard under its name.
func writeBenchText(w io.Writer, scores []report.RunScore) error {
	if len(scores) == 0 {
		_, err := fmt.Fprintln(w, "no benchmark runs yet: claritty bench add --kind nuggets|trec|labels --name NAME FILE")
		return err
	}
	for i := 0; i < len(scores); {
		j := i
		for j < len(scores) && scores[j].Dataset == scores[i].Dataset {
			j++
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s\n", display.Clean(scores[i].Dataset))
		for _, l := range report.BenchLines(scores[i:j]) {
			if _, err := fmt.Fprintln(w, "  "+l); err != nil {
				return err
			}
		}
		i = j
	}
	return nil
}

func newBenchAddCmd(g *globals) *cobra.Command {
	var opt data.RunOptions
	cmd := &cobra.Command{
		Use:   "add --kind nuggets|trec|labels --name NAME FILE",
		Short: "Register a benchmark run",
		Long: "Kinds:\n" +
			"  nuggets  a system's candidate answers, JSONL {\"id\": intent, \"answer\", \"k\"?}; each\n" +
			"           becomes an item to judge against the intent's gold nuggets, the system hidden\n" +
			"           (the same as claritty import --format candidates --system NAME)\n" +
			"  trec     a TREC run, \"query Q0 document rank score tag\": over MIMICS panes\n" +
			"           (\"<item> Q0 <answer position 1-5> …\") it is scored against the gold landing\n" +
			"           labels, over the panes of each query (\"<query text> Q0 <item> …\") against the\n" +
			"           gold answer-set labels; which one is seen from the first line\n" +
			"  labels   predicted labels, \"item unit label\" (white-space separated, header optional),\n" +
			"           scored against the gold label of each unit\n" +
			"A run is registered whole or not at all: an unknown item, a document retrieved twice,\n" +
			"a bad score or rank, a unit the item lacks or a label off the scale is refused with\n" +
			"file:line. Registering the same file under the same name again adds nothing.\n" +
			"Only a lead registers runs. FILE - reads standard input (over SSH, the only way).",
		Example: "  claritty bench add --kind nuggets --name baseline-k1 answers.jsonl\n" +
			"  claritty bench add --kind trec --name bm25 rerank.run\n" +
			"  claritty bench add --kind labels --name llm-judge predictions.tsv",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opt.Kind == "" || opt.Name == "" {
				return fmt.Errorf("give --kind (%s) and --name", strings.Join(data.RunKinds, ", "))
			}
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			f, err := g.inputFile(cmd.InOrStdin(), args[0])
			if err != nil {
				return err
			}
			body, err := io.ReadAll(data.LineLimited(f, args[0], opt.MaxLine))
			f.Close()
			if err != nil {
				return err
			}
			res, err := data.AddRunBytes(ctx, st, me, body, args[0], opt)
			if err != nil {
				return err
			}
			reportRun(cmd.ErrOrStderr(), args[0], opt, res)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opt.Kind, "kind", "", "run kind: "+strings.Join(data.RunKinds, ", "))
	f.StringVar(&opt.Name, "name", "", "the run's (system's) name")
	f.StringVar(&opt.Dataset, "dataset", "", "dataset the run is over (default: found from the file)")
	f.IntVar(&opt.MaxLine, "max-line", data.DefaultMaxLine, "longest line accepted, in bytes")
	return cmd
}

func reportRun(w io.Writer, file string, opt data.RunOptions, res data.RunResult) {
	name := display.Clean(opt.Name)
	for _, n := range res.Notes {
		fmt.Fprintln(w, "warning: "+n)
	}
	file = display.Clean(file)
	switch {
	case opt.Kind == store.RunNuggets:
		fmt.Fprintf(w, "%s: nuggets run %q → dataset %q: %d answers added, %d already present\n",
			file, name, display.Clean(res.Dataset), res.Items, res.ItemsKnown)
	case res.Known:
		fmt.Fprintf(w, "%s: %s run %q is already registered from this file; nothing added\n", file, opt.Kind, name)
	case opt.Kind == store.RunTREC:
		fmt.Fprintf(w, "%s: trec run %q → dataset %q, against the gold %s labels: %d lines\n",
			file, name, display.Clean(res.Dataset), strings.ReplaceAll(res.Target, "_", "-"), res.RunLines)
	default:
		fmt.Fprintf(w, "%s: labels run %q → dataset %q: %d predictions\n", file, name, display.Clean(res.Dataset), res.RunLines)
	}
}
