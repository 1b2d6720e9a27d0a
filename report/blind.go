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
// each pair's row that rests on too few units from anyone but a lead,
// unless every item under it is one the reader finished (their own row
// over their own finished items, say): such a row, like any figure over
// items they finished, tells them nothing they could not see before.
func blindPeople(ctx context.Context, r *store.Reading, p guidelines.Protocol, rep *agreement.Report) error {
	b := r.Blind()
	if b.All {
		return nil
	}
	if r.WithholdsRuns() {
		// A dataset with arms: its rows list the annotators whose labels
		// count for gold, the blind arm's when gold comes from it, which
		// would tell a reader below the lead that there are arms and who is
		// in which.
		if len(rep.Pairs)+len(rep.Annotators)+len(rep.AnnotatorLabels) > 0 {
			rep.Withheld = append(rep.Withheld, "each annotator's figures: only a lead sees them here")
		}
		rep.Pairs, rep.Annotators, rep.AnnotatorLabels = nil, nil, nil
		return nil
	}
	if !b.Spread() {
		if len(rep.Pairs)+len(rep.Annotators)+len(rep.AnnotatorLabels) > 0 {
			rep.Withheld = append(rep.Withheld, "each annotator's figures, until you have finished work here")
		}
		rep.Pairs, rep.Annotators, rep.AnnotatorLabels = nil, nil, nil
		return nil
	}
	// Per-annotator rows rest on units, and an item may hold several of
	// them (five landing pages, a request's questions): a row over fewer
	// units than the policy's items times the units an item may have could
	// rest on fewer items, so its items are counted in the store.
	limit := b.Min * max(1, unitsPerItem(p, rep.PairsOver))
	few := fewPeopleRows(rep, limit)
	if len(few.pairs)+len(few.majority)+len(few.labels) == 0 {
		return nil
	}
	keep := max(maxRowItems, b.Min)
	under, err := rowItems(ctx, r, rep.PairsOver, few, keep)
	if err != nil {
		return err
	}
	shown := func(key string) bool {
		ids, ok := under[key]
		return ok && (len(ids) >= b.Min || len(ids) <= keep && b.Finished(ids))
	}
	before := len(rep.Pairs) + len(rep.Annotators) + len(rep.AnnotatorLabels)
	dropPeopleRows(rep, few, shown)
	if gone := before - len(rep.Pairs) - len(rep.Annotators) - len(rep.AnnotatorLabels); gone > 0 {
		rep.Withheld = append(rep.Withheld, fmt.Sprintf("%s of annotators' figures that rest on fewer than %s, not all ones you finished",
			display.Count(gone, "row", "rows"), display.Count(b.Min, "item", "items")))
	}
	return nil
}

// fewPeopleRows are the report's per-annotator rows over fewer than
// limit units.
func fewPeopleRows(rep *agreement.Report, limit int) peopleRows {
	few := peopleRows{pairs: map[[2]string]bool{}, majority: map[string]bool{}, labels: map[string]bool{}}
	for _, x := range rep.Pairs {
		if x.Items < limit {
			few.pairs[[2]string{x.A, x.B}] = true
		}
	}
	for _, x := range rep.Annotators {
		if x.Items < limit {
			few.majority[x.Annotator] = true
		}
	}
	for _, x := range rep.AnnotatorLabels {
		if sum(x.Labels) < limit {
			few.labels[x.Name] = true
		}
	}
	return few
}

// dropPeopleRows takes out of rep each of the few rows that is not shown
// (by its key in rowItems).
func dropPeopleRows(rep *agreement.Report, few peopleRows, shown func(key string) bool) {
	rep.Pairs = slices.DeleteFunc(rep.Pairs, func(x agreement.Pair) bool {
		return few.pairs[[2]string{x.A, x.B}] && !shown(pairKey(x.A, x.B))
	})
	rep.Annotators = slices.DeleteFunc(rep.Annotators, func(x agreement.AnnotatorAgreement) bool {
		return few.majority[x.Annotator] && !shown("majority\x00"+x.Annotator)
	})
	rep.AnnotatorLabels = slices.DeleteFunc(rep.AnnotatorLabels, func(x agreement.LabelCount) bool {
		return few.labels[x.Name] && !shown("labels\x00"+x.Name)
	})
}

// peopleRows names the per-annotator rows that rest on too few units: the
// pairs (by their names in the report's order), the in-majority rows and
// the label counts, by annotator.
type peopleRows struct {
	pairs            map[[2]string]bool
	majority, labels map[string]bool
}

// maxRowItems bounds the items gathered under one row; a row over more
// (an in-majority share over a handful of units with a majority among
// hundreds without) stays withheld.
const maxRowItems = 1000

func pairKey(a, b string) string { return "pair\x00" + a + "\x00" + b }

// rowItems gathers, for each row of few, the distinct items under the
// units it could rest on (of type over, or of every type when over is
// ""): a pair's, the units both rated; an in-majority share's, the units
// its annotator rated that have two or more labels; a label count's, the
// units its annotator rated. A key is present once it has an item; its
// items stop growing past maxRowItems.
func rowItems(ctx context.Context, r *store.Reading, over string, few peopleRows, keep int) (map[string][]int64, error) {
	people, err := r.Annotators(ctx)
	if err != nil {
		return nil, err
	}
	units := r.Units()
	c := rowCollector{out: map[string][]int64{}, keep: keep, few: few}
	var raters []string
	err = r.EachItemVotes(ctx, func(iv *store.ItemVotes) error {
		for i, v := range iv.Votes {
			if over != "" && agreement.UnitType(units[v.Unit]) != over {
				continue
			}
			raters = append(raters, nameOf(people, v.Annotator))
			if i+1 < len(iv.Votes) && iv.Votes[i+1].Unit == v.Unit {
				continue
			}
			c.addUnit(raters, iv.ID) // the unit's last vote: its raters are known
			raters = raters[:0]
		}
		return nil
	})
	return c.out, err
}

// rowCollector gathers, per row key, the items under the rows that rest
// on few units.
type rowCollector struct {
	out  map[string][]int64
	keep int
	few  peopleRows
}

// add counts item id under key, but not past keep items or twice in a row.
func (c *rowCollector) add(key string, id int64) {
	ids := c.out[key]
	if len(ids) > c.keep || len(ids) > 0 && ids[len(ids)-1] == id {
		return // enough to decide the row, or the item already counted
	}
	c.out[key] = append(ids, id)
}

// addUnit counts item id under the rows a unit rated by raters adds to:
// each rater's label count and in-majority share (two or more raters),
// and each pair of them.
func (c *rowCollector) addUnit(raters []string, id int64) {
	for j, a := range raters {
		if c.few.labels[a] {
			c.add("labels\x00"+a, id)
		}
		if c.few.majority[a] && len(raters) >= 2 {
			c.add("majority\x00"+a, id)
		}
		for _, b := range raters[j+1:] {
			for _, k := range [][2]string{{a, b}, {b, a}} {
				if c.few.pairs[k] {
					c.add(pairKey(k[0], k[1]), id)
				}
			}
		}
	}
}

// unitsPerItem is how many units of type typ ("" for every type) an item
// of p's kind may have.
func unitsPerItem(p guidelines.Protocol, typ string) int {
	n := 0
	for _, u := range p.AllUnits {
		if typ == "" || agreement.UnitType(u) == typ {
			n++
		}
	}
	return n
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}
