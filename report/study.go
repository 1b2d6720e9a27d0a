package report

import (
	"context"
	"fmt"
	"slices"
	"strconv"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// MIMICSScale is the 2/1/0 scale as agreement sees it: Bad < Fair < Good,
// with the numbers as interval values.
var MIMICSScale = ScaleOf(guidelines.MIMICS)

// ScaleOf is a protocol's scale as agreement sees it: every label of its
// unit types from the lowest value up, with their values as interval
// values (a named scale's too: none, partial and full are worth 0, ½ and 1
// of a nugget, evenly spaced), except a nominal scale's, whose labels
// (yes, no, a facet) have no distances, so no interval figure is computed
// for them. When the types' scales differ (need 1–4 beside usefulness
// 1–3) it holds each type's own, and every figure of a type is on it.
func ScaleOf(p guidelines.Protocol) agreement.Scale {
	s := scaleOfTypes(p, p.Types, p.Scale)
	s.Unpooled = !p.OneScale()
	if s.Unpooled {
		for _, t := range p.Types {
			s.OfType = append(s.OfType, scaleOfTypes(p, []string{t}, nil))
		}
	}
	return s
}

// allChoices says whether the types are all choice steps' (kind =
// "choice"), whose labels are element numbers: categories with no order
// and no distances, whatever the kind's scales are.
func allChoices(p guidelines.Protocol, types []string) bool {
	for _, t := range types {
		if !p.IsChoice(t) {
			return false
		}
	}
	return len(types) > 0
}

// scaleOfTypes is the scale of the types' labels, each once. A numbered
// kind's are its values (and those of own, the kind's scale, where the
// types pool) from the lowest up.
// A named kind's are its names, type by type, each type's from the
// lowest up: its types' values may collide (a request's yes is 1, and so
// is its first facet), their names do not.
func scaleOfTypes(p guidelines.Protocol, types []string, own []guidelines.Label) agreement.Scale {
	var values []int
	var cats []string
	if p.Named {
		for _, t := range types {
			sc := p.ScaleOf(t)
			for i := len(sc) - 1; i >= 0; i-- {
				if name := p.NameOf(t, sc[i].Value); !slices.Contains(cats, name) {
					cats = append(cats, name)
					values = append(values, sc[i].Value)
				}
			}
		}
	} else {
		all := slices.Clone(own)
		for _, t := range types {
			all = append(all, p.ScaleOf(t)...)
		}
		for _, l := range all {
			values = append(values, l.Value)
		}
		slices.Sort(values)
		values = slices.Compact(values)
		for _, v := range values {
			cats = append(cats, strconv.Itoa(v))
		}
	}
	s := agreement.NewScale(cats)
	s.Nominal = p.Nominal
	if allChoices(p, types) {
		s.Nominal, s.Values = true, nil // element 3 is not "more" than 2
	}
	if p.Named && !p.Nominal {
		s.Values = nil
		for _, v := range values {
			s.Values = append(s.Values, float64(v))
		}
	}
	return s
}

// categoryOf finds each label value's category on the protocol's scale
// (ScaleOf), for each unit type apart: -1 where the value is off the
// type's own scale, which no stored label is.
func categoryOf(p guidelines.Protocol, scale agreement.Scale) [][]int {
	out := make([][]int, len(p.Types))
	for t, typ := range p.Types {
		out[t] = make([]int, store.VoteSlots)
		for v := range out[t] {
			out[t][v] = -1
			if p.Valid(typ, v) {
				out[t][v] = slices.Index(scale.Categories, p.NameOf(typ, v))
			}
		}
	}
	return out
}

// DatasetStudy gathers every label of the reading's dataset for an
// agreement report, less the items the reading hides. Units come in import
// order, then HIT order; the store guarantees one label per annotator and
// unit, on the scale, so the study is built directly, which keeps a report
// over millions of labels fast.
func DatasetStudy(ctx context.Context, r *store.Reading) (*agreement.Study, error) {
	p, err := protocolOf(ctx, r)
	if err != nil {
		return nil, err
	}
	study := &agreement.Study{Scale: ScaleOf(p), Types: p.Types}
	newRater := func(name string) int {
		study.Raters = append(study.Raters, name)
		return len(study.Raters) - 1
	}
	err = eachUnitRatings(ctx, r, p, newRater, func(uid string, unit, typ int, rs []agreement.Rating) error {
		study.Subjects = append(study.Subjects, agreement.Subject{Item: uid, Unit: r.Units()[unit], Type: typ,
			Ratings: slices.Clone(rs)})
		return nil
	})
	return study, err
}

// PeopleOf is what the reading's labels say about the annotators (each
// one's labels per category, each pair's joint table), read as a stream:
// unlike DatasetStudy its memory does not grow with the labels.
func PeopleOf(ctx context.Context, r *store.Reading) (*agreement.People, error) {
	p, err := protocolOf(ctx, r)
	if err != nil {
		return nil, err
	}
	return peopleOf(ctx, r, p)
}

// peopleOf is PeopleOf over the reading's protocol p.
func peopleOf(ctx context.Context, r *store.Reading, p guidelines.Protocol) (*agreement.People, error) {
	// Over one scale: every type's units; else the first type's alone, on
	// its own scale (agreement.Report.PairsOver).
	scale := ScaleOf(p)
	only, own := scale.People()
	to := scale.IndexIn(own)
	people := agreement.NewPeople(len(own.Categories))
	var mine []agreement.Rating
	err := eachUnitRatings(ctx, r, p, people.AddRater, func(_ string, _, typ int, rs []agreement.Rating) error {
		if only >= 0 && typ != only {
			return nil
		}
		mine = mine[:0]
		for _, x := range rs {
			mine = append(mine, agreement.Rating{Rater: x.Rater, Category: to[x.Category]})
		}
		people.Add(mine)
		return nil
	})
	return people, err
}

func protocolOf(ctx context.Context, r *store.Reading) (guidelines.Protocol, error) {
	kind, err := r.Kind(ctx)
	return r.Protocol(kind), err
}

// eachUnitRatings streams the reading's labels one unit at a time: its
// item's uid, its index into r.Units(), its type's index into p.Types and
// its ratings on the protocol's scale (ScaleOf; reused between calls). Annotators get rater indexes from
// newRater in the order they are met. A label off its type's own scale is
// an error: no figure could place it.
func eachUnitRatings(ctx context.Context, r *store.Reading, p guidelines.Protocol, newRater func(name string) int,
	fn func(uid string, unit, typ int, rs []agreement.Rating) error) error {
	people, err := r.Annotators(ctx)
	if err != nil {
		return err
	}
	units := r.Units()                // the dataset's units are known before its labels are
	typeOf := make([]int, len(units)) // unit index -> type index
	for i, u := range units {
		typeOf[i] = slices.Index(p.Types, agreement.UnitType(u))
	}
	category := categoryOf(p, ScaleOf(p))
	rater := map[int64]int{} // annotator id -> rater index
	var rs []agreement.Rating
	err = r.EachItemVotes(ctx, func(iv *store.ItemVotes) error {
		for i, v := range iv.Votes {
			if v.Unit >= len(typeOf) || typeOf[v.Unit] < 0 {
				return fmt.Errorf("item %s has a %s label, which %s items do not have", iv.UID, r.Units()[v.Unit], p.Kind)
			}
			typ := typeOf[v.Unit]
			if v.Value < 0 || v.Value >= len(category[typ]) || category[typ][v.Value] < 0 {
				return fmt.Errorf("item %s: %s label %d is off the %s scale", iv.UID, r.Units()[v.Unit], v.Value, p.Types[typ])
			}
			ri, ok := rater[v.Annotator]
			if !ok {
				ri = newRater(nameOf(people, v.Annotator))
				rater[v.Annotator] = ri
			}
			rs = append(rs, agreement.Rating{Rater: ri, Category: category[typ][v.Value]})
			if i+1 == len(iv.Votes) || iv.Votes[i+1].Unit != v.Unit {
				if err := fn(iv.UID, v.Unit, typeOf[v.Unit], rs); err != nil {
					return err
				}
				rs = rs[:0]
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("read labels: %w", err)
	}
	return nil
}

func nameOf(people []store.Annotator, id int64) string {
	for _, a := range people {
		if a.ID == id {
			return a.Name
		}
	}
	return fmt.Sprintf("annotator %d", id) // added since the list was read
}

// KeptReport is the agreement report of the reading's dataset from its
// kept table of count patterns (store.Reading.PatternCounts): every
// coefficient and interval of agreement.Analyze over DatasetStudy, at a
// cost that grows with the distinct patterns rather than the labels, but
// without pairs, annotators against the majority or per-unit majorities.
func KeptReport(ctx context.Context, r *store.Reading, opt agreement.Options) (agreement.Report, error) {
	kind, err := r.Kind(ctx)
	if err != nil {
		return agreement.Report{}, err
	}
	rows, err := r.PatternCounts(ctx)
	if err != nil {
		return agreement.Report{}, err
	}
	p := r.Protocol(kind)
	scale := ScaleOf(p)
	category, q := categoryOf(p, scale), len(scale.Categories)
	counts := make([]agreement.PatternCount, 0, len(rows))
	for _, row := range rows {
		t := slices.Index(p.Types, row.Type)
		if t < 0 {
			return agreement.Report{}, fmt.Errorf("agreement table: %s units in a %s dataset", row.Type, kind)
		}
		c := agreement.PatternCount{Type: t, Counts: make([]int, q), Units: row.Units}
		for v, n := range row.Votes {
			if n == 0 {
				continue
			}
			if v < 0 || v >= len(category[t]) || category[t][v] < 0 {
				return agreement.Report{}, fmt.Errorf("agreement table: %s label %d is off the %s %s scale", row.Type, v, kind, row.Type)
			}
			c.Counts[category[t][v]] = n
		}
		counts = append(counts, c)
	}
	opt.Stop = ctx.Done()
	rep := agreement.AnalyzeCounts(scale, p.Types, counts, opt)
	if err := ctx.Err(); err != nil {
		return agreement.Report{}, err // stopped early: unfinished
	}
	if err := addText(ctx, r, p, &rep); err != nil {
		return agreement.Report{}, err
	}
	return rep, blindTypes(ctx, r, p, &rep) // a report from counts has no annotators
}

// StudyReport is agreement.Analyze over DatasetStudy: every figure of
// KeptReport and, from every label, the pairs, each annotator against the
// majority and their label counts; less what the reader may not see.
func StudyReport(ctx context.Context, r *store.Reading, opt agreement.Options) (agreement.Report, error) {
	p, err := protocolOf(ctx, r)
	if err != nil {
		return agreement.Report{}, err
	}
	st, err := DatasetStudy(ctx, r)
	if err != nil {
		return agreement.Report{}, err
	}
	opt.Stop = ctx.Done()
	rep := agreement.Analyze(st, opt)
	if err := ctx.Err(); err != nil {
		return agreement.Report{}, err // stopped early: unfinished
	}
	if err := blindPeople(ctx, r, p, &rep); err != nil {
		return agreement.Report{}, err
	}
	if err := addText(ctx, r, p, &rep); err != nil {
		return agreement.Report{}, err
	}
	return rep, blindTypes(ctx, r, p, &rep)
}

// AddPeople adds to a report of the same reading (KeptReport) what the
// labels say about the annotators (PeopleOf: their labels per category,
// the pairs' kappas), less what the reader may not see.
func AddPeople(ctx context.Context, r *store.Reading, rep *agreement.Report) error {
	p, err := protocolOf(ctx, r)
	if err != nil {
		return err
	}
	people, err := peopleOf(ctx, r, p)
	if err != nil {
		return err
	}
	if only, _ := rep.Scale.People(); only >= 0 && only < len(rep.Types) {
		rep.PairsOver = rep.Types[only].Type
	}
	rep.AnnotatorLabels, rep.Pairs = people.Labels(), people.Pairs(rep.PeopleScale().Values)
	return blindPeople(ctx, r, p, rep)
}
