package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/outfile"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

type exportFlags struct {
	format, out, dataset string
	pseudonymize         bool
	includeUnresolved    bool
	includeIncomplete    bool
	provisional          bool      // bench: score provisional gold too
	withText             bool      // labels, gold: each item's texts
	stderr               io.Writer // where a release says what it left out
}

func (fl exportFlags) release() report.ReleaseOptions {
	return report.ReleaseOptions{IncludeUnresolved: fl.includeUnresolved, IncludeIncomplete: fl.includeIncomplete, WithText: fl.withText}
}

func newExportCmd(g *globals) *cobra.Command {
	var fl exportFlags
	cmd := &cobra.Command{
		Use:   "export",
		Short: "Write labels, gold labels or a release file",
		Long: "Formats:\n" +
			"  labels         every label: item unit annotator label created_at updated_at seconds,\n" +
			"                 the file another database merges with claritty import --format labels\n" +
			"                 (--pseudonymize: stable pseudonyms instead of names); below the lead a\n" +
			"                 compare pair is its blind id (pair-…) and its label the side seen: A, tie, B;\n" +
			"                 a lead's of a dataset with arms adds arm, first_label and hit_seconds\n" +
			"                 after seconds\n" +
			"  mimics-manual  gold labels in the released MIMICS-Manual format, panes in import order;\n" +
			"                 flagged panes, panes with units labelled by fewer annotators than the\n" +
			"                 policy's min, and panes with unresolved units are left out and counted\n" +
			"                 on stderr (--include-incomplete keeps the second, --include-unresolved\n" +
			"                 the third, their cells empty)\n" +
			"  gold           one row per unit: item unit label provenance votes adjudicator;\n" +
			"                 provenance is adjudicated, unanimous, majority, median, unresolved,\n" +
			"                 insufficient (fewer annotators than the policy's min: left out unless\n" +
			"                 --include-incomplete), imported (from a release file), judge (policy\n" +
			"                 --triage: the run's label) or model (policy --gold dawid-skene: a\n" +
			"                 posterior column follows, \"0:0.01,1:0.09,2:0.9\"); a lead's of a dataset\n" +
			"                 with arms ends with gold_from, the arms whose labels the gold rests on\n" +
			"  clarimm-ratings  a conversation dataset's ratings: conversation unit annotator rating\n" +
			"                 created_at updated_at seconds (merges like labels; --pseudonymize)\n" +
			"  clarimm-gold   one row per conversation: conversation topic facet turns and the gold\n" +
			"                 rating of relevance_1 … relevance_4, coherence, diversity, intent_reveal\n" +
			"                 (a protocol file naming the parts ratings and gold-table, as clarimm.toml\n" +
			"                 does, writes KIND-ratings and KIND-gold under its own name: talks-gold)\n" +
			"  nugget-judgements  JSONL, one line per answer of a nuggets dataset: {\"id\": intent,\n" +
			"                 \"system\", \"k\", \"restore_score_100\" (null until every nugget is judged),\n" +
			"                 \"nuggets\": [{\"id\", \"weight\", \"coverage\": full|partial|none|null}]}\n" +
			"  nuggetizer     JSONL, castorini/nuggetizer's assign output, one line per answer whose\n" +
			"                 nuggets (graded vital or okay, TREC RAG) all have gold: {\"query\", \"qid\",\n" +
			"                 \"answer_text\", \"response_length\", \"run_id\", \"nuggets\": [{\"text\",\n" +
			"                 \"importance\", \"assignment\": support|partial_support|not_support}]}\n" +
			"  necessity-gold JSONL, one line per request of a necessity dataset: {\"id\", \"request\",\n" +
			"                 \"facets\", \"necessity\": gold, \"facet\": gold or null (no yes), \"facet_text\"}\n" +
			"  pairs-gold     JSONL, one line per pair of a compare dataset: {\"id\", \"request\", \"first\",\n" +
			"                 \"second\", \"first_shown\": A|B, \"preference\": gold (win|tie|lose from the\n" +
			"                 first system's side), \"better\": a system, tie or null}\n" +
			"                 a JSONL gold is {\"label\" (null: unresolved), \"provenance\", \"votes\": {label:\n" +
			"                 count}, \"adjudicator\"?}; flagged and insufficient items left out as for gold\n" +
			"  bench          the benchmark summary, as claritty bench --json\n" +
			"  KIND           a built-in kind's own release, under the kind's name: mimics (as\n" +
			"                 mimics-manual), clarimm (clarimm-gold), nuggets (nugget-judgements),\n" +
			"                 necessity (necessity-gold), compare (pairs-gold)\n" +
			"  NAME           a protocol file's kind (claritty protocols): its items in the file's own\n" +
			"                 shape, each label column its unit's gold (a release imported from such a\n" +
			"                 file writes it back byte for byte); a kind judged per nested pair\n" +
			"                 (trec-rag-support) writes one line per judged pair instead: the item's id\n" +
			"                 fields, sentence, citation (from 1), the cited key, the label\n" +
			"                 (topic_id run_id sentence citation docid support)\n" +
			"A unit's gold label is its adjudicated label if any, else the majority (or, under\n" +
			"policy --gold median, the median) of its settled labels (finished HITs, merged whole\n" +
			"HITs, imported releases). Every release and gold format leaves out flagged items and\n" +
			"items with insufficient units, and says on stderr how many and why (and, on a dataset\n" +
			"with arms, which arms its gold came from: docs/study.md). With --out a file\n" +
			"is written atomically (readers never see half of it; a symlink's target is replaced,\n" +
			"but not through another user's link in a sticky folder such as /tmp); a FIFO or a\n" +
			"device (/dev/stdout) is written in place and stays what it was.\n" +
			"Who sees what: labels and clarimm-ratings hold a lead's every label and anyone else's\n" +
			"own; the gold, release and judgement formats are for leads; bench is for everyone,\n" +
			"over the items you can no longer be given (a lead: all but those you have open).",
		Example: "  claritty export --format labels --out labels.tsv\n" +
			"  claritty export --format mimics-manual --dataset MIMICS-Manual --out release.tsv\n" +
			"  claritty export --format clarimm-ratings --dataset conversations --out ratings.tsv\n" +
			"  claritty export --format mimics-duo-quality --dataset duo --out task2.tsv",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// What a release says it left out takes the progress line's place.
			summary := &afterProgress{w: cmd.ErrOrStderr()}
			fl.stderr = summary
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
			toStdout := fl.out == "" || fl.out == "-"
			var p *progressLine
			began := time.Now()
			run := func(w io.Writer) error {
				if toStdout && g.outputTerminal(cmd) {
					// The rows themselves show it going.
					return write(cmd.Context(), st, me, w)
				}
				cw := &countingWriter{w: w}
				p = g.newProgress(cmd, "export", 0, cw.n.Load)
				defer p.stop()
				summary.p = p
				return write(cmd.Context(), st, me, cw)
			}
			dest := fl.out
			if toStdout {
				dest, err = "standard output", run(cmd.OutOrStdout())
			} else {
				err = outfile.Write(fl.out, outfile.Shared, run)
			}
			if err != nil {
				return err
			}
			p.finish("export", dest, began)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.format, "format", "labels", "export format: "+strings.Join(exportNames(nil), ", ")+", or a protocol's name (claritty protocols)")
	f.StringVarP(&fl.out, "out", "o", "", "file to write (default: stdout)")
	f.StringVar(&fl.dataset, "dataset", "", "dataset (labels default: all; others: the first)")
	f.BoolVar(&fl.pseudonymize, "pseudonymize", false, "with --format labels: stable pseudonyms instead of annotator names")
	f.BoolVar(&fl.includeUnresolved, "include-unresolved", false, "with --format mimics-manual (mimics) or a protocol's: keep items with unresolved units, their cells empty")
	f.BoolVar(&fl.includeIncomplete, "include-incomplete", false, "release and gold formats: keep items labelled by fewer annotators than the policy's min")
	f.BoolVar(&fl.provisional, "provisional", false, "with --format bench: also score gold labelled by fewer annotators than the policy's min")
	f.BoolVar(&fl.withText, "with-text", false, "with --format labels or gold: add each item's texts (text, text_2: a pane's query and question, "+
		"a conversation's topic and facet, a request …; a grouped row's own texts beside its unit) and a grouped row's id (row_id), "+
		"for reading; a labels file merges with or without them")
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

// exportFormat is one format claritty export writes: a row of
// exportFormats, with the flags that apply to it.
type exportFormat struct {
	name  string
	title string // a release's name in its kind's papers ("MIMICS-Manual"), if it has one
	// kind is the task kind of the datasets it writes ("" for any).
	kind guidelines.Kind
	// release formats write gold or a release: for leads, summarized on
	// stderr, and --include-incomplete applies.
	release bool
	// firstOfKind: without --dataset, the first dataset of its kind
	// (else the first dataset).
	firstOfKind  bool
	pseudonymize bool // --pseudonymize applies
	unresolved   bool // --include-unresolved applies
	provisional  bool // --provisional applies
	text         bool // --with-text applies
	make         func(f exportFormat, fl exportFlags) writeFunc
}

// exportFormats are the formats claritty export writes, in the order help
// lists them: every kind's (labels, gold), each kind's own (its
// descriptor's: package kinds), then bench.
var exportFormats = func() []exportFormat {
	out := []exportFormat{{name: "labels", pseudonymize: true, text: true, make: exportLabels}}
	kindsOwn := kinds.Exports()
	for i, e := range kindsOwn {
		if i == 1 || len(kindsOwn) == 1 {
			out = append(out, exportFormat{name: "gold", release: true, text: true, make: releaseOf(data.WriteGold)})
		}
		out = append(out, kindExport(e))
	}
	return append(out, exportFormat{name: "bench", provisional: true, make: exportBench})
}()

// kindExport is a kind's export as a row of exportFormats.
func kindExport(e kinds.KindExport) exportFormat {
	f := exportFormat{name: e.Name, title: e.Title, kind: e.Kind, release: e.Release, firstOfKind: e.FirstOfKind,
		unresolved: e.Unresolved, pseudonymize: e.Labels != nil}
	if e.Labels != nil {
		f.make = func(f exportFormat, fl exportFlags) writeFunc { return exportRatings(f, fl, e.Labels) }
	} else {
		f.make = func(f exportFormat, fl exportFlags) writeFunc { return release(f, fl, e.Write) }
	}
	return f
}

// exporter checks the flags and returns the writer for the format.
func exporter(cmd *cobra.Command, fl exportFlags) (writeFunc, error) {
	f, ok := exportFormatNamed(fl.format)
	if !ok {
		return nil, fmt.Errorf("unknown export format %q (want %s, or a protocol file's kind: claritty protocols)",
			display.Clean(fl.format), strings.Join(exportNames(nil), ", "))
	}
	for _, c := range []struct {
		set  bool
		flag string
		to   func(exportFormat) bool // the formats the flag applies to
	}{
		{fl.pseudonymize, "--pseudonymize", func(f exportFormat) bool { return f.pseudonymize }},
		{fl.includeUnresolved, "--include-unresolved", func(f exportFormat) bool { return f.unresolved }},
		{fl.includeIncomplete, "--include-incomplete", func(f exportFormat) bool { return f.release }},
		{fl.provisional, "--provisional", func(f exportFormat) bool { return f.provisional }},
		{fl.withText, "--with-text", func(f exportFormat) bool { return f.text }},
	} {
		if c.set && !c.to(f) {
			names := listed(exportNames(c.to))
			if file, _ := kinds.FileExport("a-protocol"); c.to(kindExport(file)) {
				names = strings.Join(exportNames(c.to), ", ") + " or a protocol's name"
			}
			return nil, fmt.Errorf("%s applies to --format %s", c.flag, names)
		}
	}
	if fl.stderr == nil {
		fl.stderr = cmd.ErrOrStderr()
	}
	return f.make(f, fl), nil
}

// exportFormatNamed is the export format of that name: one of
// exportFormats, or what a protocol file's kind of that name writes (its
// datasets in the file's own shape). Which protocols a database keeps is
// known only once it is open, so a name of that form is taken here and
// checked by the writer.
func exportFormatNamed(name string) (exportFormat, bool) {
	if i := slices.IndexFunc(exportFormats, func(f exportFormat) bool { return f.name == name }); i >= 0 {
		return exportFormats[i], true
	}
	e, ok := kinds.FileExport(name)
	if !ok {
		return exportFormat{}, false
	}
	return kindExport(e), true
}

// exportNames lists the formats that pass keep (nil: all).
func exportNames(keep func(exportFormat) bool) []string {
	var out []string
	for _, f := range exportFormats {
		if keep == nil || keep(f) {
			out = append(out, f.name)
		}
	}
	return out
}

// listed joins names as a sentence does: "a and b", "a, b, c".
func listed(names []string) string {
	if len(names) == 2 {
		return names[0] + " and " + names[1]
	}
	return strings.Join(names, ", ")
}

// exportDataset is the dataset a format writes: the one named, else the
// first (of its kind, for a format that says so).
func exportDataset(ctx context.Context, st *store.Store, f exportFormat, name string) (store.Dataset, error) {
	set, err := kinds.Open(ctx, st)
	if err != nil {
		return store.Dataset{}, err
	}
	if _, ok := set.Kind(f.kind); f.kind != "" && !ok { // a name exportFormatNamed took for a protocol's
		if _, err := guidelines.FindShipped(f.kind); err == nil {
			if d, err := datasetFor(ctx, st, name); name != "" && err == nil {
				// A renamed copy's dataset, say: its kind's name is not the shipped one's.
				return store.Dataset{}, fmt.Errorf("dataset %q holds %s items, not %s items: its kind's exports are named after it (claritty export --help)",
					display.Clean(d.Name), display.Clean(string(d.Kind)), f.kind)
			}
			return store.Dataset{}, fmt.Errorf("no dataset holds %s items yet: a lead imports them first (claritty import FILE)", f.kind)
		}
		return store.Dataset{}, fmt.Errorf("unknown export format %q: neither one of claritty export --help's nor a protocol's (claritty protocols)", f.name)
	}
	if k, ok := set.Kind(f.kind); ok && !k.Writes(f.name) && !slices.ContainsFunc(kinds.Exports(), func(e kinds.KindExport) bool { return e.Name == f.name }) {
		// KIND-ratings of a kind whose protocol file names no such export.
		return store.Dataset{}, fmt.Errorf("unknown export format %q: protocol %s names no such export ([parts] exports)", f.name, f.kind)
	}
	var d store.Dataset
	if f.firstOfKind {
		d, err = datasetOfKind(ctx, st, name, f.kind)
	} else {
		d, err = datasetFor(ctx, st, name)
	}
	if err != nil || f.kind == "" || d.Kind == f.kind {
		return d, err
	}
	switch k, ok := set.Kind(d.Kind); {
	case f.title != "" && ok:
		// A release by another name: the one the dataset's kind has.
		return d, fmt.Errorf("a %s dataset has no %s release: export --format %s", d.Kind, f.title, k.Own)
	case f.name == string(f.kind):
		// A kind's own release under its name (the others' writers say).
		return d, fmt.Errorf("the dataset holds %s items, not %s items", d.Kind, f.kind)
	}
	return d, nil
}

// releaseWriter writes a release or gold file of the reading's dataset.
type releaseWriter = func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error)

// releaseOf is a release format whose writer needs no more than the
// reading.
func releaseOf(write func(context.Context, *store.Reading, io.Writer, report.ReleaseOptions) (report.ReleaseSummary, error)) func(exportFormat, exportFlags) writeFunc {
	return func(f exportFormat, fl exportFlags) writeFunc {
		return release(f, fl, func(ctx context.Context, r *store.Reading, _ store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
			return write(ctx, r, w, opts)
		})
	}
}

// release writes the file over a gold reading of the dataset and says on
// stderr what it left out.
func release(f exportFormat, fl exportFlags, write releaseWriter) writeFunc {
	return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
		d, err := exportDataset(ctx, st, f, fl.dataset)
		if err != nil {
			return err
		}
		var sum report.ReleaseSummary
		var arms string
		err = withReading(ctx, me, d.ID, st.ReadGold, func(r *store.Reading) error {
			if sum, err = write(ctx, r, d, w, fl.release()); err != nil {
				return err
			}
			study, ok, err := r.Study(ctx)
			if ok {
				arms = report.GoldArms(study)
			}
			return err
		})
		if err == nil && fl.stderr != nil {
			fmt.Fprintf(fl.stderr, "%s: %s\n", display.Clean(d.Name), sum.Line(st.Protocol(d.Kind).Items))
			if arms != "" {
				// On stderr, not in the file: a protocol's release is
				// written back byte for byte, and every format's readers
				// keep theirs.
				fmt.Fprintf(fl.stderr, "%s: %s\n", display.Clean(d.Name), arms)
			}
		}
		return err
	}
}

// exportLabels writes every label the reader may see: of the dataset
// named, or of all.
func exportLabels(_ exportFormat, fl exportFlags) writeFunc {
	return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
		var id int64
		if fl.dataset != "" {
			d, err := st.DatasetByName(ctx, fl.dataset)
			if err != nil {
				return err
			}
			id = d.ID
		}
		rename, err := pseudonyms(ctx, st, fl)
		if err != nil {
			return err
		}
		write := data.WriteLabels
		if fl.withText {
			write = data.WriteLabelsText
		}
		return withReading(ctx, me, id, st.ReadLabels, func(r *store.Reading) error {
			return write(ctx, r, w, rename)
		})
	}
}

// exportRatings writes a conversation dataset's ratings the reader may see.
func exportRatings(f exportFormat, fl exportFlags, write func(context.Context, *store.Reading, io.Writer, func(string) string) error) writeFunc {
	return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
		d, err := exportDataset(ctx, st, f, fl.dataset)
		if err != nil {
			return err
		}
		rename, err := pseudonyms(ctx, st, fl)
		if err != nil {
			return err
		}
		return withReading(ctx, me, d.ID, st.ReadLabels, func(r *store.Reading) error {
			return write(ctx, r, w, rename)
		})
	}
}

// pseudonyms renames annotators when --pseudonymize asks (nil: names kept).
func pseudonyms(ctx context.Context, st *store.Store, fl exportFlags) (func(string) string, error) {
	if !fl.pseudonymize {
		return nil, nil
	}
	return st.Pseudonyms(ctx)
}

// exportBench writes every run's scores, as claritty bench --json.
func exportBench(_ exportFormat, fl exportFlags) writeFunc {
	return func(ctx context.Context, st *store.Store, me store.Annotator, w io.Writer) error {
		scores, comps, err := scoreAll(ctx, st, me, fl.dataset, report.ScoreOptions{Provisional: fl.provisional})
		if err != nil {
			return err
		}
		support, err := supportAll(ctx, st, me, fl.dataset)
		if err != nil {
			return err
		}
		return data.WriteBenchJSON(w, scores, comps, support...)
	}
}

// datasetOfKind picks the named dataset, or the first of the kind.
func datasetOfKind(ctx context.Context, st *store.Store, name string, kind guidelines.Kind) (store.Dataset, error) {
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
