package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

func newBenchCmd(g *globals) *cobra.Command {
	var dataset string
	var asJSON bool
	var opts report.ScoreOptions
	cmd := &cobra.Command{
		Use:   "bench",
		Short: "Score benchmark runs against the gold labels",
		Long: "Scores every registered run (claritty bench add) against the gold labels as they stand.\n" +
			"--kind nuggets: restore_score_100 = 100 · Σ w·s / Σ w per answer (full 1, partial 0.5,\n" +
			"none 0) over the answers whose every nugget has a gold judgement; per system the mean,\n" +
			"p50 and p90 (linear interpolation between closest ranks, numpy's default) and n.\n" +
			"--kind trec: nDCG@1,3,5, MRR, P@1, P@3 as trec_eval computes them (documents by score,\n" +
			"ties by document id descending; gain = gold grade, discount log2(rank+1), ideal from\n" +
			"every judged grade; unjudged = not relevant; relevant from grade 1; P@k over k),\n" +
			"averaged over the queries that are both in the run and judged.\n" +
			"--kind labels: accuracy, macro-F1 and Cohen's kappa against the gold label of each\n" +
			"predicted unit, pooled and per label type (a facet predicted for a request whose gold\n" +
			"needs no clarification is left out).\n" +
			"--kind questions: ClariLM's token F1 of each generated question against the item's\n" +
			"reference (a necessity request's \"reference\", a MIMICS pane's question): lower-cased,\n" +
			"cut at anything not a letter or digit, articles and stop words removed, averaged over\n" +
			"the items with a reference (BERTScore needs a model and is not computed).\n" +
			"On compare datasets, the gold's win / tie / lose share per pair of systems (from the first\n" +
			"system's side) with 95% Wilson intervals, the share of decisive verdicts the left-hand\n" +
			"output won, and with three or more systems a Bradley–Terry ranking (a tie half a win\n" +
			"each way; a system that won, or lost, every game has no finite strength, which is said,\n" +
			"and the rest are fitted in groups that beat one another round); a judge's labels run\n" +
			"adds the same table by its verdicts and by the gold's over the pairs both judged.\n" +
			"A labels run's figures are per label type; a pooled row (\"pooled\") exists only when all\n" +
			"its types share one scale (MIMICS' question, answer_set, landing), never for necessity and\n" +
			"facet. Runs are scored on settled gold; gold resting on fewer annotators than the\n" +
			"policy's min is provisional and waits, as missing gold does, unless --provisional scores\n" +
			"it. Every row's gold column says how many of the golds it could rest on are settled,\n" +
			"provisional (scored or not) and missing (unresolved, not labelled, flagged).\n" +
			"n counts what the figures rest on; n/total* marks a run not yet wholly judged.\n" +
			"A support dataset (trec-rag-support: each answer of a run judged per sentence and citation)\n" +
			"scores each run its answers come from, TREC 2024 RAG's way (Thakur et al., 2025): weighted\n" +
			"precision = Σ pair weights / pairs, weighted recall = Σ each sentence's best weight /\n" +
			"sentences (full 1, partial 0.5, none 0; a sentence citing nothing 0), a run's mean over its\n" +
			"answers; an answer with a pair without gold is unscored and counted apart.\n" +
			"--json: {\"runs\": [{\"dataset\", \"name\", \"kind\", \"metrics\": {…}, \"pooled_over\"?,\n" +
			"\"by_type\"?, \"by_type_items\"?, \"by_type_gold\"?, \"items\", \"total\", \"complete\",\n" +
			"\"gold\": {\"settled\", \"provisional\", \"missing\", \"provisional_scored\"}, \"comparison\"?,\n" +
			"\"assignments\"?, \"both_orders\"?, \"arena_judgments\"?: {\"rule\": \"both-games\" | \"one-game\" |\n" +
			"\"not recorded\" (registered before it was kept; then the counts are null), \"lines\",\n" +
			"\"dropped\", \"dropped_no_game_scored\", \"dropped_one_game_scored\"}}],\n" +
			"\"comparisons\": [{\"dataset\", \"gold\", \"pairs\", \"position_bias\", \"ranking\", \"bradley_terry\",\n" +
			"\"bootstrap\", \"separability\"}], \"support\"?: [{\"dataset\", \"runs\": [{\"run\", \"answers\", \"unscored\",\n" +
			"\"weighted_precision\", \"weighted_recall\"}]}]};\n" +
			"undefined figures are null.",
		Example: "  claritty bench\n  claritty bench --json\n" +
			"  claritty bench add --kind nuggets --name baseline answers.jsonl",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			st, me, err := g.openAs(cmd.Context())
			if err != nil {
				return err
			}
			defer st.Close()
			scores, comps, err := scoreAll(cmd.Context(), st, me, dataset, opts)
			if err != nil {
				return err
			}
			support, err := supportAll(cmd.Context(), st, me, dataset)
			if err != nil {
				return err
			}
			if asJSON {
				return data.WriteBenchJSON(cmd.OutOrStdout(), scores, comps, support...)
			}
			return kinds.WriteBenchText(cmd.OutOrStdout(), scores, comps, support...)
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "dataset (default: every dataset with runs)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON")
	cmd.Flags().BoolVar(&opts.Provisional, "provisional", false,
		"also score gold labelled by fewer annotators than the policy's min")
	cmd.AddCommand(newBenchAddCmd(g))
	return cmd
}

// scoreAll scores the runs of the named dataset, or of every dataset, as
// me sees them (the items me may still be given left out), and tabulates each
// compare dataset's gold verdicts. Each dataset's runs are scored by its
// kind's descriptor (kinds.Set.Runs).
func scoreAll(ctx context.Context, st *store.Store, me store.Annotator, name string, opts report.ScoreOptions) ([]report.RunScore, []report.ComparisonScore, error) {
	var ds []store.Dataset
	if name != "" {
		d, err := st.DatasetByName(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		ds = []store.Dataset{d}
	} else {
		var err error
		if ds, err = st.Datasets(ctx); err != nil {
			return nil, nil, err
		}
	}
	set, err := kinds.Open(ctx, st)
	if err != nil {
		return nil, nil, err
	}
	var all []report.RunScore
	var comps []report.ComparisonScore
	for _, d := range ds {
		err := withReading(ctx, me, d.ID, st.ReadFigures, func(r *store.Reading) error {
			s, c, err := report.ScoreDataset(ctx, r, d, set.Runs(d.Kind), opts)
			all = append(all, s...)
			if c != nil {
				comps = append(comps, *c)
			}
			return err
		})
		if err != nil {
			return nil, nil, err
		}
	}
	return all, comps, nil
}

func newBenchAddCmd(g *globals) *cobra.Command {
	var opt data.RunOptions
	cmd := &cobra.Command{
		Use:   "add --kind KIND --name NAME FILE",
		Short: "Register a benchmark run",
		Long: "Kinds:\n" +
			"  nuggets    a system's candidate answers, JSONL {\"id\": intent, \"answer\", \"k\"?}; each\n" +
			"             becomes an item to judge against the intent's gold nuggets, the system hidden\n" +
			"             (the same as claritty import --format candidates --system NAME)\n" +
			"  trec       a TREC run, \"query Q0 document rank score tag\": over MIMICS panes\n" +
			"             (\"<item> Q0 <answer position 1-5> …\") it is scored against the gold landing\n" +
			"             labels, over the panes of each query (\"<query text> Q0 <item> …\") against the\n" +
			"             gold answer-set labels; which one is seen from the first line\n" +
			"  labels     predicted labels, \"item unit label\" (white-space separated, header optional),\n" +
			"             scored against the gold label of each unit; on a compare dataset a judge's\n" +
			"             verdict names the better system or tie (\"p1 preference gpt-4\"); an optional\n" +
			"             fourth column, confidence (0-1; header \"item unit label confidence\"), is kept\n" +
			"             for policy --triage\n" +
			"  questions  generated clarifying questions, \"item<TAB>question\" (header item<TAB>question\n" +
			"             optional), over a necessity or MIMICS dataset\n" +
			"  nugget-assignments  an LLM's nugget assignments in nuggetizer's assign output (TREC RAG):\n" +
			"             {\"qid\", \"run_id\", \"nuggets\": [{\"text\", \"importance\", \"assignment\"}]}, each\n" +
			"             line checked against the answer it names; scored as labels and by nuggetizer's\n" +
			"             four scores per system, each with its n: its own over all its answers, its own\n" +
			"             and the people's over the answers people finished, and Kendall's tau-b of the\n" +
			"             systems' two orders\n" +
			"  arena-judgments  an LLM judge's verdicts as arena-hard-auto writes them: {\"uid\", \"model\",\n" +
			"             \"baseline\", \"games\": [{\"score\": \"A>B\"…}, …]}, game 1 the baseline as A, game 2\n" +
			"             the model, always two (a game not scored is null, or its score); over a\n" +
			"             compare dataset, the verdict the two games' together, and the flip rate\n" +
			"             (verdicts that change with the order); a line counts only with both games\n" +
			"             scored, as arena-hard-auto's show_result reads them now (--one-game: the\n" +
			"             older rule, one game scored counts by that game); the output says which\n" +
			"             rule read the file and how many lines it dropped, and the run keeps both\n" +
			"             for bench, its --json and the report to say\n" +
			"A line of labels or questions names its item by its uid, as exports give it, or by its\n" +
			"own id where a protocol file's [item] id is one column (ClariQ's topic_id: 101; see\n" +
			"\"Naming an item\" in docs/protocols.md).\n" +
			"A run is registered whole or not at all: an unknown item, a document retrieved twice,\n" +
			"a bad score or rank, a unit the item lacks or a label off the scale is refused with\n" +
			"file:line. Registering the same file under the same name again adds nothing.\n" +
			"Only a lead registers runs. FILE - reads standard input (over SSH, the only way).",
		Example: "  claritty bench add --kind nuggets --name baseline-k1 answers.jsonl\n" +
			"  claritty bench add --kind trec --name bm25 rerank.run\n" +
			"  claritty bench add --kind labels --name llm-judge predictions.tsv\n" +
			"  claritty bench add --kind arena-judgments --name gpt-4-judge model_judgment/gpt-4.jsonl",
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if opt.Kind == "" || opt.Name == "" {
				return fmt.Errorf("give --kind (%s) and --name", data.RunKindNames(", "))
			}
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			// Refused before a byte of the run is read or parsed.
			if err := st.Require(ctx, me, store.ActImport); err != nil {
				return err
			}
			f, err := g.inputFile(cmd.InOrStdin(), args[0])
			if err != nil {
				return err
			}
			body, err := io.ReadAll(data.LineLimited(f, args[0], opt.MaxLine))
			f.Close()
			if err != nil {
				return err
			}
			set, err := kinds.Open(ctx, st)
			if err != nil {
				return err
			}
			opt.RunKinds = set.RunKinds
			if opt.Formats, err = set.Formats(); err != nil {
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
	f.StringVar((*string)(&opt.Kind), "kind", "", "run kind: "+data.RunKindNames(", "))
	f.StringVar(&opt.Name, "name", "", "the run's (system's) name")
	f.StringVar(&opt.Dataset, "dataset", "", "dataset the run is over (default: found from the file)")
	f.IntVar(&opt.MaxLine, "max-line", data.DefaultMaxLine, "longest line accepted, in bytes")
	f.BoolVar(&opt.OneGame, "one-game", false,
		"with --kind arena-judgments: count a line with one game scored, by that game (arena-hard-auto before v2.0)")
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
		fmt.Fprintf(w, "%s: nuggets run %q → dataset %q: %s added, %d already present\n",
			file, name, display.Clean(res.Dataset), display.Count(res.Items, "answer", "answers"), res.ItemsKnown)
	case res.Known:
		fmt.Fprintf(w, "%s: %s run %q is already registered from this file; nothing added\n", file, opt.Kind, name)
	case opt.Kind == store.RunTREC:
		fmt.Fprintf(w, "%s: trec run %q → dataset %q, against the gold %s labels: %s\n",
			file, name, display.Clean(res.Dataset), strings.ReplaceAll(res.Target, "_", "-"), display.Count(res.RunLines, "line", "lines"))
	case opt.Kind == store.RunQuestions:
		fmt.Fprintf(w, "%s: questions run %q → dataset %q: %s\n", file, name, display.Clean(res.Dataset), display.Count(res.RunLines, "question", "questions"))
	default:
		fmt.Fprintf(w, "%s: labels run %q → dataset %q: %s\n", file, name, display.Clean(res.Dataset), display.Count(res.RunLines, "prediction", "predictions"))
	}
	if res.Rule != "" {
		fmt.Fprintf(w, "%s: %s\n", file, res.Rule)
	}
}
