package data

import (
	"bytes"
	"slices"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// importFormat is one format import reads: how its first line is known,
// the task kind of the items it holds, and how its body is read. A task
// kind's formats are rows here; nothing else in data switches on a format.
type importFormat struct {
	name store.Format
	// kind is the task kind of the dataset it fills; "" for labels, which
	// merge into a dataset of any kind.
	kind guidelines.Kind
	// json ranks a format of JSON lines (0: not JSON): the first by rank
	// that claims the first line, or is the format asked for, is the
	// file's. The others have a header line that is theirs alone.
	json  int
	sniff func(first []byte) bool
	// read reads the lines after the first into the import (nil for
	// labels, which merge rather than import).
	read func(b body) ([]ImageWarning, error)
	// needsRows refuses a file that is its header alone.
	needsRows bool
}

// body is what a format's reader reads from and into.
type body struct {
	lr    *lineReader
	first []byte
	im    sink
	opt   Options
	dir   string // the file's folder, for a clarimm file's image paths ("" refuses them)
}

// importFormats are every format import reads, in the order help lists
// them.
var importFormats = []importFormat{
	{name: FormatManual, kind: guidelines.MIMICS.Kind, needsRows: true,
		sniff: func(first []byte) bool { return string(first) == manualHeader },
		read:  func(b body) ([]ImageWarning, error) { return nil, readMIMICSBody(b, FormatManual) }},
	{name: FormatClick, kind: guidelines.MIMICS.Kind, needsRows: true,
		sniff: func(first []byte) bool { return string(first) == clickHeader },
		read:  func(b body) ([]ImageWarning, error) { return nil, readMIMICSBody(b, FormatClick) }},
	// Any JSON line no other format claims is a Bing results object: the
	// SERPs of MIMICS panes.
	{name: FormatSERP, kind: guidelines.MIMICS.Kind, json: 6, sniff: func([]byte) bool { return true },
		read: func(b body) ([]ImageWarning, error) { return nil, readSERP(b.lr, b.first, b.im) }},
	{name: FormatLabels, needsRows: true, sniff: isRatingsHeader},
	{name: FormatClariMM, kind: guidelines.ClariMM.Kind, json: 1, sniff: isClariMMLine,
		read: func(b body) ([]ImageWarning, error) { return readClariMM(b.lr, b.first, b.dir, b.im) }},
	{name: FormatNuggets, kind: guidelines.Nuggets.Kind, json: 2, sniff: isIntentLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readNuggets(b.lr, b.first, b.im) }},
	{name: FormatCandidates, kind: guidelines.Nuggets.Kind, json: 3, sniff: isCandidateLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readCandidates(b.lr, b.first, b.im, b.opt.System) }},
	{name: FormatNecessity, kind: guidelines.Necessity.Kind, json: 5, sniff: isNecessityLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readNecessity(b.lr, b.first, b.im) }},
	{name: FormatPairs, kind: guidelines.Compare.Kind, json: 4, sniff: isPairsLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readPairs(b.lr, b.first, b.im, b.opt.Against) }},
}

func readMIMICSBody(b body, format store.Format) error {
	return readMIMICS(b.lr, format, b.im, b.opt.LabelsAs, b.opt.Purpose != "")
}

// Formats lists the formats import accepts.
var Formats = func() []string {
	var out []string
	for _, f := range importFormats {
		out = append(out, string(f.name))
	}
	return out
}()

// formatNamed is the format of that name.
func formatNamed(name store.Format) (importFormat, bool) {
	i := slices.IndexFunc(importFormats, func(f importFormat) bool { return f.name == name })
	if i < 0 {
		return importFormat{}, false
	}
	return importFormats[i], true
}

// sniffFormat is the format the first line is in ("" for none): a JSON
// line is the format asked for, if that is a JSON format, else the first
// that claims it.
func sniffFormat(first []byte, want store.Format) store.Format {
	if !bytes.HasPrefix(bytes.TrimLeft(first, " \t"), []byte("{")) {
		for _, f := range importFormats {
			if f.json == 0 && f.sniff(first) {
				return f.name
			}
		}
		return ""
	}
	for _, f := range jsonByRank {
		// A malformed first line of the format asked for is reported by
		// its reader, with its problem.
		if f.name == want || f.sniff(first) {
			return f.name
		}
	}
	return ""
}

// jsonByRank are the JSON formats in the order they claim a first line.
var jsonByRank = func() []importFormat {
	out := slices.DeleteFunc(slices.Clone(importFormats), func(f importFormat) bool { return f.json == 0 })
	slices.SortFunc(out, func(a, b importFormat) int { return a.json - b.json })
	return out
}()
