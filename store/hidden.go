package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/bits"
)

// itemSet is a set of item ids, one bit an id: the ids are rowids, dense
// over the database, so a reading that hides most of a dataset of a
// million items holds 128 KiB, not a map of a million entries.
type itemSet struct {
	words []uint64
	n     int
}

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
	s.n++
}

func (s *itemSet) remove(id int64) {
	if !s.has(id) {
		return
	}
	s.words[id>>6] &^= 1 << (id & 63)
	s.n--
}

// len is how many ids the set holds.
func (s *itemSet) len() int { return s.n }

// each calls fn for every id in the set, in increasing order.
func (s *itemSet) each(fn func(id int64) error) error {
	for w, word := range s.words {
		for word != 0 {
			b := bits.TrailingZeros64(word)
			if err := fn(int64(w)<<6 | int64(b)); err != nil {
				return err
			}
			word &^= 1 << b
		}
	}
	return nil
}

// hiddenFrom are the items of a dataset a figure read for the annotator
// leaves out. Below the lead, an item counts only once the reader can no
// longer be given it: they finished it, or it wants nobody more (closed,
// items.open = 0) and they hold no live HIT on it. Every other item is
// left out, whether or not they have opened it, so opening, putting off or
// giving back a HIT changes no figure they see: before, the items they had
// open were left out, and the difference a HIT's opening made was exactly
// the others' votes on it. A lead, who may read every vote anyway, misses
// only the items they have open themselves.
func hiddenFrom(ctx context.Context, q querier, datasetID, annotatorID int64, lead bool) (*itemSet, error) {
	out := &itemSet{}
	query := hiddenBelowLead
	if lead {
		query = liveHITs
	}
	err := eachRow(ctx, q, query, []any{datasetID, annotatorID}, func(rows *sql.Rows) error {
		var id int64
		err := rows.Scan(&id)
		out.add(id)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("items still to be given: %w", err)
	}
	return out, nil
}

// The items a reading hides from annotator ?2 in dataset ?1. SQLite walks
// the dataset's items and probes the reader's HIT on each open one, so Go
// scans only the rows hidden.
const (
	// liveHITs are the reader's HITs in progress (a lead's hidden items).
	liveHITs = `SELECT h.item_id FROM hits h INDEXED BY hits_annotator JOIN items i ON i.id = h.item_id
		WHERE h.annotator_id = ?2 AND h.finished_at IS NULL AND h.given_back_at IS NULL AND i.dataset_id = ?1`
	hiddenBelowLead = `SELECT i.id FROM items i WHERE i.dataset_id = ?1 AND i.open = 1
			AND NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id AND h.annotator_id = ?2 AND h.finished_at IS NOT NULL)
		UNION ALL ` + liveHITs + ` AND i.open = 0`
)
