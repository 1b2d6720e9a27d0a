package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// ClickSignals summarise the online signals of a dataset's panes (a
// MIMICS-Click file's impression level, engagement level and conditional
// click rates), over the panes the tables count. Only a lead's statistics
// carry them (store.ActReadSignals).
type ClickSignals struct {
	Panes int `json:"panes"`
	// Impression counts the panes shown at each level: low, medium, high.
	Impression []LevelCount `json:"impression_level"`
	Engagement Moments      `json:"engagement_level"`
	// EngagementCounts[n] is the number of panes at engagement level n.
	EngagementCounts [11]int `json:"engagement_counts"`
	// CCTR are the conditional click rates of each answer position, over
	// the panes that have an answer there.
	CCTR [5]Moments `json:"option_cctr"`
}

// LevelCount is how many panes have one impression level.
type LevelCount struct {
	Level string `json:"level"`
	Panes int    `json:"panes"`
}

// impressionLevels are MIMICS-Click's, in order.
var impressionLevels = []string{"low", "medium", "high"}

// clickSignals summarises the signals of the panes in counted; nil when
// none has any, or when the reader may not see them.
func clickSignals(ctx context.Context, r *store.Reading, counted map[int64]bool) (*ClickSignals, error) {
	all, err := r.Signals(ctx)
	if errors.Is(err, store.ErrNotAllowed) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	c := &ClickSignals{}
	var eng []float64
	var cctr [5][]float64
	byLevel := map[string]int{}
	for _, s := range all {
		if !counted[s.ItemID] {
			continue
		}
		c.Panes++
		byLevel[s.Impression]++
		eng = append(eng, float64(s.Engagement))
		c.EngagementCounts[s.Engagement]++
		for i, v := range s.CCTR {
			if v != nil {
				cctr[i] = append(cctr[i], *v)
			}
		}
	}
	if c.Panes == 0 {
		return nil, nil
	}
	for _, l := range impressionLevels {
		c.Impression = append(c.Impression, LevelCount{Level: l, Panes: byLevel[l]})
	}
	c.Engagement = moments(eng)
	for i := range cctr {
		c.CCTR[i] = moments(cctr[i])
	}
	return c, nil
}

// writeText writes the signals after the paper's tables.
func (c *ClickSignals) writeText(w io.Writer) {
	fmt.Fprintf(w, "\nClick signals (MIMICS-Click; leads only): %s\n", display.Count(c.Panes, "pane", "panes"))
	var levels []string
	for _, l := range c.Impression {
		levels = append(levels, fmt.Sprintf("%s %d", l.Level, l.Panes))
	}
	fmt.Fprintf(w, "impression level\t%s\n", strings.Join(levels, ", "))
	fmt.Fprintf(w, "engagement level (0-10)\t%s\t(n %d)\n", meanStd(c.Engagement), c.Engagement.N)
	var counts []string
	for n, k := range c.EngagementCounts {
		counts = append(counts, fmt.Sprintf("%d:%d", n, k))
	}
	fmt.Fprintf(w, "engagement distribution\t%s\n", strings.Join(counts, " "))
	for i, m := range c.CCTR {
		fmt.Fprintf(w, "click rate, answer %d\t%s\t(n %d)\n", i+1, meanStd(m), m.N)
	}
}
