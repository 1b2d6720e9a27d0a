package data

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// A protocol file's items may be JSONL ([item] format = "jsonl"): each
// line one JSON object, or a JSON string whose text is one (CLAMBER ships
// so), with the keys item.keys names, no more and no fewer (but those
// item.optional lets it lack, and any more with item.other_keys =
// "ignore"). Its fields are
// JSON paths (guidelines.JSONPath). A line is kept as the file has it, so
// an export in the file's shape writes it back byte for byte, a label's
// field rewritten in place where the gold differs.

// jsonlProtocolFormat is a JSONL protocol file's format: a first line is
// its when it is an object (or a string holding one) with its keys.
func jsonlProtocolFormat(pt guidelines.ProtocolText) Format {
	f := pt.File
	return Format{name: store.Format(f.Name), kind: f.Name, json: 1, jsonString: true, byHeader: true, joins: len(f.Joins) > 0,
		sniff: func(first []byte) bool { return keysProblem(f, first) == "" },
		near:  func(first []byte) bool { return nearKeys(f, first) },
		whole: func(ctx context.Context, in importing, first []byte) (Result, error) {
			return importProtocol(ctx, in, f, pt.Text, first)
		}}
}

// sharedKeys refuses a JSON first line that several protocol files'
// formats claim (their keys alike), unless one is asked for: which one is
// for --format NAME to say. claim starts with the first that claims it.
func sharedKeys(file string, claim []Format, first []byte, want store.Format) error {
	if !claim[0].byHeader || claim[0].name == want {
		return nil
	}
	names := []string{string(claim[0].name)}
	for _, f := range claim[1:] {
		if f.byHeader && f.sniff(first) {
			names = append(names, string(f.name))
		}
	}
	if len(names) == 1 {
		return nil
	}
	return lineErr(file, 1, "the keys of several protocols (%s): say which with --format NAME", strings.Join(names, ", "))
}

// keysProblem says how a line's object's keys differ from item.keys (""
// when they are the same, in any order), or what the line is if it is no
// object.
func keysProblem(f *guidelines.ProtocolFile, line []byte) string {
	l, err := guidelines.DecodeJSONLine(line)
	if err != nil {
		return err.Error()
	}
	got := slices.Sorted(maps.Keys(l.Object))
	if f.OtherKeysIgnored() {
		// Keys the file does not name are the line's own business.
		got = slices.DeleteFunc(got, func(k string) bool { return !slices.Contains(f.Item.Keys, k) })
	}
	return keysDiff(got, f.Item.Keys, f.Item.Optional)
}

// keysDiff names the keys an object lacks (but those it may lack) and
// those it has besides.
func keysDiff(got, want, optional []string) string {
	var missing, extra []string
	for _, k := range want {
		if !slices.Contains(got, k) && !slices.Contains(optional, k) {
			missing = append(missing, k)
		}
	}
	for _, k := range got {
		if !slices.Contains(want, k) {
			extra = append(extra, k)
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, strings.Replace(columnsMissing(missing), "column", "key", 1))
	}
	if len(extra) > 0 {
		parts = append(parts, strings.Replace(columnsAre(extra, "not in item.keys", 5), "column", "key", 1))
	}
	return strings.Join(parts, "; ")
}

// notJSONAtAll says whether a line is no JSON object, nor the start of
// one cut short: asked of the first line alone, which says whether the
// file is of the format.
func notJSONAtAll(body string) bool {
	if _, err := guidelines.DecodeJSONLine([]byte(body)); err == nil {
		return false
	}
	return !json.Valid([]byte(body)) && !strings.HasPrefix(strings.TrimSpace(body), "{")
}

// jsonRow reads one JSONL line of the file into a row: an object with the
// file's keys, whose id, text, list and label fields read as their paths
// say (a text where a text is read, a list where the list is).
func (rd *protoReader) jsonRow(raw string) (FileRow, error) {
	f := rd.f
	body := strings.TrimSuffix(raw, rd.lr.end)
	if rd.count == 0 && len(rd.items) == 0 && notJSONAtAll(body) {
		// A first line that is no JSON at all: no file of the format. (An
		// object cut short is one, damaged: its line says what is wrong.)
		return FileRow{}, lineErr(rd.lr.file, rd.lr.n, "this is not a %s file: its lines are JSON objects ({...}), and line %d starts with %s", f.Name, rd.lr.n, firstLineSeen([]byte(body)))
	}
	if p := keysProblem(f, []byte(body)); p != "" {
		return FileRow{}, lineErr(rd.lr.file, rd.lr.n, "%s", p)
	}
	l, _ := guidelines.DecodeJSONLine([]byte(body))
	texts := slices.Concat(f.Item.ID, f.Item.Text, []string{f.Item.Group, f.Item.RowID})
	for _, st := range f.Steps {
		for _, c := range f.LabelCells(st, 0) {
			texts = append(texts, c.Column)
		}
	}
	if !f.ListPath() {
		texts = append(texts, f.Item.List...)
	}
	for _, col := range texts {
		if col == "" {
			continue
		}
		p, err := guidelines.ParseJSONPath(col)
		if err == nil {
			_, err = p.Eval(l.Object)
		}
		if err != nil {
			return FileRow{}, lineErr(rd.lr.file, rd.lr.n, "%v", err)
		}
	}
	if p := f.ContextProblem(body); p != "" {
		return FileRow{}, lineErr(rd.lr.file, rd.lr.n, "%s", p)
	}
	parsed := f.FieldsOf(body)
	if err := spaceless(f, parsed); err != nil {
		return FileRow{}, lineErr(rd.lr.file, rd.lr.n, "%v", err)
	}
	if p := f.TurnProblem(parsed, guidelines.Singular(f.Items), parsed.Text(f.Item.ID[0])); p != "" {
		return FileRow{}, lineErr(rd.lr.file, rd.lr.n, "%s", p)
	}
	r := FileRow{Line: rd.lr.n, Raw: raw, file: f, parsed: &parsed}
	if f.ListPath() {
		list, err := rd.jsonList(l)
		if err != nil {
			return FileRow{}, err
		}
		r.List = list
	}
	return r, nil
}

// spaceless refuses, for a kind judged in pairs (its export is a line a
// judged pair, its columns separated by spaces as TREC's files are), an
// id or run field that is empty or holds a space: the export could not
// write it, and the judgments made of the item would be stranded.
func spaceless(f *guidelines.ProtocolFile, row guidelines.Fields) error {
	if !slices.ContainsFunc(f.Steps, func(st guidelines.FileStep) bool { return guidelines.NestedPer(st.Per) }) {
		return nil
	}
	for _, col := range append(slices.Clone(f.Item.ID), f.Item.Run) {
		if v := row.Text(col); col != "" && (v == "" || strings.ContainsAny(v, " \t\r\n")) {
			return fmt.Errorf("%s %q is empty or holds a space, which the space-separated judgments export (export --format %s) cannot write", col, display.Clean(v), f.Name)
		}
	}
	return nil
}

// jsonList is the elements a JSONL list path reads: each a text, none
// empty, as many as the line has (the line's bound is the list's).
func (rd *protoReader) jsonList(l guidelines.JSONLine) ([]string, error) {
	path := rd.f.Item.List[0]
	p, err := guidelines.ParseJSONPath(path)
	if err != nil {
		return nil, lineErr(rd.lr.file, rd.lr.n, "%v", err)
	}
	v, err := p.Eval(l.Object)
	if err != nil {
		return nil, lineErr(rd.lr.file, rd.lr.n, "%v", err)
	}
	for i, e := range v.List {
		if e.Missing || e.Text == "" {
			return nil, lineErr(rd.lr.file, rd.lr.n, "%s: %s %d is empty", path, rd.f.Item.ListName, i+1)
		}
	}
	if p := rd.f.ListTooLong(len(v.List)); p != "" {
		return nil, lineErr(rd.lr.file, rd.lr.n, "%s", p)
	}
	texts := v.Texts()
	if rd.f.ChoosesFromList() {
		// A choice names an element by its place: two alike would be one
		// answer under two numbers.
		for i, e := range texts {
			if j := slices.Index(texts[:i], e); j >= 0 {
				return nil, lineErr(rd.lr.file, rd.lr.n, "%s: %s %d is %s %d again", path, rd.f.Item.ListName, i+1, rd.f.Item.ListName, j+1)
			}
		}
	}
	return texts, nil
}

// jsonWithGold is a kept JSONL line with each label field set to its
// unit's gold: the field's own bytes kept where they already say it, a
// changed one written as a code (a JSON string) where the scale has codes
// or the field was a string, else as a number, and null for no gold.
func jsonWithGold(line string, f *guidelines.ProtocolFile, gold func(unit string) int, text func(unit string) string, pos int) string {
	body := strings.TrimRight(line, "\r\n")
	end := line[len(body):]
	out := []byte(body)
	held := func(unit string) (int, bool) { g := gold(unit); return g, g >= 0 }
	for _, st := range f.Steps {
		if !f.ColumnHolds(st, held) {
			continue
		}
		scale, _ := f.ScaleOf(st)
		for _, c := range f.LabelCells(st, pos) {
			l, err := guidelines.DecodeJSONLine(out)
			if err != nil {
				return line
			}
			p, err := guidelines.ParseJSONPath(c.Column)
			if err != nil {
				continue
			}
			v, _ := p.Eval(l.Object)
			if st.Kind == guidelines.StepText {
				out = jsonWithText(out, l, p, v, text(c.Unit))
				continue
			}
			g := gold(c.Unit)
			if had, ok := scale.Parse(v.Text); (ok && !v.Missing && had == g) || (v.Missing && g < 0) {
				continue
			}
			raw, ok := l.Raw(p.Keys())
			if !ok {
				continue // a key the line does not have is not added
			}
			if next, ok := l.Replace(out, p.Keys(), labelJSON(scale, g, raw)); ok {
				out = next
			}
		}
	}
	return string(out) + end
}

// labelJSON is a gold label as a JSON value in the place of was.
func labelJSON(scale guidelines.FileScale, g int, was []byte) []byte {
	if g < 0 {
		return []byte("null")
	}
	code := scale.Code(g)
	if len(scale.Codes) > 0 || strings.HasPrefix(string(was), `"`) {
		b, _ := json.Marshal(code)
		return b
	}
	return []byte(code)
}

// nearKeys says whether a line's object has at least half of item.keys:
// a file whose lines lost a key, or were given one, is still the
// protocol's, and its reader says which keys differ.
func nearKeys(f *guidelines.ProtocolFile, line []byte) bool {
	l, err := guidelines.DecodeJSONLine(line)
	if err != nil {
		return false
	}
	shared := 0
	for _, k := range f.Item.Keys {
		if _, ok := l.Object[k]; ok {
			shared++
		}
	}
	return shared > 0 && 2*shared >= len(f.Item.Keys)
}
