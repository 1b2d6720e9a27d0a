package store

import (
	"fmt"

	"github.com/claritty/claritty/agreement"
)

// An annotator's HIT on an item, as the merge keeps it with their labels.
const (
	hitNone uint8 = iota // no HIT: a release file's labels, settled as they are
	hitOpen
	hitDone
)

// setHIT marks the annotator's labels on the item with their HIT as
// recorded at commit.
func (it *mergeItem) setHIT(ann int64, hit uint8) {
	for i := range it.labels {
		if it.labels[i].annotator == ann {
			it.labels[i].hit = hit
		}
	}
}

// mergeDataset is what an item's votes need from its dataset: its gold
// rule, whether it is a task's, and which annotators' labels are not gold
// votes (goldVoter), asked once an annotator.
type mergeDataset struct {
	rule   agreement.Rule
	task   bool
	blind  map[int64]bool // annotator: in a shown arm of a dataset whose gold comes from its blind arm
	public bool           // no annotator is left out (the dataset's gold is not the blind arm's)
}

// Whether the dataset's gold comes from its blind arm alone: the part of
// goldVoter that is the dataset's, not the annotator's.
const mergeBlindGold = `SELECT d.gold_rule, d.purpose = 'task', d.gold_from = 'blind'
	AND EXISTS (SELECT 1 FROM arms b WHERE b.dataset_id = d.id AND b.shows = 'never') FROM datasets d WHERE d.id = ?`

// Whether the annotator is in a shown arm of dataset ?1: with a blind arm
// beside it and gold from the blind arm, their labels are no gold votes.
const mergeShownArm = `SELECT EXISTS (SELECT 1 FROM annotator_arms m
	JOIN arms a ON a.dataset_id = m.dataset_id AND a.seq = m.arm_seq AND a.shows <> 'never'
	WHERE m.dataset_id = ?1 AND m.annotator_id = ?2)`

// dataset is the item's dataset's voting, read once.
func (m *Merger) dataset(id int64) (*mergeDataset, error) {
	if d, ok := m.voting[id]; ok {
		return d, nil
	}
	d := &mergeDataset{blind: map[int64]bool{}}
	var blindGold bool
	if err := m.w.scan(mergeBlindGold, []any{id}, &d.rule, &d.task, &blindGold); err != nil {
		return nil, err
	}
	d.public = !blindGold
	if m.voting == nil {
		m.voting = map[int64]*mergeDataset{}
	}
	m.voting[id] = d
	return d, nil
}

// votes says whether the annotator's labels with a HIT are gold votes.
func (m *Merger) votes(d *mergeDataset, datasetID, ann int64) (bool, error) {
	if d.public {
		return true, nil
	}
	shown, ok := d.blind[ann]
	if !ok {
		if err := m.w.scan(mergeShownArm, []any{datasetID, ann}, &shown); err != nil {
			return false, err
		}
		d.blind[ann] = shown
	}
	return !shown, nil
}

// refreshMerged is refreshItem for an item the merge holds: its votes are
// counted from the labels the merge keeps, each with its annotator's HIT
// (read with the labels, or recorded at commit), rather than read back;
// its stored part was read with them. The row and tables it writes are
// refreshItem's (writeRefresh).
func (m *Merger) refreshMerged(it *mergeItem) error {
	d, err := m.dataset(it.ref.DatasetID)
	if err != nil {
		return err
	}
	units := m.w.kindSet().Units()
	finished := map[string][]int{}
	settled := map[string]*[VoteSlots]int{}
	for _, l := range it.labels {
		if l.hit != hitNone {
			ok, err := m.votes(d, it.ref.DatasetID, l.annotator)
			if err != nil {
				return err
			}
			if !ok {
				continue
			}
		}
		unit, v := units[l.unit], int(l.value)
		if v < 0 || v >= VoteSlots {
			return fmt.Errorf("item %d: %s label %d is off every scale", it.ref.ID, unit, v)
		}
		if l.hit == hitOpen {
			continue
		}
		if l.hit == hitDone {
			if finished[unit] == nil {
				finished[unit] = make([]int, VoteSlots)
			}
			finished[unit][v]++
		}
		if settled[unit] == nil {
			settled[unit] = &[VoteSlots]int{}
		}
		settled[unit][v]++
	}
	var stored storedParts
	if it.stored != nil {
		stored = *it.stored
	}
	return writeRefresh(m.w, itemRefreshed{id: it.ref.ID, datasetID: it.ref.DatasetID, rule: d.rule, task: d.task, stored: stored.patterns, storedBy: stored.partsBy}, finished, settled)
}
