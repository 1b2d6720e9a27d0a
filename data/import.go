package data

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// The import formats.
const (
	FormatAuto   store.Format = ""
	FormatManual store.Format = "mimics-manual"
	FormatClick  store.Format = "mimics-click"
	FormatSERP   store.Format = "serp"
	FormatLabels store.Format = "labels"
)

// DefaultLabelsAs names the annotator that a release's labels belong to.
const DefaultLabelsAs = "mimics-release"

// Options steer an import.
type Options struct {
	Format   store.Format  // the name of one of Formats; empty detects it from the first line
	Dataset  string        // dataset to add to; empty uses the file's base name (labels: any)
	LabelsAs string        // annotator for a release's labels; empty uses DefaultLabelsAs
	Policy   *store.Policy // the dataset's redundancy policy; nil keeps it
	System   string        // the system whose candidate answers these are
	Against  string        // pairs: compare each system with this one only
	// Purpose imports items with known answers into the dataset's practice
	// (store.PurposePractice) or gold checks (store.PurposeCheck); "" for
	// the task's own items.
	Purpose store.Purpose
	// NoLocalFiles refuses image paths in a clarimm file: over SSH the
	// file comes on standard input, and the server's files are not the
	// client's to read.
	NoLocalFiles bool
	// Joins are the files a protocol file's [[join]] tables name
	// (--join NAME=FILE), read before the data file (protojoin.go).
	Joins []JoinFile
	// MaxLine is the longest line accepted, in bytes; 0 is DefaultMaxLine.
	MaxLine int
	// Formats are the formats the file may be in: a database's kinds'
	// (package kinds: Set.Formats), or with --protocol FILE.toml that
	// file's alone. The built-in formats come before every protocol
	// file's: a first line two protocol files' headers claim is asked
	// about only when no built-in format claims it first.
	Formats []Format
}

// Result says what an import did.
type Result struct {
	File    string
	Format  store.Format
	Dataset string
	Purpose store.Purpose // Options.Purpose
	// Noun is what a protocol file's items are called ("" for the
	// built-in formats, whose summaries say).
	Noun string
	store.ImportStats
	Merge    store.MergeStats // a labels file's
	Warnings []ImageWarning   // a conversation file's images that show as placeholders
	// Pictures says the file's items are conversations whose turns may
	// have images (item.conversation): the summary counts placeholders.
	Pictures bool
	// Notes are what the read noticed that is not an error ("FILE:N: last
	// line has no line end (cut short?)"), for stderr.
	Notes []string
}

// ImportsItems reports whether an import with opt adds items (or sets a
// policy, or keeps a protocol): what only a lead may do, known before a
// byte of the file is read. Labels, which anyone may merge under their own
// name, and a format the file's first line must tell, do not.
func ImportsItems(opt Options) bool {
	return opt.Purpose != "" || opt.Policy != nil ||
		(opt.Format != FormatAuto && opt.Format != FormatLabels)
}

// ImportFile imports one file as who: all of it, or (on any error) none of
// it.
func ImportFile(ctx context.Context, st *store.Store, who store.Annotator, path string, opt Options) (Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Result{File: path}, err
	}
	defer f.Close()
	return Import(ctx, st, who, f, path, opt)
}

// Import reads r (named name in errors) into the store in one transaction,
// as who: items, results and runs only a lead may import (the store
// refuses anyone else), labels anyone may merge under their own name. The
// file is in the format opt.Format names among opt.Formats, or, with none
// named, the one its first line is.
func Import(ctx context.Context, st *store.Store, who store.Annotator, r io.Reader, name string, opt Options) (Result, error) {
	res := Result{File: name, Dataset: opt.Dataset, Purpose: opt.Purpose}
	if opt.LabelsAs == "" {
		opt.LabelsAs = DefaultLabelsAs
	}
	in := importing{st: st, who: who, lr: newLineReader(r, name).limit(opt.MaxLine), opt: opt, res: res}
	var err error
	if in.joins, err = readJoins(&in); err != nil {
		return res, err
	}
	if opt.Format != FormatAuto {
		f, ok := formatNamed(opt.Formats, opt.Format)
		if !ok {
			return res, unknownFormat(opt.Formats, opt.Format)
		}
		if len(in.joins) > 0 && !f.joins {
			return res, joinsRefused(name, string(f.name))
		}
		return f.whole(ctx, in, nil)
	}
	first, err := in.lr.next()
	if errors.Is(err, io.EOF) {
		return res, lineErr(name, 0, "file is empty: want a header line")
	}
	if err != nil {
		return res, err
	}
	first = bytes.Clone(first) // kept while later lines are read
	f, err := detect(in.lr, first, opt.Formats)
	if err != nil {
		return res, err
	}
	if len(in.joins) > 0 && !f.joins {
		return res, joinsRefused(name, string(f.name))
	}
	return f.whole(ctx, in, first)
}

// importLines imports a file in a format data reads into an import it
// begins: its first line read (nil: not yet, and checked against the
// format asked for).
func importLines(ctx context.Context, in importing, format Format, first []byte) (Result, error) {
	res, err := readLines(ctx, in, format, first)
	if err == nil {
		res.Notes = in.lr.warnings()
	}
	return res, err
}

func readLines(ctx context.Context, in importing, format Format, first []byte) (Result, error) {
	st, who, lr, opt, res := in.st, in.who, in.lr, in.opt, in.res
	name := lr.file
	if first == nil {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			return res, lineErr(name, 0, "file is empty: want a header line")
		}
		if err != nil {
			return res, err
		}
		first = bytes.Clone(line) // kept while later lines are read
		if err := isFormat(lr, first, opt.Formats, format.name); err != nil {
			return res, err
		}
	}
	res.Format = format.name
	if format.read == nil { // labels
		var err error
		res.Merge, err = mergeLabels(ctx, st, who, lr, first, opt)
		return res, err
	}
	dataset, err := datasetOf(ctx, st, name, res.Format, opt)
	if err != nil {
		return res, err
	}
	res.Dataset = dataset
	var im *store.Importer
	if opt.Purpose != "" {
		im, err = st.BeginKnownImport(ctx, who, dataset, opt.Purpose, format.kind, res.Format)
	} else {
		im, err = st.BeginImport(ctx, who, dataset, format.kind, res.Format)
	}
	if err != nil {
		return res, err
	}
	defer im.Rollback()
	if opt.Policy != nil && dataset != "" {
		if err := im.SetPolicy(*opt.Policy); err != nil {
			return res, err
		}
	}
	b := body{lr: lr, first: first, im: im, opt: opt}
	if res.Warnings, err = format.read(b); err != nil {
		return res, err
	}
	if err := headerOnly(lr, format); err != nil {
		return res, err
	}
	res.ImportStats, err = im.Commit()
	return res, err
}

// datasetOf is the dataset a file in a format goes to.
func datasetOf(ctx context.Context, st *store.Store, name string, format store.Format, opt Options) (string, error) {
	dataset := opt.Dataset
	if opt.Purpose != "" {
		if err := knownImport(name, format, dataset); err != nil {
			return "", err
		}
	}
	switch {
	case format == FormatSERP:
		return "", nil
	case format == FormatCandidates:
		return answersDataset(ctx, st, name, dataset)
	case dataset == "" && name == "-":
		return "", lineErr(name, 0, "standard input has no file name to call the dataset by: give --dataset NAME")
	case dataset == "":
		base := filepath.Base(name)
		dataset = strings.TrimSuffix(base, filepath.Ext(base))
	}
	return dataset, nil
}

// knownImport refuses a practice or gold-check import that cannot say
// which task it is for or carries no answers.
func knownImport(name string, format store.Format, dataset string) error {
	if format != FormatManual {
		return lineErr(name, 1, "practice and gold-check items need their answers in the file: only a mimics-manual file or a protocol file's (their label columns) have them, not %s", format)
	}
	if dataset == "" {
		return lineErr(name, 0, "say which dataset these panes are for: --dataset NAME")
	}
	return nil
}

// answersDataset finds the nuggets dataset candidate answers go to: the
// one named, or the only one there is.
func answersDataset(ctx context.Context, st *store.Store, file, name string) (string, error) {
	all, err := st.Datasets(ctx)
	if err != nil {
		return "", err
	}
	var found []string
	for _, d := range all {
		if d.Kind == guidelines.Nuggets.Kind && (name == "" || d.Name == name) {
			found = append(found, d.Name)
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case name != "":
		return "", lineErr(file, 0, "no nuggets dataset is named %q: import its gold nuggets first", name)
	case len(found) == 0:
		return "", lineErr(file, 0, "no nuggets dataset yet: import the gold nuggets first (--format nuggets)")
	}
	return "", lineErr(file, 0, "several nuggets datasets (%s): say which with --dataset", strings.Join(found, ", "))
}

// firstLineSeen says what a file's first line looks like, short: a JSON
// object's first keys, or a TSV line's first columns and how many.
func firstLineSeen(first []byte) string {
	line := strings.TrimRight(string(first), "\r\n")
	if keys := jsonKeys(first); keys != nil {
		names := slices.Sorted(maps.Keys(keys))
		more := ""
		if len(names) > 4 {
			names, more = names[:4], ", …"
		}
		return fmt.Sprintf("a JSON object with %s%s", strings.Join(names, ", "), more)
	}
	cols := strings.Split(line, "\t")
	shown := cols[:min(len(cols), 4)]
	for i, c := range shown {
		shown[i] = strconv.Quote(display.FitWords(c, 20))
	}
	more := ""
	if len(cols) > 4 {
		more = ", …"
	}
	return fmt.Sprintf("%s (%s)", strings.Join(shown, ", ")+more, display.Count(len(cols), "column", "columns"))
}

// detect finds the format among formats the first line is in, with no
// format asked for.
func detect(lr *lineReader, first []byte, formats []Format) (Format, error) {
	f, ok, err := sniffFormat(lr.file, formats, first, FormatAuto)
	switch {
	case err != nil:
		return Format{}, err
	case !ok:
		near := nearestHeader(string(first), formats)
		if near != "" {
			near += "; "
		}
		return Format{}, lineErr(lr.file, lr.n, "missing or unknown header: no format claritty reads starts with %s; %s"+
			"claritty import --help lists the formats (or give --format NAME, or --protocol FILE.toml)", firstLineSeen(first), near)
	}
	return f, nil
}

// isFormat checks a first line against the format asked for: a line
// another format claims is that one's, and one none claims says why it is
// not the one asked for. A format known by its header alone, which files
// of several protocols may share, tells no file apart.
func isFormat(lr *lineReader, first []byte, formats []Format, want store.Format) error {
	own := slices.DeleteFunc(slices.Clone(formats), func(f Format) bool { return f.byHeader })
	// A JSONL protocol file's line, by every key its lines have, and no
	// other protocol's, is that one's first (a conversations file is
	// clarimm's, not candidates, whose reader claims any line with an id).
	got, ok := onlyJSONLProtocol(formats, first)
	if !ok {
		got, ok, _ = sniffFormat(lr.file, own, first, want)
	}
	switch {
	case !ok:
		return lineErr(lr.file, lr.n, "%s", notFormat(first, formats, want))
	case got.name != want:
		return lineErr(lr.file, lr.n, "this is a %s file, not %s", got.name, want)
	}
	return nil
}

// onlyJSONLProtocol is the one JSONL protocol file's format that claims a
// first line (false for none, or several).
func onlyJSONLProtocol(formats []Format, first []byte) (Format, bool) {
	var claim []Format
	for _, f := range formats {
		if f.byHeader && f.json > 0 && f.sniff(first) {
			claim = append(claim, f)
		}
	}
	if len(claim) != 1 {
		return Format{}, false
	}
	return claim[0], true
}

// notFormat says why a first line is not the format asked for: the
// columns a TSV's header lacks or has besides, or that a JSON format's line
// is no JSON object.
func notFormat(first []byte, formats []Format, want store.Format) string {
	f, _ := formatNamed(formats, want)
	switch {
	case want == FormatLabels:
		return fmt.Sprintf("this is not a labels file: %s; %s", ratingsHeaderDiff(string(first)), ratingsHeaderWant)
	case len(f.headers) > 0:
		return fmt.Sprintf("this is not a %s file: %s", want, headerDiff(strings.Split(string(first), "\t"), strings.Split(f.headers[0], "\t")))
	case f.json > 0:
		return fmt.Sprintf("this is not a %s file: its lines are JSON objects ({...}), and line 1 starts with %s", want, firstLineSeen(first))
	}
	return fmt.Sprintf("missing or unknown header: want the %s header", want)
}

// headerOnly refuses a file in a format with a header that has nothing
// after it: an import of it would create an empty dataset, most likely
// from a file that lost its rows on the way.
func headerOnly(lr *lineReader, format Format) error {
	if format.needsRows {
		return needRows(lr)
	}
	return nil
}

// needRows refuses a file that has its header line and nothing after it.
func needRows(lr *lineReader) error {
	if lr.n <= 1 {
		return lineErr(lr.file, 0, "the file has a header and no rows; nothing was imported")
	}
	return nil
}

func eofOK(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
