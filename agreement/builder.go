package agreement

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// UnitType is a unit's label type: its name up to a trailing _<number>, so
// landing_1 … landing_5 are all "landing", or two (a protocol file's
// nested list's pairs: support_2_1 is a "support").
func UnitType(unit string) string {
	for range 2 {
		i := strings.LastIndexByte(unit, '_')
		if i <= 0 || i == len(unit)-1 {
			return unit
		}
		if _, err := strconv.Atoi(unit[i+1:]); err != nil {
			return unit
		}
		unit = unit[:i]
	}
	return unit
}

// NewScale makes the scale for categories in ordinal order; when every name
// is a number, the numbers are also the interval values.
func NewScale(categories []string) Scale {
	s := Scale{Categories: categories}
	values := make([]float64, len(categories))
	for i, c := range categories {
		v, err := strconv.ParseFloat(c, 64)
		if err != nil {
			return s
		}
		values[i] = v
	}
	s.Values = values
	return s
}

// InferScale orders the labels seen when no order was given: by value when
// all are numbers, else alphabetically.
func InferScale(labels []string) Scale {
	seen := slices.Clone(labels)
	slices.Sort(seen)
	seen = slices.Compact(seen)
	s := NewScale(seen)
	if s.Values != nil {
		slices.SortFunc(seen, func(a, b string) int {
			x, _ := strconv.ParseFloat(a, 64)
			y, _ := strconv.ParseFloat(b, 64)
			switch {
			case x < y:
				return -1
			case x > y:
				return 1
			}
			return 0
		})
		s = NewScale(seen)
	}
	return s
}

// Builder gathers ratings into a study, unit by unit.
//
// Its memory grows with the distinct items, units and ratings, never with
// the text of the rows: each item's and unit's name is kept once (a copy,
// so a row's line is not held), and a unit is found by their indexes.
type Builder struct {
	st       Study
	cats     map[string]int // nil: the scales come at StudyOn
	labels   []string       // without a scale: the labels seen, as Rating.Category indexes them
	seen     map[string]int
	used     map[[2]int]bool // without a scale: each type's labels seen (type, label)
	usedOf   [][]int         // the same, each type's in the order first seen
	raters   map[string]int
	types    map[string]int
	items    map[string]int
	itemName []string
	units    map[string]int
	unitName []string
	subjects map[[2]int]int
}

// NewBuilder starts a study on the given scale.
func NewBuilder(scale Scale) *Builder {
	b := NewOpenBuilder()
	b.st.Scale, b.cats = scale, map[string]int{}
	for i, c := range scale.Categories {
		b.cats[c] = i
	}
	return b
}

// NewOpenBuilder starts a study whose scale is known only once every
// rating is in (StudyOn), so a file can be read once, row by row, without
// keeping its rows to infer the scale first.
func NewOpenBuilder() *Builder {
	return &Builder{seen: map[string]int{}, used: map[[2]int]bool{}, raters: map[string]int{}, types: map[string]int{},
		items: map[string]int{}, units: map[string]int{}, subjects: map[[2]int]int{}}
}

// Add records that rater put the unit of the item in category. A category
// off the scale, or a second rating of a unit by the same rater, is refused.
func (b *Builder) Add(item, unit, rater, category string) error {
	var c int
	if b.cats != nil {
		var ok bool
		if c, ok = b.cats[category]; !ok {
			return fmt.Errorf("label %q is not one of the categories %s", category, strings.Join(b.st.Scale.Categories, ", "))
		}
	} else {
		c = b.index(b.seen, category, &b.labels)
	}
	r := b.index(b.raters, rater, &b.st.Raters)
	key := [2]int{b.index(b.items, item, &b.itemName), b.index(b.units, unit, &b.unitName)}
	si, ok := b.subjects[key]
	if !ok {
		si = len(b.st.Subjects)
		b.subjects[key] = si
		t := b.index(b.types, UnitType(unit), &b.st.Types)
		b.st.Subjects = append(b.st.Subjects, Subject{Item: b.itemName[key[0]], Unit: b.unitName[key[1]], Type: t,
			Ratings: make([]Rating, 0, 3)})
	}
	s := &b.st.Subjects[si]
	for _, x := range s.Ratings {
		if x.Rater == r {
			return fmt.Errorf("%s has a second label for %s of %s", rater, unit, item)
		}
	}
	s.Ratings = append(s.Ratings, Rating{Rater: r, Category: c})
	if b.cats == nil && !b.used[[2]int{s.Type, c}] {
		b.used[[2]int{s.Type, c}] = true
		b.usedOf = append(b.usedOf, make([][]int, len(b.st.Types)-len(b.usedOf))...)
		b.usedOf[s.Type] = append(b.usedOf[s.Type], c)
	}
	return nil
}

// Types are the unit types an open builder has seen, in the order first
// seen: the order StudyOn takes their scales in.
func (b *Builder) Types() []string { return b.st.Types }

// LabelsOf are the labels an open builder has seen on the units of the
// t-th type, in the order first seen.
func (b *Builder) LabelsOf(t int) []string {
	var out []string
	if t < len(b.usedOf) {
		for _, c := range b.usedOf[t] {
			out = append(out, b.labels[c])
		}
	}
	return out
}

// StudyOn puts an open builder's ratings on each type's own scale (own,
// one per type in Types' order; JoinScales joins them into the study's):
// every label a type's units hold must be one of its categories.
func (b *Builder) StudyOn(own []Scale) (*Study, error) {
	if b.cats != nil {
		return nil, fmt.Errorf("this study's scale was given at the start")
	}
	if len(own) != len(b.st.Types) {
		return nil, fmt.Errorf("%d scales for %d unit types", len(own), len(b.st.Types))
	}
	for t, s := range own {
		for _, l := range b.LabelsOf(t) {
			if !slices.Contains(s.Categories, l) {
				return nil, fmt.Errorf("label %q of %s is not one of its categories %s", l, b.st.Types[t], strings.Join(s.Categories, ", "))
			}
		}
	}
	scale := JoinScales(own)
	to := make([]int, len(b.labels))
	for i, l := range b.labels {
		to[i] = slices.Index(scale.Categories, l)
	}
	for i := range b.st.Subjects {
		for j := range b.st.Subjects[i].Ratings {
			r := &b.st.Subjects[i].Ratings[j]
			r.Category = to[r.Category]
		}
	}
	b.st.Scale, b.cats = scale, map[string]int{}
	return &b.st, nil
}

func (b *Builder) index(m map[string]int, name string, names *[]string) int {
	i, ok := m[name]
	if !ok {
		i = len(*names)
		name = strings.Clone(name) // not the row's line
		m[name] = i
		*names = append(*names, name)
	}
	return i
}

// Study is what was added, units in the order they first came.
func (b *Builder) Study() *Study { return &b.st }
