// Package agreement computes majority votes and inter-annotator agreement:
// Fleiss' kappa (Gwet's form for a varying number of raters), per-category
// kappa, Krippendorff's alpha (nominal, ordinal, interval), Gwet's AC1,
// Cohen's kappa for each pair of annotators, each annotator's agreement with
// the majority, and bootstrap intervals. It is pure: no I/O, stdlib only.
package agreement

import (
	"fmt"
	"slices"
)

// Study is rating data ready for a report. Subjects are the rated things
// (one unit of one item); their ratings index Scale's categories, and each
// is on its type's own scale (Scale.OfType) when the types have scales of
// their own: whoever builds the study sees to it.
type Study struct {
	Scale    Scale
	Types    []string // unit types in report order
	Raters   []string
	Subjects []Subject
}

// Subject is one unit of one item and the ratings it got.
type Subject struct {
	Item, Unit string
	Type       int // index into Study.Types
	Ratings    []Rating
}

// Rating is one rater's category (indexes into Study.Raters and the scale).
type Rating struct {
	Rater, Category int
}

// Options tune a report.
type Options struct {
	Bootstrap int    // replicates for the 95% intervals; 0 means none
	Seed      uint64 // the same seed gives the same intervals
	// MinRaters leaves out every subject with fewer ratings, from every
	// figure of the report; 0 or 1 keeps them all.
	MinRaters int
	// Stop, once closed, ends the work early (the caller no longer wants
	// the report: its client left); the report is then unfinished and must
	// not be shown. nil never stops.
	Stop <-chan struct{}
}

// MaxBootstrap is the most replicates a report draws: a client asks for
// them, and past this many an interval moves in its fourth decimal only.
const MaxBootstrap = 100_000

// Stopped says whether stop is closed (nil never is): a long computation
// polls it to end early.
func Stopped(stop <-chan struct{}) bool {
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// FewPaired is the number of subjects with two or more ratings below which
// a report warns that its coefficients rest on too few.
const FewPaired = 20

// Warnings says in words when a type's coefficients are hard to read:
// when they rest on fewer than FewPaired subjects with two or more
// ratings, and when most subjects have a single rating, so kappa's and
// AC1's chance agreement comes mostly from subjects that add nothing to
// the observed agreement (alpha leaves single ratings out).
func (t TypeReport) Warnings() []string {
	w := []string{}
	if t.Items > 0 && t.Paired < FewPaired {
		w = append(w, fmt.Sprintf("%s: the coefficients rest on %s with two or more labels (fewer than %d); read them as rough",
			t.Type, countOf(t.Paired, "unit", "units"), FewPaired))
	}
	if single := t.Items - t.Paired; single*2 > t.Items {
		all := fmt.Sprintf("all %d", t.Items)
		if t.Items == 1 {
			all = "the 1"
		}
		w = append(w, fmt.Sprintf("%s: %d of %s %s a single label; Fleiss' κ and AC1 take chance agreement from %s "+
			"but observed agreement from the %s (--min-raters 2 leaves %s out)", t.Type, single,
			countOf(t.Items, "unit", "units"), nounOf(single, "has", "have"), all, countOf(t.Paired, "other", "others"), nounOf(single, "it", "them")))
	}
	return w
}

// countOf is "1 unit" or "3 units", and nounOf the form alone: display.Count
// and display.Noun, which this package, importing nothing of the project,
// cannot call.
func countOf(n int, one, many string) string { return fmt.Sprintf("%d %s", n, nounOf(n, one, many)) }

func nounOf(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Rows are the report's type rows and, when the scale pools, the pooled
// one: what every table and chart of types lists.
func (r Report) Rows() []TypeReport {
	if r.Pooled.Type == "" {
		return r.Types
	}
	return append(slices.Clip(r.Types), r.Pooled)
}

// RowPointers are Rows to change in place.
func (r *Report) RowPointers() []*TypeReport {
	var out []*TypeReport
	for i := range r.Types {
		out = append(out, &r.Types[i])
	}
	if r.Pooled.Type != "" {
		out = append(out, &r.Pooled)
	}
	return out
}

// DefaultOptions: 1,000 replicates, seed 1.
var DefaultOptions = Options{Bootstrap: 1000, Seed: 1}

// Report is everything `claritty agree` prints.
type Report struct {
	Scale     Scale
	MinRaters int // subjects with fewer ratings were left out (Options.MinRaters)
	Types     []TypeReport
	// Pooled is every type's units together; its Type is "" (no row) on
	// a Scale.Unpooled, where pooling would mix scales.
	Pooled TypeReport
	Units  UnitSummary
	Pairs  []Pair
	// PairsOver names the one type the pairs' kappas, the annotators'
	// label counts and their in-majority shares are over when the scale is
	// unpooled (on that type's own scale); "" when they are over every
	// unit.
	PairsOver  string
	Annotators []AnnotatorAgreement
	Majority   []Vote
	// AnnotatorLabels counts each annotator's labels per category, over
	// the report's units: empty in a report from counts, which has no
	// annotators.
	AnnotatorLabels []LabelCount
	// Withheld says what was taken out of the report for its reader
	// (figures over too few items of others'): the rows are gone, these
	// notes say so.
	Withheld []string
	// Text is the figures of each written unit type (TextAgreement): such
	// a type has no categories, so it is in none of the figures above.
	Text []TextFigures
}

// LabelCount is how many labels fell in each category (indexes into the
// scale), for one unit type or one annotator.
type LabelCount struct {
	Name   string
	Labels []int
}

// TypeReport is the agreement over the units of one type (or all of them).
type TypeReport struct {
	Type string
	// Scale is the type's own: Labels and PerCategory index its
	// categories, and AC1 is over them.
	Scale Scale
	// Labels counts the labels of the type's units per category.
	Labels []int
	Coefficients
	CIKappa, CIAlphaOrdinal Interval
	// Withheld, when set, says why the type's figures are not for this
	// reader ("< 5 panes"): Withhold has taken them out.
	Withheld string
}

// Withhold takes the type's figures out (its counts of units and
// ratings stay) and says why.
func (t *TypeReport) Withhold(why string) {
	*t = TypeReport{Type: t.Type, Scale: t.Scale, Withheld: why, Coefficients: Coefficients{Items: t.Items, Ratings: t.Ratings,
		Paired: t.Paired, MinRaters: t.MinRaters, MaxRaters: t.MaxRaters}}
}

// Pair is Cohen's kappa between two annotators over the units both rated,
// unweighted and, on a scale with interval values, quadratic-weighted (the
// one to read for ratings, where 4 against 5 is a smaller disagreement than
// 1 against 5).
type Pair struct {
	A, B     string
	Items    int
	Kappa    Value
	Weighted Value
	// Undefined says why Kappa is undefined ("" when it is defined).
	Undefined string
}

// AnnotatorAgreement is how often an annotator's label is the majority's,
// over the units they rated that have two or more ratings and a majority.
type AnnotatorAgreement struct {
	Annotator string
	Items     int
	Agreement Value
}

// Vote is a unit's majority label (-1 for none) and its votes per category.
type Vote struct {
	Item, Unit string
	Label      int
	Votes      []int
}

// Analyze computes the report, over the subjects with at least
// opt.MinRaters ratings.
func Analyze(st *Study, opt Options) Report {
	if opt.MinRaters > 1 {
		st = st.withMinRaters(opt.MinRaters)
	}
	q := len(st.Scale.Categories)
	pools := st.Scale.pools()
	pooled := newPatternSet(q)
	types := typeSets(st.Scale, len(st.Types))
	rep := Report{Scale: st.Scale, MinRaters: max(opt.MinRaters, 1), Majority: make([]Vote, len(st.Subjects))}
	// The annotators' figures pool units as the pooled row does: over
	// every unit on one scale, else over the first type's alone.
	peopleType, peopleScale := -1, st.Scale
	if len(st.Types) > 0 {
		peopleType, peopleScale = st.Scale.People()
	}
	if peopleType >= 0 {
		rep.PairsOver = st.Types[peopleType]
	}
	toPeople, rs := st.Scale.IndexIn(peopleScale), []Rating(nil)
	people := NewPeople(len(peopleScale.Categories))
	for _, r := range st.Raters {
		people.AddRater(r)
	}
	ann := make([]struct{ n, agree int }, len(st.Raters))
	votes := make([]int, q*len(st.Subjects)) // one allocation for every unit's votes
	for si, s := range st.Subjects {
		if si%1024 == 0 && Stopped(opt.Stop) {
			return rep
		}
		counts := votes[si*q : (si+1)*q : (si+1)*q]
		for _, r := range s.Ratings {
			counts[r.Category]++
		}
		types[s.Type].add(counts, 1)
		if pools {
			pooled.add(counts)
		}
		label := Majority(counts)
		rep.Majority[si] = Vote{Item: s.Item, Unit: s.Unit, Label: label, Votes: counts}
		rep.Units.add(counts, len(s.Ratings), 1)
		if peopleType >= 0 && s.Type != peopleType {
			continue
		}
		rs = rs[:0]
		for _, r := range s.Ratings {
			rs = append(rs, Rating{Rater: r.Rater, Category: toPeople[r.Category]})
		}
		people.Add(rs)
		if label >= 0 && len(s.Ratings) >= 2 {
			for _, r := range s.Ratings {
				ann[r.Rater].n++
				if r.Category == label {
					ann[r.Rater].agree++
				}
			}
		}
	}
	for i, ts := range types {
		rep.Types = append(rep.Types, typeReport(st.Types[i], ts.patternSet, ts.scale, opt))
	}
	if pools {
		rep.Pooled = typeReport("pooled", pooled, st.Scale, opt)
	}
	rep.Pairs = people.pairsUntil(peopleScale.Values, opt.Stop)
	rep.AnnotatorLabels = people.Labels()
	for i, a := range ann {
		v := undefined
		if a.n > 0 {
			v = defined(float64(a.agree) / float64(a.n))
		}
		rep.Annotators = append(rep.Annotators, AnnotatorAgreement{Annotator: st.Raters[i], Items: a.n, Agreement: v})
	}
	return rep
}

// PeopleScale is the scale of the annotators' label counts and the
// pairs' tables: the PairsOver type's own, or the report's.
func (r Report) PeopleScale() Scale {
	for _, t := range r.Types {
		if r.PairsOver != "" && t.Type == r.PairsOver {
			return t.Scale
		}
	}
	return r.Scale
}

// typeSet gathers the units of one type as counts on its own scale.
type typeSet struct {
	*patternSet
	scale Scale
	to    []int // the index on the type's scale of each of the study's categories
	buf   []int
}

func typeSets(scale Scale, n int) []*typeSet {
	out := make([]*typeSet, n)
	for i := range out {
		own := scale.ofType(i)
		q := len(own.Categories)
		out[i] = &typeSet{patternSet: newPatternSet(q), scale: own, to: scale.IndexIn(own), buf: make([]int, q)}
	}
	return out
}

// add counts w units whose ratings on the study's scale are counts. A
// rating in a category off the type's own scale has no place in it; the
// study's builder keeps them out (Study).
func (t *typeSet) add(counts []int, w float64) {
	clear(t.buf)
	for k, n := range counts {
		if n > 0 && t.to[k] >= 0 {
			t.buf[t.to[k]] += n
		}
	}
	t.addWeight(t.buf, w)
}

func typeReport(name string, ps *patternSet, scale Scale, opt Options) TypeReport {
	tr := TypeReport{Type: name, Scale: scale, Labels: make([]int, len(scale.Categories)), Coefficients: compute(ps, ps.weights, scale)}
	for i, p := range ps.patterns {
		for c, k := range p.counts {
			tr.Labels[c] += k * int(ps.weights[i])
		}
	}
	if opt.Bootstrap > 0 && tr.FleissKappa.Defined {
		tr.CIKappa, tr.CIAlphaOrdinal = bootstrap(ps, opt.Bootstrap, opt.Seed, opt.Stop)
	}
	if !tr.AlphaOrdinal.Defined {
		tr.CIAlphaOrdinal = Interval{}
	}
	return tr
}

// withMinRaters is the study without the subjects rated fewer than k times.
func (st *Study) withMinRaters(k int) *Study {
	out := *st
	out.Subjects = nil
	for _, s := range st.Subjects {
		if len(s.Ratings) >= k {
			out.Subjects = append(out.Subjects, s)
		}
	}
	return &out
}

// Majority is the unique most frequent category of a unit's votes, or -1
// when there are no votes or the most frequent are tied.
func Majority(votes []int) int {
	best, top, tied := -1, 0, false
	for k, n := range votes {
		switch {
		case n > top:
			best, top, tied = k, n, false
		case n == top && n > 0:
			tied = true
		}
	}
	if tied {
		return -1
	}
	return best
}

// Provenance says how a unit's gold label was decided.
type Provenance string

// The provenances of a gold label.
const (
	Unanimous   Provenance = "unanimous"   // every label agrees
	ByMajority  Provenance = "majority"    // a unique most frequent label
	Adjudicated Provenance = "adjudicated" // an adjudicator decided
	Unresolved  Provenance = "unresolved"  // labels, but no majority and no decision yet
	// Insufficient: fewer annotators have finished the unit than the
	// dataset's policy asks for; the label is the rule's pick so far
	// (or -1), and may yet change.
	Insufficient Provenance = "insufficient"
	// Imported: every label of the unit came from a release file (a
	// MIMICS-Manual import), so the label is that release's gold.
	Imported Provenance = "imported"
	// Model: a model of every annotator's errors (Dawid–Skene) picked the
	// label, the class it finds most probable; its posterior goes with it.
	Model Provenance = "model"
	// Judge: judge-first triage gave the item to no annotator; the label
	// is the triage run's (store.SetTriage).
	Judge Provenance = "judge"
)

// Median is the median of a unit's votes (counts per category): the middle
// one when the number of votes is odd; when it is even, the two middle
// votes if they are the same category, else -1, like a tie. So the median
// of a rating scale is always a point of the scale, and an even split
// between two points goes to one more annotator, as a majority tie does.
func Median(votes []int) int {
	n := 0
	for _, v := range votes {
		n += v
	}
	if n == 0 {
		return -1
	}
	lo, hi := nth(votes, (n-1)/2), nth(votes, n/2)
	if lo != hi {
		return -1
	}
	return lo
}

// nth is the category of the i-th vote (from 0) in category order.
func nth(votes []int, i int) int {
	for k, v := range votes {
		if i < v {
			return k
		}
		i -= v
	}
	return -1
}

// Rule chooses a unit's gold label from its votes when no adjudicator has.
type Rule string

// The rules a dataset's policy may choose.
const (
	RuleMajority Rule = "majority" // the unique most frequent label
	RuleMedian   Rule = "median"   // the median rating (Median), for rating scales
)

// Pick applies the rule: a category, or -1 when the votes settle nothing.
func (r Rule) Pick(votes []int) int {
	if r == RuleMedian {
		return Median(votes)
	}
	return Majority(votes)
}

// ByMedian is the provenance of a gold label that is the median rating.
const ByMedian Provenance = "median"

// Gold is a unit's gold label: the adjudicated one (adjudicated >= 0) if
// any, else what the rule picks from the votes (per category). A unit with
// neither has label -1: Unresolved if it has labels, provenance "" if it
// has none.
func (r Rule) Gold(votes []int, adjudicated int) (int, Provenance) {
	if adjudicated >= 0 {
		return adjudicated, Adjudicated
	}
	n, used := 0, 0
	for _, v := range votes {
		n += v
		if v > 0 {
			used++
		}
	}
	switch label := r.Pick(votes); {
	case n == 0:
		return -1, ""
	case label < 0:
		return -1, Unresolved
	case used == 1:
		return label, Unanimous
	case r == RuleMedian:
		return label, ByMedian
	default:
		return label, ByMajority
	}
}
