package store

import (
	"cmp"
	"errors"
	"fmt"

	"github.com/claritty/claritty/guidelines"
)

// ErrCondition means a label waits for another the annotator has not
// given: a facet is chosen only for a request that needs clarification.
var ErrCondition = errors.New("waits for another label")

// keepConditions holds a label to the steps it depends on, in the label's
// transaction, whoever writes it (the HIT screen, an undo, a lead acting as
// someone): a label whose step waits for another must find that label
// given (a facet after a yes), must fit the item (a facet among its
// candidates), and a change that ends a step's condition (yes to no) takes
// that step's label away, into the history like any removal.
func keepConditions(w *ptx, ch LabelChange, now string) error {
	p, err := itemProtocol(w, ch.ItemID)
	if err != nil || len(p.Conditions()) == 0 {
		return err
	}
	if cond, ok := p.Requires(ch.Unit); ok && ch.Value != nil {
		have, err := currentLabel(w, LabelChange{ItemID: ch.ItemID, AnnotatorID: ch.AnnotatorID, Unit: cond.Unit})
		if err != nil {
			return err
		}
		if have == nil || *have != cond.Value {
			return fmt.Errorf("%s %w: %s %s", ch.Unit, ErrCondition, cond.Unit, p.LabelString(cond.Value))
		}
		var facets int
		if err := w.scan(`SELECT count(*) FROM facets WHERE item_id = ?`, []any{ch.ItemID}, &facets); err != nil {
			return err
		}
		if !p.Fits(guidelines.Shape{Facets: facets}, ch.Unit, *ch.Value) {
			return fmt.Errorf("%s %s: the item has %d candidate facets", ch.Unit, p.LabelString(*ch.Value), facets)
		}
	}
	for u, cond := range p.Conditions() {
		if cond.Unit != ch.Unit || ch.Value != nil && *ch.Value == cond.Value {
			continue
		}
		dep := LabelChange{ItemID: ch.ItemID, AnnotatorID: ch.AnnotatorID, Unit: u}
		old, err := currentLabel(w, dep)
		if err != nil || old == nil {
			return err
		}
		if err := writeLabel(w, dep, now); err != nil {
			return err
		}
		if _, err := w.exec(`INSERT INTO label_history
			(item_id, unit, annotator_id, old_value, new_value, actor_id, at, source)
			VALUES (?, ?, ?, ?, NULL, ?, ?, ?)`,
			ch.ItemID, u, ch.AnnotatorID, *old, cmp.Or(ch.ActorID, ch.AnnotatorID), now, ch.Source); err != nil {
			return fmt.Errorf("append history: %w", err)
		}
	}
	return nil
}

// itemProtocol is the protocol of the item's kind. A unit's name alone
// does not say it: diversity is ClariMM's and MIMICS-Duo's, and a lead's
// own protocol may name its units as it likes.
func itemProtocol(w *ptx, itemID int64) (guidelines.Protocol, error) {
	var kind guidelines.Kind
	err := w.scan(`SELECT d.kind FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE i.id = ?`, []any{itemID}, &kind)
	if err != nil {
		return guidelines.Protocol{}, fmt.Errorf("the kind of item %d: %w", itemID, err)
	}
	return guidelines.ForKind(kind), nil
}

// conditionsMet says whether one annotator's labels of an item (values by
// unit) keep every condition and fit the item: a merged file may not hold a
// facet without its yes, or past the item's candidates, either.
func conditionsMet(ref ItemRef, labels map[string]int) error {
	p := guidelines.ForKind(ref.Kind)
	for u, v := range labels {
		if !p.Fits(ref.shape(), u, v) {
			return fmt.Errorf("%s %s does not fit the item (%d candidate facets)", u, p.LabelString(v), ref.Facets)
		}
		cond, ok := p.Requires(u)
		if !ok {
			continue
		}
		if have, has := labels[cond.Unit]; !has || have != cond.Value {
			return fmt.Errorf("%s %w: %s %s", u, ErrCondition, cond.Unit, p.LabelString(cond.Value))
		}
	}
	return nil
}
