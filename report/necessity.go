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
	// Withheld and FacetsWithheld say why the share and the facets are
	// left out for this reader (store.Blind): too few requests of
	// others', or an annotator who has judged none yet.
	Withheld, FacetsWithheld string
}

// NecessityGold counts a necessity dataset's gold labels over the reading.
func NecessityGold(ctx context.Context, r *store.Reading) (*NecessityStats, error) {
	counts, err := r.UnitCounts(ctx)
	if err != nil {
		return nil, err
	}
	s := &NecessityStats{Facet: make([]int, guidelines.MaxFacets+1)}
	yes := 0
	blind := r.Blind()
	var judged, faceted tally
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
			judged.add(blind, p.Item.ID)
			yes++
			if f := p.Label(guidelines.FacetUnit); f >= 0 {
				s.FacetJudged++
				faceted.add(blind, p.Item.ID)
				s.Facet[guidelines.FacetOf(f)]++
			}
		case guidelines.NecessityNo:
			s.Judged++
			judged.add(blind, p.Item.ID)
		}
		return nil
	})
	s.NeedsClar = bench.Wilson(yes, s.Judged)
	// Both are label distributions: the yes share and the facets chosen.
	s.Withheld, s.FacetsWithheld = spreadWithheld(blind, judged, guidelines.Necessity.Items),
		spreadWithheld(blind, faceted, guidelines.Necessity.Items)
	if s.Withheld != "" {
		s.NeedsClar = bench.Share{N: s.Judged}
	}
	if s.FacetsWithheld != "" {
		s.Facet = make([]int, len(s.Facet))
	}
	return s, err
}

// WriteText writes the figures as a short table.
func (s *NecessityStats) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "requests                      %d (%d with candidate facets)\n", s.Requests, s.WithFacets)
	fmt.Fprintf(&b, "with a gold necessity label   %d\n", s.Judged)
	if s.Withheld != "" {
		fmt.Fprintf(&b, "need clarification            %s\n", s.Withheld)
	} else {
		fmt.Fprintf(&b, "need clarification            %d: %s (95%% Wilson interval)\n", s.NeedsClar.K, shareText(s.NeedsClar))
	}
	fmt.Fprintf(&b, "facet chosen (of %d needing it, with candidates and a gold facet)\n", s.FacetJudged)
	if s.FacetsWithheld != "" {
		fmt.Fprintf(&b, "  %s\n%s\n", s.FacetsWithheld, withheldNote)
		_, err := io.WriteString(w, b.String())
		return err
	}
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
	if s.FacetsWithheld != "" {
		facets = nil
	}
	var needs *shareJSON
	if s.Withheld == "" {
		sh := shareOf(s.NeedsClar)
		needs = &sh
	}
	enc := json.NewEncoder(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Requests       int            `json:"requests"`
		WithFacets     int            `json:"with_facets"`
		Judged         int            `json:"judged"`
		NeedsClar      *shareJSON     `json:"needs_clarification"`
		Withheld       string         `json:"needs_clarification_withheld,omitempty"`
		FacetJudged    int            `json:"facet_judged"`
		Facets         map[string]int `json:"facets"`
		FacetsWithheld string         `json:"facets_withheld,omitempty"`
	}{s.Requests, s.WithFacets, s.Judged, needs, s.Withheld, s.FacetJudged, facets, s.FacetsWithheld})
}
