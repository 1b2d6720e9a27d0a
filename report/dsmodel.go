package report

import (
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// DSModel is a Dawid–Skene model fitted to the labels of one scale of a
// dataset (a kind whose units use different scales, such as necessity and
// its facets, gets one model per scale): which units and annotators its
// indexes name, the values its classes are, and the fit.
type DSModel struct {
	Values     []int    // class k is the label Values[k]
	UnitTypes  []string // the unit types on this scale (question, landing …)
	Annotators []string // annotator index → name
	Units      []UnitKey
	Fit        agreement.DawidSkene
	// Alone marks, per annotator, one who shares no unit with another:
	// the fit has nothing but their own labels to judge them by, so their
	// confusion and accuracy say nothing (one annotator's come out 100%).
	Alone []bool
}

// UnitKey is one unit of one item.
type UnitKey struct {
	Item int64
	Unit string
}

// Scale names the model's scale: its values and unit types.
func (m DSModel) Scale() string {
	vs := make([]string, len(m.Values))
	for i, v := range m.Values {
		vs[i] = strconv.Itoa(v)
	}
	return strings.Join(vs, "/") + " (" + strings.Join(m.UnitTypes, ", ") + ")"
}

// FitDSModels fits one Dawid–Skene model per scale to a dataset's labels,
// with the agreement package's defaults: started from each unit's vote
// shares, run to a change below 1e-9 or agreement.DSMaxIterations rounds,
// or until stop is closed (the caller no longer wants them; nil never
// stops).
func FitDSModels(p guidelines.Protocol, labels []store.QualityLabel, stop <-chan struct{}) ([]DSModel, error) {
	groups := map[string]*dsGroup{}
	var order []string
	for _, l := range labels {
		scale := p.ScaleOf(l.Unit)
		key := scaleKey(scale)
		g := groups[key]
		if g == nil {
			g = newDSGroup(scale)
			groups[key] = g
			order = append(order, key)
		}
		g.add(l)
	}
	var out []DSModel
	for _, key := range order {
		g := groups[key]
		fit, err := agreement.FitDawidSkene(g.labels, len(g.m.Units), len(g.m.Annotators), len(g.m.Values), agreement.DSOptions{Stop: stop})
		if err != nil {
			return nil, err
		}
		g.m.Fit = fit
		g.m.Alone = alone(g.labels, len(g.m.Units), len(g.m.Annotators))
		out = append(out, g.m)
	}
	return out, nil
}

// dsGroup is the labels on one scale, numbered as Dawid–Skene takes
// them: classes, units and annotators each from 0.
type dsGroup struct {
	m        DSModel
	class    map[int]int
	unit     map[UnitKey]int
	person   map[string]int
	labels   []agreement.DSLabel
	typeSeen map[string]bool
}

// newDSGroup is an empty group of the scale, its classes its values in
// order.
func newDSGroup(scale []guidelines.Label) *dsGroup {
	g := &dsGroup{class: map[int]int{}, unit: map[UnitKey]int{}, person: map[string]int{}, typeSeen: map[string]bool{}}
	for _, s := range scale {
		g.m.Values = append(g.m.Values, s.Value)
	}
	slices.Sort(g.m.Values)
	for k, v := range g.m.Values {
		g.class[v] = k
	}
	return g
}

// add numbers a label's unit type, unit and annotator, and keeps it.
func (g *dsGroup) add(l store.QualityLabel) {
	if t := agreement.UnitType(l.Unit); !g.typeSeen[t] {
		g.typeSeen[t] = true
		g.m.UnitTypes = append(g.m.UnitTypes, t)
	}
	k, ok := g.class[l.Value]
	if !ok {
		return // not on the unit's scale: the store's CHECKs make this impossible
	}
	uk := UnitKey{l.Item, l.Unit}
	u, ok := g.unit[uk]
	if !ok {
		u = len(g.m.Units)
		g.unit[uk] = u
		g.m.Units = append(g.m.Units, uk)
	}
	a, ok := g.person[l.Annotator]
	if !ok {
		a = len(g.m.Annotators)
		g.person[l.Annotator] = a
		g.m.Annotators = append(g.m.Annotators, l.Annotator)
	}
	g.labels = append(g.labels, agreement.DSLabel{Unit: u, Annotator: a, Class: k})
}

func scaleKey(scale []guidelines.Label) string {
	var b strings.Builder
	for _, l := range scale {
		b.WriteString(strconv.Itoa(l.Value) + ",")
	}
	return b.String()
}

// alone marks each annotator none of whose units another labelled.
func alone(labels []agreement.DSLabel, units, annotators int) []bool {
	first := make([]int, units) // the unit's first annotator, +1; -1 once a second comes
	for _, l := range labels {
		switch f := first[l.Unit]; {
		case f == 0:
			first[l.Unit] = l.Annotator + 1
		case f != l.Annotator+1:
			first[l.Unit] = -1
		}
	}
	out := make([]bool, annotators)
	for a := range out {
		out[a] = true
	}
	for _, l := range labels {
		if first[l.Unit] == -1 {
			out[l.Annotator] = false
		}
	}
	return out
}
