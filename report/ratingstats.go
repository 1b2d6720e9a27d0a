package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// RatingStats is ClariMM's Table 1 for a conversation dataset: per unit,
// the mean, population standard deviation and median over all its ratings.
type RatingStats struct {
	Metrics []MetricStats `json:"metrics"`
	// Rated conversations have at least one settled rating; Table 1
	// rests on them.
	Rated   int `json:"rated_conversations"`
	Flagged int `json:"flagged_conversations_left_out"`
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
}

// metricNames are Table 1's row names.
var metricNames = map[string]string{
	"relevance_1": "Relevance (Turn 1)", "relevance_2": "Relevance (Turn 2)",
	"relevance_3": "Relevance (Turn 3)", "relevance_4": "Relevance (Turn 4)",
	"coherence": "Coherence", "diversity": "Diversity", "intent_reveal": "Intent reveal",
}

// ClariMMStats gathers every settled rating (from finished HITs, or
// imported) of the reading's conversation dataset, leaving out flagged
// conversations and those the reading hides (the reader's open ones), and
// summarises each unit. Every rating counts, not gold labels: the paper's
// Table 1 pools both authors' ratings.
func ClariMMStats(ctx context.Context, r *store.Reading) (*RatingStats, error) {
	kind, err := r.Kind(ctx)
	if err != nil {
		return nil, err
	}
	if kind != guidelines.ClariMM.Kind {
		return nil, fmt.Errorf("dataset holds %s items, not conversations", kind)
	}
	units := guidelines.ClariMM.AllUnits
	ratings := make([][]float64, len(units))
	rated := make([]tally, len(units)) // the conversations each metric rests on
	blind := r.Blind()
	out := &RatingStats{}
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
		if why := rated[i].withheld(blind, guidelines.ClariMM.Items); why != "" {
			out.Metrics = append(out.Metrics, MetricStats{Metric: u, N: len(ratings[i]), Withheld: why})
			continue
		}
		out.Metrics = append(out.Metrics, metricStats(u, ratings[i]))
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
			lines = append(lines, fmt.Sprintf("%-18s %18s %5d", metricNames[m.Metric], m.Withheld, m.N))
			continue
		}
		lines = append(lines, fmt.Sprintf("%-18s %5s %5s %6s %5d", metricNames[m.Metric], fixed2(m.Mean), fixed2(m.Std), fixed2(m.Median), m.N))
	}
	return lines
}

// WriteText writes Table 1 for people, with how it was computed.
func (s *RatingStats) WriteText(w io.Writer) error {
	fmt.Fprintln(w, "Table 1: conversation quality (ClariMM), every settled rating, 1 poor to 5 excellent")
	for _, l := range s.Lines() {
		fmt.Fprintln(w, l)
	}
	fmt.Fprintln(w, "\nstd is the population standard deviation (divided by n); the median of an even number of\nratings is the mean of the two middle ones. Ratings of unfinished HITs are left out.")
	fmt.Fprintf(w, "The table rests on %s; %s left out.\n",
		display.Count(s.Rated, "rated conversation", "rated conversations"), display.Count(s.Flagged, "flagged conversation", "flagged conversations"))
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
