package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
)

// joinUsage says how a joined file comes over SSH, where no file of the
// client's can be opened: on standard input, before the data.
const joinUsage = "give --join NAME=- and DATA - (and --dataset NAME: standard input has no file name), and send the joined file first, ended by a line " +
	data.JoinEnd + ", then the data: (cat corpus.jsonl; echo '" + data.JoinEnd + "'; cat answers.jsonl) | ssh HOST import --dataset answers --join segment=- -"

// joinFiles opens the --join NAME=FILE files of an import of args: a FILE
// of - is read from standard input before the data, which must then be
// standard input too (DATA -), ended by a data.JoinEnd line. The caller
// closes what it returns.
func (g *globals) joinFiles(stdin io.Reader, joins, args []string) (out []data.JoinFile, closers []io.Closer, err error) {
	if len(joins) == 0 {
		return nil, nil, nil
	}
	if len(args) != 1 {
		return nil, nil, fmt.Errorf("--join joins one data file: import the files one at a time")
	}
	if len(joins) > guidelines.MaxJoins {
		// Each joined file is held whole (up to data.MaxJoinData): bound
		// how many a client may send before reading any.
		return nil, nil, fmt.Errorf("--join given %d times: a protocol joins at most %d files", len(joins), guidelines.MaxJoins)
	}
	seen := map[string]bool{}
	for _, j := range joins {
		name, file, ok := strings.Cut(j, "=")
		switch {
		case !ok || name == "" || file == "":
			return nil, closers, fmt.Errorf("--join %q: want NAME=FILE (segment=corpus.jsonl)", j)
		case seen[name]:
			return nil, closers, fmt.Errorf("--join %s is given twice: give each joined file once", name)
		case file == "-" && args[0] != "-":
			return nil, closers, fmt.Errorf("--join %s=-: the joined file comes on standard input before the data, so the data must too: %s", name, joinUsage)
		case file == "-":
			seen[name] = true
			out = append(out, data.JoinFile{Name: name, File: "-"})
			continue
		case g.remote != nil:
			return nil, closers, fmt.Errorf("--join %s=%s: over SSH the file is on your side: %s", name, file, joinUsage)
		}
		seen[name] = true
		f, err := g.inputFile(stdin, file)
		if err != nil {
			return nil, closers, err
		}
		closers = append(closers, f)
		out = append(out, data.JoinFile{Name: name, File: file, R: f})
	}
	return out, closers, nil
}
