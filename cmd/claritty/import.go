package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
)

func newImportCmd(g *globals) *cobra.Command {
	var opt data.Options
	var practice, goldCheck bool
	var joins []string
	var protocol string
	policy := store.DefaultPolicy
	cmd := &cobra.Command{
		Use:   "import FILE...",
		Short: "Load panes, labels or search results into the database",
		Long: "Load MIMICS TSVs (mimics-manual, mimics-click), Bing Web Search API results (serp),\n" +
			"ClariMM conversations to rate (clarimm JSONL; image paths relative to the file's folder),\n" +
			"Clarify-Then-Search gold nuggets (nuggets JSONL: {\"id\", \"query\", \"blurred_query\"?,\n" +
			"\"nuggets\": [{\"id\", \"text\", \"weight\"}]}, or the nuggets under \"gold\") and a system's\n" +
			"answers to judge against them (candidates JSONL: {\"id\", \"answer\", \"k\"?}, --system NAME),\n" +
			"ClariLM necessity requests (necessity JSONL, the shipped protocol file: {\"id\", \"request\", \"context\"?: [{\"role\", \"text\"}],\n" +
			"\"facets\"?: [...] (at most 9), \"reference\"?}), outputs to compare blind (pairs JSONL: {\"id\",\n" +
			"\"request\", \"context\"?, \"outputs\": {\"<system>\": \"text\", ...}}; every pair of systems, or each\n" +
			"against --against REF),\n" +
			"or labels exported from another database (labels, clarimm-ratings), to merge annotators' work.\n" +
			"A labels file names each item by its uid, as exports give it, or by its own id where a\n" +
			"protocol file's [item] id is one column (ClariQ's topic_id: 101; see \"Naming an item\"\n" +
			"in docs/protocols.md).\n" +
			"The format is detected from the first line unless --format is given. Each file is\n" +
			"imported whole or not at all; importing a file again adds nothing. A merged label\n" +
			"that differs from the stored one replaces it only if it is newer (updated_at; a file\n" +
			"without times counts as newest), and the change goes into the history. A compare pair\n" +
			"exported below the lead (its blind id pair-…, the side seen: A, tie, B) merges only into\n" +
			"the database it came from or a copy of it (a backup): another database drew its own sides.\n" +
			"--practice and --gold-check import a mimics-manual file's panes (or a protocol file's items,\n" +
			"its label columns) with their labels as the answers: practice for new annotators of\n" +
			"--dataset (with feedback), or hidden checks mixed into real work (claritty policy\n" +
			"--qualify, --check-rate). They never reach the task's gold, agreement or exports.\n" +
			"Only a lead imports data; anyone may merge labels under their own name (a lead, anyone's).\n" +
			"FILE - reads standard input (over SSH, the only way: ssh HOST import - < FILE).\n" +
			"A protocol whose items cite a second file ([[join]]: trec-rag-support's segment corpus) takes it\n" +
			"with --join NAME=FILE; over SSH both come on standard input, the joined file first, ended by a\n" +
			"line " + data.JoinEnd + " (--join NAME=- -).",
		Example: "  claritty import MIMICS-Manual.tsv\n  claritty import --format serp results.jsonl\n" +
			"  claritty import --format clarimm conversations.jsonl\n" +
			"  claritty import --format nuggets gold.jsonl\n" +
			"  claritty import --format candidates --system baseline answers.jsonl\n" +
			"  claritty import --format necessity requests.jsonl\n" +
			"  claritty import --format pairs --against baseline outputs.jsonl\n" +
			"  claritty import --format labels labels-from-laptop.tsv\n" +
			"  claritty import --practice --dataset MIMICS-Manual practice.tsv\n" +
			"  claritty import --gold-check --dataset MIMICS-Manual checks.tsv\n" +
			"  claritty import --join segment=corpus.jsonl answers.jsonl",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			// A policy is set only when asked, so a re-import keeps a changed one.
			if err := knownPurpose(&opt, practice, goldCheck); err != nil {
				return err
			}
			if policyChanged(cmd) {
				if opt.Purpose != "" {
					return fmt.Errorf("--min, --max, --lease and --gold set the task's policy: give them to claritty policy, not with --practice or --gold-check")
				}
				if err := policy.Check(); err != nil {
					return err
				}
				if policy.Gold == store.GoldDawidSkene {
					// Whether its fit converges depends on the labels: claritty
					// policy checks that once they are in.
					return fmt.Errorf("--gold dawid-skene is set with claritty policy once the labels are in: it checks that the model's fit converges")
				}
				opt.Policy = &policy
			}
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			opt.NoLocalFiles = g.remote != nil
			if protocol != "" || data.ImportsItems(opt) {
				// Refused before a byte of the upload is read or parsed.
				if err := st.Require(ctx, me, store.ActImport); err != nil {
					return err
				}
			}
			if err := importFormats(ctx, g, cmd, st, &opt, protocol, args); err != nil {
				return err
			}
			var closers []io.Closer
			opt.Joins, closers, err = g.joinFiles(cmd.InOrStdin(), joins, args)
			for _, c := range closers {
				defer c.Close()
			}
			if err != nil {
				return err
			}
			for _, path := range args {
				f, err := g.inputFile(cmd.InOrStdin(), path)
				if err != nil {
					return err
				}
				res, err := importWithProgress(cmd, g, st, me, f, path, opt)
				f.Close()
				if err != nil {
					return err
				}
				reportImport(cmd, res)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar((*string)(&opt.Format), "format", "", "file format: "+strings.Join(namesOf(kinds.BuiltinFormats()), ", ")+
		", or a protocol's name (claritty protocols) (default: detect)")
	f.StringVar(&protocol, "protocol", "", "import under this protocol file (TOML; docs/protocols.md documents it), kept in the database as a kind of its own")
	f.StringVar(&opt.Dataset, "dataset", "", "dataset to add the panes to (default: the file's name); for labels, where their panes are")
	f.StringVar(&opt.System, "system", "", "for a candidates file: the system whose answers these are (else each line's \"system\")")
	f.StringVar(&opt.Against, "against", "", "for a pairs file: compare each system with this one only (else every pair)")
	f.StringVar(&opt.LabelsAs, "labels-as", data.DefaultLabelsAs, "annotator that a release file's labels belong to: a mimics-manual file's, or a protocol file's label columns")
	f.IntVar(&opt.MaxLine, "max-line", data.DefaultMaxLine, "longest line accepted, in bytes")
	f.StringArrayVar(&joins, "join", nil, "the file a protocol's [[join]] NAME reads beside the data, as NAME=FILE (TREC RAG's segment corpus: --join segment=corpus.jsonl); NAME=- reads it from standard input before the data (DATA -), ended by a line "+data.JoinEnd)
	f.BoolVar(&practice, "practice", false, "the panes are practice for --dataset: their labels are the answers an annotator's practice is checked against")
	f.BoolVar(&goldCheck, "gold-check", false, "the panes are hidden gold checks for --dataset: their labels are the answers")
	policyFlags(cmd, &policy)
	return cmd
}

// importWithProgress imports one file, a progress line counting the bytes
// read of it on a terminal (of its size, where that is known): a merge
// (--format labels) says "merge", anything else "import".
func importWithProgress(cmd *cobra.Command, g *globals, st *store.Store, me store.Annotator, f io.Reader, path string, opt data.Options) (data.Result, error) {
	verb := "import"
	if opt.Format == data.FormatLabels {
		verb = "merge"
	}
	r, p := g.readProgress(cmd, verb, f, path)
	res, err := data.Import(cmd.Context(), st, me, r, path, opt)
	p.stop()
	return res, err
}

// importFormats are the formats an import may read: the database's kinds',
// or, with --protocol FILE.toml, that file's alone.
func importFormats(ctx context.Context, g *globals, cmd *cobra.Command, st *store.Store, opt *data.Options, protocol string, args []string) error {
	set, err := kinds.Open(ctx, st)
	if err != nil {
		return err
	}
	if opt.Formats, err = set.Formats(); err != nil || protocol == "" {
		return err
	}
	if protocol == "-" && slices.Contains(args, "-") {
		return errProtocolStdin
	}
	pt, err := g.readProtocol(cmd.InOrStdin(), protocol)
	if err != nil {
		return err
	}
	if opt.Format != data.FormatAuto && opt.Format != store.Format(pt.File.Name) {
		return fmt.Errorf("--protocol imports under its own kind (%s): leave out --format", pt.File.Name)
	}
	own := kinds.FromFile(*pt).Formats
	opt.Format, opt.Formats = own[0].Name(), own
	return nil
}

func namesOf(formats []data.Format) []string {
	out := make([]string, len(formats))
	for i, f := range formats {
		out[i] = string(f.Name())
	}
	return out
}

// knownPurpose sets the import's purpose from --practice and --gold-check.
func knownPurpose(opt *data.Options, practice, goldCheck bool) error {
	switch {
	case practice && goldCheck:
		return fmt.Errorf("--practice and --gold-check: an item is one or the other; import them from two files")
	case practice:
		opt.Purpose = store.PurposePractice
	case goldCheck:
		opt.Purpose = store.PurposeCheck
	}
	return nil
}

func reportImport(cmd *cobra.Command, r data.Result) {
	w := cmd.ErrOrStderr()
	for _, n := range r.Notes {
		fmt.Fprintln(w, "warning: "+n)
	}
	r.File = display.Clean(r.File)
	if m := r.Merge; r.Format == data.FormatLabels {
		fmt.Fprintf(w, "%s: labels: %d added, %d changed, %d already present, %d older than the stored label (kept); %s finished\n",
			r.File, m.Added, m.Changed, m.Same, m.KeptNewer, display.Count(m.Finished, "HIT", "HITs"))
		if m.Withdrawn > 0 {
			fmt.Fprintf(w, "note: %s\n", display.Count(m.Withdrawn, "label withdrawn: the file changed the answer it waited for",
				"labels withdrawn: the file changed the answers they waited for"))
		}
		if m.PastMax > 0 {
			fmt.Fprintf(w, "note: %s more finished HITs than their policy's max: merged work counts "+
				"toward gold and agreement, and claritty gives those items out no more\n", display.Count(m.PastMax, "item now has", "items now have"))
		}
		return
	}
	for _, warn := range r.Warnings {
		fmt.Fprintln(w, "warning: "+warn.String())
	}
	if r.Pictures {
		// A conversation file's: its images that show as placeholders.
		fmt.Fprintf(w, "%s: %s → dataset %q: %s added, %d already present; %s\n",
			r.File, r.Format, r.Dataset, display.Count(r.Items, guidelines.Singular(r.Noun), r.Noun), r.ItemsKnown,
			display.Count(len(r.Warnings), "image shows as a placeholder", "images show as placeholders"))
		return
	}
	switch r.Format {
	case data.FormatNuggets:
		fmt.Fprintf(w, "%s: nuggets → dataset %q: %s added, %d already present\n",
			r.File, r.Dataset, display.Count(r.Intents, "intent", "intents"), r.ItemsKnown)
		return
	case data.FormatCandidates:
		fmt.Fprintf(w, "%s: candidates → dataset %q: %s added, %d already present\n",
			r.File, r.Dataset, display.Count(r.Items, "answer", "answers"), r.ItemsKnown)
		return
	}
	if r.Format == data.FormatSERP {
		fmt.Fprintf(w, "%s: serp: %s added (%s), %d already present\n",
			r.File, display.Count(r.Queries, "query", "queries"), display.Count(r.Results, "result", "results"), r.QueriesKnown)
		return
	}
	noun := map[store.Format]string{data.FormatPairs: "pairs"}[r.Format]
	if noun == "" {
		noun = r.Noun // a protocol file's kind
	}
	if noun == "" {
		noun = "panes"
	}
	if r.Purpose != "" {
		what := map[store.Purpose]string{store.PurposePractice: "practice", store.PurposeCheck: "gold-check"}[r.Purpose]
		fmt.Fprintf(w, "%s: %s → %s %s of dataset %q: %d added, %d already present; %s added, %d already present\n",
			r.File, r.Format, what, noun, r.Dataset, r.Items, r.ItemsKnown, display.Count(r.Labels, "answer", "answers"), r.LabelsKnown)
		return
	}
	fmt.Fprintf(w, "%s: %s → dataset %q: %s added, %d already present; %s added, %d already present\n",
		r.File, r.Format, r.Dataset, display.Count(r.Items, guidelines.Singular(noun), noun), r.ItemsKnown, display.Count(r.Labels, "label", "labels"), r.LabelsKnown)
}
