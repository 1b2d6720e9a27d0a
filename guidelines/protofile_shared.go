package guidelines

import "strconv"

// A column several steps name (CLAMBER's subclass, whose values are the
// category's own: MC's none/what/whom/when/where, FD's NK/ICL, LA's
// co-reference/polysemy) holds the label of the one step whose condition
// the item's label of one unit meets: each such step is asked after that
// unit (when = { unit, value | in }), on values no other of them takes.

// sharesColumn says whether another step names st's column.
func (f *ProtocolFile) sharesColumn(st FileStep) bool {
	for _, o := range f.Steps {
		if o.Unit != st.Unit && o.Column != "" && o.Column == st.Column {
			return true
		}
	}
	return false
}

// ColumnHolds says whether a file's column holds step st's label, given
// the label (ok false for none) of the unit its condition names: always,
// unless another step names its column too and that label is not one st
// is asked after.
func (f *ProtocolFile) ColumnHolds(st FileStep, label func(unit string) (int, bool)) bool {
	if !f.sharesColumn(st) || st.When == nil {
		return true
	}
	v, ok := label(st.When.Unit)
	return !ok || st.When.set().Has(v)
}

// checkShared checks the steps that name one column: each is asked after
// the same unit, on values no other of them takes, so a label of that
// unit says which of them the column's cell is.
func (c *fileCheck) checkShared() {
	first := map[string]int{} // column -> the first step naming it
	taken := map[string]ValueSet{}
	for i, st := range c.f.Steps {
		if st.Column == "" || !c.f.sharesColumn(st) {
			continue
		}
		key := "step." + strconv.Itoa(i)
		if st.When == nil || st.When.Unit == "" {
			c.at(key+".column", "step %d: column %q is another step's too: each step naming it needs when = { unit = ..., in = [...] } on one unit, on values no other takes", i+1, st.Column)
			continue
		}
		j, seen := first[st.Column]
		if !seen {
			first[st.Column], taken[st.Column] = i, st.When.set()
			continue
		}
		if other := c.f.Steps[j].When; other == nil || other.Unit != st.When.Unit {
			c.at(key+".when", "step %d: column %q is step %d's too, so both are asked after one unit", i+1, st.Column, j+1)
			continue
		}
		if taken[st.Column]&st.When.set() != 0 {
			c.at(key+".when", "step %d: column %q is an earlier step's too, asked after a value of %s this step is asked after", i+1, st.Column, st.When.Unit)
		}
		taken[st.Column] |= st.When.set()
	}
}
