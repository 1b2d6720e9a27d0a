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

// hiding is which items a reading leaves out. Below the lead an item
// counts only once the reader can no longer be given it: they finished it,
// or it wants nobody more (closed, items.open = 0) and they hold no live
// HIT on it. Every other item is left out, whether or not they have opened
// it, so opening, putting off or giving back a HIT changes no figure they
// see: before, the items they had open were left out, and the difference a
// HIT's opening made was exactly the others' votes on it. A lead, who may
// read every vote anyway, misses only the items they have open themselves.
//
// What the kept agreement table loses and whether anything is left out
// come from open_parts (store/openparts.go), a few rows; the set of hidden
// items, which only a reading of every item needs, is walked from the
// dataset's open items at its first need.
type hiding struct {
	on   bool     // false: the reading hides nothing
	lead bool     // a lead's: only their own live HITs
	set  *itemSet // nil until loaded
}

// The items a reading hides from annotator ?2 in dataset ?1. SQLite walks
// the dataset's open items (items_open) and probes the reader's HIT on
// each, so Go scans only the rows hidden.
const (
	// liveHITs are the reader's HITs in progress (a lead's hidden items).
	liveHITs = `SELECT h.item_id FROM hits h INDEXED BY hits_annotator JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.given_back_at IS NULL AND i.dataset_id = ?1`
	liveClosed      = liveHITs + ` AND i.open = 0`
	hiddenBelowLead = `SELECT i.id FROM items i INDEXED BY items_open WHERE i.dataset_id = ?1 AND i.open = 1
			AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id AND h.annotator_id = ?2 AND h.finished_at IS NOT NULL)
		UNION ALL ` + liveClosed
	// openItems counts a dataset's open items from its counters: every
	// item less the complete ones and those waiting for adjudication.
	openItems = `SELECT d.items_count - d.complete_count - ` + tiedClosed + ` FROM datasets d WHERE d.id = ?1`
	// tiedClosed counts dataset ?1's items that want nobody more and
	// wait with a tie (items_waiting): closed, yet not complete.
	tiedClosed = `(SELECT count(*) FROM items i INDEXED BY items_waiting WHERE i.dataset_id = ?1 AND i.open = 0 AND i.tied > 0)`
)

// hidingFor is what a reading for figures hides from its reader.
func hidingFor(lead bool) hiding { return hiding{on: true, lead: lead} }

// live is the query for the reader's live HITs that a reading counts on
// its own: a lead's every one (all a lead's reading hides), below the lead
// those on closed items (open items are in open_parts' rows already).
func (h hiding) live() string {
	if h.lead {
		return liveHITs
	}
	return liveClosed
}

// loadHidden reads the set of hidden items, once; every method that asks
// hides calls it first.
func (r *Reading) loadHidden(ctx context.Context) error {
	if !r.hide.on || r.hide.set != nil {
		return nil
	}
	query := hiddenBelowLead
	if r.hide.lead {
		query = liveHITs
	}
	set := &itemSet{}
	err := eachRow(ctx, r.tx, query, []any{r.dataset, r.reader.ID}, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		set.add(id)
		return err
	})
	if err != nil {
		return fmt.Errorf("items still to be given: %w", err)
	}
	r.hide.set = set
	return nil
}

// hides says whether the reading leaves the item out (loadHidden first).
func (r *Reading) hides(itemID int64) bool { return r.hide.set != nil && r.hide.set.has(itemID) }

// HidesAny says whether the reading leaves out any item: below the lead,
// whether the reader may still be given one; a lead, whether they have one
// open.
func (r *Reading) HidesAny(ctx context.Context) (bool, error) {
	if !r.hide.on {
		return false, nil
	}
	var live bool
	if err := r.tx.QueryRowContext(ctx, `SELECT EXISTS (`+r.hide.live()+`)`, r.dataset, r.reader.ID).Scan(&live); err != nil || live || r.hide.lead {
		return live, err
	}
	var open, mine int
	err := r.tx.QueryRowContext(ctx, openItems, r.dataset).Scan(&open)
	if err == nil {
		err = r.tx.QueryRowContext(ctx, `SELECT coalesce((SELECT units FROM open_parts
			WHERE dataset_id = ?1 AND annotator_id = ?2 AND unit_type = '' AND pattern = ''), 0)`, r.dataset, r.reader.ID).Scan(&mine)
	}
	return open > mine, err
}

// hiddenParts is the hidden items' part of the kept agreement table, by
// unit type and pattern: below the lead, every open item's (open_parts'
// annotator 0) less those the reader finished (their own rows), and the
// closed items they hold a live HIT on; for a lead, their live HITs'.
func (r *Reading) hiddenParts(ctx context.Context) (map[[2]string]int, error) {
	parts := map[[2]string]int{}
	if !r.hide.on {
		return parts, nil
	}
	if !r.hide.lead {
		err := eachRow(ctx, r.tx, `SELECT annotator_id, unit_type, pattern, units FROM open_parts
			WHERE dataset_id = ?1 AND annotator_id IN (0, ?2) AND unit_type != ''`, []any{r.dataset, r.reader.ID},
			func(rows *sql.Rows) error {
				var who int64
				var typ, p string
				var n int
				if err := rows.Scan(&who, &typ, &p, &n); err != nil {
					return err
				}
				if who != 0 {
					n = -n
				}
				parts[[2]string{typ, p}] += n
				return nil
			})
		if err != nil {
			return nil, err
		}
	}
	err := eachRow(ctx, r.tx, `SELECT i.patterns FROM (`+r.hide.live()+`) h JOIN items i ON i.id = h.item_id WHERE i.patterns != ''`,
		[]any{r.dataset, r.reader.ID}, func(rows *sql.Rows) error {
			var p string
			if err := rows.Scan(&p); err != nil {
				return err
			}
			for unit, pat := range parsePatterns(p) {
				parts[[2]string{agreement.UnitType(unit), pat}]++
			}
			return nil
		})
	return parts, err
}
