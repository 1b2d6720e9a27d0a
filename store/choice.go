package store

import (
	"fmt"
	"slices"

	"github.com/claritty/claritty/guidelines"
)

// choiceFits refuses a choice step's label past the item's own elements
// (a pick of element 7 of an item with 4), in the label's transaction,
// whoever writes it: the schema's triggers know only the most elements
// any item of the kind may have.
func choiceFits(w *ptx, p guidelines.Protocol, ch LabelChange) error {
	if ch.Value == nil || !p.IsChoice(ch.Unit) {
		return nil
	}
	ref, err := itemRef(w.ctx, w, ch.ItemID, w.kindSet())
	if err != nil {
		return err
	}
	return ref.choiceFits(ch.Unit, *ch.Value)
}

// choiceFits refuses a known label of a choice step (a release's, a
// practice answer) past the item's own elements.
func (it FileItem) choiceFits(p guidelines.Protocol, l UnitLabel) error {
	if !p.IsChoice(l.Unit) {
		return nil
	}
	// The item as it will be stored: its list's whole length (ListLen past
	// the five options), its rows counted by element where the file
	// gathers them.
	rows := len(it.Rows)
	if len(it.Elements) > 0 {
		rows = slices.Max(it.Elements) + 1
	}
	s := Pane{Options: it.Options, ListLen: it.ListLen, Meta: it.Meta}.Shape(rows)
	if !p.Fits(s, l.Unit, l.Value) {
		return fmt.Errorf("%s %s does not fit the item (%s)", l.Unit, p.NameOf(l.Unit, l.Value), p.Holds(s, l.Unit))
	}
	return nil
}

// choiceFits refuses a choice label past the item's own elements, at the
// line of a merged file that gives it.
func (r ItemRef) choiceFits(unit string, value int) error {
	if p := r.Protocol; p.IsChoice(unit) && !p.Fits(r.shape(), unit, value) {
		return fmt.Errorf("%s %s does not fit the item (%s)", unit, p.NameOf(unit, value), r.holds(unit))
	}
	return nil
}
