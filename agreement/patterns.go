package agreement

import "slices"

// A pattern is one row of a subjects × categories count table ("Fleiss
// form"): how many raters put a subject in each category. Every coefficient
// of a set of subjects is a function of how often each pattern occurs, so
// subjects are reduced to patterns once, and a bootstrap replicate only
// changes the weights. Typical data has a few dozen patterns for millions
// of subjects.
type pattern struct {
	counts []int
	raters int
}

// patternSet counts the patterns of a set of subjects.
type patternSet struct {
	q        int
	patterns []pattern
	weights  []float64 // how many subjects have each pattern
	dense    []int32   // code -> pattern index + 1, for small counts
	index    map[string]int
	key      []byte
}

// denseBase bounds the counts that get a slot in the dense table; larger
// counts (more than 7 raters in one category) go through the map.
const denseBase = 8

func newPatternSet(q int) *patternSet {
	ps := &patternSet{q: q, index: map[string]int{}}
	if size := pow(denseBase, q); size > 0 && size <= 1<<16 {
		ps.dense = make([]int32, size)
	}
	return ps
}

func pow(b, e int) int {
	n := 1
	for range e {
		n *= b
		if n > 1<<30 {
			return 0
		}
	}
	return n
}

// add counts one subject with the given category counts (len q).
func (ps *patternSet) add(counts []int) {
	ps.addWeight(counts, 1)
}

func (ps *patternSet) addWeight(counts []int, w float64) {
	if code, ok := ps.code(counts); ok {
		i := ps.dense[code] - 1
		if i < 0 {
			i = int32(ps.newPattern(counts))
			ps.dense[code] = i + 1
		}
		ps.weights[i] += w
		return
	}
	ps.key = ps.key[:0]
	for _, c := range counts {
		ps.key = appendUvarint(ps.key, uint64(c))
	}
	i, ok := ps.index[string(ps.key)]
	if !ok {
		i = ps.newPattern(counts)
		ps.index[string(ps.key)] = i
	}
	ps.weights[i] += w
}

func (ps *patternSet) code(counts []int) (int, bool) {
	if ps.dense == nil {
		return 0, false
	}
	code := 0
	for _, c := range counts {
		if c >= denseBase {
			return 0, false
		}
		code = code*denseBase + c
	}
	return code, true
}

func (ps *patternSet) newPattern(counts []int) int {
	r := 0
	for _, c := range counts {
		r += c
	}
	ps.patterns = append(ps.patterns, pattern{counts: append([]int(nil), counts...), raters: r})
	ps.weights = append(ps.weights, 0)
	return len(ps.patterns) - 1
}

func appendUvarint(b []byte, v uint64) []byte {
	for v >= 0x80 {
		b = append(b, byte(v)|0x80)
		v >>= 7
	}
	return append(b, byte(v))
}

// sorted is a copy of the set with its patterns in count order (its
// lookup tables are left out: it is for reading).
func (ps *patternSet) sorted() *patternSet {
	idx := make([]int, len(ps.patterns))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return slices.Compare(ps.patterns[a].counts, ps.patterns[b].counts) })
	out := &patternSet{q: ps.q}
	for _, i := range idx {
		out.patterns = append(out.patterns, ps.patterns[i])
		out.weights = append(out.weights, ps.weights[i])
	}
	return out
}
