package report

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/claritty/claritty/bench"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// NecessityStats are a necessity dataset's gold figures: how many
// requests need clarification, and which candidate facet the judges chose
// for those that do. Flagged requests are left out.
type NecessityStats struct {
	Requests    int
	WithFacets  int         // requests with candidate facets
	Judged      int         // requests with a gold necessity label
	NeedsClar   bench.Share // of the judged, those that need clarification
	FacetJudged int         // gold yes with candidates and a gold facet
	Facet       []int       // Facet[k]: chose facet k (from 1); Facet[0]: none fits
}

// NecessityGold counts a necessity dataset's gold labels over the reading.
func NecessityGold(ctx context.Context, r *store.Reading) (*NecessityStats, error) {
	counts, err := r.Store().UnitCounts(ctx, r.DatasetID())
	if err != nil {
		return nil, err
	}
	s := &NecessityStats{Facet: make([]int, guidelines.MaxFacets+1)}
	yes := 0
	err = EachPaneGold(ctx, r, func(p *PaneGold) error {
		if p.Flagged {
			return nil
		}
		s.Requests++
		if counts[p.Item.ID] > 0 {
			s.WithFacets++
		}
		switch p.Label(guidelines.NecessityUnit) {
		case guidelines.NecessityYes:
			s.Judged++
			yes++
			if f := p.Label(guidelines.FacetUnit); f >= 0 {
				s.FacetJudged++
				s.Facet[guidelines.FacetOf(f)]++
			}
		case guidelines.NecessityNo:
			s.Judged++
		}
		return nil
	})
	s.NeedsClar = bench.Wilson(yes, s.Judged)
	return s, err
}

// WriteText writes the figures as a short table.
func (s *NecessityStats) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "requests                      %d (%d with candidate facets)\n", s.Requests, s.WithFacets)
	fmt.Fprintf(&b, "with a gold necessity label   %d\n", s.Judged)
	fmt.Fprintf(&b, "need clarification            %d: %s (95%% Wilson interval)\n", s.NeedsClar.K, shareText(s.NeedsClar))
	fmt.Fprintf(&b, "facet chosen (of %d needing it, with candidates and a gold facet)\n", s.FacetJudged)
	for k := 1; k < len(s.Facet); k++ {
		if s.Facet[k] > 0 {
			fmt.Fprintf(&b, "  facet %d  %d: %s\n", k, s.Facet[k], shareText(bench.Wilson(s.Facet[k], s.FacetJudged)))
		}
	}
	fmt.Fprintf(&b, "  none     %d: %s\n", s.Facet[0], shareText(bench.Wilson(s.Facet[0], s.FacetJudged)))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes {"requests", "with_facets", "judged",
// "needs_clarification": {k, n, share, low, high}, "facet_judged",
// "facets": {"1": n, …, "none": n}}.
func (s *NecessityStats) WriteJSON(w io.Writer) error {
	facets := map[string]int{"none": s.Facet[0]}
	for k := 1; k < len(s.Facet); k++ {
		if s.Facet[k] > 0 {
			facets[strconv.Itoa(k)] = s.Facet[k]
		}
	}
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Requests    int            `json:"requests"`
		WithFacets  int            `json:"with_facets"`
		Judged      int            `json:"judged"`
		NeedsClar   shareJSON      `json:"needs_clarification"`
		FacetJudged int            `json:"facet_judged"`
		Facets      map[string]int `json:"facets"`
	}{s.Requests, s.WithFacets, s.Judged, shareOf(s.NeedsClar), s.FacetJudged, facets})
}
