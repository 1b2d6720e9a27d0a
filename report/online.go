package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Online against offline (MIMICS-Duo): each rated unit type's gold set
// beside how much people engaged with the pane online (a MIMICS-Click
// file's engagement level, 0-10), Spearman's rho and Kendall's tau-b with
// 95% bootstrap intervals, over every pane and at each impression level.
// A type with several units on one pane (an answer's quality, a landing
// page) counts as the mean of their gold labels there.

// OnlineOffline is a dataset's gold against its panes' engagement.
type OnlineOffline struct {
	// From names the datasets whose signals were joined ("" for the
	// dataset's own), and Panes how many panes have signals.
	From  []string    `json:"joined_from,omitempty"`
	Panes int         `json:"panes_with_signals"`
	Rows  []OnlineRow `json:"rows"`
}

// OnlineRow is one unit type at one impression level ("all" for every
// pane).
type OnlineRow struct {
	Type       string `json:"type"`
	Impression string `json:"impression_level"`
	bench.Correlation
}

// onlineOffline relates the dataset's settled gold to its panes'
// engagement; nil when no pane has signals or the reader may not see them.
func onlineOffline(ctx context.Context, r *store.Reading) (*OnlineOffline, error) {
	panes, err := r.JoinedSignals(ctx)
	if errors.Is(err, store.ErrNotAllowed) || (err == nil && len(panes) == 0) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	kind, err := r.Kind(ctx)
	if err != nil {
		return nil, err
	}
	d := store.Dataset{ID: r.DatasetID(), Kind: kind}
	g, err := loadGold(ctx, r, d, ScoreOptions{})
	if err != nil {
		return nil, err
	}
	p := guidelines.ForKind(d.Kind)
	perRow := perRowUnits(d.Kind)
	out := &OnlineOffline{Panes: len(panes)}
	type obs struct{ gold, engagement []float64 }
	by := map[[2]string]*obs{}
	add := func(typ, level string, x, y float64) {
		k := [2]string{typ, level}
		if by[k] == nil {
			by[k] = &obs{}
		}
		by[k].gold, by[k].engagement = append(by[k].gold, x), append(by[k].engagement, y)
	}
	for _, s := range panes {
		if s.From != "" && !slices.Contains(out.From, s.From) {
			out.From = append(out.From, s.From)
		}
		pg := g.items[s.ItemID]
		if pg == nil || pg.Flagged {
			continue
		}
		sums, counts := map[string]float64{}, map[string]int{}
		for _, u := range pg.Units {
			if u.Label < 0 || !onRow(u.Unit, s.Row, perRow) {
				continue
			}
			if l, _ := g.gold(s.ItemID, u.Unit); l < 0 { // settled gold only
				continue
			}
			typ := agreement.UnitType(u.Unit)
			sums[typ] += float64(u.Label)
			counts[typ]++
		}
		for typ, n := range counts {
			x := sums[typ] / float64(n)
			add(typ, "all", x, float64(s.Engagement))
			add(typ, s.Impression, x, float64(s.Engagement))
		}
	}
	for _, typ := range p.Types {
		for _, level := range append([]string{"all"}, impressionLevels...) {
			if o := by[[2]string{typ, level}]; o != nil {
				out.Rows = append(out.Rows, OnlineRow{Type: typ, Impression: level, Correlation: bench.Correlate(o.gold, o.engagement)})
			}
		}
	}
	if len(out.Rows) == 0 {
		return nil, nil // signals, but no settled gold to set beside them
	}
	return out, nil
}

// perRowUnits are a protocol file's unit types asked once per grouped row
// (MIMICS-Duo Task 1's pane_rating): unit type_n belongs to row n only.
func perRowUnits(kind guidelines.Kind) []string {
	f, ok := guidelines.RegisteredFile(kind)
	if !ok {
		return nil
	}
	var out []string
	for _, st := range f.Steps {
		if st.Per == guidelines.PerRow {
			out = append(out, st.Unit)
		}
	}
	return out
}

// onRow says whether a unit belongs to the pane at row: a per-row unit
// to its own row, any other to every pane of its item.
func onRow(unit string, row int, perRow []string) bool {
	typ := agreement.UnitType(unit)
	if !slices.Contains(perRow, typ) {
		return true
	}
	return unit == typ+"_"+strconv.Itoa(row+1)
}

// writeText writes the table under a heading.
func (o *OnlineOffline) writeText(w io.Writer) {
	from := "the dataset's own panes"
	if len(o.From) > 0 {
		from = "joined by query, question and answers from " + strings.Join(quoted(o.From), ", ")
	}
	fmt.Fprintf(w, "\nGold against online engagement (0-10): %d panes with signals, %s.\n", o.Panes, from)
	fmt.Fprintln(w, "Spearman's ρ and Kendall's τ-b, 95% bootstrap intervals over the panes (1,000 resamples);")
	fmt.Fprintln(w, "a type with several units on a pane counts as their mean there.")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "type\timpression\tpanes\tρ\t95%\tτ-b\t95%")
	for _, r := range o.Rows {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t[%s, %s]\t%s\t[%s, %s]\n", r.Type, r.Impression, r.N, r.Rho.Format(3),
			r.RhoLow.Format(3), r.RhoHigh.Format(3), r.Tau.Format(3), r.TauLow.Format(3), r.TauHigh.Format(3))
	}
	tw.Flush()
}

func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strconv.Quote(display.Clean(n))
	}
	return out
}
