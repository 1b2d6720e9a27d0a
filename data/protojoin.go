package data

import (
	"errors"
	"io"
	"slices"
	"strings"

	"github.com/claritty/claritty/guidelines"
)

// A protocol file's [[join]] names a second file an import reads beside
// the data file (claritty import --join NAME=FILE … DATA): TREC RAG's
// segment corpus, its records keyed by docid. The joined file is read
// first, whole, at most MaxJoinData bytes of it; each item then keeps the
// records it cites in its meta (guidelines.ProtocolFile.ItemMeta), so the
// second file is never needed again. A citation of a key the joined file
// does not have is an error at the data file's line.

// MaxJoinData bounds the joined files of one import together, in bytes:
// they are held whole while the data file is read. A corpus larger than this (MS MARCO's) is cut to the
// segments the data file cites before it is imported.
const MaxJoinData = 64 << 20

// JoinEnd is the line that ends a joined file given on standard input
// before the data file (--join NAME=- with DATA -, over SSH): the data
// file's lines follow it, numbered from 1.
const JoinEnd = "%%end-of-join"

// JoinFile is one --join NAME=FILE: the joined file, read from R, or
// (R nil) from the data's own input before it, up to a JoinEnd line.
type JoinFile struct {
	Name, File string
	R          io.Reader
}

// joinLines is a joined file's lines as read, each with its number.
type joinLines struct {
	JoinFile
	lines []string
	at    []int
}

// readJoin reads a joined file's lines, bounded with the import's other
// joined files by size (their bytes so far); end, when not "", is the
// line that ends it (the file shares its input with the data file).
func readJoin(lr *lineReader, jf JoinFile, end string, size *int) (joinLines, error) {
	out := joinLines{JoinFile: jf}
	for {
		line, err := lr.next()
		if errors.Is(err, io.EOF) {
			if end != "" {
				return out, lineErr(jf.File, lr.n, "standard input ended before the line %q that ends the joined file %s", end, jf.Name)
			}
			return out, nil
		}
		if err != nil {
			return out, err
		}
		if end != "" && string(line) == end {
			return out, nil
		}
		if *size += len(line) + 1; *size > MaxJoinData {
			return out, lineErr(jf.File, lr.n, "the joined files are over %d MiB together: keep only the records the data file cites", MaxJoinData>>20)
		}
		out.lines = append(out.lines, string(line))
		out.at = append(out.at, lr.n)
	}
}

// readJoins reads the --join files an import is given: those on their own
// reader, and those on the data's input (in's, before the data's lines,
// each ended by JoinEnd), whose data lines are then numbered from 1.
func readJoins(in *importing) ([]joinLines, error) {
	var out []joinLines
	size := 0
	for _, jf := range in.opt.Joins {
		if jf.R == nil {
			jl, err := readJoin(in.lr, JoinFile{Name: jf.Name, File: jf.File}, JoinEnd, &size)
			if err != nil {
				return nil, err
			}
			out = append(out, jl)
			continue
		}
		jl, err := readJoin(newLineReader(jf.R, jf.File).limit(in.opt.MaxLine), jf, "", &size)
		if err != nil {
			return nil, err
		}
		out = append(out, jl)
	}
	if slices.ContainsFunc(in.opt.Joins, func(j JoinFile) bool { return j.R == nil }) {
		in.lr.n, in.lr.cut = 0, 0
	}
	return out, nil
}

// joinTable is a joined file's records by key: each the join's fields.
type joinTable map[string]map[string]string

// tableOf reads a joined file's lines as join jn says: JSONL objects, or
// a TSV with a header line; each record's key once.
func tableOf(jn guidelines.FileJoin, jl joinLines) (joinTable, error) {
	t := joinTable{}
	seen := map[string]int{}
	add := func(at int, key string, rec map[string]string) error {
		if key == "" {
			return lineErr(jl.File, at, "the record has no %s", jn.Key)
		}
		if first, ok := seen[key]; ok {
			return lineErr(jl.File, at, "%s %q is the key of line %d too", jn.Key, key, first)
		}
		seen[key], t[key] = at, rec
		return nil
	}
	if jn.JoinFormat() == guidelines.FormatTSV {
		return t, tsvTable(jn, jl, add)
	}
	for i, line := range jl.lines {
		l, err := guidelines.DecodeJSONLine([]byte(line))
		if err != nil {
			return nil, lineErr(jl.File, jl.at[i], "%v", err)
		}
		rec := map[string]string{}
		for _, fl := range append([]string{jn.Key}, jn.Fields...) {
			p, _ := guidelines.ParseJSONPath(fl)
			v, err := p.Eval(l.Object)
			if err != nil {
				return nil, lineErr(jl.File, jl.at[i], "%v", err)
			}
			rec[fl] = v.Text
		}
		key := rec[jn.Key]
		delete(rec, jn.Key)
		if err := add(jl.at[i], key, rec); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// tsvTable reads a TSV joined file: its header names the key's and the
// fields' columns.
func tsvTable(jn guidelines.FileJoin, jl joinLines, add func(int, string, map[string]string) error) error {
	if len(jl.lines) == 0 {
		return lineErr(jl.File, 0, "the joined file is empty: want a header line")
	}
	header := strings.Split(jl.lines[0], "\t")
	col := map[string]int{}
	for _, name := range append([]string{jn.Key}, jn.Fields...) {
		i := slices.Index(header, name)
		if i < 0 {
			return lineErr(jl.File, jl.at[0], "the header has no column %q", name)
		}
		col[name] = i
	}
	for i, line := range jl.lines[1:] {
		cells := strings.Split(line, "\t")
		if len(cells) != len(header) {
			return lineErr(jl.File, jl.at[i+1], "%d cells; the header has %d", len(cells), len(header))
		}
		rec := map[string]string{}
		for _, fl := range jn.Fields {
			rec[fl] = cells[col[fl]]
		}
		if err := add(jl.at[i+1], cells[col[jn.Key]], rec); err != nil {
			return err
		}
	}
	return nil
}

// joinTables are the joined files of an import under f, each read as its
// join says: every join of f given, and no other.
func joinTables(file string, f *guidelines.ProtocolFile, given []joinLines) (map[string]joinTable, error) {
	out := map[string]joinTable{}
	for _, jl := range given {
		i := slices.IndexFunc(f.Joins, func(j guidelines.FileJoin) bool { return j.Name == jl.Name })
		if i < 0 {
			return nil, lineErr(file, 0, "--join %s: protocol %s joins no file of that name%s", jl.Name, f.Name, joinNames(f))
		}
		t, err := tableOf(f.Joins[i], jl)
		if err != nil {
			return nil, err
		}
		out[jl.Name] = t
	}
	for _, j := range f.Joins {
		if _, ok := out[j.Name]; !ok {
			return nil, lineErr(file, 0, "protocol %s joins a second file: give it with --join %s=FILE (over SSH, --join %s=- with the file first on standard input, ended by a %s line)", f.Name, j.Name, j.Name, JoinEnd)
		}
	}
	return out, nil
}

// joinNames lists the joins a file has, for an error naming one it has not.
func joinNames(f *guidelines.ProtocolFile) string {
	if len(f.Joins) == 0 {
		return ""
	}
	var names []string
	for _, j := range f.Joins {
		names = append(names, j.Name)
	}
	return " (it joins " + strings.Join(names, ", ") + ")"
}

// joinedOf are the records an item's line cites, by join and key: an
// error at the data file's line for a citation of no element of the
// join's list, or of a key its joined file does not have.
func joinedOf(file string, at int, f *guidelines.ProtocolFile, line string, tables map[string]joinTable) (map[string]map[string]map[string]string, error) {
	if len(f.Joins) == 0 {
		return nil, nil
	}
	out := map[string]map[string]map[string]string{}
	for _, jn := range f.Joins {
		keys, problem := f.CitedKeys(strings.TrimRight(line, "\r\n"), jn)
		if problem != "" {
			return nil, lineErr(file, at, "%s", problem)
		}
		recs := map[string]map[string]string{}
		for _, k := range keys {
			rec, ok := tables[jn.Name][k]
			if !ok {
				return nil, lineErr(file, at, "%s %q is not in the joined file %s (its %s)", jn.From, k, jn.Name, jn.Key)
			}
			recs[k] = rec
		}
		out[jn.Name] = recs
	}
	return out, nil
}

// joinsRefused is the error for --join given to an import of a format that
// joins nothing.
func joinsRefused(file string, format string) error {
	return lineErr(file, 0, "--join: a %s file joins no second file", format)
}
