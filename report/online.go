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
// pane). Undefined says why rho and tau-b are undefined, IntervalUndefined
// why their intervals are though they are not, and Warning that the panes
// are too few for the intervals to be read as 95%.
type OnlineRow struct {
	Type       string `json:"type"`
	Impression string `json:"impression_level"`
	bench.Correlation
	Undefined         string `json:"undefined_why,omitempty"`
	IntervalUndefined string `json:"interval_undefined_why,omitempty"`
	Warning           string `json:"warning,omitempty"`
}

// FewPanes is the fewest panes whose bootstrap interval is given without a
// warning: below it a percentile interval is too narrow (its spread shrinks
// by √((n−1)/n) and it misses the skew; Hesterberg 2015, "What teachers
// should know about the bootstrap"), and at n = 6 there are only 462
// distinct resamples for the 1,000 drawn.
const FewPanes = 10

// onlineRow is the correlation of one type at one level, with the reason
// for each figure that is undefined and the warning for few panes.
func onlineRow(typ, level string, gold, engagement []float64) OnlineRow {
	r := OnlineRow{Type: typ, Impression: level, Correlation: bench.Correlate(gold, engagement)}
	switch {
	case !r.Rho.Defined || !r.Tau.Defined:
		r.Undefined = notVarying(gold, engagement)
	case r.Used == 0:
		r.IntervalUndefined = fmt.Sprintf("no resample of the %s has both the gold and the engagement varying", display.Count(r.N, "pane", "panes"))
	}
	if r.N < FewPanes && r.Undefined == "" {
		r.Warning = fmt.Sprintf("few panes (under %d): the interval is rough", FewPanes)
	}
	return r
}

// notVarying says which side of the pairs does not vary (then rho and
// tau-b divide by zero).
func notVarying(gold, engagement []float64) string {
	same := func(xs []float64) bool { return slices.Min(xs) == slices.Max(xs) }
	switch {
	case len(gold) < 2:
		return "one pane: nothing to rank"
	case same(gold) && same(engagement):
		return fmt.Sprintf("neither varies: every pane's gold is %g, its engagement %g", gold[0], engagement[0])
	case same(gold):
		return fmt.Sprintf("the gold does not vary: every pane's is %g", gold[0])
	}
	return fmt.Sprintf("the engagement does not vary: every pane's is %g", engagement[0])
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
	p := r.Protocol(d.Kind)
	perRow := p.RowTypes()
	out := &OnlineOffline{Panes: len(panes)}
	by := onlineObs{}
	for _, s := range panes {
		if s.From != "" && !slices.Contains(out.From, s.From) {
			out.From = append(out.From, s.From)
		}
		pg := g.items[s.ItemID]
		if pg == nil || pg.Flagged {
			continue
		}
		for typ, x := range paneGoldMeans(g, pg, s.Row, perRow) {
			by.add(typ, "all", x, float64(s.Engagement))
			by.add(typ, s.Impression, x, float64(s.Engagement))
		}
	}
	out.Rows = by.rows(p.Types)
	if len(out.Rows) == 0 {
		return nil, nil // signals, but no settled gold to set beside them
	}
	return out, nil
}

// onlineObs are the panes' gold and engagement side by side, by unit
// type and impression level ("all" for every level).
type onlineObs map[[2]string]*struct{ gold, engagement []float64 }

// add sets gold x beside engagement y under the type and level.
func (by onlineObs) add(typ, level string, x, y float64) {
	k := [2]string{typ, level}
	if by[k] == nil {
		by[k] = &struct{ gold, engagement []float64 }{}
	}
	by[k].gold, by[k].engagement = append(by[k].gold, x), append(by[k].engagement, y)
}

// rows are the figures per unit type, in the order of types, over all
// panes and then per impression level.
func (by onlineObs) rows(types []string) []OnlineRow {
	var rows []OnlineRow
	for _, typ := range types {
		for _, level := range append([]string{"all"}, impressionLevels...) {
			if o := by[[2]string{typ, level}]; o != nil {
				rows = append(rows, onlineRow(typ, level, o.gold, o.engagement))
			}
		}
	}
	return rows
}

// paneGoldMeans is a pane's mean settled gold per unit type, over the
// units on the signals' row.
func paneGoldMeans(g *goldIndex, pg *PaneGold, row int, perRow []string) map[string]float64 {
	sums, counts := map[string]float64{}, map[string]int{}
	for _, u := range pg.Units {
		if u.Label < 0 || !onRow(u.Unit, row, perRow) {
			continue
		}
		if l, _ := g.gold(pg.Item.ID, u.Unit); l < 0 { // settled gold only
			continue
		}
		typ := agreement.UnitType(u.Unit)
		sums[typ] += float64(u.Label)
		counts[typ]++
	}
	means := map[string]float64{}
	for typ, n := range counts {
		means[typ] = sums[typ] / float64(n)
	}
	return means
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
	fmt.Fprintf(w, "\nGold against online engagement (0-10): %s with signals, %s.\n", display.Count(o.Panes, "pane", "panes"), from)
	fmt.Fprintf(w, "Spearman's ρ and Kendall's τ-b, 95%% bootstrap intervals over the panes: %d resamples drawn,\n", bench.CorrelationReplicates)
	fmt.Fprintln(w, "of which a row's \"resamples\" used those where both are defined (the others are dropped);")
	fmt.Fprintln(w, "a type with several units on a pane counts as their mean there. – where a figure is undefined: the note says why.")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "type\timpression\tpanes\tρ\t95%\tτ-b\t95%\tresamples\tnote")
	for _, r := range o.Rows {
		resamples := fmt.Sprintf("%d of %d", r.Used, r.Replicates)
		if r.Undefined != "" {
			resamples = "–" // nothing to draw an interval around
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t[%s, %s]\t%s\t[%s, %s]\t%s\t%s\n", r.Type, r.Impression, r.N, r.Rho.Format(3),
			r.RhoLow.Format(3), r.RhoHigh.Format(3), r.Tau.Format(3), r.TauLow.Format(3), r.TauHigh.Format(3), resamples,
			strings.Join(slices.DeleteFunc([]string{r.Undefined, r.IntervalUndefined, r.Warning}, func(s string) bool { return s == "" }), "; "))
	}
	tw.Flush()
	if slices.ContainsFunc(o.Rows, func(r OnlineRow) bool { return r.Warning != "" }) {
		fmt.Fprintf(w, "few panes: under %d, a percentile bootstrap interval is too narrow (Hesterberg 2015): read it as rough.\n", FewPanes)
	}
}

func quoted(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strconv.Quote(display.Clean(n))
	}
	return out
}
