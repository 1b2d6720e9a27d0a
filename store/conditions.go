package store

import (
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/claritty/claritty/guidelines"
)

// ErrCondition means a label waits for another the annotator has not
// given: a facet is chosen only for a request that needs clarification.
var ErrCondition = errors.New("waits for another label")

// sourceWithdrawn is the history source of a label a changed answer took
// away: no key of the annotator's, so no step of their undo either.
const sourceWithdrawn = "withdrawn"

// Withdrawal is a label a changed answer took away: a step that waited
// for the old answer no longer asks, so its label no longer stands.
type Withdrawal struct {
	Unit  string
	Value int // what it was
}

// heldLabels is where one annotator's labels on an item are kept: the
// HIT's labels (with their history), or an open repeat's second answers.
type heldLabels interface {
	label(unit string) (*int, error)
	all() (map[string]int, error)
	withdraw(unit string, old int) error
}

// kept is what keepConditions did: the labels it withdrew, and whether
// the labels left are short of what the HIT now asks (a no turned back to
// yes asks its steps again).
type kept struct {
	withdrawn []Withdrawal
	unwhole   bool
}

// keepConditions holds a label to the steps it depends on, in the label's
// transaction, whoever writes it (the HIT screen, an undo, a lead acting as
// someone, a repeat): a label whose step waits for another must find that
// label given (a facet after a yes), and must fit the item (a facet among
// its candidates); a change to a label others wait on withdraws every label
// whose condition no longer holds, down any chain of conditions
// (guidelines.Protocol.Outlived), and says which it withdrew. A withdrawn
// label is gone, not kept aside: turned back, the answer asks its steps
// again, and they are keyed anew. whole asks whether the labels left are
// still a whole HIT (kept.unwhole), for a finished HIT's change; the item
// is read only when a rule needs it.
func keepConditions(w *ptx, p guidelines.Protocol, held heldLabels, ch LabelChange, whole bool) (kept, error) {
	var out kept
	if err := choiceFits(w, p, ch); err != nil || len(p.Conditions()) == 0 {
		return out, err
	}
	cond, asks := p.Requires(ch.Unit)
	asks = asks && ch.Value != nil
	waited := waitedOn(p, ch.Unit)
	if !asks && !waited {
		return out, nil
	}
	// The item, once, where a rule needs it: its candidate facets, and
	// whether the labels left are a whole HIT of it.
	var ref *ItemRef
	item := func() (ItemRef, error) {
		if ref == nil {
			r, err := itemRef(w.ctx, w, ch.ItemID, w.kindSet())
			if err != nil {
				return r, err
			}
			ref = &r
		}
		return *ref, nil
	}
	if asks {
		have, err := held.label(cond.Unit)
		if err != nil {
			return out, err
		}
		if have == nil || !cond.Holds(*have) {
			return out, fmt.Errorf("%s %w: %s %s", ch.Unit, ErrCondition, cond.Unit, p.SetString(cond.Unit, cond.In))
		}
		if !p.Valid(ch.Unit, *ch.Value) || p.IsChoice(ch.Unit) { // else it fits any item
			r, err := item()
			if err != nil {
				return out, err
			}
			if !p.Fits(r.shape(), ch.Unit, *ch.Value) {
				return out, fmt.Errorf("%s %s does not fit the item (%s)", ch.Unit, p.NameOf(ch.Unit, *ch.Value), r.holds(ch.Unit))
			}
		}
	}
	if !waited {
		return out, nil
	}
	labels, err := held.all()
	if err != nil {
		return out, err
	}
	for _, u := range p.Outlived(labels) {
		if err := held.withdraw(u, labels[u]); err != nil {
			return out, err
		}
		out.withdrawn = append(out.withdrawn, Withdrawal{Unit: u, Value: labels[u]})
		delete(labels, u)
	}
	if whole {
		r, err := item()
		if err != nil {
			return out, err
		}
		out.unwhole = !r.Complete(labels)
	}
	return out, nil
}

// waitedOn says whether some step of the kind waits for the unit's label.
func waitedOn(p guidelines.Protocol, unit string) bool {
	for _, c := range p.Conditions() {
		if c.Unit == unit {
			return true
		}
	}
	return false
}

// hitLabels are an annotator's labels on an item, as the HIT keeps them:
// a withdrawn one leaves a history row (old → none, source withdrawn),
// by the actor and at the time of the change that withdrew it.
type hitLabels struct {
	w   *ptx
	ch  LabelChange
	now string
}

func (h hitLabels) label(unit string) (*int, error) {
	return currentLabel(h.w, LabelChange{ItemID: h.ch.ItemID, AnnotatorID: h.ch.AnnotatorID, Unit: unit})
}

func (h hitLabels) all() (map[string]int, error) {
	return hitValues(h.w, h.ch.ItemID, h.ch.AnnotatorID)
}

func (h hitLabels) withdraw(unit string, old int) error {
	return withdrawLabel(h.w, h.ch.ItemID, h.ch.AnnotatorID, unit, old, h.ch.actor(), h.now)
}

// withdrawLabel takes one label away with its history row.
func withdrawLabel(w *ptx, itemID, annotatorID int64, unit string, old int, actor int64, at string) error {
	// A written answer's words go to history with it (migration 0026).
	var oldText sql.NullString
	if err := w.scan(`DELETE FROM labels WHERE item_id = ? AND unit = ? AND annotator_id = ? RETURNING text`,
		[]any{itemID, unit, annotatorID}, &oldText); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("withdraw %s: %w", unit, err)
	}
	if _, err := w.exec(`INSERT INTO label_history
		(item_id, unit, annotator_id, old_value, new_value, actor_id, at, source, old_text)
		VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?)`, itemID, unit, annotatorID, old, actor, at, sourceWithdrawn, oldText); err != nil {
		return fmt.Errorf("append history: %w", err)
	}
	return nil
}

// repeatLabels are an open repeat's second answers (repeat_labels, which
// keep no history).
type repeatLabels struct {
	w  *ptx
	id int64
}

func (r repeatLabels) label(unit string) (*int, error) {
	var v int
	err := r.w.scan(`SELECT value FROM repeat_labels WHERE repeat_id = ? AND unit = ?`, []any{r.id, unit}, &v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

func (r repeatLabels) all() (map[string]int, error) {
	out := map[string]int{}
	err := unitValues(r.w.ctx, r.w, `SELECT unit, value FROM repeat_labels WHERE repeat_id = ?`, []any{r.id}, out)
	return out, err
}

func (r repeatLabels) withdraw(unit string, _ int) error {
	_, err := r.w.exec(`DELETE FROM repeat_labels WHERE repeat_id = ? AND unit = ?`, r.id, unit)
	return err
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
	return w.protocol(kind), nil
}

// conditionsMet says whether one annotator's labels of an item (values by
// unit) keep every condition and fit the item: a merged file may not hold a
// facet without its yes, or past the item's candidates, either.
func conditionsMet(ref ItemRef, labels map[string]int) error {
	p := ref.Protocol
	for u, v := range labels {
		if !p.Fits(ref.shape(), u, v) {
			return fmt.Errorf("%s %s does not fit the item (%s)", u, p.NameOf(u, v), ref.holds(u))
		}
		cond, ok := p.Requires(u)
		if !ok {
			continue
		}
		if have, has := labels[cond.Unit]; !has || !cond.Holds(have) {
			return fmt.Errorf("%s %w: %s %s", u, ErrCondition, cond.Unit, p.SetString(cond.Unit, cond.In))
		}
	}
	return nil
}

// keepConditions holds one annotator's labels on an item, as the merge
// leaves them, to the kind's conditions (Protocol.Outlived), as SetLabel
// does a keyed change; each label that no longer stands is weighed
// against the answer it waits for at the top of its chain of conditions
// (the root: the label that fails it, or none):
//   - the file gave the label, and the root too or no root: the file
//     contradicts itself (ask 0 with a row's usefulness), refused at the
//     label's line;
//   - one of the two is the database's and the other the file's: the
//     later wins. A root changed at or after the label withdraws it, as a
//     key would (the file's newer no takes the database's usefulness
//     away); a label later than the root that fails it was never asked,
//     and the file's line of the two is refused;
//   - both the database's (a label an older claritty left standing): it is
//     withdrawn.
//
// A withdrawn label leaves a history row (source withdrawn) dated by its
// root's change.
func (m *Merger) keepConditions(it *mergeItem, ann int64) error {
	p := it.ref.Protocol
	if len(p.Conditions()) == 0 {
		return nil
	}
	labels, at := map[string]int{}, map[string]int{}
	for i, l := range it.labels {
		if l.annotator == ann {
			u := m.w.kindSet().Units()[l.unit]
			labels[u], at[u] = int(l.value), i
		}
	}
	gone := p.Outlived(labels)
	for _, u := range gone {
		l := it.labels[at[u]]
		root, why := rootOf(p, u, gone)
		r, hasRoot := at[root]
		var rl storedLabel
		if hasRoot {
			rl = it.labels[r]
		}
		switch {
		case l.fromFile() && (!hasRoot || rl.fromFile()):
			return lineError(l.line, fmt.Errorf("%s %s %w: %s, and %s", u, p.NameOf(u, labels[u]), ErrCondition, why, whereRoot(p, root, hasRoot, rl)))
		case hasRoot && rl.updated < l.updated && l.fromFile():
			return lineError(l.line, fmt.Errorf("%s %s %w: %s; the database's %s is %s, set before this label",
				u, p.NameOf(u, labels[u]), ErrCondition, why, root, p.NameOf(root, labels[root])))
		case hasRoot && rl.updated < l.updated && rl.fromFile():
			return lineError(rl.line, fmt.Errorf("%s %s is older than the database's %s %s, which waits for %s: that label was given after",
				root, p.NameOf(root, labels[root]), u, p.NameOf(u, labels[u]), why))
		}
		when := m.now
		if hasRoot {
			when = unstamp(rl.updated)
		}
		if err := withdrawLabel(m.w, it.ref.ID, ann, u, labels[u], m.who.ActorID(), when); err != nil {
			return err
		}
		m.stats.Withdrawn++
	}
	if len(gone) > 0 {
		it.labels = slices.DeleteFunc(it.labels, func(l storedLabel) bool {
			return l.annotator == ann && slices.Contains(gone, m.w.kindSet().Units()[l.unit])
		})
	}
	return nil
}

// rootOf walks up a withdrawn label's conditions to the first that is not
// withdrawn itself (its unit, whose label fails the condition below it or
// is missing), and says what u waits for.
func rootOf(p guidelines.Protocol, u string, gone []string) (root, why string) {
	c, _ := p.Requires(u)
	why = c.Unit + " " + p.SetString(c.Unit, c.In)
	for slices.Contains(gone, c.Unit) {
		c, _ = p.Requires(c.Unit)
	}
	return c.Unit, why
}

// whereRoot says what the root of a refused label is: missing, or where
// the file gave it.
func whereRoot(p guidelines.Protocol, root string, has bool, l storedLabel) string {
	switch {
	case !has:
		return "the annotator has no " + root
	case l.line > 0:
		return fmt.Sprintf("line %d gives %s %s", l.line, root, p.NameOf(root, int(l.value)))
	}
	return fmt.Sprintf("the file gives %s %s", root, p.NameOf(root, int(l.value)))
}

// lineError is err at a file's line, when the merge knows it.
func lineError(line int32, err error) error {
	if line > 0 {
		return &LineError{Line: int(line), Err: err}
	}
	return err
}

// UnitError refuses one unit's label, for a reader to name the line it
// read that label from.
type UnitError struct {
	Unit string
	Err  error
}

func (e *UnitError) Error() string { return e.Err.Error() }
func (e *UnitError) Unwrap() error { return e.Err }

// standingLabels refuses a file's labels of an item (a release's, or the
// known answers of practice and checks) among which one's condition fails:
// the file gives a label together with an answer that would have withdrawn
// it (ask 0 and a row's usefulness).
func standingLabels(p guidelines.Protocol, labels []UnitLabel) error {
	by := map[string]map[string]int{}
	var order []string // annotators as the file first gives them, so the refusal names the same label every time
	for _, l := range labels {
		if by[l.Annotator] == nil {
			by[l.Annotator] = map[string]int{}
			order = append(order, l.Annotator)
		}
		by[l.Annotator][l.Unit] = l.Value
	}
	for _, a := range order {
		got := by[a]
		gone := p.Outlived(got)
		if len(gone) == 0 {
			continue
		}
		// The first in HIT order is the top of its chain: its own
		// condition's label is the file's.
		u := gone[0]
		c, _ := p.Requires(u)
		have := "no " + c.Unit
		if v, ok := got[c.Unit]; ok {
			have = c.Unit + " " + p.NameOf(c.Unit, v)
		}
		label := p.NameOf(u, got[u])
		if p.TextMax(u) > 0 {
			label = "(a written answer)" // its value, 0, says nothing
		}
		return &UnitError{Unit: u, Err: fmt.Errorf("%s %s %w: %s %s, and the file gives %s",
			u, label, ErrCondition, c.Unit, p.SetString(c.Unit, c.In), have)}
	}
	return nil
}
