package data

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// The import formats.
const (
	FormatAuto   = ""
	FormatManual = "mimics-manual"
	FormatClick  = "mimics-click"
	FormatSERP   = "serp"
	FormatLabels = "labels"
)

// Formats lists the formats import accepts.
var Formats = []string{FormatManual, FormatClick, FormatSERP, FormatLabels, FormatClariMM}

// DefaultLabelsAs names the annotator that a release's labels belong to.
const DefaultLabelsAs = "mimics-release"

// Options steer an import.
type Options struct {
	Format   string        // one of Formats; empty detects it from the first line
	Dataset  string        // dataset to add to; empty uses the file's base name (labels: any)
	LabelsAs string        // annotator for a release's labels; empty uses DefaultLabelsAs
	Policy   *store.Policy // the dataset's redundancy policy; nil keeps it
}

// Result says what an import did.
type Result struct {
	File    string
	Format  string
	Dataset string
	store.ImportStats
	Merge    store.MergeStats // a labels file's
	Warnings []ImageWarning   // a clarimm file's images that show as placeholders
}

// ImportFile imports one file: all of it, or (on any error) none of it.
func ImportFile(ctx context.Context, st *store.Store, path string, opt Options) (Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return Result{File: path}, err
	}
	defer f.Close()
	return Import(ctx, st, f, path, opt)
}

// Import reads r (named name in errors) into the store in one transaction.
func Import(ctx context.Context, st *store.Store, r io.Reader, name string, opt Options) (Result, error) {
	res := Result{File: name, Dataset: opt.Dataset}
	if opt.LabelsAs == "" {
		opt.LabelsAs = DefaultLabelsAs
	}
	lr := newLineReader(r, name)
	first, err := lr.next()
	if errors.Is(err, io.EOF) {
		return res, lineErr(name, 0, "file is empty: want a header line")
	}
	if err != nil {
		return res, err
	}
	first = bytes.Clone(first) // kept while later lines are read
	if res.Format, err = detect(lr, first, opt.Format); err != nil {
		return res, err
	}
	if res.Format == FormatLabels {
		res.Merge, err = mergeLabels(ctx, st, lr, first, opt)
		return res, err
	}
	dataset := opt.Dataset
	switch {
	case res.Format == FormatSERP:
		dataset = ""
	case dataset == "":
		base := filepath.Base(name)
		dataset = strings.TrimSuffix(base, filepath.Ext(base))
	}
	res.Dataset = dataset
	kind := guidelines.MIMICS.Kind
	if res.Format == FormatClariMM {
		kind = guidelines.ClariMM.Kind
	}
	im, err := st.BeginImport(ctx, dataset, kind, res.Format)
	if err != nil {
		return res, err
	}
	defer im.Rollback()
	if opt.Policy != nil && dataset != "" {
		if err := im.SetPolicy(*opt.Policy); err != nil {
			return res, err
		}
	}
	if res.Format == FormatClariMM {
		dir, err := filepath.Abs(filepath.Dir(name))
		if err != nil {
			return res, err
		}
		if res.Warnings, err = readClariMM(lr, first, dir, im); err != nil {
			return res, err
		}
	} else if err := readBody(lr, first, res.Format, im, opt.LabelsAs); err != nil {
		return res, err
	}
	res.ImportStats, err = im.Commit()
	return res, err
}

// readBody reads everything after the first line into the sink.
func readBody(lr *lineReader, first []byte, format string, to sink, labelsAs string) error {
	if format == FormatSERP {
		return readSERP(lr, first, to)
	}
	return readMIMICS(lr, format, to, labelsAs)
}

// detect names the format from the first line, and checks it against the
// format asked for.
func detect(lr *lineReader, first []byte, want string) (string, error) {
	got := ""
	switch {
	case bytes.HasPrefix(bytes.TrimLeft(first, " \t"), []byte("{")) && (want == FormatClariMM || isClariMMLine(first)):
		got = FormatClariMM // a malformed first line is reported by the reader, with its problem
	case bytes.HasPrefix(bytes.TrimLeft(first, " \t"), []byte("{")):
		got = FormatSERP
	case string(first) == manualHeader:
		got = FormatManual
	case string(first) == clickHeader:
		got = FormatClick
	case isRatingsHeader(first):
		got = FormatLabels
	}
	switch {
	case want != FormatAuto && !isFormat(want):
		return "", fmt.Errorf("unknown format %q (want one of %s)", want, strings.Join(Formats, ", "))
	case got == "" && want == FormatAuto:
		return "", lineErr(lr.file, lr.n, "missing or unknown header: want the mimics-manual, mimics-click or labels header, a Bing results JSON object or a clarimm conversation")
	case got == "":
		return "", lineErr(lr.file, lr.n, "missing or unknown header: want the %s header", want)
	case want != FormatAuto && got != want:
		return "", lineErr(lr.file, lr.n, "this is a %s file, not %s", got, want)
	}
	return got, nil
}

func isFormat(f string) bool {
	for _, x := range Formats {
		if x == f {
			return true
		}
	}
	return false
}

func eofOK(err error) error {
	if errors.Is(err, io.EOF) {
		return nil
	}
	return err
}
