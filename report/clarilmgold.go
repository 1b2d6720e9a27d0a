package report

import (
	"bufio"
	"context"
	"encoding/json"
	"io"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// goldJSON is one unit's gold in a JSONL gold export: the label by name
// (null when unresolved), what it rests on, every vote by label name, and
// who decided when an adjudicator did.
type goldJSON struct {
	Label       *string        `json:"label"`
	Provenance  string         `json:"provenance"`
	Votes       map[string]int `json:"votes"`
	Adjudicator string         `json:"adjudicator,omitempty"`
	// Posterior is the Dawid–Skene posterior by label name, when the
	// dataset's gold is the model's.
	Posterior map[string]float64 `json:"posterior,omitempty"`
	// ByVote and Fit, beside a model's label: what the votes alone say,
	// and whether the fit converged.
	ByVote string `json:"by_vote,omitempty"`
	Fit    string `json:"fit,omitempty"`
}

// unitJSON is unit's gold on p, or nil when the unit has neither a label
// nor a vote (a facet the gold says does not apply).
func unitJSON(p *PaneGold, proto guidelines.Protocol, unit string) *goldJSON {
	for _, u := range p.Units {
		if u.Unit != unit {
			continue
		}
		g := &goldJSON{Provenance: string(u.Provenance), Votes: map[string]int{}, Adjudicator: u.Adjudicator,
			ByVote: string(u.ByVote), Fit: u.Fit}
		if u.Label >= 0 {
			name := proto.LabelName(u.Label)
			g.Label = &name
		}
		for v, n := range u.Votes {
			if n > 0 {
				g.Votes[proto.LabelName(v)] = n
			}
		}
		for v, pr := range u.Posterior {
			if pr > 0 {
				if g.Posterior == nil {
					g.Posterior = map[string]float64{}
				}
				g.Posterior[proto.LabelName(v)] = pr
			}
		}
		return g
	}
	return nil
}

// goldExport writes a JSONL gold export of a dataset of kind, one line per
// item: a lead's whole reading; flagged items are left out, and so are
// items with insufficient units unless opts keep them.
func goldExport(ctx context.Context, r *store.Reading, kind string, w io.Writer, opts ReleaseOptions,
	line func(p *PaneGold) (any, error)) (ReleaseSummary, error) {
	opts.IncludeUnresolved = true // an unresolved unit's label is null, its votes there to see
	sum := ReleaseSummary{Kept: opts}
	if _, err := goldOfKind(ctx, r, kind); err != nil {
		return sum, err
	}
	bw := bufio.NewWriter(display.JSON(w)) // C1 escaped as encoding/json escapes C0
	enc := json.NewEncoder(bw)
	err := EachPaneGold(ctx, r, func(p *PaneGold) error {
		if !sum.Keep(p) {
			return nil
		}
		v, err := line(p)
		if err != nil {
			return err
		}
		return enc.Encode(v)
	})
	if err != nil {
		return sum, err
	}
	return sum, bw.Flush()
}

// WriteNecessityGold writes one JSON line per request of a necessity
// dataset: {"id", "request", "facets", "necessity": gold, "facet": gold
// or null}, each gold {"label", "provenance", "votes", "adjudicator"?};
// a facet label is the facet's number ("2") or "none", and facet_text
// names the chosen facet. A facet is asked for only when the gold says
// the request needs clarification.
func WriteNecessityGold(ctx context.Context, r *store.Reading, w io.Writer, opts ReleaseOptions) (ReleaseSummary, error) {
	type requestJSON struct {
		ID        string    `json:"id"`
		Request   string    `json:"request"`
		Facets    []string  `json:"facets"`
		Necessity *goldJSON `json:"necessity"`
		Facet     *goldJSON `json:"facet"`
		FacetText *string   `json:"facet_text,omitempty"`
	}
	proto := guidelines.Necessity
	return goldExport(ctx, r, proto.Kind, w, opts, func(p *PaneGold) (any, error) {
		facets, err := r.Facets(ctx, p.Item.ID)
		if err != nil {
			return nil, err
		}
		out := requestJSON{ID: p.Item.UID, Request: p.Item.Query, Facets: facets,
			Necessity: unitJSON(p, proto, guidelines.NecessityUnit)}
		if facets == nil {
			out.Facets = []string{}
		}
		if p.Label(guidelines.NecessityUnit) == guidelines.NecessityYes {
			out.Facet = unitJSON(p, proto, guidelines.FacetUnit)
			if k := guidelines.FacetOf(p.Label(guidelines.FacetUnit)); k >= 1 && k <= len(facets) {
				out.FacetText = &facets[k-1]
			}
		}
		return out, nil
	})
}

// WritePairsGold writes one JSON line per pair of a compare dataset:
// {"id", "request", "first", "second", "first_shown": "A" or "B",
// "preference": gold, "better": the better system's name, "tie", or null}.
// The preference label speaks from the first system's side (win, tie,
// lose); which side each system was shown on lets a reader check for a
// position bias.
func WritePairsGold(ctx context.Context, r *store.Reading, w io.Writer, opts ReleaseOptions) (ReleaseSummary, error) {
	type pairJSON struct {
		ID         string    `json:"id"`
		Request    string    `json:"request"`
		First      string    `json:"first"`
		Second     string    `json:"second"`
		FirstShown string    `json:"first_shown"`
		Preference *goldJSON `json:"preference"`
		Better     *string   `json:"better"`
	}
	pairs, err := r.PairSystems(ctx)
	if err != nil {
		return ReleaseSummary{Kept: opts}, err
	}
	proto := guidelines.Compare
	return goldExport(ctx, r, proto.Kind, w, opts, func(p *PaneGold) (any, error) {
		sys := pairs[p.Item.ID]
		out := pairJSON{ID: p.Item.UID, Request: p.Item.Query, First: sys.First, Second: sys.Second, FirstShown: "B",
			Preference: unitJSON(p, proto, guidelines.PreferenceUnit)}
		if sys.FirstLeft {
			out.FirstShown = "A"
		}
		if better, ok := map[int]string{guidelines.PreferWin: sys.First, guidelines.PreferTie: "tie",
			guidelines.PreferLose: sys.Second}[p.Label(guidelines.PreferenceUnit)]; ok {
			out.Better = &better
		}
		return out, nil
	})
}
