package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// ArmFigures are a study's figures per arm (issue 46), for a lead: each
// arm's labels, agreement within it, with each arm's run and with the
// blind arm's gold, its time per HIT and its labels changed after seeing
// a run; then each other arm against the blind arm, with bootstrap
// intervals over items.
type ArmFigures struct {
	// GoldFrom is whose labels the dataset's gold rests on: "blind" or
	// "all" (store.GoldFrom); with no blind arm, every arm's.
	GoldFrom    string          `json:"gold_from"`
	Arms        []ArmFigure     `json:"arms"`
	Differences []ArmDifference `json:"differences"`
	// Bootstrap and Seed are the replicates and seed of the differences'
	// intervals (agree's --bootstrap and --seed).
	Bootstrap int    `json:"bootstrap"`
	Seed      uint64 `json:"seed"`
}

// ArmFigure is one arm's figures.
type ArmFigure struct {
	Arm     string `json:"arm"` // blind, after:RUN or before:RUN
	Shows   string `json:"shows"`
	Run     string `json:"run,omitempty"`
	PerItem int    `json:"per_item"`
	// Annotators drawn into the arm who finished a HIT of it (someone whose
	// search found no work is drawn too, and counts in no figure); Items
	// with a settled label of theirs;
	// Labels, settled.
	Annotators int `json:"annotators"`
	Items      int `json:"items"`
	Labels     int `json:"labels"`
	// Changed counts the labels whose final value differs from the value
	// first keyed; ChangedShare is its share of Labels.
	Changed      int             `json:"changed"`
	ChangedShare agreement.Value `json:"changed_share"`
	// HITs finished, TimedHITs those with step events, and the median
	// time of those, as the quality report measures a HIT.
	HITs             int             `json:"hits"`
	TimedHITs        int             `json:"timed_hits"`
	MedianHITSeconds agreement.Value `json:"median_hit_seconds"`
	Types            []ArmType       `json:"types"`
}

// ArmType is one arm's figures over the units of one type, on its scale.
type ArmType struct {
	Type string `json:"type"`
	// Distribution is the arm's final labels per value of the scale.
	Distribution []ArmCount `json:"distribution"`
	Within       ArmWithin  `json:"within"`
	// Weighting is the κ of Runs and Gold: "quadratic" on an ordinal
	// scale, else "unweighted" (Cohen's), as the judge-versus-people
	// baseline weights it.
	Weighting string `json:"kappa_weighting"`
	// Runs is the arm's agreement with each arm's run, in arm order, each
	// run once.
	Runs []ArmAgreement `json:"runs"`
	// Gold is the arm's agreement with the blind arm's settled gold (a
	// decision, else the policy's rule over the blind arm's labels where
	// they reach its count: with gold from the blind arm, the dataset's
	// gold); nil for the blind arm itself (GoldWhy says why) or with no
	// blind arm.
	Gold    *ArmAgreement `json:"blind_gold"`
	GoldWhy string        `json:"blind_gold_undefined_why,omitempty"`
}

// ArmCount is how many of an arm's labels have one value.
type ArmCount struct {
	Label string          `json:"label"`
	Value int             `json:"value"`
	N     int             `json:"n"`
	Share agreement.Value `json:"share"`
}

// ArmWithin is agreement within the arm: agree's figures (Fleiss' κ, in
// Gwet's form when the raters per unit vary, and Krippendorff's alpha,
// with 95% bootstrap intervals) over the arm's labels alone.
type ArmWithin struct {
	Units        int                `json:"units"`
	Paired       int                `json:"paired"`
	Kappa        agreement.Value    `json:"kappa"`
	KappaCI      agreement.Interval `json:"kappa_ci"`
	AlphaNominal agreement.Value    `json:"alpha_nominal"`
	AlphaOrdinal agreement.Value    `json:"alpha_ordinal"`
	AlphaCI      agreement.Interval `json:"alpha_ordinal_ci"`
	Undefined    string             `json:"undefined_why,omitempty"`
}

// ArmAgreement is Cohen's κ (quadratic-weighted on an ordinal scale:
// ArmType.Weighting) between an arm's final labels and another rater (a
// run, or the blind arm's settled gold) over the units both labelled,
// each label of the arm a pair, and the share of pairs that are equal.
type ArmAgreement struct {
	Run   string          `json:"run,omitempty"`
	Pairs int             `json:"pairs"`
	Exact agreement.Value `json:"exact"`
	Kappa agreement.Value `json:"kappa"`
}

// ArmDifference is an arm against the blind arm on one type: its κ with
// its own run less the blind arm's κ with that run, and its within-arm κ
// less the blind arm's, each with a 95% percentile bootstrap interval over
// items (the items drawn with replacement, the same draw for both arms).
type ArmDifference struct {
	Arm      string             `json:"arm"`
	Type     string             `json:"type"`
	Run      string             `json:"run"`
	RunKappa agreement.Value    `json:"run_kappa_difference"`
	RunCI    agreement.Interval `json:"run_kappa_difference_ci"`
	Within   agreement.Value    `json:"within_kappa_difference"`
	WithinCI agreement.Interval `json:"within_kappa_difference_ci"`
}

// blindGoldSelf says why the blind arm has no agreement with its gold.
const blindGoldSelf = "the blind arm's gold is its own labels"

// ReadArms is the reading's per-arm figures, for a lead; nil below the
// lead or on a dataset without arms (nothing of arms may then be shown).
// The bootstrap stops when ctx ends, and then the figures are unfinished:
// ReadArms returns ctx's error, never them.
func ReadArms(ctx context.Context, r *store.Reading, opt agreement.Options) (*ArmFigures, error) {
	d, ok, err := r.StudyData(ctx)
	if err != nil || !ok {
		return nil, err
	}
	kind, err := r.Kind(ctx)
	if err != nil {
		return nil, err
	}
	pol, err := r.Policy(ctx)
	if err != nil {
		return nil, err
	}
	gold, err := blindGold(ctx, r, d, pol.Gold)
	if err != nil {
		return nil, err
	}
	opt.Stop = ctx.Done()
	f := ComputeArmFigures(d, r.Protocol(kind), gold, opt)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return &f, nil
}

// blindGold is the settled gold of the blind arm's labels, by item and
// unit (nil without a blind arm). With gold from the blind arm it is the
// dataset's own gold where settled (EachPaneGold: a decision, else the
// policy's rule over the blind arm's labels, resting on its count); with
// gold from every arm, the same worked out from the blind arm's labels
// alone: a decision, else the rule over a unit's blind labels where they
// are at least the arm's count.
func blindGold(ctx context.Context, r *store.Reading, d store.StudyData, rule agreement.Rule) (map[store.ItemUnit]int, error) {
	i := slices.IndexFunc(d.Arms, store.Arm.Blind)
	if i < 0 {
		return nil, nil
	}
	all := d.GoldFrom != store.GoldFromBlind
	gold := map[store.ItemUnit]int{}
	if all {
		gold = ruleGold(d.Labels, d.Arms[i], rule)
	}
	err := EachPaneGold(ctx, r, func(p *PaneGold) error {
		for _, u := range p.Units {
			decided := u.Provenance == agreement.Adjudicated && u.Label >= 0 && u.Text == ""
			if decided || !all && settledGold(u) {
				gold[store.ItemUnit{ItemID: p.Item.ID, Unit: u.Unit}] = u.Label
			}
		}
		return nil
	})
	return gold, err
}

// ruleGold is what the rule picks from the arm's labels of each unit that
// has at least the arm's count of them.
func ruleGold(labels []store.ArmLabel, arm store.Arm, rule agreement.Rule) map[store.ItemUnit]int {
	votes := map[store.ItemUnit][]int{}
	for _, l := range labels {
		if l.Arm != arm.Seq || l.Value < 0 || l.Value >= store.VoteSlots {
			continue
		}
		k := store.ItemUnit{ItemID: l.ItemID, Unit: l.Unit}
		if votes[k] == nil {
			votes[k] = make([]int, store.VoteSlots)
		}
		votes[k][l.Value]++
	}
	gold := map[store.ItemUnit]int{}
	for k, vs := range votes {
		n := 0
		for _, c := range vs {
			n += c
		}
		if g := rule.Pick(vs); n >= arm.PerItem && g >= 0 {
			gold[k] = g
		}
	}
	return gold
}

// armUnit is the labels of one unit of one item, by arm seq.
type armUnit struct {
	item  int64
	unit  string
	typ   int
	byArm map[int][]store.ArmLabel
	gold  int // the blind arm's settled gold, -1 for none
}

// ComputeArmFigures is the per-arm figures of a study's data on protocol
// p, gold the blind arm's settled gold (blindGold).
func ComputeArmFigures(d store.StudyData, p guidelines.Protocol, gold map[store.ItemUnit]int, opt agreement.Options) ArmFigures {
	out := ArmFigures{GoldFrom: string(d.GoldFrom), Bootstrap: opt.Bootstrap, Seed: opt.Seed, Differences: []ArmDifference{}}
	blind, b := -1, slices.IndexFunc(d.Arms, store.Arm.Blind) // the blind arm's seq, and its place
	if b >= 0 {
		blind = d.Arms[b].Seq
	} else {
		out.GoldFrom = string(store.GoldFromAll)
	}
	units := armUnits(d, p, gold)
	for _, a := range d.Arms {
		out.Arms = append(out.Arms, armFigure(d, p, units, a, blind, opt))
	}
	if blind < 0 {
		return out
	}
	for i, a := range d.Arms {
		if a.Blind() {
			continue
		}
		for t, typ := range p.Types {
			diff := armDifference(units, t, out.Arms[i].Types[t], out.Arms[b].Types[t], a, blind, d.Runs[a.RunID], weighted(p, typ), opt)
			diff.Arm, diff.Type, diff.Run = a.Name(), typ, a.Run
			out.Differences = append(out.Differences, diff)
		}
	}
	return out
}

// armUnits groups the labels on a scale by item and unit, in the order
// they come (import order, then unit), each with its blind gold.
func armUnits(d store.StudyData, p guidelines.Protocol, gold map[store.ItemUnit]int) []*armUnit {
	var out []*armUnit
	category := categoryOf(p, ScaleOf(p))
	for _, l := range d.Labels {
		t := slices.Index(p.Types, agreement.UnitType(l.Unit))
		if t < 0 || l.Value < 0 || l.Value >= store.VoteSlots || category[t][l.Value] < 0 || l.Arm < 0 {
			continue // a written answer, or an annotator in no arm
		}
		if n := len(out); n == 0 || out[n-1].item != l.ItemID || out[n-1].unit != l.Unit {
			g, ok := gold[store.ItemUnit{ItemID: l.ItemID, Unit: l.Unit}]
			if !ok {
				g = -1
			}
			out = append(out, &armUnit{item: l.ItemID, unit: l.Unit, typ: t, byArm: map[int][]store.ArmLabel{}, gold: g})
		}
		u := out[len(out)-1]
		u.byArm[l.Arm] = append(u.byArm[l.Arm], l)
	}
	return out
}

func armFigure(d store.StudyData, p guidelines.Protocol, units []*armUnit, a store.Arm, blind int, opt agreement.Options) ArmFigure {
	f := ArmFigure{Arm: a.Name(), Shows: string(a.Shows), Run: a.Run, PerItem: a.PerItem}
	worked := map[int64]bool{} // drawn and finished a HIT: a search that found no work draws too
	for _, h := range d.HITs {
		if h.Arm == a.Seq && !worked[h.Annotator] {
			worked[h.Annotator] = true
			f.Annotators++
		}
	}
	items := map[int64]bool{}
	for _, l := range d.Labels {
		if l.Arm == a.Seq {
			f.Labels++
			items[l.ItemID] = true
			if l.First != l.Value {
				f.Changed++
			}
		}
	}
	f.Items, f.ChangedShare = len(items), fraction(f.Changed, f.Labels)
	var times []float64
	for _, h := range d.HITs {
		if h.Arm == a.Seq {
			f.HITs++
			if h.Timed {
				f.TimedHITs++
				times = append(times, h.Seconds)
			}
		}
	}
	if len(times) > 0 {
		f.MedianHITSeconds = defined(median(times))
	}
	for t, typ := range p.Types {
		f.Types = append(f.Types, armType(d, p, units, t, typ, a, blind, opt))
	}
	return f
}

func armType(d store.StudyData, p guidelines.Protocol, units []*armUnit, t int, typ string, a store.Arm, blind int, opt agreement.Options) ArmType {
	at := ArmType{Type: typ, Weighting: weightingOf(p, typ)}
	counts := make([]int, store.VoteSlots)
	n := 0
	for _, u := range units {
		if u.typ == t {
			for _, l := range u.byArm[a.Seq] {
				counts[l.Value]++
				n++
			}
		}
	}
	for _, l := range p.ScaleOf(typ) {
		v := l.Value
		at.Distribution = append(at.Distribution, ArmCount{Label: p.NameOf(typ, v), Value: v, N: counts[v], Share: fraction(counts[v], n)})
	}
	at.Within = withinArm(p, units, t, a.Seq, opt)
	seen := map[int64]bool{}
	for _, other := range d.Arms {
		if other.Blind() || seen[other.RunID] {
			continue // an after: and a before: arm may show one run
		}
		seen[other.RunID] = true
		ag := runAgreement(units, t, a.Seq, d.Runs[other.RunID], weighted(p, typ))
		ag.Run = other.Run
		at.Runs = append(at.Runs, ag)
	}
	switch {
	case blind < 0:
		at.GoldWhy = "the study has no blind arm"
	case a.Seq == blind:
		at.GoldWhy = blindGoldSelf
	default:
		g := goldAgreement(units, t, a.Seq, weighted(p, typ))
		at.Gold = &g
	}
	return at
}

// weighted says whether the κ of a type's pairs is quadratic-weighted: on
// an ordinal scale, as the judge-versus-people baseline weights it.
func weighted(p guidelines.Protocol, typ string) bool { return !p.NominalOf(typ) }

// weightingOf names the κ's weighting, as HumanBaseline.Weighting does.
func weightingOf(p guidelines.Protocol, typ string) string {
	return HumanBaseline{Weighted: weighted(p, typ)}.Weighting()
}

// withinArm is agree's figures over the arm's labels of type t.
func withinArm(p guidelines.Protocol, units []*armUnit, t, arm int, opt agreement.Options) ArmWithin {
	scale := ScaleOf(p)
	category := categoryOf(p, scale)
	st := &agreement.Study{Scale: scale, Types: p.Types}
	rater := map[int64]int{}
	for _, u := range units {
		if u.typ != t || len(u.byArm[arm]) == 0 {
			continue
		}
		var rs []agreement.Rating
		for _, l := range u.byArm[arm] {
			ri, ok := rater[l.Annotator]
			if !ok {
				ri = len(st.Raters)
				rater[l.Annotator] = ri
				st.Raters = append(st.Raters, "")
			}
			rs = append(rs, agreement.Rating{Rater: ri, Category: category[t][l.Value]})
		}
		st.Subjects = append(st.Subjects, agreement.Subject{Unit: u.unit, Type: t, Ratings: rs})
	}
	rep := agreement.Analyze(st, opt)
	c := rep.Types[t]
	return ArmWithin{Units: c.Items, Paired: c.Paired, Kappa: c.FleissKappa, KappaCI: c.CIKappa,
		AlphaNominal: c.AlphaNominal, AlphaOrdinal: c.AlphaOrdinal, AlphaCI: c.CIAlphaOrdinal, Undefined: c.Undefined}
}

// runAgreement is Cohen's κ (quadratic-weighted when w) between the arm's
// final labels of type t and a run's labels of the same units.
func runAgreement(units []*armUnit, t, arm int, run map[store.ItemUnit]int, w bool) ArmAgreement {
	var table [store.VoteSlots * store.VoteSlots]float64
	for _, u := range units {
		if v, ok := runLabel(u, run); ok && u.typ == t {
			for _, l := range u.byArm[arm] {
				table[l.Value*store.VoteSlots+v]++
			}
		}
	}
	return agreementOf(table[:], w)
}

// runLabel is the run's label of the unit, if it gives one on the scale.
func runLabel(u *armUnit, run map[store.ItemUnit]int) (int, bool) {
	v, ok := run[store.ItemUnit{ItemID: u.item, Unit: u.unit}]
	return v, ok && v >= 0 && v < store.VoteSlots
}

// goldAgreement is Cohen's κ (quadratic-weighted when w) between the arm's
// final labels of type t and the blind arm's gold, where it has one.
func goldAgreement(units []*armUnit, t, arm int, w bool) ArmAgreement {
	var table [store.VoteSlots * store.VoteSlots]float64
	for _, u := range units {
		if u.typ != t || u.gold < 0 {
			continue
		}
		for _, l := range u.byArm[arm] {
			table[l.Value*store.VoteSlots+u.gold]++
		}
	}
	return agreementOf(table[:], w)
}

// agreementOf reads a VoteSlots × VoteSlots table of pairs: how many, the
// share on its diagonal and Cohen's κ, quadratic-weighted when w (a value
// nobody gave adds nothing to either).
func agreementOf(table []float64, w bool) ArmAgreement {
	var n, diag float64
	for a := range store.VoteSlots {
		for b := range store.VoteSlots {
			n += table[a*store.VoteSlots+b]
		}
		diag += table[a*store.VoteSlots+a]
	}
	ag := ArmAgreement{Pairs: int(n), Kappa: armKappa(table, w)}
	if n > 0 {
		ag.Exact = defined(diag / n)
	}
	return ag
}

// armKappa is tableKappa as an agreement.Value.
func armKappa(table []float64, w bool) agreement.Value {
	k := tableKappa(table, w)
	return agreement.Value{V: k.X, Defined: k.Defined}
}

// armDifference is the arm a against the blind arm on type t: the
// difference of their figures already worked out (mine and blind), with
// intervals from opt.Bootstrap replicates drawn with opt.Seed.
func armDifference(units []*armUnit, t int, mine, blind ArmType, a store.Arm, blindSeq int,
	run map[store.ItemUnit]int, w bool, opt agreement.Options) ArmDifference {
	diff := ArmDifference{Within: minus(mine.Within.Kappa, blind.Within.Kappa)}
	if k := slices.IndexFunc(mine.Runs, func(r ArmAgreement) bool { return r.Run == a.Run }); k >= 0 {
		diff.RunKappa = minus(mine.Runs[k].Kappa, blind.Runs[k].Kappa) // every arm lists the runs in one order
	}
	b := newArmBoot(units, t, a.Seq, blindSeq, run)
	if opt.Bootstrap < 2 || len(b.cells) == 0 {
		return diff
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x61726d73)) // "arms"
	times := make([]float64, len(b.cells))
	var runs, withins []float64
	for i := range min(opt.Bootstrap, agreement.MaxBootstrap) {
		if i%16 == 0 && agreement.Stopped(opt.Stop) {
			return diff // unfinished: the caller checks its context
		}
		clear(times)
		for range times {
			times[rng.IntN(len(times))]++
		}
		r, wi := b.replicate(times, w)
		if r.Defined {
			runs = append(runs, r.V)
		}
		if wi.Defined {
			withins = append(withins, wi.V)
		}
	}
	diff.RunCI, diff.WithinCI = agreement.Percentile95(runs), agreement.Percentile95(withins)
	return diff
}

// armBoot is what a bootstrap replicate of one type needs, worked out once
// (as the baseline's cellIndex): by the position of each item with units
// of the type, its cells of the two run tables (the arm's labels and the
// blind arm's against the arm's run), and each unit's counts per value
// within each of the two arms with its item's position. A replicate then
// adds up the items it drew, with no look-up per unit.
type armBoot struct {
	cells  [][]armCell
	within [2]armCounts
}

// armCell is one count of a run table: side 0 the arm's, 1 the blind
// arm's, at label × VoteSlots + run label.
type armCell struct{ side, cell int }

// armCounts are an arm's units of one type as count patterns: each
// distinct pattern's count per value, once, and for each unit its item's
// position and its pattern, so a replicate's κ costs the patterns, not the
// units.
type armCounts struct {
	patterns [][]int
	item     []int
	pattern  []int
	at       map[[store.VoteSlots]int]int
}

// add counts one unit of the item at position i.
func (c *armCounts) add(i int, counts [store.VoteSlots]int) {
	if c.at == nil {
		c.at = map[[store.VoteSlots]int]int{}
	}
	k, ok := c.at[counts]
	if !ok {
		k = len(c.patterns)
		c.at[counts] = k
		c.patterns = append(c.patterns, counts[:])
	}
	c.item, c.pattern = append(c.item, i), append(c.pattern, k)
}

func newArmBoot(units []*armUnit, t, arm, blind int, run map[store.ItemUnit]int) armBoot {
	var b armBoot
	var last int64
	for _, u := range units {
		if u.typ != t {
			continue
		}
		if len(b.cells) == 0 || last != u.item { // units come item by item
			b.cells, last = append(b.cells, nil), u.item
		}
		i := len(b.cells) - 1
		v, ok := runLabel(u, run)
		for side, seq := range [2]int{arm, blind} {
			ls := u.byArm[seq]
			if len(ls) == 0 {
				continue
			}
			var c [store.VoteSlots]int
			for _, l := range ls {
				c[l.Value]++
				if ok {
					b.cells[i] = append(b.cells[i], armCell{side, l.Value*store.VoteSlots + v})
				}
			}
			b.within[side].add(i, c)
		}
	}
	return b
}

// replicate is the differences (the arm's less the blind arm's κ with the
// run, quadratic-weighted when w, and Fleiss' κ within) over the items
// drawn: times[i] is how often the item at position i was.
func (b armBoot) replicate(times []float64, w bool) (runK, within agreement.Value) {
	var tables [2][store.VoteSlots * store.VoteSlots]float64
	for i, n := range times {
		if n > 0 {
			for _, c := range b.cells[i] {
				tables[c.side][c.cell] += n
			}
		}
	}
	runK = minus(armKappa(tables[0][:], w), armKappa(tables[1][:], w))
	return runK, minus(b.within[0].fleiss(times), b.within[1].fleiss(times))
}

// fleiss is the arm's Fleiss' κ with each unit counted as often as its
// item was drawn.
func (c armCounts) fleiss(times []float64) agreement.Value {
	ws := make([]float64, len(c.patterns))
	for j, i := range c.item {
		ws[c.pattern[j]] += times[i]
	}
	return agreement.WeightedFleiss(c.patterns, ws)
}

// minus is a − b, defined when both are.
func minus(a, b agreement.Value) agreement.Value {
	if !a.Defined || !b.Defined {
		return agreement.Value{}
	}
	return defined(a.V - b.V)
}

// WriteJSON writes the figures as one JSON document.
func (f ArmFigures) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(f)
}

// Text is the figures for a terminal: a table of each arm, a table per
// unit type, then each arm against the blind arm.
func (f ArmFigures) Text() string {
	var b strings.Builder
	from := "the blind arm's labels"
	if f.GoldFrom == string(store.GoldFromAll) {
		from = "every arm's labels"
	}
	fmt.Fprintf(&b, "Arms (gold from %s)\n\n", from)
	rows := [][]string{{"arm", "per item", "annotators", "items", "labels", "changed", "HITs", "median HIT"}}
	for _, a := range f.Arms {
		rows = append(rows, []string{display.Clean(a.Arm), strconv.Itoa(a.PerItem), strconv.Itoa(a.Annotators),
			strconv.Itoa(a.Items), strconv.Itoa(a.Labels), valuePct(a.ChangedShare), strconv.Itoa(a.HITs), seconds(a.MedianHITSeconds)})
	}
	writeTable(&b, rows)
	for t := range typesOf(f.Arms) {
		b.WriteString("\n")
		head := []string{display.Clean(f.Arms[0].Types[t].Type), "labels", "κ within [95%]", "α nom", "α ord [95%]", "vs blind gold κ (exact)"}
		for _, r := range f.Arms[0].Types[t].Runs {
			head = append(head, "vs "+display.Clean(r.Run)+" κ (exact)")
		}
		rows := [][]string{head}
		for _, a := range f.Arms {
			at := a.Types[t]
			row := []string{display.Clean(a.Arm), distributionText(at.Distribution), withCI(at.Within.Kappa, at.Within.KappaCI),
				value2(at.Within.AlphaNominal), withCI(at.Within.AlphaOrdinal, at.Within.AlphaCI), "–"}
			if at.Gold != nil {
				row[5] = agreementText(*at.Gold)
			}
			for _, r := range at.Runs {
				row = append(row, agreementText(r))
			}
			rows = append(rows, row)
		}
		writeTable(&b, rows)
		fmt.Fprintf(&b, "κ with the blind gold and the runs: %s\n", f.Arms[0].Types[t].Weighting)
	}
	if len(f.Differences) > 0 {
		fmt.Fprintf(&b, "\nAgainst the blind arm (bootstrap 95%% over items, %d replicates, seed %d)\n", f.Bootstrap, f.Seed)
		rows := [][]string{{"arm", "type", "Δ κ with its run", "Δ κ within"}}
		for _, d := range f.Differences {
			rows = append(rows, []string{display.Clean(d.Arm), display.Clean(d.Type), withCI(d.RunKappa, d.RunCI), withCI(d.Within, d.WithinCI)})
		}
		writeTable(&b, rows)
	}
	b.WriteString("\n" + armsKey)
	return b.String()
}

// armsKey says what the arms' figures mean.
const armsKey = `labels         the arm's final labels per value (count)
κ within       Fleiss' κ over the arm's labels alone, as agree computes it
α nom, α ord   Krippendorff's α (nominal, ordinal) over the arm's labels alone
vs blind gold  Cohen's κ of the arm's labels with the blind arm's settled gold (a
               decision, else the policy's rule over the blind arm's labels where
               they reach its count; with gold from the blind arm, the dataset's
               gold), and the share equal; – for the blind arm
vs RUN         Cohen's κ of the arm's labels with the run's, and the share equal
               (both κ quadratic-weighted on an ordinal scale, as the judge's
               baseline beside the people)
changed        share of labels whose final value differs from the one first keyed
Δ              the arm's figure less the blind arm's
`

// typesOf is how many unit types every arm has figures of.
func typesOf(arms []ArmFigure) int {
	if len(arms) == 0 {
		return 0
	}
	return len(arms[0].Types)
}

func distributionText(cs []ArmCount) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s:%d", display.Clean(c.Label), c.N)
	}
	return strings.Join(parts, " ")
}

func agreementText(a ArmAgreement) string {
	if a.Pairs == 0 {
		return "–"
	}
	return fmt.Sprintf("%s (%s)", value2(a.Kappa), valuePct(a.Exact))
}

func withCI(v agreement.Value, ci agreement.Interval) string {
	if !ci.Defined {
		return value2(v)
	}
	return fmt.Sprintf("%s [%.2f, %.2f]", value2(v), ci.Lo, ci.Hi)
}

// GoldArmNames are the arms whose labels a dataset's gold rests on, as the
// policy names them: the blind arm's alone, or every arm's. (A policy's
// arms are split at commas, so no name holds one.)
func GoldArmNames(st store.Study) []string {
	var names []string
	for _, a := range st.Arms {
		if a.Blind() || st.GoldFrom != store.GoldFromBlind {
			names = append(names, a.Name())
		}
	}
	if len(names) == 0 { // gold from the blind arm, and there is none
		for _, a := range st.Arms {
			names = append(names, a.Name())
		}
	}
	return names
}

// GoldArms says which arms a dataset's gold came from, for a release's
// reader (a lead): the blind arm's labels alone, or every arm's.
func GoldArms(st store.Study) string {
	var blind, others []string
	for _, a := range st.Arms {
		if a.Blind() {
			blind = append(blind, a.Name())
		} else {
			others = append(others, display.Clean(a.Name()))
		}
	}
	if st.GoldFrom == store.GoldFromBlind && len(blind) > 0 {
		return fmt.Sprintf("gold from the arms: blind (the labels of %s are left out)", strings.Join(others, ", "))
	}
	all := append(blind, others...)
	return fmt.Sprintf("gold from the arms: %s (every arm's labels)", strings.Join(all, ", "))
}
