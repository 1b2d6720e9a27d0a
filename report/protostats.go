package report

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// ProtocolStats are a protocol file's kind's statistics: for each unit
// type (a step) and each unit (a column of the file), every settled
// label's count, mean, population standard deviation and distribution
// over the scale, flagged items left out and those the reader may still
// be given hidden, as every figure is.
type ProtocolStats struct {
	Kind    guidelines.Kind `json:"kind"`
	Types   []LabelSummary  `json:"types"`
	Units   []LabelSummary  `json:"units"` // the units with at least one label
	Rated   int             `json:"rated_items"`
	Flagged int             `json:"flagged_items_left_out"`
	// Online: the gold beside online engagement (MIMICS-Duo's tasks
	// joined to the ClickExplore file's panes), for a lead.
	Online *OnlineOffline `json:"online_offline,omitempty"`
}

// LabelSummary summarises the labels of a unit or a unit type; the
// figures are null without labels or when withheld from the reader.
type LabelSummary struct {
	Name string `json:"name"`
	N    int    `json:"n"`
	// Written: a written unit (kind = "text"): N counts its answers, and
	// Mean and Std are of their lengths in characters; no distribution.
	Written bool     `json:"written,omitempty"`
	Mean    *float64 `json:"mean"`
	Std     *float64 `json:"std"`
	// Distribution counts the labels of each value of the scale, from the
	// lowest up; null, with DistributionWithheld saying why, for a reader
	// with no finished work in the dataset (store.Blind.Spread), whose
	// mean and std are null too (Withheld says the same).
	Distribution         []ValueCount `json:"distribution"`
	DistributionWithheld string       `json:"distribution_withheld,omitempty"`
	Withheld             string       `json:"withheld,omitempty"`
}

// ValueCount is how many labels have a value.
type ValueCount struct {
	Value int `json:"value"`
	N     int `json:"n"`
	// Code is what the protocol's file writes for the value (CLAMBER's
	// MC), when its scale has codes.
	Code string `json:"code,omitempty"`
	// Name is what the text calls the value: its name by its unit
	// (valueName). The JSON keeps value, as before.
	Name string `json:"-"`
}

// ProtocolFileStats summarises the reading's dataset, of a protocol
// file's kind p.
func ProtocolFileStats(ctx context.Context, r *store.Reading, p guidelines.Protocol) (*ProtocolStats, error) {
	out := &ProtocolStats{Kind: p.Kind}
	byUnit := map[string][]float64{}
	byType := map[string][]float64{}
	unitTally, typeTally := map[string]*tally{}, map[string]*tally{}
	blind := r.Blind()
	units := r.Units()
	flagged := map[int64]bool{}
	err := r.EachGoldRow(ctx, func(row *store.GoldRow) error {
		if row.Flagged {
			out.Flagged++
			flagged[row.ID] = true
			return nil
		}
		if len(row.Votes) > 0 {
			out.Rated++
		}
		seenUnit, seenType := map[string]bool{}, map[string]bool{}
		for _, v := range row.Votes {
			u := units[v.Unit]
			typ := agreement.UnitType(u)
			byUnit[u] = append(byUnit[u], float64(v.Value))
			byType[typ] = append(byType[typ], float64(v.Value))
			countOnce(unitTally, seenUnit, u, blind, row.ID)
			countOnce(typeTally, seenType, typ, blind, row.ID)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := writtenLengths(ctx, r, p, flagged, byUnit, byType); err != nil {
		return nil, err
	}
	for _, typ := range p.Types {
		s := summarise(typ, byType[typ], p.ScaleOf(typ), p, typeTally[typ], blind)
		s.Written = p.TextMax(typ) > 0
		out.Types = append(out.Types, s)
	}
	for _, u := range p.AllUnits {
		if len(byUnit[u]) > 0 {
			s := summarise(u, byUnit[u], p.ScaleOf(u), p, unitTally[u], blind)
			s.Written = p.TextMax(u) > 0
			out.Units = append(out.Units, s)
		}
	}
	out.Online, err = onlineOffline(ctx, r)
	return out, err
}

// countOnce counts an item once per figure.
func countOnce(t map[string]*tally, seen map[string]bool, key string, b store.Blind, item int64) {
	if seen[key] {
		return
	}
	seen[key] = true
	if t[key] == nil {
		t[key] = &tally{}
	}
	t[key].add(b, item)
}

// zeroOne says whether a scale is 0 and 1 alone: a yes/no, whose mean is
// a share.
func zeroOne(scale []guidelines.Label) bool {
	return len(scale) == 2 && scale[0].Value+scale[1].Value == 1 && scale[0].Value*scale[1].Value == 0
}

func summarise(name string, xs []float64, scale []guidelines.Label, p guidelines.Protocol, t *tally, b store.Blind) LabelSummary {
	s := LabelSummary{Name: name, N: len(xs)}
	if t == nil {
		t = &tally{}
	}
	if why := t.withheld(b, p.Items); why != "" {
		s.Withheld = why
		return s
	}
	// The mean and std go with the distribution: over a scale of three
	// values (or a yes/no), n, mean and std solve to its counts.
	if why := spreadWithheld(b, *t, p.Items); why != "" {
		s.Withheld, s.DistributionWithheld = why, why
		return s
	}
	m := moments(xs)
	// A pick's number, or a category's (MC, FD, LA; NK, ICL), has no
	// mean: element 3 is not more than 2. A 0/1 scale's mean is its share
	// of 1s (yes), and stays.
	// A written answer's mean is of its lengths, whatever the scales are.
	if p.TextMax(name) > 0 || (!p.IsChoice(name) && (!p.NominalOf(name) || zeroOne(scale))) {
		s.Mean, s.Std = m.Mean, m.Std
	}
	for i := len(scale) - 1; i >= 0; i-- { // the scale is best first
		n := 0
		for _, x := range xs {
			if int(x) == scale[i].Value {
				n++
			}
		}
		s.Distribution = append(s.Distribution, ValueCount{Value: scale[i].Value, N: n, Code: p.ValueCode(name, scale[i].Value),
			Name: valueName(p, name, scale[i].Value)})
	}
	return s
}

// valueName is a unit's value as people read it: a choice's element
// (from 1) or none, not the value it is stored as (with first = 3,
// element 1 is stored as 3); else its name by its unit (NameOf: a
// number, or a name where files write labels by name).
func valueName(p guidelines.Protocol, unit string, v int) string {
	if !p.IsChoice(unit) {
		return p.NameOf(unit, v)
	}
	if v == p.ChoiceNoneOf(unit) {
		return "none"
	}
	return strconv.Itoa(p.ElementOf(unit, v))
}

// WriteJSON writes the statistics as claritty stats --json gives them.
func (s *ProtocolStats) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(display.JSON(w))
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// WriteText writes the statistics for people.
func (s *ProtocolStats) WriteText(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "%s: every settled label, by step and by unit\n", s.Kind)
	for _, group := range []struct {
		title string
		rows  []LabelSummary
	}{{"step", s.Types}, {"unit", s.Units}} {
		fmt.Fprintf(tw, "\n%s\tn\tmean ± std\tdistribution\n", group.title)
		for _, l := range group.rows {
			if l.Withheld != "" {
				fmt.Fprintf(tw, "%s\t%d\t%s\t\n", l.Name, l.N, l.Withheld)
				continue
			}
			var dist []string
			if l.DistributionWithheld != "" {
				dist = append(dist, l.DistributionWithheld)
			}
			for _, c := range l.Distribution {
				dist = append(dist, cmp.Or(c.Code, c.Name, strconv.Itoa(c.Value))+":"+strconv.Itoa(c.N))
			}
			if l.Written {
				dist = append(dist, "written: mean ± std of the answers' characters")
			}
			fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", l.Name, l.N, meanStd(Moments{Mean: l.Mean, Std: l.Std}), strings.Join(dist, " "))
		}
	}
	fmt.Fprintf(tw, "\nstd is the population standard deviation. %s rated; %s left out.\n",
		display.Count(s.Rated, "item", "items"), display.Count(s.Flagged, "flagged item", "flagged items"))
	if err := tw.Flush(); err != nil {
		return err
	}
	if s.Online != nil {
		s.Online.writeText(w)
	}
	return nil
}
