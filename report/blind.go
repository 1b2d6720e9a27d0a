package report

import (
	"context"
	"fmt"
	"slices"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// tally counts the items one figure rests on, keeping the first few, for
// the reading's Blind rule: a figure over too few items of others' is
// withheld (store.Blind).
type tally struct {
	n   int
	few []int64 // the first b.Min items: all of them when too few
}

// add counts an item, once per figure.
func (t *tally) add(b store.Blind, itemID int64) {
	if t.n++; len(t.few) < b.Min {
		t.few = append(t.few, itemID)
	}
}

// withheld is what the figure shows instead ("< 5 panes"), or "" when it
// may be shown.
func (t tally) withheld(b store.Blind, noun string) string {
	if b.Shows(t.n, t.few) {
		return ""
	}
	return b.Withheld(noun)
}

// withheldNote says, under a table, why some figures are missing.
const withheldNote = "A figure marked \"< N\" rests on fewer items than the policy's --withhold-below, not all of them\n" +
	"yours: it could give an item's gold away, so only a lead sees it (or you, once you have finished them)."

// spreadWithheld is withheld for a label distribution: it also waits for
// the reader's first finished work in the dataset (store.Blind.Spread).
func spreadWithheld(b store.Blind, t tally, noun string) string {
	if !b.Spread() {
		return "withheld until you have finished work here"
	}
	return t.withheld(b, noun)
}

// blindTypes takes out of rep what r's reader may not see of each unit
// type (and the pooled one): its figures when they rest on fewer than the
// policy's items of others', its label counts from an annotator with no
// finished work in the dataset. A type's units may come several from one
// item (landing_1 … landing_5 of one pane), so the items are counted in
// the store whenever the units could be fewer than the policy's items.
func blindTypes(ctx context.Context, r *store.Reading, p guidelines.Protocol, rep *agreement.Report) error {
	b := r.Blind()
	if b.All {
		return nil
	}
	units := func(typ string) []string {
		var out []string
		for _, u := range p.AllUnits {
			if typ == "pooled" || agreement.UnitType(u) == typ {
				out = append(out, u)
			}
		}
		return out
	}
	noun := p.Items
	for _, t := range rep.RowPointers() {
		us := units(t.Type)
		if t.Items > 0 && t.Items < b.Min*len(us) {
			n, few, err := r.SettledItems(ctx, us, rep.MinRaters)
			if err != nil {
				return err
			}
			if why := (tally{n: min(n, t.Items), few: few}).withheld(b, noun); why != "" {
				t.Withhold(why)
				continue
			}
		}
		if !b.Spread() {
			t.Labels = nil
		}
	}
	return nil
}

// blindPeople takes out of rep every per-annotator figure from an
// annotator with no finished work in the dataset, and each annotator's and
// each pair's row that rests on too few units from anyone but a lead.
func blindPeople(b store.Blind, rep *agreement.Report) {
	if b.All {
		return
	}
	if !b.Spread() {
		if len(rep.Pairs)+len(rep.Annotators)+len(rep.AnnotatorLabels) > 0 {
			rep.Withheld = append(rep.Withheld, "each annotator's figures, until you have finished work here")
		}
		rep.Pairs, rep.Annotators, rep.AnnotatorLabels = nil, nil, nil
		return
	}
	// Per-annotator rows rest on units, not items: one resting on fewer
	// units than the policy's items rests on fewer items too.
	before := len(rep.Pairs) + len(rep.Annotators) + len(rep.AnnotatorLabels)
	rep.Pairs = slices.DeleteFunc(rep.Pairs, func(x agreement.Pair) bool { return x.Items < b.Min })
	rep.Annotators = slices.DeleteFunc(rep.Annotators, func(x agreement.AnnotatorAgreement) bool { return x.Items < b.Min })
	rep.AnnotatorLabels = slices.DeleteFunc(rep.AnnotatorLabels, func(x agreement.LabelCount) bool { return sum(x.Labels) < b.Min })
	if gone := before - len(rep.Pairs) - len(rep.Annotators) - len(rep.AnnotatorLabels); gone > 0 {
		rep.Withheld = append(rep.Withheld, fmt.Sprintf("%s of annotators' figures that rest on fewer than %s",
			display.Count(gone, "row", "rows"), display.Count(b.Min, "unit", "units")))
	}
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
