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
	// Annotators drawn into the arm; Items with a settled label of theirs;
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
	// Runs is the arm's agreement with each arm's run, in arm order, each
	// run once.
	Runs []ArmAgreement `json:"runs"`
	// Gold is the arm's agreement with the blind arm's gold; nil for the
	// blind arm itself (GoldWhy says why) or with no blind arm.
	Gold    *ArmAgreement `json:"gold"`
	GoldWhy string        `json:"gold_undefined_why,omitempty"`
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

// ArmAgreement is Cohen's κ between an arm's final labels and another
// rater (a run, or the blind arm's gold) over the units both labelled,
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

// ReadArmFigures computes the reading's per-arm figures, for a lead; ok is
// false below the lead or on a dataset without arms, and nothing of arms
// may then be shown.
func ReadArmFigures(ctx context.Context, r *store.Reading, opt agreement.Options) (ArmFigures, bool, error) {
	d, ok, err := r.StudyData(ctx)
	if err != nil || !ok {
		return ArmFigures{}, false, err
	}
	kind, err := r.Kind(ctx)
	if err != nil {
		return ArmFigures{}, false, err
	}
	pol, err := r.Policy(ctx)
	if err != nil {
		return ArmFigures{}, false, err
	}
	return ComputeArmFigures(d, r.Protocol(kind), pol.Gold, opt), true, nil
}

// armUnit is the labels of one unit of one item, by arm.
type armUnit struct {
	item   int64
	unit   string
	typ    int
	byArm  map[int][]store.ArmLabel
	blindG int // the blind arm's gold value, -1 for none
}

// ComputeArmFigures is the per-arm figures of a study's data on protocol
// p, with the blind arm's gold picked by rule.
func ComputeArmFigures(d store.StudyData, p guidelines.Protocol, rule agreement.Rule, opt agreement.Options) ArmFigures {
	out := ArmFigures{GoldFrom: string(d.GoldFrom), Bootstrap: opt.Bootstrap, Seed: opt.Seed, Differences: []ArmDifference{}}
	blind := slices.IndexFunc(d.Arms, store.Arm.Blind)
	if blind < 0 {
		out.GoldFrom = string(store.GoldFromAll)
	}
	units := armUnits(d, p, rule, blind)
	for i := range d.Arms {
		out.Arms = append(out.Arms, armFigure(d, p, units, i, blind, opt))
	}
	if blind >= 0 {
		for i, a := range d.Arms {
			if i == blind {
				continue
			}
			for t, typ := range p.Types {
				diff := armDifference(d, p, units, t, i, blind, opt)
				diff.Arm, diff.Type, diff.Run = a.Name(), typ, a.Run
				out.Differences = append(out.Differences, diff)
			}
		}
	}
	return out
}

// armUnits groups the labels on a scale by item and unit, in the order
// they come (import order, then unit), and picks the blind arm's gold.
func armUnits(d store.StudyData, p guidelines.Protocol, rule agreement.Rule, blind int) []*armUnit {
	var out []*armUnit
	category := categoryOf(p, ScaleOf(p))
	for _, l := range d.Labels {
		t := slices.Index(p.Types, agreement.UnitType(l.Unit))
		if t < 0 || l.Value < 0 || l.Value >= store.VoteSlots || category[t][l.Value] < 0 || l.Arm < 0 {
			continue // a written answer, or an annotator in no arm
		}
		if n := len(out); n == 0 || out[n-1].item != l.ItemID || out[n-1].unit != l.Unit {
			out = append(out, &armUnit{item: l.ItemID, unit: l.Unit, typ: t, byArm: map[int][]store.ArmLabel{}, blindG: -1})
		}
		u := out[len(out)-1]
		u.byArm[l.Arm] = append(u.byArm[l.Arm], l)
	}
	for _, u := range out {
		if blind >= 0 && len(u.byArm[blind]) > 0 {
			votes := make([]int, store.VoteSlots)
			for _, l := range u.byArm[blind] {
				votes[l.Value]++
			}
			u.blindG = rule.Pick(votes)
		}
	}
	return out
}

func armFigure(d store.StudyData, p guidelines.Protocol, units []*armUnit, arm, blind int, opt agreement.Options) ArmFigure {
	a := d.Arms[arm]
	f := ArmFigure{Arm: a.Name(), Shows: string(a.Shows), Run: a.Run, PerItem: a.PerItem}
	for _, seq := range d.ArmOf {
		if seq == a.Seq {
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
		f.Types = append(f.Types, armType(d, p, units, t, typ, arm, blind, opt))
	}
	return f
}

func armType(d store.StudyData, p guidelines.Protocol, units []*armUnit, t int, typ string, arm, blind int, opt agreement.Options) ArmType {
	a := d.Arms[arm]
	at := ArmType{Type: typ}
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
		at.Distribution = append(at.Distribution, ArmCount{Label: p.LabelString(v), Value: v, N: counts[v], Share: fraction(counts[v], n)})
	}
	at.Within = withinArm(p, units, t, a.Seq, nil, opt)
	seen := map[int64]bool{}
	for _, other := range d.Arms {
		if other.Blind() || seen[other.RunID] {
			continue // an after: and a before: arm may show one run
		}
		seen[other.RunID] = true
		ag := runAgreement(units, t, a.Seq, d.Runs[other.RunID], nil)
		ag.Run = other.Run
		at.Runs = append(at.Runs, ag)
	}
	switch {
	case blind < 0:
		at.GoldWhy = "the study has no blind arm"
	case arm == blind:
		at.GoldWhy = blindGoldSelf
	default:
		g := goldAgreement(units, t, a.Seq, nil)
		at.Gold = &g
	}
	return at
}

// draw is a bootstrap replicate's items: how many times each unit's item
// was drawn (nil: every unit once).
type draw map[int64]int

func (w draw) times(item int64) int {
	if w == nil {
		return 1
	}
	return w[item]
}

// withinArm is agree's figures over the arm's labels of type t, each unit
// taken as many times as its item was drawn.
func withinArm(p guidelines.Protocol, units []*armUnit, t, arm int, w draw, opt agreement.Options) ArmWithin {
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
		for range w.times(u.item) {
			st.Subjects = append(st.Subjects, agreement.Subject{Unit: u.unit, Type: t, Ratings: rs})
		}
	}
	rep := agreement.Analyze(st, opt)
	c := rep.Types[t]
	return ArmWithin{Units: c.Items, Paired: c.Paired, Kappa: c.FleissKappa, KappaCI: c.CIKappa,
		AlphaNominal: c.AlphaNominal, AlphaOrdinal: c.AlphaOrdinal, AlphaCI: c.CIAlphaOrdinal, Undefined: c.Undefined}
}

// runAgreement is Cohen's κ between the arm's final labels of type t and
// a run's labels of the same units.
func runAgreement(units []*armUnit, t, arm int, run map[store.ItemUnit]int, w draw) ArmAgreement {
	var table [store.VoteSlots * store.VoteSlots]float64
	for _, u := range units {
		v, ok := run[store.ItemUnit{ItemID: u.item, Unit: u.unit}]
		if u.typ != t || !ok || v < 0 || v >= store.VoteSlots {
			continue
		}
		for _, l := range u.byArm[arm] {
			table[l.Value*store.VoteSlots+v] += float64(w.times(u.item))
		}
	}
	return agreementOf(table[:])
}

// goldAgreement is Cohen's κ between the arm's final labels of type t and
// the blind arm's gold, where it has one.
func goldAgreement(units []*armUnit, t, arm int, w draw) ArmAgreement {
	var table [store.VoteSlots * store.VoteSlots]float64
	for _, u := range units {
		if u.typ != t || u.blindG < 0 {
			continue
		}
		for _, l := range u.byArm[arm] {
			table[l.Value*store.VoteSlots+u.blindG] += float64(w.times(u.item))
		}
	}
	return agreementOf(table[:])
}

// agreementOf reads a VoteSlots × VoteSlots table of pairs: how many, the
// share on its diagonal and Cohen's κ (a value nobody gave adds nothing to
// either).
func agreementOf(table []float64) ArmAgreement {
	var n, diag float64
	for a := range store.VoteSlots {
		for b := range store.VoteSlots {
			n += table[a*store.VoteSlots+b]
		}
		diag += table[a*store.VoteSlots+a]
	}
	ag := ArmAgreement{Pairs: int(n), Kappa: agreement.CohenKappa(table, store.VoteSlots)}
	if n > 0 {
		ag.Exact = defined(diag / n)
	}
	return ag
}

// armDifference is the arm against the blind arm on type t, with
// intervals from opt.Bootstrap replicates drawn with opt.Seed.
func armDifference(d store.StudyData, p guidelines.Protocol, units []*armUnit, t, arm, blind int, opt agreement.Options) ArmDifference {
	a, b := d.Arms[arm], d.Arms[blind]
	run := d.Runs[a.RunID]
	noCI := opt
	noCI.Bootstrap = 0
	diffs := func(w draw) (runK, within agreement.Value) {
		runK = minus(runAgreement(units, t, a.Seq, run, w).Kappa, runAgreement(units, t, b.Seq, run, w).Kappa)
		within = minus(fleissOf(units, t, a.Seq, w), fleissOf(units, t, b.Seq, w))
		return runK, within
	}
	var diff ArmDifference
	diff.RunKappa, _ = diffs(nil)
	diff.Within = minus(withinArm(p, units, t, a.Seq, nil, noCI).Kappa, withinArm(p, units, t, b.Seq, nil, noCI).Kappa)
	var items []int64
	for _, u := range units {
		if u.typ == t && (len(items) == 0 || items[len(items)-1] != u.item) {
			items = append(items, u.item)
		}
	}
	if opt.Bootstrap < 2 || len(items) == 0 {
		return diff
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x61726d73)) // "arms"
	var runs, withins []float64
	for i := range min(opt.Bootstrap, agreement.MaxBootstrap) {
		if i%16 == 0 && stopped(opt.Stop) {
			return diff // unfinished: the caller checks its context
		}
		w := draw{}
		for range items {
			w[items[rng.IntN(len(items))]]++
		}
		r, wi := diffs(w)
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

// fleissOf is Fleiss' κ of the arm's labels of type t in Gwet's form, as
// agreement.Analyze computes it (observed agreement the mean share of
// agreeing pairs over units with two or more labels, chance Σ π², π a
// value's mean share over units with one or more), each unit weighted by
// its item's draws: a bootstrap replicate's, without the rest of a report.
func fleissOf(units []*armUnit, t, arm int, w draw) agreement.Value {
	var pi [store.VoteSlots]float64
	var pa, n1, n2 float64
	for _, u := range units {
		ls := u.byArm[arm]
		x := float64(w.times(u.item))
		if u.typ != t || len(ls) == 0 || x == 0 {
			continue
		}
		var c [store.VoteSlots]float64
		for _, l := range ls {
			c[l.Value]++
		}
		m := float64(len(ls))
		n1 += x
		agree := 0.0
		for v, k := range c {
			pi[v] += x * k / m
			agree += k * (k - 1)
		}
		if m >= 2 {
			n2 += x
			pa += x * agree / (m * (m - 1))
		}
	}
	if n2 < 2 {
		return agreement.Value{}
	}
	pe := 0.0
	for _, v := range pi {
		pe += (v / n1) * (v / n1)
	}
	if 1-pe <= 1e-12 {
		return agreement.Value{}
	}
	return defined((pa/n2 - pe) / (1 - pe))
}

// minus is a − b, defined when both are.
func minus(a, b agreement.Value) agreement.Value {
	if !a.Defined || !b.Defined {
		return agreement.Value{}
	}
	return defined(a.V - b.V)
}

// stopped says whether stop is closed (nil never is).
func stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
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
		head := []string{display.Clean(f.Arms[0].Types[t].Type), "labels", "κ within [95%]", "α ord", "vs gold κ (exact)"}
		for _, r := range f.Arms[0].Types[t].Runs {
			head = append(head, "vs "+display.Clean(r.Run)+" κ (exact)")
		}
		rows := [][]string{head}
		for _, a := range f.Arms {
			at := a.Types[t]
			row := []string{display.Clean(a.Arm), distributionText(at.Distribution), withCI(at.Within.Kappa, at.Within.KappaCI),
				value2(at.Within.AlphaOrdinal), "–"}
			if at.Gold != nil {
				row[4] = agreementText(*at.Gold)
			}
			for _, r := range at.Runs {
				row = append(row, agreementText(r))
			}
			rows = append(rows, row)
		}
		writeTable(&b, rows)
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
const armsKey = `labels       the arm's final labels per value (count)
κ within     Fleiss' κ over the arm's labels alone, as agree computes it
vs gold      Cohen's κ of the arm's labels with the blind arm's gold (its majority
             under the policy's rule), and the share equal; – for the blind arm
vs RUN       Cohen's κ of the arm's labels with the run's, and the share equal
changed      share of labels whose final value differs from the one first keyed
Δ            the arm's figure less the blind arm's
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
