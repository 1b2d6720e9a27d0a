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
	"github.com/claritty/claritty/store"
)

// Quality is each annotator's quality in a task dataset.
type Quality struct {
	Dataset    string             `json:"dataset"`
	Annotators []AnnotatorQuality `json:"annotators"`
	// Models are the Dawid–Skene fits, one per scale, over every settled
	// label of the task.
	Models []QualityModel `json:"dawid_skene"`
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
	HITs             int             `json:"hits"`
	TimedHITs        int             `json:"timed_hits"`
	MedianHITSeconds agreement.Value `json:"median_hit_seconds"`
	TooFast          int             `json:"too_fast"`
	TooFastShare     agreement.Value `json:"too_fast_share"`
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
	// Cohen's kappa between the two answers.
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
	// DawidSkene: the annotator's confusion matrix and accuracy in each
	// model they have labels in, in the order of Quality.Models.
	DawidSkene []DSAnnotator `json:"dawid_skene"`
	// PutOff and GivenBack count the annotator's uses of later and give
	// back (each use, also of a HIT taken up again since).
	PutOff    int `json:"put_off"`
	GivenBack int `json:"given_back"`
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
// lead or an adjudicator.
func ReadQuality(ctx context.Context, st *store.Store, who store.Annotator, d store.Dataset) (Quality, error) {
	data, err := st.ReadQuality(ctx, who, d.ID)
	if err != nil {
		return Quality{}, err
	}
	q, err := computeQuality(d.Name, data, ctx.Done())
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
	times := map[string][]float64{}
	for _, h := range data.HITs {
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
		by[name].MedianHITSeconds = defined(median(ts)) // sorts ts: it is this annotator's own slice
	}
	for _, a := range by {
		a.TooFastShare = fraction(a.TooFast, a.HITs)
	}
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
	selfConsistency(data, get)
	units := groupLabels(data.Labels)
	withMajority(units, get)
	pairKappas(units, get)
	models, err := FitDSModels(data.Kind, data.Labels, stop)
	if err != nil {
		return q, err
	}
	for _, m := range models {
		q.Models = append(q.Models, QualityModel{Scale: m.Scale(), Values: m.Values, Priors: m.Fit.Priors,
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
	for _, a := range by {
		a.CheckAccuracy = fraction(a.CheckMatched, a.CheckUnits)
		a.AttentionAccuracy = fraction(a.AttentionRight, a.Attention)
		q.Annotators = append(q.Annotators, *a)
	}
	sort.Slice(q.Annotators, func(i, j int) bool { return q.Annotators[i].Annotator < q.Annotators[j].Annotator })
	return q, nil
}

// selfConsistency compares each repeat's second answers with the first.
func selfConsistency(data store.QualityData, get func(string) *AnnotatorQuality) {
	people := map[string]*agreement.People{}
	items := map[string]map[int64]bool{}
	same := map[string]int{}
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
		p := people[r.Annotator]
		if p == nil {
			p = agreement.NewPeople(store.VoteSlots) // a value is its own category
			p.AddRater("first")
			p.AddRater("second")
			people[r.Annotator], items[r.Annotator] = p, map[int64]bool{}
		}
		if !items[r.Annotator][r.Item] {
			items[r.Annotator][r.Item] = true
			a.Repeats++
		}
		a.RepeatUnits++
		if r.First == r.Second {
			same[r.Annotator]++
		}
		p.Add([]agreement.Rating{{Rater: 0, Category: r.First}, {Rater: 1, Category: r.Second}})
	}
	for name, p := range people {
		a := get(name)
		a.SelfAgreement = fraction(same[name], a.RepeatUnits)
		a.SelfKappa = p.Pairs(nil)[0].Kappa
	}
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

// withMajority compares each label with the unique majority of the other
// annotators of its unit, where they gave two or more labels: one other
// label is a pair's agreement, not a majority.
func withMajority(u unitLabels, get func(string) *AnnotatorQuality) {
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
	for name, n := range units {
		a := get(name)
		a.OthersUnits, a.OthersAgreement = n, fraction(agree[name], n)
	}
}

// pairKappas is each annotator's mean Cohen's kappa with the others.
func pairKappas(u unitLabels, get func(string) *AnnotatorQuality) {
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
	sum := map[string]float64{}
	for _, pr := range people.Pairs(nil) {
		if !pr.Kappa.Defined {
			continue
		}
		for _, n := range []string{pr.A, pr.B} {
			sum[n] += pr.Kappa.V
			get(n).KappaPairs++
		}
	}
	for n, s := range sum {
		a := get(n)
		a.MeanPairKappa = defined(s / float64(a.KappaPairs))
	}
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
fast         share of HITs marked too fast
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
mean κ       Cohen's κ with each other annotator, averaged
DS accuracy  Dawid–Skene: the chance of giving the true class, per scale; – for
             one who shares no unit with another annotator (nothing to judge by)
later/back   HITs put off (z) and given back (R), each use counted; the column
             shows only where someone did
`

// Text is the report for a terminal: a table of figures per annotator,
// then each one's Dawid–Skene confusion matrices.
func (q Quality) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "Annotator quality in %q\n\n", display.Clean(q.Dataset))
	attention := false
	for _, a := range q.Annotators {
		attention = attention || a.Attention > 0
	}
	head := []string{"annotator", "HITs", "median HIT", "fast", "gold checks", "self (κ)", "vs others", "mean κ", "DS accuracy"}
	if attention {
		head = slices.Insert(head, 5, "attention")
	}
	swaps := false
	for _, a := range q.Annotators {
		swaps = swaps || a.Swaps > 0
	}
	if swaps {
		head = slices.Insert(head, slices.Index(head, "self (κ)")+1, "position")
	}
	skips := false
	for _, a := range q.Annotators {
		skips = skips || a.PutOff+a.GivenBack > 0
	}
	if skips {
		head = append(head, "later/back")
	}
	rows := [][]string{head}
	for _, a := range q.Annotators {
		ds := make([]string, len(a.DawidSkene))
		for i, d := range a.DawidSkene {
			ds[i] = valuePct(d.Accuracy)
		}
		row := []string{display.Clean(a.Annotator), fmt.Sprint(a.HITs), seconds(a.MedianHITSeconds),
			valuePct(a.TooFastShare), checkText(a), selfText(a), othersText(a),
			value2(a.MeanPairKappa), strings.Join(ds, " ")}
		if attention {
			row = slices.Insert(row, 5, attentionText(a))
		}
		if swaps {
			row = slices.Insert(row, slices.Index(head, "position"), positionText(a))
		}
		if skips {
			row = append(row, fmt.Sprintf("%d/%d", a.PutOff, a.GivenBack))
		}
		rows = append(rows, row)
	}
	writeTable(&b, rows)
	b.WriteString("\n" + qualityKey)
	for _, m := range q.Models {
		fmt.Fprintf(&b, "\nDawid–Skene on %s: %d units,\n  priors %s, %d iterations, last change %.2g%s\n", m.Scale, m.Units,
			floats(m.Priors), m.Iterations, m.Change, map[bool]string{true: "", false: " (NOT CONVERGED)"}[m.Converged])
		for _, a := range q.Annotators {
			for _, d := range a.DawidSkene {
				if d.Scale != m.Scale {
					continue
				}
				if d.Undefined != "" {
					fmt.Fprintf(&b, "  %s: accuracy – (%s)\n", display.Clean(a.Annotator), d.Undefined)
					continue
				}
				fmt.Fprintf(&b, "  %s (accuracy %s): rows true %v, columns given\n", display.Clean(a.Annotator), valuePct(d.Accuracy), m.Values)
				for k, row := range d.Confusion {
					if row == nil {
						fmt.Fprintf(&b, "    %2d  – (no unit of this class among theirs)\n", m.Values[k])
						continue
					}
					fmt.Fprintf(&b, "    %2d  %s\n", m.Values[k], floats(row))
				}
			}
		}
	}
	return b.String()
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
