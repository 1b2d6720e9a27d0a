package report

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
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
	// Text is a written unit's gold answer, as written (Label 0); "" when
	// it has none, or for a unit on a scale (writtenGold).
	Text string
	// Posterior is the Dawid–Skene posterior per value (store.VoteSlots
	// long) when the dataset's gold is the model's and the unit rests on
	// enough annotators, else nil.
	Posterior []float64
	// ByVote is what the votes alone say (unanimous, majority,
	// unresolved…) beside a model's pick: "model" alone would hide that
	// seven of seven voted alike.
	ByVote agreement.Provenance
	// Fit says whether the model the label came from converged
	// ("converged", "not converged"); "" for a label that is not a
	// model's.
	Fit string
}

// Fit values of a model's gold label.
const (
	FitConverged   = "converged"
	FitUnconverged = "not converged"
)

// PaneGold is a pane's gold labels: its units with labels or a decision,
// in HIT order.
type PaneGold struct {
	Item    store.Item
	Units   []UnitGold
	Flagged bool
	// Insufficient counts the units whose provenance is Insufficient.
	Insufficient int
	// Missing counts the units the pane's HIT asks for that have no gold
	// label: unresolved, or not labelled yet. MissingUnits are they.
	Missing      int
	MissingUnits []string
}

// Label is the gold label of a unit, or -1 (also for no item at all).
func (p *PaneGold) Label(unit string) int {
	if p == nil {
		return -1
	}
	for _, u := range p.Units {
		if u.Unit == unit {
			return u.Label
		}
	}
	return -1
}

// ItemUnits lists the units an item's HIT asks for, by its kind; count is
// a conversation's turns or an answer's nuggets.
func ItemUnits(p guidelines.Protocol, it store.Item, count int) []string {
	return p.Units(it.Shape(count))
}

// datasetRules is a dataset's protocol and gold rule, and for
// conversations their numbers of turns, for answers their nuggets.
type datasetRules struct {
	guidelines.Protocol
	rule  agreement.Rule
	min   int // annotators the policy asks for per item
	turns map[int64]int
	units []string // the database's units: a vote's Unit indexes it
	// model: the gold is a Dawid–Skene fit's (policy --gold dawid-skene):
	// each settled unit's posterior per value.
	model     bool
	posterior map[UnitKey]modelPick
}

// modelPick is a unit's posterior per value and whether its model's fit
// converged.
type modelPick struct {
	post      []float64
	converged bool
}

func rulesOf(ctx context.Context, r *store.Reading) (datasetRules, error) {
	kind, err := r.Kind(ctx)
	if err != nil {
		return datasetRules{}, err
	}
	pol, err := r.Policy(ctx)
	if err != nil {
		return datasetRules{}, err
	}
	min, err := r.GoldMin(ctx) // with gold from a blind arm, its count
	if err != nil {
		return datasetRules{}, err
	}
	rules := datasetRules{Protocol: r.Protocol(kind), units: r.Units(), rule: pol.Gold, min: min, model: pol.Model == store.GoldDawidSkene}
	if kind != guidelines.MIMICS.Kind {
		rules.turns, err = r.UnitCounts(ctx)
	}
	return rules, err
}

// missing counts the units the item's HIT asks for, given its gold labels,
// that have none: a facet is asked for only when the gold says the request
// needs clarification.
func (p *PaneGold) missing(proto guidelines.Protocol, shape guidelines.Shape) int {
	return len(p.missingUnits(proto, shape))
}

// missingUnits are the units missing counts.
func (p *PaneGold) missingUnits(proto guidelines.Protocol, shape guidelines.Shape) []string {
	gold := map[string]int{}
	for _, u := range p.Units {
		if u.Label >= 0 {
			gold[u.Unit] = u.Label
		}
	}
	var out []string
	for _, u := range proto.Asked(shape, gold) {
		if p.Label(u) < 0 {
			out = append(out, u)
		}
	}
	return out
}

// LabelCells are the gold labels of units as TSV cells, "" where a unit
// has none.
func (p *PaneGold) LabelCells(units []string) []string {
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
// the dataset's rule (majority, or median) picks from its settled labels,
// with the provenance unitGold gives it. An item the reading hides comes
// with none.
func EachPaneGold(ctx context.Context, r *store.Reading, fn func(*PaneGold) error) error {
	names, err := annotatorNames(ctx, r)
	if err != nil {
		return err
	}
	rules, err := rulesOf(ctx, r)
	if err != nil {
		return err
	}
	if rules.model {
		if rules.posterior, err = goldModel(ctx, r, rules.Kind); err != nil {
			return err
		}
	}
	judged, err := r.JudgeGold(ctx)
	if err != nil {
		return err
	}
	return r.EachGoldRow(ctx, func(row *store.GoldRow) error {
		p := &PaneGold{Item: row.Item, Flagged: row.Flagged}
		for ui, unit := range r.Units() {
			if !slices.Contains(rules.AllUnits, unit) {
				continue
			}
			// A unit with no provenance has no gold (no votes, and no
			// judge's label in its place): it is not a gold unit at all.
			if u := judgeGold(rules.unitGold(ui, row, names), judged[row.ID]); u.Provenance != "" {
				p.Units = append(p.Units, u)
			}
		}
		if err := rules.writtenGolds(ctx, r, row.ID, p.Units); err != nil {
			return err
		}
		p.Units = rules.conditioned(p.Units)
		for _, u := range p.Units {
			if u.Provenance == agreement.Insufficient {
				p.Insufficient++
			}
		}
		p.MissingUnits = p.missingUnits(rules.Protocol, row.Item.Shape(rules.turns[row.ID]))
		p.Missing = len(p.MissingUnits)
		return fn(p)
	})
}

// judgeGold is a unit's gold on an item triage gave to the judge: the
// triage run's label, provenance judge, unless an adjudicator decided the
// unit, whose decision stands as everywhere. Units the run did not label
// keep what their votes say (nothing, on an item no one had).
func judgeGold(u UnitGold, judged map[string]int) UnitGold {
	v, ok := judged[u.Unit]
	if !ok || u.Provenance == agreement.Adjudicated {
		return u
	}
	u.Label, u.Provenance, u.Posterior, u.ByVote, u.Fit = v, agreement.Judge, nil, "", ""
	return u
}

// conditioned applies the kind's conditions to an item's gold units (in
// HIT order, so a condition's unit comes before the units waiting on it).
// A unit asked only under a condition (the facet, asked after a yes) has
// gold only where the condition's own gold holds: after a gold no, or an
// unresolved necessity, it has none, whatever its votes. Where it holds,
// the unit was asked of exactly the annotators for whom the condition held,
// so it rests on as many annotators as the condition's unit does: settled
// when that unit is (the policy's min), insufficient when that unit is.
// The unit's own votes never make it insufficient: a request three people
// judged, one of them no, has two facet labels and a settled facet gold.
func (rules datasetRules) conditioned(units []UnitGold) []UnitGold {
	byUnit := map[string]UnitGold{}
	out := units[:0]
	for _, u := range units {
		byUnit[u.Unit] = u
		c, ok := rules.Requires(u.Unit)
		if !ok {
			out = append(out, u)
			continue
		}
		cond, ok := byUnit[c.Unit]
		if !ok || !c.Holds(cond.Label) {
			continue
		}
		if cond.Provenance == agreement.Insufficient && u.Provenance != agreement.Adjudicated {
			u.Provenance, u.Posterior = agreement.Insufficient, nil
		}
		out = append(out, u)
	}
	return out
}

// unitGold is unit ui's gold label on a row. An adjudicator's decision
// stands whatever the votes. Otherwise the rule picks from the settled
// votes, and the provenance says what the pick rests on: Imported when
// every vote came from a release file; Insufficient when fewer annotators
// than the policy's min have settled labels on the unit, so one person's
// label is never called unanimous; else the rule's own (unanimous,
// majority, median, unresolved). A unit asked under a condition needs
// only its own votes here: conditioned settles it by its condition's unit.
func (rules datasetRules) unitGold(ui int, row *store.GoldRow, names map[int64]string) UnitGold {
	u := UnitGold{Unit: rules.units[ui], Votes: make([]int, store.VoteSlots)}
	need := rules.min
	if _, ok := rules.Requires(u.Unit); ok {
		need = 1
	}
	n, imported := 0, 0
	for _, v := range row.Votes {
		if v.Unit == ui {
			u.Votes[v.Value]++
			n++
			if v.Imported {
				imported++
			}
		}
	}
	adj := -1
	for _, d := range row.Decisions {
		if d.Unit == ui {
			adj, u.Adjudicator = d.Value, names[d.Adjudicator]
		}
	}
	u.Label, u.Provenance = rules.rule.Gold(u.Votes, adj)
	if pick, ok := rules.posterior[UnitKey{row.ID, u.Unit}]; ok && adj < 0 {
		// The model's pick, beside what the votes say; resting on fewer
		// annotators than the policy's min, it is still insufficient,
		// whatever the posterior says, and carries no posterior.
		post := pick.post
		u.ByVote, u.Fit = u.Provenance, map[bool]string{true: FitConverged, false: FitUnconverged}[pick.converged]
		u.Posterior, u.Label, u.Provenance = post, slices.Index(post, slices.Max(post)), agreement.Model
		if n < need {
			u.Provenance, u.Posterior = agreement.Insufficient, nil
		}
		return u
	}
	switch {
	case u.Provenance == "" || u.Provenance == agreement.Adjudicated:
	case imported == n && u.Provenance != agreement.Unresolved:
		u.Provenance = agreement.Imported
	case n < need:
		u.Provenance = agreement.Insufficient
	}
	return u
}

// goldModel fits Dawid–Skene to the reading's settled labels (one pass over
// the gold rows) and gives each labelled unit its posterior per value and
// whether its fit converged.
func goldModel(ctx context.Context, r *store.Reading, kind guidelines.Kind) (map[UnitKey]modelPick, error) {
	var labels []store.QualityLabel
	err := r.EachGoldRow(ctx, func(row *store.GoldRow) error {
		for _, v := range row.Votes {
			labels = append(labels, store.QualityLabel{Annotator: strconv.FormatInt(v.Annotator, 10),
				Item: row.ID, Unit: r.Units()[v.Unit], Value: v.Value})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	models, err := FitDSModels(r.Protocol(kind), labels, ctx.Done())
	if err == nil {
		err = ctx.Err() // stopped early: the fit is unfinished
	}
	if err != nil {
		return nil, err
	}
	out := map[UnitKey]modelPick{}
	for _, m := range models {
		for i, uk := range m.Units {
			post := make([]float64, store.VoteSlots)
			for k, p := range m.Fit.Posterior[i] {
				post[m.Values[k]] = p
			}
			out[uk] = modelPick{post: post, converged: m.Fit.Converged}
		}
	}
	return out, nil
}

func annotatorNames(ctx context.Context, r *store.Reading) (map[int64]string, error) {
	people, err := r.Annotators(ctx)
	if err != nil {
		return nil, err
	}
	names := map[int64]string{}
	for _, a := range people {
		names[a.ID] = a.Name
	}
	return names, nil
}

// ReleaseOptions says which incomplete panes a release or gold export
// keeps. By default it writes only panes whose gold is whole: every unit
// resolved and resting on at least the policy's min annotators.
type ReleaseOptions struct {
	// IncludeUnresolved keeps panes with a unit that has no gold label
	// (a tie, or not labelled yet), its cell empty.
	IncludeUnresolved bool
	// IncludeIncomplete keeps panes with a unit whose provenance is
	// insufficient: fewer annotators than the policy's min.
	IncludeIncomplete bool
	// WithText adds each item's two texts (TextHeader) to a gold export,
	// for a person reading it without joining files.
	WithText bool
}

// TextHeader names the columns --with-text adds: an item's first text (a
// pane's query, a conversation's topic, a request, an intent's query, a
// protocol file's first text column) and its second (a pane's question, a
// conversation's facet, a request's reference question, the answer
// judged, the second text column; empty for a pair), and a grouped row's
// id (a protocol file's item.row_id, beside a unit asked per row; else
// empty). A grouped item's unit asked per row has its row's texts, one
// asked once the first row's first text (store.Reading.UnitText).
const TextHeader = "text\ttext_2\trow_id"

// ReleaseSummary counts the panes an export wrote and left out, and why.
type ReleaseSummary struct {
	Written      int
	Flagged      int // a flag stands on the pane (open or upheld)
	Unresolved   int // a unit the HIT asks for has no gold label
	Insufficient int // a unit rests on fewer annotators than the policy's min
	Unlabelled   int // no labels at all
	// Unconverged counts the written units whose gold is a Dawid–Skene
	// fit's that did not converge.
	Unconverged int
	Kept        ReleaseOptions
	// Whole: the format writes only items with every unit resolved, and
	// no flag keeps the others (nuggetizer's files).
	Whole bool
}

// Keep tallies an item and says whether the export writes it: not when
// flagged or without labels, nor when insufficient or unresolved unless
// the options keep those. A pane both insufficient and unresolved counts
// as insufficient: more annotators may resolve it.
func (sum *ReleaseSummary) Keep(p *PaneGold) bool {
	switch {
	case p.Flagged:
		sum.Flagged++
		return false
	case len(p.Units) == 0:
		sum.Unlabelled++
		return false
	case p.Insufficient > 0:
		sum.Insufficient++
		if !sum.Kept.IncludeIncomplete {
			return false
		}
	case p.Missing > 0:
		sum.Unresolved++
		if !sum.Kept.IncludeUnresolved {
			return false
		}
	}
	sum.Written++
	for _, u := range p.Units {
		if u.Fit == FitUnconverged {
			sum.Unconverged++
		}
	}
	return true
}

// Line is the summary as one line for stderr, noun the export's item
// ("panes", "conversations", "answers").
func (sum ReleaseSummary) Line(noun string) string {
	keep := func(kept bool, flag string) string {
		if kept {
			return "kept"
		}
		return "left out; " + flag + " keeps them"
	}
	line := fmt.Sprintf("%s written; %d flagged (left out; claritty flags reviews them); "+
		"%d with fewer annotators than the policy's min (%s); %d with unresolved units (%s); %d not labelled",
		display.Count(sum.Written, guidelines.Singular(noun), noun), sum.Flagged, sum.Insufficient, keep(sum.Kept.IncludeIncomplete, "--include-incomplete"),
		sum.Unresolved, unresolvedKept(sum, keep), sum.Unlabelled)
	if sum.Unconverged > 0 {
		line += fmt.Sprintf("; WARNING: %s from a Dawid–Skene fit that did not converge "+
			"(fit \"not converged\"; claritty annotators --quality shows its rounds and last change)",
			display.Count(sum.Unconverged, "unit's gold comes", "units' gold comes"))
	}
	return line
}

// unresolvedKept says what became of items with unresolved units.
func unresolvedKept(sum ReleaseSummary, keep func(bool, string) string) string {
	if sum.Whole {
		return "left out: this format needs every unit judged"
	}
	return keep(sum.Kept.IncludeUnresolved, "--include-unresolved")
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

// Referral is a pane's labelled units, to send to adjudication.
type Referral struct {
	Item  int64
	Units []string
}

// ReferralsBelow lists every labelled unit of each unflagged pane whose
// agreement (PaneAgreement) is below threshold, reading as a lead with r.
// It writes nothing: the caller sends them (store.Refer) once the reading
// is closed.
func ReferralsBelow(ctx context.Context, r *store.Reading, threshold float64) ([]Referral, error) {
	if err := r.RequireGold(); err != nil {
		return nil, err
	}
	var todo []Referral
	err := EachPaneGold(ctx, r, func(p *PaneGold) error {
		share, ok := p.PaneAgreement()
		if p.Flagged || !ok || share >= threshold {
			return nil
		}
		ref := Referral{Item: p.Item.ID}
		for _, u := range p.Units {
			ref.Units = append(ref.Units, u.Unit)
		}
		todo = append(todo, ref)
		return nil
	})
	return todo, err
}

// StatsGold is the gold statistics describe: as it stands, provisional
// gold included (each table's gold column says how much of it is);
// claritty bench scores settled gold unless told otherwise.
var StatsGold = ScoreOptions{Provisional: true}
