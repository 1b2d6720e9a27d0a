package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/store"
)

// UnitGold is one unit's gold label and what it rests on.
type UnitGold struct {
	Unit        string
	Label       int // -1: none (unresolved)
	Provenance  agreement.Provenance
	Votes       []int  // labels per category (0, 1, 2)
	Adjudicator string // who decided, when adjudicated
}

// PaneGold is a pane's gold labels: its units with labels or a decision,
// in HIT order.
type PaneGold struct {
	Item    store.Item
	Units   []UnitGold
	Flagged bool
	// Missing counts the units the pane's HIT asks for that have no gold
	// label: unresolved, or not labelled yet.
	Missing int
}

// Label is the gold label of a unit, or -1.
func (p *PaneGold) Label(unit string) int {
	for _, u := range p.Units {
		if u.Unit == unit {
			return u.Label
		}
	}
	return -1
}

// EachPaneGold calls fn for every pane of a dataset in import order with
// its gold labels: a unit's adjudicated label if any, else its majority
// among settled labels (agreement.Gold).
func EachPaneGold(ctx context.Context, st *store.Store, datasetID int64, fn func(*PaneGold) error) error {
	names, err := annotatorNames(ctx, st)
	if err != nil {
		return err
	}
	return st.EachGoldRow(ctx, datasetID, func(r *store.GoldRow) error {
		p := &PaneGold{Item: r.Item, Flagged: r.Flagged}
		for ui, unit := range store.Units {
			votes := make([]int, len(MIMICSScale.Categories))
			for _, v := range r.Votes {
				if v.Unit == ui {
					votes[v.Value]++
				}
			}
			adj, by := -1, ""
			for _, d := range r.Decisions {
				if d.Unit == ui {
					adj, by = d.Value, names[d.Adjudicator]
				}
			}
			label, prov := agreement.Gold(votes, adj)
			if prov != "" {
				p.Units = append(p.Units, UnitGold{Unit: unit, Label: label, Provenance: prov, Votes: votes, Adjudicator: by})
			}
		}
		for _, u := range HITUnits(r.Question, r.AnswerCount()) {
			if p.Label(u) < 0 {
				p.Missing++
			}
		}
		return fn(p)
	})
}

func annotatorNames(ctx context.Context, st *store.Store) (map[int64]string, error) {
	people, err := st.Annotators(ctx)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, a := range people {
		names[a.ID] = a.Name
	}
	return names, nil
}

// ReleaseSummary counts the panes a release export wrote and left out.
type ReleaseSummary struct {
	Written    int
	Flagged    int // someone flagged the pane
	Unresolved int // a unit the HIT asks for has no gold label (left out unless asked for)
	Unlabelled int // no labels at all
}

// WriteManual writes a dataset's gold labels in the released MIMICS-Manual
// format: its header, its column order, the panes' raw field bytes in
// import order, and an empty cell for no label (a generic question's N/A,
// a missing answer, or, with includeUnresolved, an unresolved unit).
func WriteManual(ctx context.Context, st *store.Store, datasetID int64, w io.Writer, includeUnresolved bool) (ReleaseSummary, error) {
	var sum ReleaseSummary
	bw := bufio.NewWriter(w)
	bw.WriteString(manualHeader + "\n")
	err := EachPaneGold(ctx, st, datasetID, func(p *PaneGold) error {
		switch {
		case p.Flagged:
			sum.Flagged++
			return nil
		case len(p.Units) == 0:
			sum.Unlabelled++
			return nil
		case p.Missing > 0:
			sum.Unresolved++
			if !includeUnresolved {
				return nil
			}
		}
		sum.Written++
		it := p.Item
		fields := append([]string{it.Query, it.Question}, it.Options[:]...)
		for _, u := range store.Units {
			cell := ""
			if l := p.Label(u); l >= 0 {
				cell = MIMICSScale.Categories[l]
			}
			fields = append(fields, cell)
		}
		_, err := bw.WriteString(strings.Join(fields, "\t") + "\n")
		return err
	})
	if err != nil {
		return sum, err
	}
	return sum, bw.Flush()
}

// GoldHeader is the header of a gold export: one row per unit.
const GoldHeader = "item\tunit\tlabel\tprovenance\tvotes\tadjudicator"

// WriteGold writes one row per labelled unit of a dataset's unflagged
// panes: the gold label ("" when unresolved), its provenance, the votes
// per category ("0:1,2:2", categories without votes left out) and who
// adjudicated it. It returns how many flagged panes it left out.
func WriteGold(ctx context.Context, st *store.Store, datasetID int64, w io.Writer) (flagged int, err error) {
	bw := bufio.NewWriter(w)
	bw.WriteString(GoldHeader + "\n")
	err = EachPaneGold(ctx, st, datasetID, func(p *PaneGold) error {
		if p.Flagged {
			flagged++
			return nil
		}
		for _, u := range p.Units {
			label := ""
			if u.Label >= 0 {
				label = MIMICSScale.Categories[u.Label]
			}
			var votes []string
			for k, n := range u.Votes {
				if n > 0 {
					votes = append(votes, MIMICSScale.Categories[k]+":"+strconv.Itoa(n))
				}
			}
			_, err := fmt.Fprintf(bw, "%s\t%s\t%s\t%s\t%s\t%s\n", p.Item.UID, u.Unit, label, u.Provenance,
				strings.Join(votes, ","), Clean(u.Adjudicator))
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return flagged, err
	}
	return flagged, bw.Flush()
}

// PaneAgreement is the share of agreeing pairs of labels over a pane's
// units with two or more labels; ok is false when it has none.
func (p *PaneGold) PaneAgreement() (share float64, ok bool) {
	agree, pairs := 0, 0
	for _, u := range p.Units {
		n := 0
		for _, k := range u.Votes {
			agree += k * (k - 1) / 2
			n += k
		}
		pairs += n * (n - 1) / 2
	}
	if pairs == 0 {
		return 0, false
	}
	return float64(agree) / float64(pairs), true
}

// ReferBelow sends every labelled unit of each unflagged pane whose
// agreement (PaneAgreement) is below threshold to adjudication, as the
// lead. It returns how many panes and units it sent.
func ReferBelow(ctx context.Context, st *store.Store, datasetID, leadID int64, threshold float64) (panes, units int, err error) {
	type referral struct {
		item  int64
		units []string
	}
	var todo []referral
	err = EachPaneGold(ctx, st, datasetID, func(p *PaneGold) error {
		share, ok := p.PaneAgreement()
		if p.Flagged || !ok || share >= threshold {
			return nil
		}
		r := referral{item: p.Item.ID}
		for _, u := range p.Units {
			r.units = append(r.units, u.Unit)
		}
		todo = append(todo, r)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	reason := fmt.Sprintf("pane agreement below %.2f", threshold)
	for _, r := range todo {
		if err := st.Refer(ctx, r.item, r.units, leadID, reason); err != nil {
			return panes, units, err
		}
		panes, units = panes+1, units+len(r.units)
	}
	return panes, units, nil
}
