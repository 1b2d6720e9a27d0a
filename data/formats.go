package data

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Format is one format import reads: its name, how its first line is
// known, the task kind of the items it holds, and how it is read. Each
// kind's descriptor (package kinds) names its formats; data keeps no list
// of them, and an import chooses among the ones it is given
// (Options.Formats).
type Format struct {
	name store.Format
	// kind is the task kind of the dataset it fills; "" for labels, which
	// merge into a dataset of any kind.
	kind guidelines.Kind
	// json ranks a format of JSON lines (0: not JSON): the first by rank
	// that claims the first line, or is the format asked for, is the
	// file's. The others have a header line that is theirs alone, or
	// (byHeader) one another format may share.
	json int
	// jsonString: a line that is a JSON string (holding an object) may be
	// the format's, as a JSONL protocol file's items may be (CLAMBER's).
	jsonString bool
	sniff      func(first []byte) bool
	// near, if set, claims a first line that is nearly the format's (a
	// JSONL protocol's object lacking a key or with one besides), when no
	// format claims it as its own: its reader then says what differs.
	near func(first []byte) bool
	// anyJSON: the format claims any JSON line (SERP), so it comes after
	// every other claim.
	anyJSON bool
	// headers are the header lines a TSV format is known by, for the hint
	// that names the one a first line nearly is.
	headers []string
	// byHeader: the format is known by its header alone, which several
	// protocol files may share: two of them that claim a first line leave
	// the choice to --format, and unknown-format messages list them as
	// protocols.
	byHeader bool
	// joins: the format's protocol file joins a second file (--join).
	joins bool
	// read reads the lines after the first into the import (nil for
	// labels, which merge rather than import).
	read func(b body) ([]ImageWarning, error)
	// needsRows refuses a file that is its header alone.
	needsRows bool
	// whole imports the file under the format, its first line read (nil)
	// or not yet.
	whole func(ctx context.Context, in importing, first []byte) (Result, error)
}

// Name is the format's name, as --format gives it.
func (f Format) Name() store.Format { return f.name }

// body is what a format's reader reads from and into.
type body struct {
	lr    *lineReader
	first []byte
	im    sink
	opt   Options
}

// builtIn is a format read into an import that data begins (importLines).
func builtIn(f Format) Format {
	f.whole = func(ctx context.Context, in importing, first []byte) (Result, error) {
		return importLines(ctx, in, f, first)
	}
	return f
}

// ManualFormat is MIMICS-Manual's TSV: panes with their labels.
func ManualFormat() Format {
	return builtIn(Format{name: FormatManual, kind: guidelines.MIMICS.Kind, needsRows: true, headers: []string{manualHeader},
		sniff: func(first []byte) bool { return string(first) == manualHeader },
		read:  func(b body) ([]ImageWarning, error) { return nil, readMIMICSBody(b, FormatManual) }})
}

// ClickFormat is MIMICS-Click's TSV: panes with their click signals.
func ClickFormat() Format {
	return builtIn(Format{name: FormatClick, kind: guidelines.MIMICS.Kind, needsRows: true, headers: []string{clickHeader},
		sniff: func(first []byte) bool { return string(first) == clickHeader },
		read:  func(b body) ([]ImageWarning, error) { return nil, readMIMICSBody(b, FormatClick) }})
}

// SERPFormat is Bing results objects, the SERPs of MIMICS panes: any JSON
// line no other format claims.
func SERPFormat() Format {
	return builtIn(Format{name: FormatSERP, kind: guidelines.MIMICS.Kind, json: 6, anyJSON: true, sniff: isSERPLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readSERP(b.lr, b.first, b.im) }})
}

// isSERPLine claims a first line no other format took as a SERP's: one
// with a key of Bing's response (queryContext, webPages, _type), or one
// that is no JSON object at all (a broken SERP line is reported by the
// SERP reader, with its problem). An object of none of those keys is no
// format's, and detection says so with its keys.
func isSERPLine(first []byte) bool {
	keys := jsonKeys(first)
	if keys == nil {
		return true
	}
	for _, k := range []string{"queryContext", "webPages", "_type"} {
		if _, ok := keys[k]; ok {
			return true
		}
	}
	return false
}

// LabelsFormat is labels exported from a database (labels,
// clarimm-ratings), merged into datasets of any kind.
func LabelsFormat() Format {
	return builtIn(Format{name: FormatLabels, needsRows: true, sniff: isRatingsHeader,
		headers: []string{RatingsHeader, "\t" + ratedColumns}}) // a KIND-ratings header, any first column
}

// NuggetsFormat is Clarify-Then-Search's gold nuggets.
func NuggetsFormat() Format {
	return builtIn(Format{name: FormatNuggets, kind: guidelines.Nuggets.Kind, json: 2, sniff: isIntentLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readNuggets(b.lr, b.first, b.im) }})
}

// CandidatesFormat is a system's answers to judge against the gold
// nuggets.
func CandidatesFormat() Format {
	return builtIn(Format{name: FormatCandidates, kind: guidelines.Nuggets.Kind, json: 3, sniff: isCandidateLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readCandidates(b.lr, b.first, b.im, b.opt.System) }})
}

// PairsFormat is outputs to compare blind.
func PairsFormat() Format {
	return builtIn(Format{name: FormatPairs, kind: guidelines.Compare.Kind, json: 4, sniff: isPairsLine,
		read: func(b body) ([]ImageWarning, error) { return nil, readPairs(b.lr, b.first, b.im, b.opt.Against) }})
}

// ProtocolFormat is a protocol file's TSV, known by the file's header and
// imported under the file (which the database keeps); or its JSONL, known
// by its first line's keys.
func ProtocolFormat(pt guidelines.ProtocolText) Format {
	if pt.File.JSONL() {
		return jsonlProtocolFormat(pt)
	}
	header := strings.Join(pt.File.Item.Header, "\t")
	return Format{name: store.Format(pt.File.Name), kind: pt.File.Name, headers: []string{header}, byHeader: true,
		sniff: func(first []byte) bool { return string(first) == header },
		whole: func(ctx context.Context, in importing, first []byte) (Result, error) {
			return importProtocol(ctx, in, pt.File, pt.Text, first)
		}}
}

// only is opt for a file known to be in format f, read as f alone: the
// demo's files and a nuggets run's candidates.
func only(f Format, opt Options) Options {
	opt.Format, opt.Formats = f.name, []Format{f}
	return opt
}

func readMIMICSBody(b body, format store.Format) error {
	return readMIMICS(b.lr, format, b.im, b.opt.LabelsAs, b.opt.Purpose != "")
}

// importing is one import under way: where it goes, as whom, and the
// file, its first line not yet read or read by choose.
type importing struct {
	st  *store.Store
	who store.Annotator
	lr  *lineReader
	opt Options
	res Result
	// joins are the --join files, read before the data (protojoin.go).
	joins []joinLines
}

// formatNamed is the format of that name among formats.
func formatNamed(formats []Format, name store.Format) (Format, bool) {
	i := slices.IndexFunc(formats, func(f Format) bool { return f.name == name })
	if i < 0 {
		return Format{}, false
	}
	return formats[i], true
}

// unknownFormat refuses a --format that names none of formats.
func unknownFormat(formats []Format, name store.Format) error {
	var own, byHeader []string
	for _, f := range formats {
		if f.byHeader {
			byHeader = append(byHeader, string(f.name))
		} else {
			own = append(own, string(f.name))
		}
	}
	return fmt.Errorf("unknown format %q (want one of %s, or a protocol: %s)",
		name, strings.Join(own, ", "), strings.Join(byHeader, ", "))
}

// sniffFormat is the format among formats the first line is in (false for
// none): a JSON line is the format asked for, if that is a JSON format,
// else the first by rank that claims it; any other is the first that
// claims it, unless that is a format known by a header another one
// claiming it shares.
func sniffFormat(file string, formats []Format, first []byte, want store.Format) (Format, bool, error) {
	if !bytes.HasPrefix(bytes.TrimLeft(first, " \t"), []byte("{")) {
		var claim []Format
		for _, f := range formats {
			if (f.json == 0 || f.jsonString) && f.sniff(first) {
				claim = append(claim, f)
			}
		}
		switch {
		case len(claim) == 0:
			return nearFormat(formats, first)
		case len(claim) > 1 && claim[0].byHeader && claim[1].byHeader:
			var names []string
			for _, f := range claim {
				names = append(names, string(f.name))
			}
			what := "header"
			if claim[0].jsonString {
				what = "keys" // a JSONL protocol's line that is a JSON string
			}
			return Format{}, false, lineErr(file, 1, "the %s of several protocols (%s): say which with --format NAME", what, strings.Join(names, ", "))
		}
		return claim[0], true, nil
	}
	ranked := jsonByRank(formats)
	for i, f := range ranked {
		// A malformed first line of the format asked for is reported by
		// its reader, with its problem.
		if f.name == want || (!f.anyJSON && f.sniff(first)) {
			if err := sharedKeys(file, ranked[i:], first, want); err != nil {
				return Format{}, false, err
			}
			return f, true, nil
		}
	}
	if f, ok, _ := nearFormat(formats, first); ok {
		return f, true, nil
	}
	for _, f := range ranked {
		if f.anyJSON && f.sniff(first) {
			return f, true, nil
		}
	}
	return Format{}, false, nil
}

// nearFormat is the first format that claims a first line as nearly its
// own (false for none).
func nearFormat(formats []Format, first []byte) (Format, bool, error) {
	for _, f := range formats {
		if f.near != nil && f.near(first) {
			return f, true, nil
		}
	}
	return Format{}, false, nil
}

// jsonByRank are the JSON formats in the order they claim a first line.
// Of one rank, a protocol file's JSONL comes before a built-in format: it
// claims a line by all of its keys (the keys every line has), where a
// built-in format claims a line by one key of its own.
func jsonByRank(formats []Format) []Format {
	out := slices.DeleteFunc(slices.Clone(formats), func(f Format) bool { return f.json == 0 })
	slices.SortStableFunc(out, func(a, b Format) int {
		if a.json != b.json {
			return a.json - b.json
		}
		return boolRank(b.byHeader) - boolRank(a.byHeader)
	})
	return out
}

// boolRank is 1 for true.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
