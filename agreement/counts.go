package agreement

// PatternCount is how many units of one type have one count pattern: how
// many ratings each category got (Counts, indexed like Scale.Categories,
// each rating on the type's own scale: Scale.OfType).
type PatternCount struct {
	Type   int // index into the types given to AnalyzeCounts
	Counts []int
	Units  int
}

// AnalyzeCounts is Analyze from count patterns alone (a kept table of them,
// rather than every rating): every coefficient, interval and the units'
// summary, but no pairs, no annotator against the majority and no
// per-unit majority, which need to know who gave which rating.
func AnalyzeCounts(scale Scale, types []string, counts []PatternCount, opt Options) Report {
	pools := scale.pools()
	pooled := newPatternSet(len(scale.Categories))
	sets := typeSets(scale, len(types))
	rep := Report{Scale: scale, MinRaters: max(opt.MinRaters, 1)}
	for _, c := range counts {
		n := 0
		for _, k := range c.Counts {
			n += k
		}
		if n == 0 || n < opt.MinRaters || c.Units <= 0 {
			continue
		}
		w := float64(c.Units)
		sets[c.Type].add(c.Counts, w)
		if pools {
			pooled.addWeight(c.Counts, w)
		}
		rep.Units.add(c.Counts, n, c.Units)
	}
	for i, ts := range sets {
		rep.Types = append(rep.Types, typeReport(types[i], ts.patternSet, ts.scale, opt))
	}
	if pools {
		rep.Pooled = typeReport("pooled", pooled, scale, opt)
	}
	return rep
}

// UnitSummary counts a report's units, those without a majority (tied)
// and those with a single rating.
type UnitSummary struct {
	Units, Tied, Single int
}

func (u *UnitSummary) add(counts []int, ratings, units int) {
	u.Units += units
	switch {
	case Majority(counts) < 0:
		u.Tied += units
	case ratings == 1:
		u.Single += units
	}
}
