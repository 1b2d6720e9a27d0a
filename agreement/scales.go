package agreement

import (
	"slices"
	"strings"
)

// JoinScales is the scale of a study whose types are on the scales own,
// one per type in the study's order: their categories joined (in value
// order when every one is a number, else in the order they first come),
// each type's own kept in OfType. Types on one scale give that scale, and
// their figures pool; types on scales that differ are Unpooled, so no
// figure pools them (Analyze), as a protocol's are (report.ScaleOf).
func JoinScales(own []Scale) Scale {
	if len(own) == 0 {
		return Scale{}
	}
	same, sameCategories, sameNominal := true, true, true
	for _, s := range own[1:] {
		sameCategories = sameCategories && slices.Equal(s.Categories, own[0].Categories)
		sameNominal = sameNominal && s.Nominal == own[0].Nominal
		same = same && sameCategories && sameNominal && s.Inferred == own[0].Inferred
	}
	if same {
		return own[0]
	}
	var all []string
	nominal := true
	for _, s := range own {
		for _, c := range s.Categories {
			if !slices.Contains(all, c) {
				all = append(all, c)
			}
		}
		nominal = nominal && s.Nominal
	}
	joined := NewScale(all)
	if joined.Values != nil {
		joined = InferScale(all)
	}
	// Types pool only on one scale: the same categories, read alike (a
	// nominal type beside an ordered one of the same values is not one
	// set of categories to weight), as guidelines.Protocol.OneScale says.
	joined.Nominal, joined.Unpooled, joined.OfType = nominal, !sameCategories || !sameNominal, own
	return joined
}

// NotPooled says why the report has no pooled row ("" when it has one):
// the wording the quality report's not_pooled uses, each type's scale
// from its lowest category to its highest (in full where two types'
// scales would read alike: inferred {1, 2, 4} beside 1–4).
func (r Report) NotPooled() string {
	if r.Pooled.Type != "" || len(r.Types) == 0 {
		return ""
	}
	short := func(s Scale) string {
		switch len(s.Categories) {
		case 0:
			return "no categories"
		case 1:
			return s.Categories[0]
		}
		return s.Categories[0] + "–" + s.Categories[len(s.Categories)-1]
	}
	differ := false
	var parts []string
	for _, t := range r.Types {
		text := short(t.Scale)
		for _, u := range r.Types {
			if !slices.Equal(u.Scale.Categories, t.Scale.Categories) {
				differ = true
				if short(u.Scale) == text {
					text = "{" + strings.Join(t.Scale.Categories, ", ") + "}"
				}
			}
		}
		parts = append(parts, t.Type+" "+text)
	}
	if !differ {
		return "the unit types have scales of their own"
	}
	return "the unit types' scales differ: " + strings.Join(parts, ", ")
}
