package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// FormatPairs is outputs to compare, one request per line:
//
//	{"id": "...", "request": "...", "context": [...],
//	 "outputs": {"<system>": "...", "<system>": "..."}}
//
// Two systems make one pair; more make every pair, or with --against REF
// each system against REF.
const FormatPairs store.Format = "pairs"

type messageLine struct {
	Role *string `json:"role"`
	Text *string `json:"text"`
}

type pairsLine struct {
	ID      json.RawMessage    `json:"id"`
	Request *string            `json:"request"`
	Context []messageLine      `json:"context"`
	Outputs *map[string]string `json:"outputs"`
}

// isPairsLine tells a comparison line: it has a request and outputs.
func isPairsLine(line []byte) bool {
	m := jsonKeys(line)
	_, r := m["request"]
	_, o := m["outputs"]
	return r && o
}

// strictJSON decodes a line refusing fields the format does not have, so a
// misspelt "facet" is an error at its line rather than facets lost, and
// anything after the object, which a line holding two would otherwise lose.
func strictJSON(line []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(line))
	d.DisallowUnknownFields()
	if err := d.Decode(v); err != nil {
		return err
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("text after the JSON object")
	}
	return nil
}

func parseContext(lines []messageLine) ([]store.Message, error) {
	var out []store.Message
	for i, m := range lines {
		if m.Role == nil || strings.TrimSpace(*m.Role) == "" {
			return nil, fmt.Errorf("context turn %d: role is missing or empty", i+1)
		}
		if m.Text == nil {
			return nil, fmt.Errorf("context turn %d: text is missing", i+1)
		}
		out = append(out, store.Message{Role: *m.Role, Text: *m.Text})
	}
	return out, nil
}

// readPairs adds a pairs file's comparisons: every pair of a line's systems,
// or each against the reference system when against is set.
func readPairs(lr *lineReader, first []byte, im sink, against string) error {
	seen := map[string]int{}
	return eachJSONLine(lr, first, func(line []byte, n int) error {
		pairs, err := parsePairs(line, against)
		if err != nil {
			return lineErr(lr.file, n, "%v", err)
		}
		for _, p := range pairs {
			if prev, dup := seen[p.UID]; dup {
				return lineErr(lr.file, n, "pair %q is already on line %d", p.UID, prev)
			}
			seen[p.UID] = n
		}
		if _, err := im.AddPairs(pairs); err != nil {
			return lineErr(lr.file, n, "%v", err)
		}
		return nil
	})
}

func parsePairs(line []byte, against string) ([]store.Pair, error) {
	var l pairsLine
	if err := strictJSON(line, &l); err != nil {
		return nil, fmt.Errorf("not a comparison: %s", jsonProblem(err))
	}
	id, err := idText(l.ID, "id")
	if err != nil {
		return nil, err
	}
	if l.Request == nil || strings.TrimSpace(*l.Request) == "" {
		return nil, fmt.Errorf("request %q: request is missing or empty", id)
	}
	ctx, err := parseContext(l.Context)
	if err != nil {
		return nil, fmt.Errorf("request %q: %v", id, err)
	}
	if l.Outputs == nil || len(*l.Outputs) < 2 {
		return nil, fmt.Errorf("request %q: outputs needs two systems or more", id)
	}
	outs := *l.Outputs
	var systems []string
	for name, text := range outs {
		switch {
		case strings.TrimSpace(name) == "":
			return nil, fmt.Errorf("request %q: a system has an empty name", id)
		case display.Clean(name) != name || strings.ContainsAny(name, "\t\n/"):
			return nil, fmt.Errorf("request %q: system name %q has control characters or a slash", id, name)
		case strings.TrimSpace(text) == "":
			return nil, fmt.Errorf("request %q: the output of %s is empty", id, name)
		}
		systems = append(systems, name)
	}
	slices.Sort(systems)
	if n := pairCount(len(systems), against != ""); n > MaxPairsPerLine {
		return nil, fmt.Errorf("request %q: %d systems make %d pairs, more than the %d one line may make "+
			"(compare each against one with --against REF, or split the systems over lines with their own ids)",
			id, len(systems), n, MaxPairsPerLine)
	}
	pairs := pairsOf(systems, against)
	if against != "" && outs[against] == "" {
		return nil, fmt.Errorf("request %q has no output from %s (--against)", id, against)
	}
	var out []store.Pair
	for _, sp := range pairs {
		p := store.Pair{UID: id, Request: *l.Request, Context: ctx, First: sp[0], Second: sp[1],
			FirstOut: outs[sp[0]], SecondOut: outs[sp[1]]}
		if len(pairs) > 1 {
			p.UID = id + "/" + sp[0] + "/" + sp[1]
		}
		out = append(out, p)
	}
	return out, nil
}

// MaxPairsPerLine is the most pairs one line of a pairs file may make:
// every pair of 45 systems. A 30 KB line of 1,500 systems made 1.1 million
// pairs, 760 MB and a crash before anything said which line it was.
const MaxPairsPerLine = 1000

// pairCount is how many pairs n systems make: each against a reference,
// or every two of them.
func pairCount(n int, against bool) int {
	if against {
		return n - 1
	}
	return n * (n - 1) / 2
}

// pairsOf lists the pairs of sorted systems to compare, the first of each
// being the side its labels speak for: every pair in name order, or each
// other system against the reference (which is then second).
func pairsOf(systems []string, against string) [][2]string {
	var out [][2]string
	for i, a := range systems {
		if against != "" {
			if a != against {
				out = append(out, [2]string{a, against})
			}
			continue
		}
		for _, b := range systems[i+1:] {
			out = append(out, [2]string{a, b})
		}
	}
	return out
}
