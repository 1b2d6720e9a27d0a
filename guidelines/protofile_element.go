package guidelines

import "slices"

// checkElement checks item.element: a column of the header, in a file
// whose rows are grouped (elements are a group's), holding no known
// labels, and (a list being each row's own) no item.list beside it.
func (c *fileCheck) checkElement() {
	it := c.f.Item
	switch {
	case it.Element == "":
	case !slices.Contains(it.Header, it.Element):
		c.at("item.element", "item.element: %q is not a column of item.header", it.Element)
	case it.Group == "":
		c.at("item.element", "item.element gathers a group's rows into elements, but rows are not grouped (item.group)")
	case len(it.List) > 0:
		c.at("item.element", "item.element and item.list: a step per element could not say which it labels; give one")
	case c.f.labelColumns()[it.Element]:
		c.at("item.element", "item.element: %q is a column holding known labels", it.Element)
	}
}

// elementsAsRows reads a step per element of a grouped item whose rows
// make elements (item.element) as a step per row over its elements: every
// layer that numbers, shows and exports a group's rows then numbers,
// shows and exports its elements, each from its first row (Elements,
// FirstRows). A file says per = "element"; the parsed file holds "row".
func (f *ProtocolFile) elementsAsRows() {
	if f.Item.Element == "" {
		return
	}
	for i := range f.Steps {
		if f.Steps[i].Per == PerElement {
			f.Steps[i].Per = PerRow
		}
	}
}

// Elements numbers a grouped item's rows (its lines as the file has
// them) by element: of[i] is the element (from 0) row i is part of, in
// order of first appearance of item.element's text, and n how many there
// are. Without item.element each row is its own.
func (f *ProtocolFile) Elements(lines []string) (of []int, n int) {
	of = make([]int, len(lines))
	if f.Item.Element == "" {
		for i := range of {
			of[i] = i
		}
		return of, len(lines)
	}
	seen := map[string]int{}
	for i, l := range lines {
		v := f.cell(l, f.Item.Element)
		e, ok := seen[v]
		if !ok {
			e = len(seen)
			seen[v] = e
		}
		of[i] = e
	}
	return of, len(seen)
}

// FirstRows are the rows a HIT shows of a grouped item: each element's
// first (every row without item.element).
func (f *ProtocolFile) FirstRows(lines []string) []string {
	if f.Item.Element == "" {
		return lines
	}
	of, _ := f.Elements(lines)
	var out []string
	next := 0
	for i, e := range of {
		if e == next {
			out = append(out, lines[i])
			next++
		}
	}
	return out
}
