package data

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// WriteChoiceGold writes one JSON line per item of a protocol file's kind
// whose choice step waits for a condition ([parts] exports =
// ["choice-gold"]; ClariLM's necessity-gold): {ID: the item's id, TEXT: its
// first text, LIST: its elements, then each unit's gold {"label",
// "provenance", "votes", "adjudicator"?} or null, and beside a chosen
// element UNIT_text, its text}. Its keys are the file's fields and units
// (necessity's: id, request, facets, necessity, facet, facet_text). A
// unit that waits for a condition is given only when the gold meets it.
func WriteChoiceGold(p guidelines.Protocol) func(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	return func(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
		f := p.FileOf()
		if f == nil {
			return report.ReleaseSummary{Kept: opts}, fmt.Errorf("%s: not a protocol file's kind", p.Kind)
		}
		rows, err := r.ItemRows(ctx)
		if err != nil {
			return report.ReleaseSummary{Kept: opts}, err
		}
		return goldExport(ctx, r, p.Kind, w, opts, func(g *report.PaneGold) (any, error) {
			var list []string
			if lines := rows[g.Item.ID]; len(lines) > 0 {
				list = f.FieldsOf(lines[0]).List()
			}
			return choiceGoldLine(p, f, g, list), nil
		})
	}
}

// choiceGoldLine is one item's line: its keys in the file's order.
func choiceGoldLine(p guidelines.Protocol, f *guidelines.ProtocolFile, g *report.PaneGold, list []string) orderedLine {
	if list == nil {
		list = []string{}
	}
	out := orderedLine{{fieldKey(f.Item.ID[0]), g.Item.UID}}
	if len(f.Item.Text) > 0 {
		out = append(out, field{fieldKey(f.Item.Text[0]), g.Item.Query})
	}
	if len(f.Item.List) > 0 { // checkParts refuses a file naming the part without one
		out = append(out, field{fieldKey(f.Item.List[0]), list})
	}
	for _, unit := range p.AllUnits {
		var gold *goldJSON
		if c, waits := p.Requires(unit); !waits || c.Holds(g.Label(c.Unit)) {
			gold = unitJSON(g, p, unit)
		}
		out = append(out, field{unit, gold})
		if k := p.ElementOf(unit, g.Label(unit)); gold != nil && p.IsChoice(unit) && g.Label(unit) >= 0 && k >= 1 && k <= len(list) {
			out = append(out, field{unit + "_text", list[k-1]})
		}
	}
	return out
}

// fieldKey is the top-level key of a JSONL field's path ("facets[]" is
// facets).
func fieldKey(path string) string {
	if i := strings.IndexAny(path, ".["); i >= 0 {
		return path[:i]
	}
	return path
}

// field is one key of an orderedLine.
type field struct {
	key   string
	value any
}

// orderedLine is a JSON object whose keys are a file's, in order.
type orderedLine []field

// MarshalJSON writes the object, its keys in order.
func (l orderedLine) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, f := range l {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}
