package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// textLabel reads a text step's cell as its unit's known written answer
// (value 0, the words beside it): one guidelines.CheckAnswer allows, as
// the store holds every written answer to; a grouped item's rows must
// give the same words for an answer asked once.
func (rd *protoReader) textLabel(it *FileItem, r FileRow, col string, st guidelines.FileStep, unit string, asked bool) error {
	raw := r.Cell(col)
	if !asked {
		return lineErr(rd.lr.file, r.Line, "%s is set, but the row has no %s there", col, rd.f.Item.ListName)
	}
	if err := guidelines.CheckAnswer(raw, st.TextMax()); err != nil {
		return lineErr(rd.lr.file, r.Line, "%s: %v", col, err)
	}
	if had, ok := it.KnownText[unit]; ok {
		if had != raw {
			return lineErr(rd.lr.file, r.Line, "%s is %q here and %q at line %d, for one item", col,
				display.Clean(raw), display.Clean(had), it.KnownAt[unit])
		}
		return nil
	}
	it.Known[unit], it.KnownText[unit], it.KnownAt[unit] = 0, raw, r.Line
	return nil
}

// repeated is the uid of the next item whose id columns are an earlier
// row's (item.repeats): that id's n-th, in its place, with a note naming
// the line it repeats. The n-th of an id is the same item whenever the
// file is imported again, so doing so still adds nothing.
func (rd *protoReader) repeated(uid string, at int) string {
	if rd.repeats == nil {
		rd.repeats = map[string]int{}
	}
	rd.repeats[uid]++
	n := rd.repeats[uid] + 1
	rd.notes = append(rd.notes, fmt.Sprintf("%s:%d: the same %s as line %d, taken as its %s time (item.repeats)",
		display.Clean(rd.lr.file), rd.lr.n, guidelines.Singular(rd.f.Items), at, ordinal(n)))
	return store.FileItemUID(uid, "#"+strconv.Itoa(n))
}

// ordinal is n as "2nd", "3rd", "11th".
func ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return strconv.Itoa(n) + suffix
}

// goldText is a pane's gold written answer of a unit, "" for none.
func goldText(p *report.PaneGold) func(unit string) string {
	return func(unit string) string {
		for _, u := range p.Units {
			if u.Unit == unit && u.Label >= 0 {
				return u.Text
			}
		}
		return ""
	}
}

// jsonWithText is a JSONL line with a written answer's field holding the
// gold answer (a JSON string; "" for none where the field is a string,
// as CLAMBER writes no question, else null), its own bytes kept where
// they already say it.
func jsonWithText(out []byte, l guidelines.JSONLine, p guidelines.JSONPath, v guidelines.JSONValue, gold string) []byte {
	if !v.Missing && v.Text == gold {
		return out
	}
	raw, ok := l.Raw(p.Keys())
	if !ok {
		return out // a key the line does not have is not added
	}
	value := []byte("null")
	if gold != "" || strings.HasPrefix(string(raw), `"`) {
		value = jsonString(gold)
	}
	if next, ok := l.Replace(out, p.Keys(), value); ok {
		return next
	}
	return out
}

// jsonString is s as a JSON string, with <, > and & as themselves.
func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// goldOf is a pane's gold label of a unit, ok false for none.
func goldOf(p *report.PaneGold) func(unit string) (int, bool) {
	return func(unit string) (int, bool) {
		g := p.Label(unit)
		return g, g >= 0
	}
}
