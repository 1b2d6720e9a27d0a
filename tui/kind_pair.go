package tui

import (
	"maps"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// A step per pair of a nested list (trec-rag-support's sentence and
// citation) shows the pair alone: which pair of how many on the title,
// then the step's shown fields at the pair (the question, the sentence,
// the cited segment's title and text), each cleaned as dataset text is.

// pairOf is the pair a nested unit labels, as the item's first row has it.
func (k *fileKind) pairOf(unit string) (guidelines.PairShown, bool) {
	if len(k.rows) == 0 {
		return guidelines.PairShown{}, false
	}
	p, ok := k.rows[0].Pairs[unit]
	return p, ok
}

// pairWhere names the pair a nested step labels: "answer 2 of 3 ·
// citation 1 of 2".
func (k *fileKind) pairWhere(unit string) string {
	p, ok := k.pairOf(unit)
	if !ok {
		return ""
	}
	return display.Clean(p.Where())
}

// pairLines are the pair's shown fields; the whole of them is the focus
// a label weighs.
func (k *fileKind) pairLines(s Styles, unit string, width int) (out textRows, focus [2]int) {
	p, _ := k.pairOf(unit)
	for _, c := range p.Cells {
		if c.Name == k.header || k.file.IsPassage(c.Name) {
			continue // on the HIT's first line, or in a window of its own
		}
		out.add(k.cell(s, pairCellName(p, c), c.Text, width, "", false))
	}
	return out, [2]int{0, len(out.lines)}
}

// pairText is the text of a pair's shown field col ("" for none).
func (k *fileKind) pairText(unit, col string) string {
	p, _ := k.pairOf(unit)
	for _, c := range p.Cells {
		if c.Name == col {
			return c.Text
		}
	}
	return ""
}

// pairCellName is what a pair's field is called on screen: a joined
// field by its own name (segment.title: "title"), an outer element's by
// the pair's outer element's (answer[].text: "sentence").
func pairCellName(p guidelines.PairShown, c guidelines.PairCell) string {
	if c.Join != "" {
		_, field, _ := strings.Cut(c.Name, ".")
		return field
	}
	if strings.Contains(c.Name, "[]") {
		return p.Names[0]
	}
	return c.Name
}

// cleanPairs are a row's pairs cleaned for the terminal.
func cleanPairs(pairs map[string]guidelines.PairShown) map[string]guidelines.PairShown {
	if pairs == nil {
		return nil
	}
	out := maps.Clone(pairs)
	for u, p := range out {
		cells := make([]guidelines.PairCell, len(p.Cells))
		for i, c := range p.Cells {
			cells[i] = guidelines.PairCell{Name: c.Name, Text: display.Field(c.Text), Join: c.Join, Key: c.Key}
		}
		p.Cells = cells
		out[u] = p
	}
	return out
}
