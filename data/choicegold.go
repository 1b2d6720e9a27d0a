package data

import (
	"context"
	"fmt"
	"io"

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
func choiceGoldLine(p guidelines.Protocol, f *guidelines.ProtocolFile, g *report.PaneGold, list []string) report.OrderedObject {
	if list == nil {
		list = []string{}
	}
	out := report.OrderedObject{{Key: guidelines.PathKey(f.Item.ID[0]), Value: g.Item.UID}}
	if len(f.Item.Text) > 0 {
		out = append(out, report.JSONField{Key: guidelines.PathKey(f.Item.Text[0]), Value: g.Item.Query})
	}
	if len(f.Item.List) > 0 { // checkParts refuses a file naming the part without one
		out = append(out, report.JSONField{Key: guidelines.PathKey(f.Item.List[0]), Value: list})
	}
	for _, unit := range p.AllUnits {
		var gold *goldJSON
		if c, waits := p.Requires(unit); !waits || c.Holds(g.Label(c.Unit)) {
			gold = unitJSON(g, p, unit)
		}
		out = append(out, report.JSONField{Key: unit, Value: gold})
		if k := p.ElementOf(unit, g.Label(unit)); gold != nil && p.IsChoice(unit) && g.Label(unit) >= 0 && k >= 1 && k <= len(list) {
			out = append(out, report.JSONField{Key: unit + "_text", Value: list[k-1]})
		}
	}
	return out
}
