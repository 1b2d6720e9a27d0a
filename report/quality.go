package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Quality is each annotator's quality in a task dataset.
type Quality struct {
	Dataset    string             `json:"dataset"`
	Annotators []AnnotatorQuality `json:"annotators"`
	// Models are the Dawid–Skene fits, one per scale, over every settled
	// label of the task.
	Models []QualityModel `json:"dawid_skene"`
	// NotPooled says why each annotator's agreement figures over every
	// unit (self, vs others, mean κ) are null: the unit types have scales
	// of their own, and a figure pools units of one scale only. Their
	// figures per type (ByType) stand. "" when the types share a scale.
	NotPooled string `json:"not_pooled,omitempty"`
	// Arms are the figures per arm of a dataset with arms, for a lead
	// (nil for anyone else, or without arms).
	Arms *ArmFigures `json:"arms,omitempty"`
	// Withheld says what is left out and why: below the lead, a dataset
	// with arms gives no annotator's figures (withholdArmsPeople).
	Withheld string `json:"withheld,omitempty"`
}

// withholdArmsPeople takes every annotator's figures out of q, says so and
// reports true, for a reading below the lead of a dataset with arms: each
// annotator's row tells their arm (the arms shown a run get no gold
// checks; their labels part from the blind arm's gold), as agree's rows
// would (blindPeople).
func withholdArmsPeople(r *store.Reading, q *Quality) bool {
	if r.Blind().All || !r.WithholdsRuns() {
		return false
	}
	q.Annotators, q.Models, q.NotPooled = nil, nil, ""
	q.Withheld = "each annotator's figures: only a lead sees them here"
	return true
}

// AnnotatorQuality is one annotator's figures. A share or coefficient
// with nothing to rest on is undefined (JSON null).
type AnnotatorQuality struct {
	Annotator string `json:"annotator"`
	// HITs are finished task HITs (gold checks and repeats apart).
	// MedianHITSeconds is the median HIT time over the TimedHITs: from
	// the HIT's opening (Step I included) to its finishing label, from the
	// stored step events, so a reconnect does not restart it; merged HITs
	// have no events and no time.
	// TooFastShare is the share of the timed HITs whose time is under the
	// policy's --fast as it stands (those finished before it was set
	// too): an untimed HIT cannot be. TimeUndefined and FastUndefined say
	// why MedianHITSeconds and TooFastShare are null.
	HITs             int             `json:"hits"`
	TimedHITs        int             `json:"timed_hits"`
	MedianHITSeconds agreement.Value `json:"median_hit_seconds"`
	TimeUndefined    string          `json:"median_hit_seconds_undefined_why,omitempty"`
	TooFast          int             `json:"too_fast"`
	TooFastShare     agreement.Value `json:"too_fast_share"`
	FastUndefined    string          `json:"too_fast_share_undefined_why,omitempty"`
	// Gold checks: those answered, those dodged (given back, or put off
	// and not taken up again), their known units (a dodged check's: those
	// a right answer is asked), those matched (none of a dodged check's),
	// and the share: a dodged check counts as missed, as in the pause rule.
	Checks          int             `json:"gold_checks"`
	ChecksGivenBack int             `json:"gold_checks_given_back"`
	ChecksPutOff    int             `json:"gold_checks_put_off"`
	CheckUnits      int             `json:"gold_check_units"`
	CheckMatched    int             `json:"gold_check_matched"`
	CheckAccuracy   agreement.Value `json:"gold_check_accuracy"`
	// Attention questions answered (a protocol file's [attention]), those
	// answered with the right count, and their share.
	Attention         int             `json:"attention_questions"`
	AttentionRight    int             `json:"attention_right"`
	AttentionAccuracy agreement.Value `json:"attention_accuracy"`
	// Self-consistency over the units of finished repeats shown as they
	// were the first time: the share the second answer repeats and
	// Cohen's kappa between the two answers. These, the agreement with the
	// others' majority and the mean kappa pool every unit type when the
	// types share one scale (else they are null: Quality.NotPooled); each
	// type's own are in ByType.
	Repeats       int             `json:"repeats"`
	RepeatUnits   int             `json:"repeat_units"`
	SelfAgreement agreement.Value `json:"self_agreement"`
	SelfKappa     agreement.Value `json:"self_kappa"`
	// Position consistency over finished swapped repeats of comparisons
	// (the sides the other way round): how many gave the same verdict
	// (from the first system's side) of how many, the share and its 95%
	// Wilson interval.
	Swaps               int             `json:"swapped_repeats"`
	SwapsSame           int             `json:"swapped_same"`
	PositionConsistency agreement.Value `json:"position_consistency"`
	PositionLow         agreement.Value `json:"position_consistency_low"`
	PositionHigh        agreement.Value `json:"position_consistency_high"`
	// Agreement with the others' majority: the share of the annotator's
	// labels that match the unique majority of the other annotators'
	// labels of the unit, over units with two or more other labels and
	// such a majority (OthersUnits). Not agree --pairs' "in majority",
	// which counts the annotator's own vote in the majority.
	OthersUnits     int             `json:"others_majority_units"`
	OthersAgreement agreement.Value `json:"others_majority_agreement"`
	// Mean of Cohen's kappa with each other annotator over the units both
	// labelled (pairs where it is defined).
	MeanPairKappa agreement.Value `json:"mean_pairwise_kappa"`
	KappaPairs    int             `json:"kappa_pairs"`
	// ByType are the same agreement figures over each unit type of the
	// kind alone, on its own scale, in the kind's order of types.
	ByType []TypeQuality `json:"by_type"`
	// DawidSkene: the annotator's confusion matrix and accuracy in each
	// model they have labels in, in the order of Quality.Models.
	DawidSkene []DSAnnotator `json:"dawid_skene"`
	// PutOff and GivenBack count the annotator's uses of later and give
	// back (each use, also of a HIT taken up again since).
	PutOff    int `json:"put_off"`
	GivenBack int `json:"given_back"`
}

// TypeQuality is an annotator's agreement figures over the units of one
// type, on its scale: self-consistency, agreement with the others'
// majority and the mean of their pairs' Cohen's kappas, as
// AnnotatorQuality defines them.
type TypeQuality struct {
	Type            string          `json:"type"`
	RepeatUnits     int             `json:"repeat_units"`
	SelfAgreement   agreement.Value `json:"self_agreement"`
	SelfKappa       agreement.Value `json:"self_kappa"`
	OthersUnits     int             `json:"others_majority_units"`
	OthersAgreement agreement.Value `json:"others_majority_agreement"`
	MeanPairKappa   agreement.Value `json:"mean_pairwise_kappa"`
	KappaPairs      int             `json:"kappa_pairs"`
}

// DSAnnotator is one annotator in one Dawid–Skene model. Confusion and
// Accuracy are undefined (null) for one who shares no unit with another
// annotator, and Undefined says so.
type DSAnnotator struct {
	Scale     string          `json:"scale"`
	Confusion [][]float64     `json:"confusion"` // [true class][given class], classes in the model's value order
	Accuracy  agreement.Value `json:"accuracy"`
	Undefined string          `json:"accuracy_undefined_why,omitempty"`
}

// dsAlone is why an annotator alone on their units has no Dawid–Skene
// accuracy.
const dsAlone = "no unit of theirs has another annotator's label: the fit has only theirs to judge them by"

// QualityModel is a Dawid–Skene fit as the report shows it.
type QualityModel struct {
	Scale         string    `json:"scale"`
	UnitTypes     []string  `json:"unit_types"` // the types on its scale, which name it beside a figure
	Values        []int     `json:"values"`
	Priors        []float64 `json:"priors"`
	Units         int       `json:"units"`
	Iterations    int       `json:"iterations"`
	Converged     bool      `json:"converged"`
	Change        float64   `json:"last_change"` // the last round's largest posterior move
	LogLikelihood float64   `json:"log_likelihood"`
}

// Unconverged describes each Dawid–Skene fit of the report that did not
// converge: policy --gold dawid-skene will not make such a fit the gold
// unless told to.
func (q Quality) Unconverged() []string {
	var out []string
	for _, m := range q.Models {
		if !m.Converged {
			out = append(out, fmt.Sprintf("%s: %d rounds, last change %.2g", m.Scale, m.Iterations, m.Change))
		}
	}
	return out
}

// ReadQuality reads and computes a dataset's quality report, if who is a
// lead or an adjudicator, in one reading: the figures per arm (a lead's)
// come from the same snapshot.
func ReadQuality(ctx context.Context, st *store.Store, who store.Annotator, d store.Dataset) (Quality, error) {
	r, err := st.ReadFigures(ctx, who, d.ID)
	if err != nil {
		return Quality{}, err
	}
	defer r.Close()
	data, err := r.Quality(ctx) // refuses a reader below the adjudicator
	if err != nil {
		return Quality{}, err
	}
	if q := (Quality{Dataset: d.Name}); withholdArmsPeople(r, &q) {
		return q, nil // nothing of it to show: no fit to make
	}
	q, err := computeQuality(d.Name, data, ctx.Done())
	if err == nil {
		q.Arms, err = ReadArms(ctx, r, agreement.DefaultOptions)
	}
	if err == nil {
		err = ctx.Err() // stopped early: unfinished, not to be shown
	}
	return q, err
}

// ComputeQuality computes the report from the data.
func ComputeQuality(dataset string, data store.QualityData) (Quality, error) {
	return computeQuality(dataset, data, nil)
}

// computeQuality is ComputeQuality whose model fits end early once stop
// is closed.
func computeQuality(dataset string, data store.QualityData, stop <-chan struct{}) (Quality, error) {
	q := Quality{Dataset: dataset}
	by := map[string]*AnnotatorQuality{}
	get := func(name string) *AnnotatorQuality {
		a := by[name]
		if a == nil {
			a = &AnnotatorQuality{Annotator: name}
			by[name] = a
		}
		return a
	}
	countHITs(data.HITs, get)
	countChecks(data, get)
	swapConsistency(data, get)
	byType := agreementFigures(&q, data, get)
	models, err := FitDSModels(data.Protocol, data.Labels, stop)
	if err != nil {
		return q, err
	}
	q.Models = addDSModels(models, get)
	for _, a := range by {
		a.TimeUndefined, a.FastUndefined = timeWhy(*a), fastWhy(*a, data.FastSeconds)
		if a.FastUndefined == "" {
			a.TooFastShare = fraction(a.TooFast, a.TimedHITs)
		}
		a.CheckAccuracy = fraction(a.CheckMatched, a.CheckUnits)
		a.AttentionAccuracy = fraction(a.AttentionRight, a.Attention)
		a.ByType = byType(a.Annotator)
		q.Annotators = append(q.Annotators, *a)
	}
	sort.Slice(q.Annotators, func(i, j int) bool { return q.Annotators[i].Annotator < q.Annotators[j].Annotator })
	return q, nil
}

// countHITs counts each annotator's finished HITs, timed and too fast,
// and gives their median HIT time.
func countHITs(hits []store.QualityHIT, get func(string) *AnnotatorQuality) {
	times := map[string][]float64{}
	for _, h := range hits {
		a := get(h.Annotator)
		a.HITs++
		if h.Timed {
			a.TimedHITs++
			times[h.Annotator] = append(times[h.Annotator], h.Seconds)
		}
		if h.TooFast {
			a.TooFast++
		}
	}
	for name, ts := range times {
		get(name).MedianHITSeconds = defined(median(ts)) // sorts ts: it is this annotator's own slice
	}
}

// countChecks counts each annotator's gold checks (done, given back, put
// off), attention questions, and HITs put off or given back.
func countChecks(data store.QualityData, get func(string) *AnnotatorQuality) {
	for _, c := range data.Checks {
		a := get(c.Annotator)
		switch c.Dodged {
		case store.SkipGiveBack:
			a.ChecksGivenBack++
		case store.SkipLater:
			a.ChecksPutOff++
		default:
			a.Checks++
		}
		a.CheckUnits += c.Units
		a.CheckMatched += c.Matched
	}
	for _, at := range data.Attention {
		a := get(at.Annotator)
		a.Attention++
		if at.Answer == at.Expected {
			a.AttentionRight++
		}
	}
	for _, k := range data.Skips {
		if a := get(k.Annotator); k.Action == store.SkipLater {
			a.PutOff++
		} else {
			a.GivenBack++
		}
	}
}

// addDSModels gives each annotator their accuracy in each Dawid–Skene
// model fitted, and describes the models.
func addDSModels(models []DSModel, get func(string) *AnnotatorQuality) []QualityModel {
	var out []QualityModel
	for _, m := range models {
		out = append(out, QualityModel{Scale: m.Scale(), UnitTypes: m.UnitTypes, Values: m.Values, Priors: m.Fit.Priors,
			Units: len(m.Units), Iterations: m.Fit.Iterations, Converged: m.Fit.Converged, Change: m.Fit.Change, LogLikelihood: m.Fit.LogLikelihood})
		for i, name := range m.Annotators {
			a := get(name)
			d := DSAnnotator{Scale: m.Scale(), Confusion: m.Fit.Confusion[i], Accuracy: defined(m.Fit.Accuracy[i])}
			if m.Alone[i] {
				d = DSAnnotator{Scale: m.Scale(), Undefined: dsAlone}
			}
			a.DawidSkene = append(a.DawidSkene, d)
		}
	}
	return out
}

// timeWhy says why an annotator has no median HIT time: no finished HIT,
// or none with a time (a HIT merged from a labels file has no step
// events to time it by); "" when they have one.
func timeWhy(a AnnotatorQuality) string {
	switch {
	case a.HITs == 0:
		return "no finished task HIT"
	case a.TimedHITs == 0 && a.HITs == 1:
		return "their one HIT has no recorded time (no step events: a HIT merged from a labels file has none)"
	case a.TimedHITs == 0:
		return fmt.Sprintf("none of their %d HITs has a recorded time (no step events: a HIT merged from a labels file has none)", a.HITs)
	}
	return ""
}

// fastWhy says why an annotator's share of HITs too fast is undefined: no
// timed HIT, or no speed mark in the policy, so none could be; "" when it
// is defined.
func fastWhy(a AnnotatorQuality, fastSeconds float64) string {
	if why := timeWhy(a); why != "" {
		return why
	}
	if fastSeconds <= 0 {
		return "the policy marks no HIT too fast (claritty policy --fast)"
	}
	return ""
}

// swapConsistency counts each annotator's repeats and compares each
// swapped repeat's verdict with the first.
func swapConsistency(data store.QualityData, get func(string) *AnnotatorQuality) {
	items := map[string]map[int64]bool{}
	for _, r := range data.Repeats {
		a := get(r.Annotator)
		if r.Swapped { // position, not plain self-consistency
			a.Swaps++
			if r.First == r.Second {
				a.SwapsSame++
			}
			w := bench.Wilson(a.SwapsSame, a.Swaps)
			a.PositionConsistency, a.PositionLow, a.PositionHigh = benchValue(w.P), benchValue(w.Low), benchValue(w.High)
			continue
		}
		if items[r.Annotator] == nil {
			items[r.Annotator] = map[int64]bool{}
		}
		if !items[r.Annotator][r.Item] {
			items[r.Annotator][r.Item] = true
			a.Repeats++
		}
		a.RepeatUnits++
	}
}

// agreementFigures gives each annotator their self-consistency, agreement
// with the others' majority and mean pairwise kappa: over each unit type
// on its own scale (ByType) and, when the types share one scale, over
// every unit. Units of scales that differ are never pooled: a kappa's
// chance agreement over need 1–4 and usefulness 1–3 together would be
// neither's. It gives an annotator's figures per type.
func agreementFigures(q *Quality, data store.QualityData, get func(string) *AnnotatorQuality) func(name string) []TypeQuality {
	p := data.Protocol
	repeats, typeRepeats, typeLabels := byUnitType(p.Types, data)
	perType := make([]qualityFigures, len(p.Types))
	for i := range p.Types {
		perType[i] = figuresOver(typeRepeats[i], typeLabels[i], get)
	}
	if p.OneScale() {
		var all qualityFigures
		if len(p.Types) == 1 {
			all = perType[0] // its one type's figures are those over every unit
		} else {
			all = figuresOver(repeats, data.Labels, get)
		}
		all.setPooled(get)
	} else {
		q.NotPooled = "the unit types' scales differ: " + scalesText(p)
	}
	return func(name string) []TypeQuality {
		out := make([]TypeQuality, 0, len(p.Types))
		for i, typ := range p.Types {
			f := perType[i]
			self, others, kappa := f.self[name], f.others[name], f.kappa[name]
			out = append(out, TypeQuality{Type: typ, RepeatUnits: self.units, SelfAgreement: self.same, SelfKappa: self.kappa,
				OthersUnits: others.units, OthersAgreement: others.share, MeanPairKappa: kappa.mean, KappaPairs: kappa.pairs})
		}
		return out
	}
}

// qualityFigures are the annotators' agreement figures over some units,
// by annotator.
type qualityFigures struct {
	self   map[string]selfFigure
	others map[string]shareFigure
	kappa  map[string]kappaFigure
}

// figuresOver computes the figures over the repeats and labels given; an
// annotator with a figure has a row (get).
func figuresOver(repeats []store.RepeatPair, labels []store.QualityLabel, get func(string) *AnnotatorQuality) qualityFigures {
	units := groupLabels(labels)
	f := qualityFigures{selfAgreement(repeats), withMajority(units), pairKappas(units)}
	for name := range f.self {
		get(name)
	}
	for name := range f.others {
		get(name)
	}
	for name := range f.kappa {
		get(name)
	}
	return f
}

// setPooled gives each annotator the figures over every unit.
func (all qualityFigures) setPooled(get func(string) *AnnotatorQuality) {
	for name, f := range all.self {
		a := get(name)
		a.SelfAgreement, a.SelfKappa = f.same, f.kappa
	}
	for name, f := range all.others {
		a := get(name)
		a.OthersUnits, a.OthersAgreement = f.units, f.share
	}
	for name, f := range all.kappa {
		a := get(name)
		a.KappaPairs, a.MeanPairKappa = f.pairs, f.mean
	}
}

// byUnitType sorts, in one pass, the unswapped repeats (all of them,
// and per type) and the labels by unit type, in the order of types.
func byUnitType(types []string, data store.QualityData) ([]store.RepeatPair, [][]store.RepeatPair, [][]store.QualityLabel) {
	var repeats []store.RepeatPair
	typeRepeats := make([][]store.RepeatPair, len(types))
	for _, r := range data.Repeats {
		if r.Swapped {
			continue
		}
		repeats = append(repeats, r)
		if t := slices.Index(types, agreement.UnitType(r.Unit)); t >= 0 {
			typeRepeats[t] = append(typeRepeats[t], r)
		}
	}
	typeLabels := make([][]store.QualityLabel, len(types))
	for _, l := range data.Labels {
		if t := slices.Index(types, agreement.UnitType(l.Unit)); t >= 0 {
			typeLabels[t] = append(typeLabels[t], l)
		}
	}
	return repeats, typeRepeats, typeLabels
}

// scalesText names each type's scale: "need 1–4, usefulness 1–3".
func scalesText(p guidelines.Protocol) string {
	var parts []string
	for _, t := range p.Types {
		sc := p.ScaleOf(t)
		parts = append(parts, fmt.Sprintf("%s %s–%s", t, p.NameOf(t, sc[len(sc)-1].Value), p.NameOf(t, sc[0].Value)))
	}
	return strings.Join(parts, ", ")
}

// selfFigure is an annotator's self-consistency over repeated units: how
// many, the share answered the same and Cohen's kappa between the first
// and second answers.
type selfFigure struct {
	units       int
	same, kappa agreement.Value
}

// selfAgreement compares each (unswapped) repeat's second answers with
// the first, per annotator.
func selfAgreement(repeats []store.RepeatPair) map[string]selfFigure {
	people := map[string]*agreement.People{}
	same, units := map[string]int{}, map[string]int{}
	for _, r := range repeats {
		p := people[r.Annotator]
		if p == nil {
			p = agreement.NewPeople(store.VoteSlots) // a value is its own category
			p.AddRater("first")
			p.AddRater("second")
			people[r.Annotator] = p
		}
		units[r.Annotator]++
		if r.First == r.Second {
			same[r.Annotator]++
		}
		p.Add([]agreement.Rating{{Rater: 0, Category: r.First}, {Rater: 1, Category: r.Second}})
	}
	out := map[string]selfFigure{}
	for name, p := range people {
		out[name] = selfFigure{units: units[name], same: fraction(same[name], units[name]), kappa: p.Pairs(nil)[0].Kappa}
	}
	return out
}

// unitLabels groups the settled labels by unit, in their order: who gave
// which value.
type unitLabels struct {
	keys []UnitKey
	by   map[UnitKey]map[string]int
}

func groupLabels(labels []store.QualityLabel) unitLabels {
	u := unitLabels{by: map[UnitKey]map[string]int{}}
	for _, l := range labels {
		k := UnitKey{l.Item, l.Unit}
		if u.by[k] == nil {
			u.by[k] = map[string]int{}
			u.keys = append(u.keys, k)
		}
		u.by[k][l.Annotator] = l.Value
	}
	return u
}

// shareFigure is a share and the units it rests on.
type shareFigure struct {
	units int
	share agreement.Value
}

// withMajority compares each label with the unique majority of the other
// annotators of its unit, where they gave two or more labels: one other
// label is a pair's agreement, not a majority.
func withMajority(u unitLabels) map[string]shareFigure {
	agree, units := map[string]int{}, map[string]int{}
	for _, k := range u.keys {
		for name, v := range u.by[k] {
			votes := make([]int, store.VoteSlots)
			for other, w := range u.by[k] {
				if other != name {
					votes[w]++
				}
			}
			maj := agreement.Majority(votes) // -1: no others, or a tie
			if maj < 0 || len(u.by[k]) < 3 {
				continue
			}
			units[name]++
			if maj == v {
				agree[name]++
			}
		}
	}
	out := map[string]shareFigure{}
	for name, n := range units {
		out[name] = shareFigure{units: n, share: fraction(agree[name], n)}
	}
	return out
}

// kappaFigure is the mean of an annotator's pairs' kappas and how many
// pairs it is over (those where kappa is defined).
type kappaFigure struct {
	pairs int
	mean  agreement.Value
}

// pairKappas is each annotator's mean Cohen's kappa with the others.
func pairKappas(u unitLabels) map[string]kappaFigure {
	people := agreement.NewPeople(store.VoteSlots) // a value is its own category
	index := map[string]int{}
	rater := func(name string) int {
		i, ok := index[name]
		if !ok {
			i = people.AddRater(name)
			index[name] = i
		}
		return i
	}
	for _, k := range u.keys {
		var rs []agreement.Rating
		for name, v := range u.by[k] {
			rs = append(rs, agreement.Rating{Rater: rater(name), Category: v})
		}
		people.Add(rs)
	}
	sum, pairs := map[string]float64{}, map[string]int{}
	for _, pr := range people.Pairs(nil) {
		if !pr.Kappa.Defined {
			continue
		}
		for _, n := range []string{pr.A, pr.B} {
			sum[n] += pr.Kappa.V
			pairs[n]++
		}
	}
	out := map[string]kappaFigure{}
	for n, s := range sum {
		out[n] = kappaFigure{pairs: pairs[n], mean: defined(s / float64(pairs[n]))}
	}
	return out
}

func defined(v float64) agreement.Value { return agreement.Value{V: v, Defined: true} }

// benchValue is a bench figure as the report's.
func benchValue(v bench.Value) agreement.Value { return agreement.Value{V: v.X, Defined: v.Defined} }

// fraction is n/of, undefined when of is 0.
func fraction(n, of int) agreement.Value {
	if of == 0 {
		return agreement.Value{}
	}
	return defined(float64(n) / float64(of))
}

// WriteJSON writes the report as one JSON document.
func (q Quality) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(q)
}

// qualityKey says what each column of the table means, a line each.
const qualityKey = `HITs         finished task HITs (gold checks and repeats apart)
median HIT   median HIT time, from opening (Step I included) to the last label,
             over the HITs timed here (merged HITs have no time)
fast         share of the timed HITs whose time is under the policy's --fast as
             it stands (HITs finished before it was set count too)
gold checks  share of the checks' known units matched (checks answered, and
             "+ N dodged": given back, or put off and not taken up again,
             each counted as missed: none of its units matched)
attention    share of attention questions answered with the right count (asked);
             the column shows only where a dataset asks them
self (κ)     share of repeated units answered the same (Cohen's κ), swapped
             repeats apart
position     share of swapped repeats (a comparison's sides the other way round)
             given the same verdict, with its 95% Wilson interval (repeats);
             the column shows only where a dataset swaps
vs others    share matching the unique majority of the others' labels, over the
             units with two or more other labels (after "of"); not agree's
             "in majority", which counts the annotator's own vote
mean κ       Cohen's κ with each other annotator, averaged; like self and vs
             others, over every unit only when the unit types share one
             scale, and over each type alone in the table per type
DS accuracy  Dawid–Skene: the chance of giving the true class, per scale, each
             named by its unit types where there are several (need 58% · use 28%);
             – for one who shares no unit with another annotator (nothing to judge by)
later/back   HITs put off for later and given back to others, each use
             counted; the column shows only where someone did
`

// Text is the report for a terminal: a table of figures per annotator,
// then each one's Dawid–Skene confusion matrices.
func (q Quality) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Annotator quality in %q\n\n", display.Clean(q.Dataset))
	if q.Withheld != "" {
		return b.String() + "Withheld: " + q.Withheld + ".\n"
	}
	writeTable(&b, q.annotatorRows())
	for _, l := range q.undefinedTimes() {
		b.WriteString(strings.Join(wordWrap(l, ChartWidth), "\n  ") + "\n")
	}
	q.writeByType(&b)
	b.WriteString("\n" + qualityKey)
	if q.Arms != nil {
		b.WriteString("\n" + q.Arms.Text())
	}
	for _, m := range q.Models {
		fmt.Fprintf(&b, "\nDawid–Skene on %s: %s,\n  priors %s, %s, last change %.2g%s\n", m.Scale, display.Count(m.Units, "unit", "units"),
			floats(m.Priors), display.Count(m.Iterations, "iteration", "iterations"), m.Change, map[bool]string{true: "", false: " (NOT CONVERGED)"}[m.Converged])
		for _, a := range q.Annotators {
			for _, d := range a.DawidSkene {
				if d.Scale == m.Scale {
					writeConfusion(&b, a.Annotator, d, m.Values)
				}
			}
		}
	}
	return b.String()
}

// qualityColumns says which optional columns the annotators' table has:
// attention, position and later/back, each when some annotator has one.
type qualityColumns struct{ attention, swaps, skips bool }

// columns are the optional columns q's table has.
func (q Quality) columns() qualityColumns {
	var c qualityColumns
	for _, a := range q.Annotators {
		c.attention = c.attention || a.Attention > 0
		c.swaps = c.swaps || a.Swaps > 0
		c.skips = c.skips || a.PutOff+a.GivenBack > 0
	}
	return c
}

// annotatorRows are the annotators' table, its head first; without the
// pooled columns when the types are not pooled.
func (q Quality) annotatorRows() [][]string {
	c := q.columns()
	head := []string{"annotator", "HITs", "median HIT", "fast", "gold checks", "self (κ)", "vs others", "mean κ", "DS accuracy"}
	if c.attention {
		head = slices.Insert(head, 5, "attention")
	}
	if c.swaps {
		head = slices.Insert(head, slices.Index(head, "self (κ)")+1, "position")
	}
	if c.skips {
		head = append(head, "later/back")
	}
	rows := [][]string{head}
	for _, a := range q.Annotators {
		row := q.annotatorRow(a)
		if c.attention {
			row = slices.Insert(row, 5, attentionText(a))
		}
		if c.swaps {
			row = slices.Insert(row, slices.Index(head, "position"), positionText(a))
		}
		if c.skips {
			row = append(row, fmt.Sprintf("%d/%d", a.PutOff, a.GivenBack))
		}
		rows = append(rows, row)
	}
	if q.NotPooled != "" {
		rows = dropColumns(rows, "self (κ)", "vs others", "mean κ")
	}
	return rows
}

// annotatorRow is an annotator's row without the optional columns.
func (q Quality) annotatorRow(a AnnotatorQuality) []string {
	ds := make([]string, len(a.DawidSkene))
	for i, d := range a.DawidSkene {
		ds[i] = q.dsName(d.Scale) + valuePct(d.Accuracy)
	}
	return []string{display.Clean(a.Annotator), fmt.Sprint(a.HITs), seconds(a.MedianHITSeconds),
		valuePct(a.TooFastShare), checkText(a), selfText(a), othersText(a),
		value2(a.MeanPairKappa), strings.Join(ds, " · ")}
}

// writeConfusion writes an annotator's accuracy and confusion matrix in a
// Dawid–Skene model over values, or why their accuracy is –.
func writeConfusion(b *strings.Builder, name string, d DSAnnotator, values []int) {
	if d.Undefined != "" {
		fmt.Fprintf(b, "  %s: accuracy – (%s)\n", display.Clean(name), d.Undefined)
		return
	}
	fmt.Fprintf(b, "  %s (accuracy %s): rows true %v, columns given\n", display.Clean(name), valuePct(d.Accuracy), values)
	for k, row := range d.Confusion {
		if row == nil {
			fmt.Fprintf(b, "    %2d  – (no unit of this class among theirs)\n", values[k])
			continue
		}
		fmt.Fprintf(b, "    %2d  %s\n", values[k], floats(row))
	}
}

// undefinedTimes say why a median HIT time or a share too fast is –,
// one line per reason with the annotators it holds for.
func (q Quality) undefinedTimes() []string {
	type reason struct{ what, why string }
	var order []reason
	who := map[reason][]string{}
	for _, a := range q.Annotators {
		r := reason{"fast", a.FastUndefined}
		switch {
		case a.FastUndefined == "":
			continue
		case a.TimeUndefined == a.FastUndefined:
			r.what = "median HIT and fast"
		}
		if who[r] == nil {
			order = append(order, r)
		}
		who[r] = append(who[r], display.Clean(a.Annotator))
	}
	lines := make([]string, len(order))
	for i, r := range order {
		lines[i] = r.what + " – for " + strings.Join(who[r], ", ") + ": " + r.why
	}
	return lines
}

// dsUndefined say why a Dawid–Skene accuracy is –, one line per model
// and reason with the annotators it holds for, as the text's model
// section says it beside each: "Dawid–Skene accuracy – for ana: …".
func (q Quality) dsUndefined() []string {
	type reason struct{ scale, why string }
	var order []reason
	who := map[reason][]string{}
	for _, a := range q.Annotators {
		for _, d := range a.DawidSkene {
			if d.Undefined == "" {
				continue
			}
			r := reason{d.Scale, d.Undefined}
			if who[r] == nil {
				order = append(order, r)
			}
			who[r] = append(who[r], display.Clean(a.Annotator))
		}
	}
	lines := make([]string, len(order))
	for i, r := range order {
		lines[i] = "Dawid–Skene accuracy " + q.dsName(r.scale) + "– for " + strings.Join(who[r], ", ") + ": " + r.why
	}
	return lines
}

// dsName names a Dawid–Skene model's figure by its scale's unit types,
// "need " (with its space), where the report has more than one model; ""
// where it has one, which needs no name.
func (q Quality) dsName(scale string) string {
	if len(q.Models) < 2 {
		return ""
	}
	for _, m := range q.Models {
		if m.Scale == scale && len(m.UnitTypes) > 0 {
			return display.Clean(strings.Join(m.UnitTypes, "/")) + " "
		}
	}
	return display.Clean(scale) + " "
}

// dropColumns is the table without the named columns (named in its
// first row).
func dropColumns(rows [][]string, names ...string) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		for j, cell := range r {
			if !slices.Contains(names, rows[0][j]) {
				out[i] = append(out[i], cell)
			}
		}
	}
	return out
}

// writeByType writes each annotator's agreement figures per unit type,
// where the kind has more than one: each type on its own scale.
func (q Quality) writeByType(b *strings.Builder) {
	rows := [][]string{{"annotator", "type", "self (κ)", "vs others", "mean κ"}}
	types := 0
	for _, a := range q.Annotators {
		types = max(types, len(a.ByType))
		for _, t := range a.ByType {
			if t.RepeatUnits+t.OthersUnits+t.KappaPairs == 0 {
				continue // nothing of theirs to rest on
			}
			ta := AnnotatorQuality{RepeatUnits: t.RepeatUnits, SelfAgreement: t.SelfAgreement, SelfKappa: t.SelfKappa,
				OthersUnits: t.OthersUnits, OthersAgreement: t.OthersAgreement}
			rows = append(rows, []string{display.Clean(a.Annotator), display.Clean(t.Type), selfText(ta), othersText(ta), value2(t.MeanPairKappa)})
		}
	}
	if types < 2 || len(rows) == 1 {
		return
	}
	head := "Per unit type (the figures above pool the types, which share one scale):"
	if q.NotPooled != "" {
		head = fmt.Sprintf("Per unit type, each on its own scale (%s), so no figure pools them:", q.NotPooled)
	}
	b.WriteString("\n" + strings.Join(wordWrap(head, ChartWidth), "\n") + "\n")
	writeTable(b, rows)
}

// writeTable writes rows as aligned columns, without trailing spaces.
func writeTable(b *strings.Builder, rows [][]string) {
	var t strings.Builder
	tw := tabwriter.NewWriter(&t, 0, 0, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	b.WriteString(strings.Join(trimLines(t.String()), "\n") + "\n")
}

func pct(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }

func valuePct(v agreement.Value) string {
	if !v.Defined {
		return "–"
	}
	return pct(v.V)
}

func value2(v agreement.Value) string {
	if !v.Defined {
		return "–"
	}
	return fmt.Sprintf("%.2f", v.V)
}

func seconds(v agreement.Value) string {
	if !v.Defined {
		return "–"
	}
	return fmt.Sprintf("%.1fs", v.V)
}

// checkText is "75% (8)", or "40% (3 + 2 dodged)".
func checkText(a AnnotatorQuality) string {
	dodged := a.ChecksGivenBack + a.ChecksPutOff
	switch {
	case a.Checks+dodged == 0:
		return "–"
	case dodged == 0:
		return fmt.Sprintf("%s (%d)", valuePct(a.CheckAccuracy), a.Checks)
	}
	return fmt.Sprintf("%s (%d + %d dodged)", valuePct(a.CheckAccuracy), a.Checks, dodged)
}

func attentionText(a AnnotatorQuality) string {
	if a.Attention == 0 {
		return "–"
	}
	return fmt.Sprintf("%s (%d)", valuePct(a.AttentionAccuracy), a.Attention)
}

// positionText is "75% [41%, 93%] (8)".
func positionText(a AnnotatorQuality) string {
	if a.Swaps == 0 {
		return "–"
	}
	return fmt.Sprintf("%s [%s, %s] (%d)", valuePct(a.PositionConsistency), valuePct(a.PositionLow), valuePct(a.PositionHigh), a.Swaps)
}

func selfText(a AnnotatorQuality) string {
	if a.RepeatUnits == 0 {
		return "–"
	}
	return fmt.Sprintf("%s (%s)", valuePct(a.SelfAgreement), value2(a.SelfKappa))
}

// othersText is the share matching the others' majority and the units it
// rests on: "75% of 40".
func othersText(a AnnotatorQuality) string {
	if a.OthersUnits == 0 {
		return "–"
	}
	return fmt.Sprintf("%s of %d", valuePct(a.OthersAgreement), a.OthersUnits)
}

func floats(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf("%.3f", x)
	}
	return strings.Join(parts, " ")
}
