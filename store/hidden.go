package store

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/claritty/claritty/agreement"
)

// itemSet is a set of item ids, one bit an id: the ids are rowids, dense
// over the database, so a reading that hides most of a dataset of a
// million items holds 128 KiB, not a map of a million entries.
type itemSet struct{ words []uint64 }

func (s *itemSet) has(id int64) bool {
	w := int(id >> 6)
	return id >= 0 && w < len(s.words) && s.words[w]&(1<<(id&63)) != 0
}

func (s *itemSet) add(id int64) {
	if id < 0 || s.has(id) {
		return
	}
	w := int(id >> 6)
	if w >= len(s.words) {
		s.words = append(s.words, make([]uint64, w+1-len(s.words))...)
	}
	s.words[w] |= 1 << (id & 63)
}

// hiding is which items a reading leaves out: the SQL that lists them
// (dataset ?1, reader ?2), and, read at the first need in one pass, the set
// and the sum of their parts of the kept agreement table. Below the lead an
// item counts only once the reader can no longer be given it: they finished
// it, or it wants nobody more (closed, items.open = 0) and they hold no live
// HIT on it. Every other item is left out, whether or not they have opened
// it, so opening, putting off or giving back a HIT changes no figure they
// see: before, the items they had open were left out, and the difference a
// HIT's opening made was exactly the others' votes on it. A lead, who may
// read every vote anyway, misses only the items they have open themselves.
type hiding struct {
	query string   // "" hides nothing
	set   *itemSet // nil until loaded
	// parts is the hidden items' part of agreement_patterns, by unit type
	// and pattern (units): what PatternCounts takes out.
	parts map[[2]string]int
}

// The items a reading hides from annotator ?2 in dataset ?1, each with its
// part of the kept agreement table. SQLite walks the dataset's open items
// (items_open) and probes the reader's HIT on each, so Go scans only the
// rows hidden, and reads an item's row only for those.
const (
	// liveHITs are the reader's HITs in progress (a lead's hidden items).
	liveHITs = `SELECT h.item_id, i.patterns FROM hits h INDEXED BY hits_annotator JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.given_back_at IS NULL AND i.dataset_id = ?1`
	hiddenBelowLead = `SELECT i.id, i.patterns FROM items i INDEXED BY items_open WHERE i.dataset_id = ?1 AND i.open = 1
			AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id AND h.annotator_id = ?2 AND h.finished_at IS NOT NULL)
		UNION ALL ` + liveHITs + ` AND i.open = 0`
)

// hidingFor is what a reading for figures hides from its reader.
func hidingFor(lead bool) hiding {
	if lead {
		return hiding{query: liveHITs}
	}
	return hiding{query: hiddenBelowLead}
}

// loadHidden reads the hidden items and their parts, once; every method
// that asks hides, HidesAny or the parts calls it first.
func (r *Reading) loadHidden(ctx context.Context) error {
	if r.hide.query == "" || r.hide.set != nil {
		return nil
	}
	set, parts := &itemSet{}, map[[2]string]int{}
	err := eachRow(ctx, r.tx, r.hide.query, []any{r.dataset, r.reader.ID}, func(rows *sql.Rows) error {
		var id int64
		var p sql.RawBytes
		if err := rows.Scan(&id, &p); err != nil {
			return err
		}
		set.add(id)
		for unit, pat := range parsePatterns(string(p)) {
			parts[[2]string{agreement.UnitType(unit), pat}]++
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("items still to be given: %w", err)
	}
	r.hide.set, r.hide.parts = set, parts
	return nil
}

// hides says whether the reading leaves the item out (loadHidden first).
func (r *Reading) hides(itemID int64) bool { return r.hide.set != nil && r.hide.set.has(itemID) }

// HidesAny says whether the reading leaves out any item: below the lead,
// whether the reader may still be given one; a lead, whether they have one
// open.
func (r *Reading) HidesAny(ctx context.Context) (bool, error) {
	if err := r.loadHidden(ctx); err != nil {
		return false, err
	}
	return r.hide.set != nil && len(r.hide.set.words) > 0, nil
}
