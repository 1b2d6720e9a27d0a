package data

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// UnitGold is one unit's gold label and what it rests on.
type UnitGold struct {
	Unit        string
	Label       int // -1: none (unresolved)
	Provenance  agreement.Provenance
	Votes       []int  // labels per value (store.VoteSlots)
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

// ConversationUnits lists the units of a conversation with this many
// turns: the relevance of each turn, then the whole dialogue's coherence,
// diversity and intent reveal.
func ConversationUnits(turns int) []string {
	units := slices.Clone(guidelines.ClariMM.Units[:min(turns, guidelines.MaxTurns)])
	return append(units, guidelines.ClariMM.Units[guidelines.MaxTurns:]...)
}

// NuggetUnits lists the units of an answer judged against n nuggets.
func NuggetUnits(n int) []string {
	return slices.Clone(guidelines.Nuggets.Units[:min(n, guidelines.MaxNuggets)])
}

// itemUnits lists the units an item's HIT asks for, by its kind.
func itemUnits(kind string, it store.Item, count int) []string {
	switch kind {
	case guidelines.ClariMM.Kind:
		return ConversationUnits(count)
	case guidelines.Nuggets.Kind:
		return NuggetUnits(count)
	}
	return HITUnits(it.Question, it.AnswerCount())
}

// datasetRules is a dataset's protocol and gold rule, and for
// conversations their numbers of turns, for answers their nuggets.
type datasetRules struct {
	guidelines.Protocol
	rule  agreement.Rule
	turns map[int64]int
}

func rulesOf(ctx context.Context, st *store.Store, datasetID int64) (datasetRules, error) {
	kind, err := st.DatasetKind(ctx, datasetID)
	if err != nil {
		return datasetRules{}, err
	}
	pol, err := st.DatasetPolicy(ctx, datasetID)
	if err != nil {
		return datasetRules{}, err
	}
	r := datasetRules{Protocol: guidelines.ForKind(kind), rule: pol.Gold}
	if kind != guidelines.MIMICS.Kind {
		r.turns, err = st.UnitCounts(ctx, datasetID)
	}
	return r, err
}

// labelCells are the gold labels of units as TSV cells, "" where a unit
// has none.
func (p *PaneGold) labelCells(units []string) []string {
	cells := make([]string, len(units))
	for i, u := range units {
		if l := p.Label(u); l >= 0 {
			cells[i] = strconv.Itoa(l)
		}
	}
	return cells
}

// EachPaneGold calls fn for every item of the reading's dataset in import
// order with its gold labels: a unit's adjudicated label if any, else what
// the dataset's rule (majority, or median) picks from its settled labels.
// An item the reading hides comes with none.
func EachPaneGold(ctx context.Context, r *store.Reading, fn func(*PaneGold) error) error {
	st, datasetID := r.Store(), r.DatasetID()
	names, err := annotatorNames(ctx, st)
	if err != nil {
		return err
	}
	rules, err := rulesOf(ctx, st, datasetID)
	if err != nil {
		return err
	}
	return r.EachGoldRow(ctx, func(row *store.GoldRow) error {
		p := &PaneGold{Item: row.Item, Flagged: row.Flagged}
		for ui, unit := range store.Units {
			if !slices.Contains(rules.Units, unit) {
				continue
			}
			votes := make([]int, store.VoteSlots)
			for _, v := range row.Votes {
				if v.Unit == ui {
					votes[v.Value]++
				}
			}
			adj, by := -1, ""
			for _, d := range row.Decisions {
				if d.Unit == ui {
					adj, by = d.Value, names[d.Adjudicator]
				}
			}
			label, prov := rules.rule.Gold(votes, adj)
			if prov != "" {
				p.Units = append(p.Units, UnitGold{Unit: unit, Label: label, Provenance: prov, Votes: votes, Adjudicator: by})
			}
		}
		for _, u := range itemUnits(rules.Kind, row.Item, rules.turns[row.ID]) {
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

// count tallies an item and says whether a release writes it: not when
// flagged or without labels, nor with an unresolved unit unless
// includeUnresolved.
func (sum *ReleaseSummary) count(p *PaneGold, includeUnresolved bool) bool {
	switch {
	case p.Flagged:
		sum.Flagged++
		return false
	case len(p.Units) == 0:
		sum.Unlabelled++
		return false
	case p.Missing > 0:
		sum.Unresolved++
		if !includeUnresolved {
			return false
		}
	}
	sum.Written++
	return true
}

// WriteManual writes a dataset's gold labels in the released MIMICS-Manual
// format: its header, its column order, the panes' raw field bytes in
// import order, and an empty cell for no label (a generic question's N/A,
// a missing answer, or, with includeUnresolved, an unresolved unit).
func WriteManual(ctx context.Context, r *store.Reading, w io.Writer, includeUnresolved bool) (ReleaseSummary, error) {
	var sum ReleaseSummary
	if err := r.RequireGold(); err != nil {
		return sum, err
	}
	st, datasetID := r.Store(), r.DatasetID()
	if kind, err := st.DatasetKind(ctx, datasetID); err != nil || kind != guidelines.MIMICS.Kind {
		release := map[string]string{guidelines.ClariMM.Kind: "clarimm-gold", guidelines.Nuggets.Kind: "nugget-judgements"}[kind]
		return sum, cmp.Or(err, fmt.Errorf("a %s dataset has no MIMICS-Manual release: export --format %s", kind, release))
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(manualHeader + "\n")
	err := EachPaneGold(ctx, r, func(p *PaneGold) error {
		if !sum.count(p, includeUnresolved) {
			return nil
		}
		it := p.Item
		fields := append([]string{it.Query, it.Question}, it.Options[:]...)
		_, err := bw.WriteString(strings.Join(append(fields, p.labelCells(guidelines.MIMICS.Units)...), "\t") + "\n")
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
func WriteGold(ctx context.Context, r *store.Reading, w io.Writer) (flagged int, err error) {
	if err := r.RequireGold(); err != nil {
		return 0, err
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(GoldHeader + "\n")
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		if p.Flagged {
			flagged++
			return nil
		}
		for _, u := range p.Units {
			label := ""
			if u.Label >= 0 {
				label = strconv.Itoa(u.Label)
			}
			var votes []string
			for k, n := range u.Votes {
				if n > 0 {
					votes = append(votes, strconv.Itoa(k)+":"+strconv.Itoa(n))
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
// lead who, reading with r. It returns how many panes and units it sent.
func ReferBelow(ctx context.Context, r *store.Reading, who store.Annotator, threshold float64) (panes, units int, err error) {
	if err := r.RequireGold(); err != nil {
		return 0, 0, err
	}
	type referral struct {
		item  int64
		units []string
	}
	var todo []referral
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		share, ok := p.PaneAgreement()
		if p.Flagged || !ok || share >= threshold {
			return nil
		}
		ref := referral{item: p.Item.ID}
		for _, u := range p.Units {
			ref.units = append(ref.units, u.Unit)
		}
		todo = append(todo, ref)
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	reason := fmt.Sprintf("pane agreement below %.2f", threshold)
	for _, ref := range todo {
		if err := r.Store().Refer(ctx, ref.item, ref.units, who, reason); err != nil {
			return panes, units, err
		}
		panes, units = panes+1, units+len(ref.units)
	}
	return panes, units, nil
}

// ClariMMGoldHeader is the header of a clarimm-gold export: one row per
// conversation, its gold rating of each unit (empty: no gold yet, or no such
// turn).
var ClariMMGoldHeader = "conversation\ttopic\tfacet\tturns\t" + strings.Join(guidelines.ClariMM.Units, "\t")

// WriteClariMMGold writes the gold ratings of a conversation dataset, one
// row per conversation in import order. Flagged conversations and ones
// without ratings are left out; ones with units still unresolved are
// written with those cells empty and counted.
func WriteClariMMGold(ctx context.Context, r *store.Reading, w io.Writer) (ReleaseSummary, error) {
	var sum ReleaseSummary
	if err := r.RequireGold(); err != nil {
		return sum, err
	}
	rules, err := rulesOf(ctx, r.Store(), r.DatasetID())
	if err != nil {
		return sum, err
	}
	if rules.Kind != guidelines.ClariMM.Kind {
		return sum, fmt.Errorf("dataset holds %s items, not conversations: export --format gold or mimics-manual", rules.Kind)
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(ClariMMGoldHeader + "\n")
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		if !sum.count(p, true) {
			return nil
		}
		it := p.Item
		fields := []string{tsvCell(it.UID), tsvCell(it.Query), tsvCell(it.Question), strconv.Itoa(rules.turns[it.ID])}
		_, err := bw.WriteString(strings.Join(append(fields, p.labelCells(guidelines.ClariMM.Units)...), "\t") + "\n")
		return err
	})
	if err != nil {
		return sum, err
	}
	return sum, bw.Flush()
}

// tsvCell makes dataset text safe in one TSV cell: tabs and line breaks
// become spaces, control characters are neutralised.
func tsvCell(s string) string {
	return Clean(strings.NewReplacer("\t", " ", "\r\n", " ", "\n", " ", "\r", " ").Replace(s))
}
