package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// RatingStats is a table of ratings (ClariMM's Table 1 for a conversation
// dataset) for a kind whose labels are ratings on an ordered scale of three
// or more points (Protocol.RatedUnits): per unit, the mean, population
// standard deviation and median over all its ratings. A protocol file
// names it as its statistics ([parts] stats = "ratings").
type RatingStats struct {
	Metrics []MetricStats `json:"metrics"`
	// Rated conversations have at least one settled rating; Table 1
	// rests on them.
	Rated   int `json:"rated_conversations"`
	Flagged int `json:"flagged_conversations_left_out"`
	// what the table says of its kind: its items, short name and scale.
	item, items, short, scale string
}

// MetricStats summarises the ratings of one unit; the figures are null
// without ratings.
type MetricStats struct {
	Metric string   `json:"metric"`
	N      int      `json:"n"`
	Mean   *float64 `json:"mean"`
	Std    *float64 `json:"std"`
	Median *float64 `json:"median"`
	// Withheld says why the figures are null for this reader: they rest
	// on too few conversations of others' (store.Blind).
	Withheld string `json:"withheld,omitempty"`
	name     string // the table's row name: Relevance (Turn 1)
	short    string // its name in a narrow column: relev. 1
}

// Short is the unit's name in a narrow column (the TUI's side pane): its
// step's short name, and for a unit of each element or row its first five
// letters and which one (relev. 1).
func (m MetricStats) Short() string { return m.short }

// metricName is a unit's row name: its type's words, capitalised, and for
// a unit of each element or row, which one (Relevance (Turn 1)).
func metricName(p guidelines.Protocol, unit string) string {
	typ, n := metricUnit(p, unit)
	name := display.Capitalised(strings.ReplaceAll(typ, "_", " "))
	if n == "" {
		return name
	}
	noun := "element"
	if f := p.FileOf(); f != nil && f.Item.ListName != "" {
		noun = f.Item.ListName
	} else if f != nil && f.Item.Group != "" {
		noun = f.RowNoun()
	}
	return fmt.Sprintf("%s (%s %s)", name, display.Capitalised(noun), n)
}

// metricUnit is a unit's type and, for a unit of each element or row,
// which one ("" for a unit once an item).
func metricUnit(p guidelines.Protocol, unit string) (typ, n string) {
	if i := strings.LastIndexByte(unit, '_'); i > 0 && !slices.Contains(p.Types, unit) {
		return unit[:i], unit[i+1:]
	}
	return unit, ""
}

// metricShort is MetricStats.Short.
func metricShort(p guidelines.Protocol, unit string) string {
	typ, n := metricUnit(p, unit)
	short := p.Step(typ).Short
	if short == "" {
		short = strings.ReplaceAll(typ, "_", " ")
	}
	if n == "" {
		return short
	}
	if r := []rune(short); len(r) > 5 {
		short = string(r[:5]) + "."
	}
	return short + " " + n
}

// RatingsTable gathers every settled rating (from finished HITs, or
// imported) of the reading's dataset of kind p, leaving out flagged items
// and those the reading hides (the reader's open ones), and summarises
// each rated unit. Every rating counts, not gold labels: ClariMM's Table 1
// pools both authors' ratings.
func RatingsTable(ctx context.Context, r *store.Reading, p guidelines.Protocol) (*RatingStats, error) {
	kind, err := r.Kind(ctx)
	if err != nil {
		return nil, err
	}
	units := p.RatedUnits()
	if kind != p.Kind || len(units) == 0 {
		return nil, fmt.Errorf("dataset holds %s items, not %s rated on a scale", kind, p.Items)
	}
	ratings := make([][]float64, len(units))
	rated := make([]tally, len(units)) // the items each metric rests on
	blind := r.Blind()
	low, high := p.Scale[len(p.Scale)-1], p.Scale[0]
	out := &RatingStats{item: p.Item(), items: p.Items, short: strings.Fields(p.Title + " " + string(p.Kind))[0],
		scale: fmt.Sprintf("%d %s to %d %s", low.Value, strings.ToLower(low.Name), high.Value, strings.ToLower(high.Name))}
	err = r.EachGoldRow(ctx, func(row *store.GoldRow) error {
		if row.Flagged {
			out.Flagged++
			return nil
		}
		if len(row.Votes) > 0 {
			out.Rated++
		}
		seen := make([]bool, len(units))
		for _, v := range row.Votes {
			if i := slices.Index(units, r.Units()[v.Unit]); i >= 0 {
				ratings[i] = append(ratings[i], float64(v.Value))
				if !seen[i] {
					seen[i] = true
					rated[i].add(blind, row.ID)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for i, u := range units {
		if why := rated[i].withheld(blind, p.Items); why != "" {
			out.Metrics = append(out.Metrics, MetricStats{Metric: u, N: len(ratings[i]), Withheld: why, name: metricName(p, u), short: metricShort(p, u)})
			continue
		}
		m := metricStats(u, ratings[i])
		m.name, m.short = metricName(p, u), metricShort(p, u)
		out.Metrics = append(out.Metrics, m)
	}
	return out, nil
}

func metricStats(unit string, xs []float64) MetricStats {
	m := MetricStats{Metric: unit, N: len(xs)}
	if len(xs) == 0 {
		return m
	}
	mo := moments(xs)
	med := median(xs)
	m.Mean, m.Std, m.Median = mo.Mean, mo.Std, &med
	return m
}

// median is the middle value, or the mean of the two middle values of an
// even number of them (sorts xs).
func median(xs []float64) float64 {
	slices.Sort(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// WriteJSON writes {"metrics": [{"metric", "n", "mean", "std", "median"}]}.
func (s *RatingStats) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(s)
}

// Lines is Table 1 as aligned text lines, for the terminal and the side pane.
func (s *RatingStats) Lines() []string {
	lines := []string{fmt.Sprintf("%-18s %5s %5s %6s %5s", "metric", "mean", "std", "median", "n")}
	for _, m := range s.Metrics {
		if m.Withheld != "" {
			lines = append(lines, fmt.Sprintf("%-18s %18s %5d", m.name, m.Withheld, m.N))
			continue
		}
		lines = append(lines, fmt.Sprintf("%-18s %5s %5s %6s %5d", m.name, fixed2(m.Mean), fixed2(m.Std), fixed2(m.Median), m.N))
	}
	return lines
}

// WriteText writes Table 1 for people, with how it was computed.
func (s *RatingStats) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "Table 1: %s quality (%s), every settled rating, %s\n", s.item, s.short, s.scale)
	for _, l := range s.Lines() {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w, "\nstd is the population standard deviation (divided by n); the median of an even number of\nratings is the mean of the two middle ones. Ratings of unfinished HITs are left out.")
	fmt.Fprintf(w, "The table rests on %s; %s left out.\n",
		display.Count(s.Rated, "rated "+s.item, "rated "+s.items), display.Count(s.Flagged, "flagged "+s.item, "flagged "+s.items))
	for _, m := range s.Metrics {
		if m.Withheld != "" {
			fmt.Fprintln(w, withheldNote)
			break
		}
	}
	return nil
}

func fixed2(x *float64) string {
	if x == nil {
		return "–"
	}
	return fmt.Sprintf("%.2f", *x)
}
